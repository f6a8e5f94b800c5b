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
    // No odds for a state the analysis refuses as too large to count (it would hold up the host).
    analyze: (systemId, state) => {
      const analysis = Object.hasOwn(analyses, systemId) ? analyses[systemId]! : null;
      return analysis && !analysis.tooLarge?.(state) ? analysis.distributions(state) : null;
    },
    ...make,
  };
}
