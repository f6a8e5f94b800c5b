/**
 * "At least k" odds of a distribution over offset, offset + 1, …: P(X ≥ offset + k) at index k —
 * how players read a distribution ("at least 3 wounds: 62%"). The chart shows it on hover or tap
 * and in its screen-reader table, print in a line under the headline measure.
 */
export function atLeastOf(dist: readonly number[]): number[] {
  const out = new Array<number>(dist.length).fill(0);
  let tail = 0;
  for (let k = dist.length - 1; k >= 0; k--) {
    tail += dist[k]!;
    out[k] = Math.min(1, tail);
  }
  return out;
}

/**
 * The "at least" figures worth a line of print: from the first value above the lowest possible one
 * up to the last with a chance of at least 1%, at most `max` of them — the ones a player would ask.
 */
export function atLeastLine(dist: readonly number[], offset = 0, max = 8): Array<{ value: number; p: number }> {
  const tails = atLeastOf(dist);
  const first = dist.findIndex((p) => p > 0);
  if (first < 0) return [];
  const out: Array<{ value: number; p: number }> = [];
  for (let k = first + 1; k < tails.length && out.length < max; k++) {
    if (tails[k]! < 0.01) break;
    out.push({ value: k + offset, p: tails[k]! });
  }
  return out;
}
