import { z } from 'zod';
import { meanOf } from './mean';
import type { OutcomeDistributions } from './system';

/** The exact odds beside the steps: where the combat stands against what was expected. */
export const oddsSchema = z.object({
  /** What the distributions count, e.g. "models destroyed". */
  measure: z.string(),
  /** P(total = offset + k) before any die was rolled (in the period the odds describe). */
  before: z.array(z.number()),
  /** The value at index 0 of `before` and `now` (negative for a signed measure such as a result difference). */
  offset: z.number().int().default(0),
  /** P(total = k) given the dice rolled so far. */
  now: z.array(z.number()),
  meanBefore: z.number(),
  meanNow: z.number(),
  /**
   * How lucky the dice have been, 0–100: the expected mid-rank of where this combat will end,
   * within the distribution before any die was rolled (50 = exactly as expected).
   */
  percentile: z.number(),
  /** The same for wounds lost, where the system counts wounds. */
  secondary: z.object({ measure: z.string(), before: z.array(z.number()), now: z.array(z.number()) }).optional(),
  /** Named probabilities (win, draw, break, caught…), before any die and now. */
  facts: z.array(z.object({ label: z.string(), before: z.number(), now: z.number() })).default([]),
});
export type Odds = z.infer<typeof oddsSchema>;

/**
 * Mid-rank percentile of the value k within `dist`: P(X < k) + ½·P(X = k), as 0–100. Half the
 * probability of ties counts, so an outcome exactly as likely above as below scores 50.
 */
export function midRankPercentile(dist: readonly number[], k: number): number {
  let below = 0;
  for (let j = 0; j < k && j < dist.length; j++) below += dist[j]!;
  return 100 * (below + 0.5 * (dist[k] ?? 0));
}

/**
 * "You are at the Nth percentile": the expected mid-rank, within the distribution before any die
 * was rolled, of where the combat will now end. At the end of a combat `now` is certain and this is
 * simply the actual result's mid-rank percentile.
 */
export function luckPercentile(before: readonly number[], now: readonly number[]): number {
  let sum = 0;
  now.forEach((p, k) => {
    if (p > 0) sum += p * midRankPercentile(before, k);
  });
  return sum;
}

/**
 * The odds the wizard and the printed summary show: the distribution before any die (the
 * combat's start, or the system's baseline for the period the odds describe) against the one now,
 * with the means, the luck percentile and the named facts. One function, so the wizard and the
 * summary can never disagree.
 */
export function oddsFrom(start: OutcomeDistributions, now: OutcomeDistributions): Odds {
  // A system whose odds are per period (a ranks game's round) says where that period began.
  const before = now.baseline ?? start;
  const offset = now.offset ?? 0;
  const factsBefore = new Map((before.facts ?? []).map((f) => [f.label, f.probability]));
  return {
    measure: before.measure,
    before: before.main,
    now: now.main,
    offset,
    meanBefore: offset + meanOf(before.main),
    meanNow: offset + meanOf(now.main),
    percentile: luckPercentile(before.main, now.main),
    ...(before.secondary && now.secondary
      ? { secondary: { measure: before.secondary.measure, before: before.secondary.dist, now: now.secondary.dist } }
      : {}),
    facts: (now.facts ?? []).map((f) => ({
      label: f.label,
      before: factsBefore.get(f.label) ?? f.probability,
      now: f.probability,
    })),
  };
}
