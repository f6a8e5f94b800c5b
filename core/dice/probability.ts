/**
 * Small exact distributions every system's analysis and rules share (P(k) at index k): how many of
 * n independent dice pass, the sum of several D6 (2D6 tests, flee and pursuit moves), and the
 * distribution of a sum of two independent counts. Nothing here knows a rule.
 */

/** P(k of n independent trials succeed), k = 0…n, each with probability p (C(n, k) built up k by k: exact well past 200 dice). */
export function binomial(n: number, p: number): number[] {
  const row = new Array<number>(n + 1).fill(0);
  if (p <= 0) {
    row[0] = 1;
    return row;
  }
  if (p >= 1) {
    row[n] = 1;
    return row;
  }
  const q = 1 - p;
  let c = 1;
  for (let k = 0; k <= n; k++) {
    row[k] = c * p ** k * q ** (n - k);
    c = (c * (n - k)) / (k + 1);
  }
  return row;
}

/** The distribution of the sum of two independent counts. */
export function convolve(a: ArrayLike<number>, b: ArrayLike<number>): number[] {
  const out = new Array<number>(a.length + b.length - 1).fill(0);
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    if (x === 0) continue;
    for (let j = 0; j < b.length; j++) out[i + j]! += x * b[j]!;
  }
  return out;
}

const sums = new Map<number, readonly number[]>();

/** P(the sum of `count` D6 = v) at index v (cached: a pure function of `count`). */
export function sumOfD6(count: number): readonly number[] {
  let dist = sums.get(count);
  if (!dist) {
    let d: number[] = [1];
    for (let i = 0; i < count; i++) d = convolve(d, [0, 1 / 6, 1 / 6, 1 / 6, 1 / 6, 1 / 6, 1 / 6]);
    dist = d;
    sums.set(count, dist);
  }
  return dist;
}

/** P(the sum of `count` D6 ≥ at). */
export function atLeast(count: number, at: number): number {
  const dist = sumOfD6(count);
  let p = 0;
  for (let v = Math.max(0, at); v < dist.length; v++) p += dist[v]!;
  return p;
}

/** P(2D6 = k), k = 0…12: every Leadership, break, Morale and Courage test. */
export const TWO_D6: readonly number[] = sumOfD6(2);
