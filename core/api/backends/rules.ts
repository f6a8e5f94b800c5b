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
    // Whole-combat odds get half the work budget, as the command line's; a choice's options share one answer's (the host is
    // single-threaded: the next step must not wait long behind them).
    wholeCombat: (systemId, state, share = 1) => (Object.hasOwn(analyses, systemId) ? wholeCombatOf(analyses[systemId], state, (ANALYSIS_WORK_LIMIT / 2) * Math.min(1, share)) : null),
    ...make,
  };
}
