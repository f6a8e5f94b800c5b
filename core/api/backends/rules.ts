import { analyze10e } from '../../analysis';
import type { RuleSystem } from '../../combat/system';
import { systems } from '../../systems';
import { situationOf, type State as State10e } from '../../systems/wh40k-10e';
import type { CombatBackendDeps } from './combat';
import type { OutcomeDistributions } from './odds';

/** A system's exact analysis, as the host uses it: for the odds panel and for `combat-companion analyze`. */
export interface SystemAnalysis {
  /** The distributions from any state of a combat. */
  distributions(state: unknown): OutcomeDistributions;
  /** The CLI's JSON report from any state. */
  report(state: unknown): Record<string, unknown>;
}

const wh40k10eAnalysis: SystemAnalysis = {
  distributions(state) {
    const result = analyze10e(situationOf(state as State10e));
    return { measure: 'models destroyed', main: result.modelsDestroyed, secondary: { measure: 'wounds lost', dist: result.woundsLost } };
  },
  report(state) {
    const result = analyze10e(situationOf(state as State10e));
    return {
      system: 'wh40k-10e',
      modelsDestroyed: result.modelsDestroyed,
      woundsLost: result.woundsLost,
      meanModelsDestroyed: result.meanModelsDestroyed,
      meanWoundsLost: result.meanWoundsLost,
    };
  },
};

/** The rule systems and their exact analyses, by system id. */
export const rulesRegistry: { systems: Readonly<Record<string, RuleSystem>>; analyses: Readonly<Record<string, SystemAnalysis>> } = {
  systems,
  analyses: { 'wh40k-10e': wh40k10eAnalysis },
};

/**
 * What the combat backend needs. Hosts pass their own id and seed makers (core/ has no clock and
 * no randomness of its own).
 */
export function rulesDeps(make: { newId: () => string; newSeed: () => number }): CombatBackendDeps {
  return {
    systems: rulesRegistry.systems,
    analyze: (systemId, state) => (Object.hasOwn(rulesRegistry.analyses, systemId) ? rulesRegistry.analyses[systemId]!.distributions(state) : null),
    ...make,
  };
}
