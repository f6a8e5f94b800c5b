/**
 * A bound on the work of one exact analysis, so that no setup the validator accepts can hang the
 * host (or the command line). Work is counted in units of about one multiply-add of a DP's inner
 * loop — a count, not a clock (core/ has none), so a refusal is as deterministic as the odds.
 *
 * The meter is a dynamic scope rather than a parameter: the inner loops that spend work (dense
 * convolutions, kernel applications) are shared helpers several levels below the analysis entry
 * points, and a cross-cutting limit threaded through every signature would hide what they compute.
 * `metered` sets it for the duration of one synchronous call and always restores the outer one.
 */

/** The analysis was stopped (or refused up front) because it would take too long; `message` says why in words. */
export class AnalysisTooLargeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AnalysisTooLargeError';
  }
}

/**
 * Work units one analysis may spend: about a second on a two-core laptop (measured in
 * test/bench/analysisBudget.bench.ts). The wizard's odds and `combat-companion analyze` share it.
 */
export const ANALYSIS_WORK_LIMIT = 2e8;

/** One analysis's meter: what it has spent of its limit. */
export interface Meter {
  spent: number;
  readonly limit: number;
  readonly why: () => string;
}

let current: Meter | null = null;

/** A fresh meter of `limit` units, for work done in several calls (`within` each of them). */
export function newMeter(why: () => string, limit = ANALYSIS_WORK_LIMIT): Meter {
  return { spent: 0, limit, why };
}

/**
 * Runs `work` against `meter`, restoring the outer meter after. Work resumed in chunks (chunked.ts)
 * enters its own meter at every chunk: between chunks the host may run other analyses, each with its own.
 */
export function within<T>(meter: Meter, work: () => T): T {
  const outer = current;
  current = meter;
  try {
    return work();
  } finally {
    current = outer;
  }
}

/** Runs `work` with a meter of `limit` units; throws AnalysisTooLargeError (worded by `why`) once it is spent. */
export function metered<T>(work: () => T, why: () => string, limit = ANALYSIS_WORK_LIMIT): T {
  return within(newMeter(why, limit), work);
}

/** Counts `units` of work against the current meter (none outside `metered`). */
export function spend(units: number): void {
  const m = current;
  if (!m) return;
  m.spent += units;
  if (m.spent > m.limit) throw new AnalysisTooLargeError(m.why());
}

/** Work spent so far under the current meter (for calibration and tests). */
export function workSpent(): number {
  return current?.spent ?? 0;
}
