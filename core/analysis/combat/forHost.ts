import { AnalysisTooLargeError } from '../budget';
import type { SystemAnalysis } from '../system';
import type { WholeCombatOdds } from './types';
import { wholeCombatOdds } from './wholeCombat';

/**
 * What the host and the command line get for the whole combat from a state: the odds (exact, or
 * estimated and marked so), none for a system whose combat is one round (no `combat` chain), or why
 * not even an estimate could be made within the work budget.
 */
export type WholeCombatAnswer = { ok: true; odds: WholeCombatOdds } | { ok: false; tooLarge: string } | null;

export function wholeCombatOf(analysis: SystemAnalysis | undefined, state: unknown): WholeCombatAnswer {
  const chain = analysis?.combat;
  if (!chain) return null;
  try {
    return { ok: true, odds: wholeCombatOdds(chain, state) };
  } catch (error) {
    if (error instanceof AnalysisTooLargeError) return { ok: false, tooLarge: error.message };
    throw error;
  }
}
