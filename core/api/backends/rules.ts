import { ANALYSIS_WORK_LIMIT, analyzeWithinBudget } from '../../analysis';
import { runToEnd } from '../../analysis/chunked';
import { wholeCombatInChunksOf, wholeWorkOf, type WholeCombatAnswer } from '../../analysis/combat';
import type { Registry } from '../../systems/registry';
import type { CombatBackendDeps } from './combat';
import { createOddsService } from './odds/service';
import type { Analyze } from './odds/round';
import type { WholeInChunks } from './odds/whole';
import type { OddsOf } from './odds/job';

/** The combat backend's needs, and what print and summaries take from the same rules. */
export type RulesDeps = CombatBackendDeps & {
  analyze: Analyze;
  wholeCombatInChunks: WholeInChunks;
  wholeCombat: (systemId: string, state: unknown) => WholeCombatAnswer;
};

/**
 * What the combat backend needs, from the registry of rule systems the host gives. Hosts pass their
 * own id and seed makers (core/ has no clock and no randomness of its own).
 */
/** The analyses of a registry's systems within the host's budget: the round's, and the whole combat's in chunks. */
function analysesOf(registry: Registry) {
  const { analyses } = registry;
  // Whole-combat odds get half the work budget for the exact chain and half for the estimate, as the command line's; a
  // choice's options share one answer's. Print asks for them at once, the live panel in chunks.
  const wholeCombatInChunks: WholeInChunks = (systemId, state, share = 1) => {
    const { exact, estimate } = wholeWorkOf(share);
    const half = ANALYSIS_WORK_LIMIT / 2;
    return wholeCombatInChunksOf(Object.hasOwn(analyses, systemId) ? analyses[systemId] : undefined, state, {
      exact: half * Math.min(1, exact),
      estimate: half * Math.min(1, estimate),
    });
  };
  const analyze: Analyze = (systemId, state) =>
    Object.hasOwn(analyses, systemId) ? analyzeWithinBudget(analyses[systemId]!, state) : null;
  return { analyze, wholeCombatInChunks };
}

/** The odds of a registry's combats from their logs: what the odds' own worker runs (odds/worker.ts). */
export function oddsServiceOf(registry: Registry, pause?: () => Promise<void>): OddsOf {
  return createOddsService({
    systems: registry.systems,
    ...analysesOf(registry),
    fightsRounds: (id) => Object.hasOwn(registry.analyses, id) && !!registry.analyses[id]!.combat,
    ...(pause ? { pause } : {}),
  });
}

export function rulesDeps(
  registry: Registry,
  make: {
    newId: () => string;
    newSeed: () => number;
    pause?: () => Promise<void>;
    /** The odds worked out elsewhere (a worker of their own); absent, in this thread. */
    odds?: OddsOf;
  },
): RulesDeps {
  const { systems, setupLayouts } = registry;
  const { analyze, wholeCombatInChunks } = analysesOf(registry);
  return {
    systems,
    setupLayouts,
    analyze,
    wholeCombat: (systemId, state) => runToEnd(wholeCombatInChunks(systemId, state)),
    wholeCombatInChunks,
    ...make,
    // In this thread unless the host gives the odds a worker of their own (odds/worker.ts).
    odds: make.odds ?? oddsServiceOf(registry, make.pause),
  };
}
