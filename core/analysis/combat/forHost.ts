import { ANALYSIS_WORK_LIMIT, AnalysisTooLargeError } from '../budget';
import { runToEnd, type Chunked } from '../chunked';
import type { SystemAnalysis } from '../system';
import type { WholeCombatOdds } from './types';
import { MAX_ROUNDS, wholeCombatInChunks } from './wholeCombat';

/**
 * The share of the whole-combat work (see wholeCombatOf) a quick first figure takes (the live panel asks it first, `quick`): an
 * eighth — a few hundred play-outs (about ± 3%) where the combat is too large to count exactly —
 * shown at once and refined by the full answer asked right after it.
 */
export const QUICK_SHARE = 1 / 8;

export type WholeCombatAnswer = { ok: true; odds: WholeCombatOdds } | { ok: false; tooLarge: string } | null;

/**
 * What the host and the command line get for the whole combat from a state: the odds (exact, or
 * estimated and marked so), none for a system whose combat is one round (no `combat` chain), or why
 * not even an estimate could be made within the work budget. The exact chain and, past it, the
 * estimate get half the budget each, so the answer takes about a second at most; the host works it
 * out in chunks (`wholeCombatInChunksOf`), so the players' next step never waits behind it.
 */
export function wholeCombatOf(
  analysis: SystemAnalysis | undefined,
  state: unknown,
  budget: number = ANALYSIS_WORK_LIMIT / 2,
): WholeCombatAnswer {
  return runToEnd(wholeCombatInChunksOf(analysis, state, budget));
}

/** The same answer in chunks (core/analysis/chunked.ts). */
export function* wholeCombatInChunksOf(
  analysis: SystemAnalysis | undefined,
  state: unknown,
  budget: number = ANALYSIS_WORK_LIMIT / 2,
): Chunked<WholeCombatAnswer> {
  const chain = analysis?.combat;
  if (!chain) return null;
  try {
    return { ok: true, odds: yield* wholeCombatInChunks(chain, state, MAX_ROUNDS, budget) };
  } catch (error) {
    if (error instanceof AnalysisTooLargeError) return { ok: false, tooLarge: error.message };
    throw error;
  }
}
