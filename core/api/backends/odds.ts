import type { OutcomeDistributions } from '../../analysis/system';
import type { Odds } from '../channels/combat';

export type { OutcomeDistributions };

import { meanOf } from '../../analysis/mean';

export { meanOf };

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
    facts: (now.facts ?? []).map((f) => ({ label: f.label, before: factsBefore.get(f.label) ?? f.probability, now: f.probability })),
  };
}
