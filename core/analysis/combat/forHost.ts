import { ANALYSIS_WORK_LIMIT, AnalysisTooLargeError } from '../budget';
import { runToEnd, type Chunked } from '../chunked';
import type { SystemAnalysis } from '../system';
import type { WholeCombatOdds } from './types';
import { MAX_ROUNDS, wholeCombatInChunks } from './wholeCombat';

/** The work one whole-combat answer may take: the exact chain's, and the estimate's once the chain gives up. */
export interface WholeWork {
  exact: number;
  estimate: number;
}

/**
 * The shares of the whole-combat work (see wholeCombatOf) a quick first figure takes (the live
 * panel asks it first, `quick`), refined by the full answer asked right after it. Half the exact
 * chain's: every example counts exactly within it (the largest, The Ninth Age's start, spends 3.9e7
 * of 5e7 units, wholeCombat.bench.ts), so its first figure is already the exact one. An eighth of
 * the estimate's: past the chain, a few hundred play-outs (about ± 3%), so a combat too large to
 * count still shows a figure at once. A chain that cannot finish gives up early, from counts.
 */
export const QUICK_SHARE: WholeWork = { exact: 1 / 2, estimate: 1 / 8 };

/** `budget` units for both the exact chain and the estimate, or each its own. */
export const wholeWorkOf = (budget: number | WholeWork): WholeWork =>
  typeof budget === 'number' ? { exact: budget, estimate: budget } : budget;

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
  budget: number | WholeWork = ANALYSIS_WORK_LIMIT / 2,
): WholeCombatAnswer {
  return runToEnd(wholeCombatInChunksOf(analysis, state, budget));
}

/** The same answer in chunks (core/analysis/chunked.ts). */
export function* wholeCombatInChunksOf(
  analysis: SystemAnalysis | undefined,
  state: unknown,
  budget: number | WholeWork = ANALYSIS_WORK_LIMIT / 2,
): Chunked<WholeCombatAnswer> {
  const chain = analysis?.combat;
  if (!chain) return null;
  const work = wholeWorkOf(budget);
  try {
    return { ok: true, odds: yield* wholeCombatInChunks(chain, state, MAX_ROUNDS, work.exact, work.estimate) };
  } catch (error) {
    if (error instanceof AnalysisTooLargeError) return { ok: false, tooLarge: error.message };
    throw error;
  }
}
