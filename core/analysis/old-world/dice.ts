/**
 * Small exact distributions the old-world analysis needs: binomial rows (each die of a strike
 * stage passes independently) and the sum of n D6 (flee and pursuit moves, seed 002 "Flee!" and
 * "Pursuit"). Nothing here knows the rules.
 */

/** P(k of n independent trials succeed), k = 0…n, each with probability p. */
export function binomialRow(n: number, p: number): Float64Array {
  const row = new Float64Array(n + 1);
  if (p <= 0) {
    row[0] = 1;
    return row;
  }
  if (p >= 1) {
    row[n] = 1;
    return row;
  }
  const q = 1 - p;
  let c = 1; // C(n, k), built up k by k
  for (let k = 0; k <= n; k++) {
    row[k] = c * p ** k * q ** (n - k);
    c = (c * (n - k)) / (k + 1);
  }
  return row;
}

const sumCache = new Map<number, Float64Array>();

/** P(the sum of `count` D6 = v) at index v. */
export function sumOfD6(count: number): Float64Array {
  const cached = sumCache.get(count);
  if (cached) return cached;
  let dist = Float64Array.of(1);
  for (let i = 0; i < count; i++) {
    const next = new Float64Array(dist.length + 6);
    for (let v = 0; v < dist.length; v++) for (let f = 1; f <= 6; f++) next[v + f]! += dist[v]! / 6;
    dist = next;
  }
  sumCache.set(count, dist);
  return dist;
}

/** P(the sum of `count` D6 ≥ at). */
export function atLeast(count: number, at: number): number {
  const dist = sumOfD6(count);
  let p = 0;
  for (let v = Math.max(0, at); v < dist.length; v++) p += dist[v]!;
  return p;
}
