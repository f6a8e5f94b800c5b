import { analyzeWithinBudget } from '../../analysis';
import { analyses, setupLayouts, systems } from '../../systems';
import type { CombatBackendDeps } from './combat';

/**
 * What the combat backend needs. Hosts pass their own id and seed makers (core/ has no clock and
 * no randomness of its own).
 */
export function rulesDeps(make: { newId: () => string; newSeed: () => number }): CombatBackendDeps {
  return {
    systems,
    setupLayouts,
    analyze: (systemId, state) => (Object.hasOwn(analyses, systemId) ? analyzeWithinBudget(analyses[systemId]!, state) : null),
    ...make,
  };
}
