import { ANALYSIS_WORK_LIMIT, analyzeWithinBudget } from '../../analysis';
import { runToEnd } from '../../analysis/chunked';
import { wholeCombatInChunksOf, type WholeCombatAnswer } from '../../analysis/combat';
import type { Registry } from '../../systems/registry';
import type { CombatBackendDeps } from './combat';

/**
 * What the combat backend needs, from the registry of rule systems the host gives. Hosts pass their
 * own id and seed makers (core/ has no clock and no randomness of its own).
 */
export function rulesDeps(
  registry: Registry,
  make: {
    newId: () => string;
    newSeed: () => number;
    pause?: () => Promise<void>;
  },
): CombatBackendDeps & { wholeCombat: (systemId: string, state: unknown) => WholeCombatAnswer } {
  const { systems, analyses, setupLayouts } = registry;
  // Whole-combat odds get half the work budget for the exact chain and half for the estimate, as the command line's; a
  // choice's options share one answer's. Print asks for them at once, the live panel in chunks.
  const wholeCombatInChunks = (systemId: string, state: unknown, share = 1) =>
    wholeCombatInChunksOf(
      Object.hasOwn(analyses, systemId) ? analyses[systemId] : undefined,
      state,
      (ANALYSIS_WORK_LIMIT / 2) * Math.min(1, share),
    );
  return {
    systems,
    setupLayouts,
    analyze: (systemId, state) =>
      Object.hasOwn(analyses, systemId) ? analyzeWithinBudget(analyses[systemId]!, state) : null,
    wholeCombat: (systemId, state) => runToEnd(wholeCombatInChunks(systemId, state)),
    wholeCombatInChunks,
    ...make,
  };
}
