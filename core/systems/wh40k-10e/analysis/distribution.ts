import { spend } from '../../../analysis/budget';
import { diceDistribution, parseDice } from '../../../dice/expression';

/**
 * One-dimensional exact distributions as Float64Arrays: `p[v]` is the probability of the value v.
 * Small helpers shared by the exact 10th edition analysis; nothing here knows the rules.
 */

/** Mass below this, cut off the ends of a distribution, is treated as zero (each cut ≤ this). */
export const TRIM_EPSILON = 1e-16;

/** The exact distribution of a dice expression ("3", "D3", "2D6+1"; RULES common rules: D3 = ceil(D6/2)). */
export function diceDist(text: string): Float64Array {
  return Float64Array.from(diceDistribution(parseDice(text)));
}

/** The distribution of a fixed value. */
export function pointDist(value: number): Float64Array {
  const out = new Float64Array(value + 1);
  out[value] = 1;
  return out;
}

/** The distribution of the sum of two independent values. */
export function convolve(a: Float64Array, b: Float64Array): Float64Array {
  spend(a.length * b.length);
  const out = new Float64Array(a.length + b.length - 1);
  for (let i = 0; i < a.length; i++) {
    const pa = a[i]!;
    if (pa === 0) continue;
    for (let j = 0; j < b.length; j++) out[i + j]! += pa * b[j]!;
  }
  return out;
}

/** Drops trailing values whose total mass is at most `epsilon` (the array keeps at least one entry). */
export function trimTail(a: Float64Array, epsilon = TRIM_EPSILON): Float64Array {
  let end = a.length;
  let cut = 0;
  while (end > 1 && cut + a[end - 1]! <= epsilon) cut += a[--end]!;
  return end === a.length ? a : a.slice(0, end);
}

/** The sum of `count` independent copies (count ≥ 0), trimming negligible tails on the way. */
export function convolvePower(a: Float64Array, count: number): Float64Array {
  let out: Float64Array = pointDist(0);
  for (let i = 0; i < count; i++) out = trimTail(convolve(out, a));
  return out;
}

/**
 * Feel No Pain (seed 001: one D6 per wound that would be lost): given the distribution of points
 * of damage `d`, the distribution of points that get through when each one independently gets
 * through with probability `q`. Returns a mixture of binomials, index 0..max(d).
 */
export function binomialThinning(d: Float64Array, q: number): Float64Array {
  const out = new Float64Array(d.length);
  if (q >= 1) {
    out.set(d);
    return out;
  }
  const row = new Float64Array(d.length); // Binomial(n, q) row, built up n by n
  row[0] = 1;
  for (let n = 0; n < d.length; n++) {
    if (n > 0) {
      for (let k = n; k >= 1; k--) row[k] = row[k]! * (1 - q) + row[k - 1]! * q;
      row[0] = row[0]! * (1 - q);
    }
    const pn = d[n]!;
    if (pn === 0) continue;
    for (let k = 0; k <= n; k++) out[k]! += pn * row[k]!;
  }
  return out;
}
