import { analyses, type SystemAnalysis } from '../../analysis';
import type { RuleSystem } from '../../combat/system';
import { systems } from '../../systems';
import type { CombatBackendDeps } from './combat';

/** The rule systems (core/systems) and their exact analyses (core/analysis), by system id. */
export const rulesRegistry: { systems: Readonly<Record<string, RuleSystem>>; analyses: Readonly<Record<string, SystemAnalysis>> } = {
  systems,
  analyses,
};

/**
 * What the combat backend needs. Hosts pass their own id and seed makers (core/ has no clock and
 * no randomness of its own).
 */
export function rulesDeps(make: { newId: () => string; newSeed: () => number }): CombatBackendDeps {
  return {
    systems,
    analyze: (systemId, state) => {
      const analysis = Object.hasOwn(analyses, systemId) ? analyses[systemId]! : null;
      // A state the analysis refuses as too large to count (SystemAnalysis.tooLarge) has no odds: it would hang the host.
      if (!analysis || analysis.tooLarge?.(state)) return null;
      return analysis.distributions(state);
    },
    ...make,
  };
}
