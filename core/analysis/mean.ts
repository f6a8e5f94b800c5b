/** The mean of a distribution over 0, 1, 2… (P(k) at index k): one definition for every analysis and the odds. */
export function meanOf(dist: ArrayLike<number>): number {
  let s = 0;
  for (let k = 0; k < dist.length; k++) s += k * dist[k]!;
  return s;
}
