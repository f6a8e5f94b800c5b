import type { OutcomeDistributions } from '../../analysis/system';

export type { OutcomeDistributions };

export const meanOf = (dist: readonly number[]) => dist.reduce((sum, p, k) => sum + p * k, 0);

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
