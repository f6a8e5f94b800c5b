import { analyzeWithinBudget, type SystemAnalysis } from '../../analysis';
import { wholeCombatOf } from '../../analysis/combat';
import type { RuleSystem } from '../../combat/system';
import { analyses, systems } from '../../systems';
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
    analyze: (systemId, state) => (Object.hasOwn(analyses, systemId) ? analyzeWithinBudget(analyses[systemId]!, state) : null),
    wholeCombat: (systemId, state) => (Object.hasOwn(analyses, systemId) ? wholeCombatOf(analyses[systemId], state) : null),
    ...make,
  };
}
