import { ANALYSIS_WORK_LIMIT, analyzeWithinBudget } from '../../analysis';
import { wholeCombatOf } from '../../analysis/combat';
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
    // The live panel's whole-combat odds get a tenth of the work budget (about 100 ms each here, shared out among a choice's options):
    // the host is single-threaded, and the next step must not wait long behind them. The command line keeps the whole budget.
    wholeCombat: (systemId, state, share = 1) => (Object.hasOwn(analyses, systemId) ? wholeCombatOf(analyses[systemId], state, (ANALYSIS_WORK_LIMIT / 10) * share) : null),
    ...make,
  };
}
