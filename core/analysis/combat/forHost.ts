import { ANALYSIS_WORK_LIMIT, AnalysisTooLargeError } from '../budget';
import type { SystemAnalysis } from '../system';
import type { WholeCombatOdds } from './types';
import { MAX_ROUNDS, wholeCombatOdds } from './wholeCombat';

/**
 * What the host and the command line get for the whole combat from a state: the odds (exact, or
 * estimated and marked so), none for a system whose combat is one round (no `combat` chain), or why
 * not even an estimate could be made within the work budget. The exact chain and, past it, the
 * estimate get half the budget each, so the host answers within about a second either way (the
 * command line); the live odds panel passes a smaller budget, so a step is never held up long.
 */
export type WholeCombatAnswer = { ok: true; odds: WholeCombatOdds } | { ok: false; tooLarge: string } | null;

export function wholeCombatOf(analysis: SystemAnalysis | undefined, state: unknown, budget: number = ANALYSIS_WORK_LIMIT / 2): WholeCombatAnswer {
  const chain = analysis?.combat;
  if (!chain) return null;
  try {
    return { ok: true, odds: wholeCombatOdds(chain, state, MAX_ROUNDS, budget) };
  } catch (error) {
    if (error instanceof AnalysisTooLargeError) return { ok: false, tooLarge: error.message };
    throw error;
  }
}
