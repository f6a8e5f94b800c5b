import { spend } from '../../../analysis/budget';
import { TRIM_EPSILON } from './distribution';

/**
 * A joint distribution of two counts produced by one weapon (seed 001 attack sequence):
 * n = wounds that reach a saving throw (normal wounds, including Lethal Hits auto-wounds) and
 * c = Critical Wounds of a Devastating Wounds weapon (no save; mortal wounds later). Per attack
 * the pair is drawn independently, so a weapon's total is a convolution power.
 *
 * Stored densely over a window: p[i * cLen + j] = P(n = n0 + i, c = c0 + j).
 */
export interface Joint {
  n0: number;
  c0: number;
  nLen: number;
  cLen: number;
  p: Float64Array;
}

export function pointJoint(n: number, c: number): Joint {
  return { n0: n, c0: c, nLen: 1, cLen: 1, p: Float64Array.of(1) };
}

/** Distribution of the sum of two independent pairs. */
export function convolveJoint(a: Joint, b: Joint): Joint {
  const nLen = a.nLen + b.nLen - 1;
  const cLen = a.cLen + b.cLen - 1;
  spend(a.nLen * a.cLen * b.nLen * b.cLen);
  const p = new Float64Array(nLen * cLen);
  const ap = a.p;
  const bp = b.p;
  for (let ai = 0; ai < a.nLen; ai++) {
    for (let aj = 0; aj < a.cLen; aj++) {
      const pa = ap[ai * a.cLen + aj]!;
      if (pa === 0) continue;
      for (let bi = 0; bi < b.nLen; bi++) {
        const row = (ai + bi) * cLen + aj;
        const brow = bi * b.cLen;
        for (let bj = 0; bj < b.cLen; bj++) p[row + bj]! += pa * bp[brow + bj]!;
      }
    }
  }
  return { n0: a.n0 + b.n0, c0: a.c0 + b.c0, nLen, cLen, p };
}

/** The mixture Σ weight·joint (weights need not sum to 1). */
export function mixJoints(parts: ReadonlyArray<readonly [number, Joint]>): Joint {
  const used = parts.filter(([w]) => w > 0);
  if (used.length === 0) return { n0: 0, c0: 0, nLen: 1, cLen: 1, p: new Float64Array(1) };
  let n0 = Infinity;
  let c0 = Infinity;
  let n1 = -Infinity;
  let c1 = -Infinity;
  for (const [, j] of used) {
    n0 = Math.min(n0, j.n0);
    c0 = Math.min(c0, j.c0);
    n1 = Math.max(n1, j.n0 + j.nLen);
    c1 = Math.max(c1, j.c0 + j.cLen);
  }
  const nLen = n1 - n0;
  const cLen = c1 - c0;
  spend(nLen * cLen + used.reduce((s, [, j]) => s + j.nLen * j.cLen, 0));
  const p = new Float64Array(nLen * cLen);
  for (const [w, j] of used) {
    for (let i = 0; i < j.nLen; i++) {
      const row = (j.n0 - n0 + i) * cLen + (j.c0 - c0);
      for (let k = 0; k < j.cLen; k++) p[row + k]! += w * j.p[i * j.cLen + k]!;
    }
  }
  return { n0, c0, nLen, cLen, p };
}

/**
 * Cuts rows/columns of negligible mass off the four edges (each edge at most `epsilon` in all), so
 * that long convolution powers stay as narrow as the real spread of the counts.
 */
export function trimJoint(j: Joint, epsilon = TRIM_EPSILON): Joint {
  const { nLen, cLen, p } = j;
  spend(nLen * cLen);
  const rowMass = new Float64Array(nLen);
  const colMass = new Float64Array(cLen);
  for (let i = 0; i < nLen; i++) {
    for (let k = 0; k < cLen; k++) {
      const v = p[i * cLen + k]!;
      rowMass[i]! += v;
      colMass[k]! += v;
    }
  }
  let r0 = 0;
  let r1 = nLen;
  let k0 = 0;
  let k1 = cLen;
  let cut = 0;
  while (r1 - r0 > 1 && cut + rowMass[r1 - 1]! <= epsilon) cut += rowMass[--r1]!;
  cut = 0;
  while (r1 - r0 > 1 && cut + rowMass[r0]! <= epsilon) cut += rowMass[r0++]!;
  cut = 0;
  while (k1 - k0 > 1 && cut + colMass[k1 - 1]! <= epsilon) cut += colMass[--k1]!;
  cut = 0;
  while (k1 - k0 > 1 && cut + colMass[k0]! <= epsilon) cut += colMass[k0++]!;
  if (r0 === 0 && k0 === 0 && r1 === nLen && k1 === cLen) return j;
  const nl = r1 - r0;
  const cl = k1 - k0;
  const out = new Float64Array(nl * cl);
  for (let i = 0; i < nl; i++) out.set(p.subarray((r0 + i) * cLen + k0, (r0 + i) * cLen + k1), i * cl);
  return { n0: j.n0 + r0, c0: j.c0 + k0, nLen: nl, cLen: cl, p: out };
}

/** The sum of `count` independent copies of `j`. */
export function powerJoint(j: Joint, count: number): Joint {
  let out = pointJoint(0, 0);
  for (let i = 0; i < count; i++) out = trimJoint(convolveJoint(out, j));
  return out;
}

/**
 * Σ_a P(A = a)·j^{*a}: the total over a random number A of independent copies (A independent of
 * the copies), e.g. wounds and Devastating crits over a random number of attacks.
 */
export function randomSumJoint(count: Float64Array, j: Joint, epsilon = TRIM_EPSILON): Joint {
  // Counts of negligible probability at either end are skipped (each end at most `epsilon`).
  let lo = 0;
  let hi = count.length - 1;
  let cut = 0;
  while (hi > lo && cut + count[hi]! <= epsilon) cut += count[hi--]!;
  cut = 0;
  while (lo < hi && cut + count[lo]! <= epsilon) cut += count[lo++]!;
  const parts: Array<[number, Joint]> = [];
  let power = pointJoint(0, 0);
  for (let a = 0; a <= hi; a++) {
    const pa = count[a]!;
    if (a >= lo && pa > 0) parts.push([pa, power]);
    if (a < hi) power = trimJoint(convolveJoint(power, j));
  }
  return trimJoint(mixJoints(parts));
}
