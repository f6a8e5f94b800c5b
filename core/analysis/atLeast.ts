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
 * The "at least" figures worth a line of print: the values a player would ask about — past those
 * all but certain (a chance over 99.5% reads "100%" and says nothing) and up to the last with a
 * chance of at least 1% — at most `max` of them; when there are more, the ones around the middle
 * of the distribution (where "at least k" is nearest an even chance), since a Combat Score
 * difference running from -20 to +8 would otherwise print its long sure tail and stop short of 0.
 */
export function atLeastLine(dist: readonly number[], offset = 0, max = 8): Array<{ value: number; p: number }> {
  const tails = atLeastOf(dist);
  const first = dist.findIndex((p) => p > 0);
  if (first < 0) return [];
  const telling: Array<{ value: number; p: number }> = [];
  for (let k = first + 1; k < tails.length; k++) {
    if (tails[k]! < 0.01) break;
    if (tails[k]! <= 0.995) telling.push({ value: k + offset, p: tails[k]! });
  }
  if (telling.length <= max) return telling;
  const middle = telling.reduce((best, x, i) => (Math.abs(x.p - 0.5) < Math.abs(telling[best]!.p - 0.5) ? i : best), 0);
  const from = Math.min(Math.max(0, middle - Math.floor(max / 2)), telling.length - max);
  return telling.slice(from, from + max);
}
