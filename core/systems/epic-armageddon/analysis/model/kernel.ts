import { CALL, charge } from './work';

/**
 * How a class of alike units comes out of its hits, rank by rank (context.ts: the unit at rank r is
 * the class's r-th standing unit, nearest first). RULES §4: a unit with an unsaved hit is
 * destroyed, and each unit saves its own hits, so given the hits each rank took the units fall
 * independently; the survivors keep their order, the rank r unit becoming rank r′ = the survivors
 * before it.
 *
 * A class's outcome is how many stand after (c′ of c), with its chance, and — where the class is
 * labelled — the matrix M (c × c′, row-major) of P(c′ stand and the unit at rank r ends at rank r′):
 * the joint chance, so a label's chances over ranks times M are its chances after, and with c′ = c
 * (nobody fell) M is the identity times the chance, given as null.
 */

export interface ClassOutcome {
  count: number;
  p: number;
  mat: Float64Array | null;
}

/** Outcomes of a class of `s.length` standing units, the unit at rank r standing with chance s[r]. */
export function rankOutcomes(s: readonly number[]): ClassOutcome[] {
  const c = s.length;
  if (s.every((q) => q === 1)) return [{ count: c, p: 1, mat: null }];
  // pre[r][j]: P(j of ranks 0…r−1 stand); suf[r][j]: P(j of ranks r…c−1 stand).
  const pre: number[][] = [[1]];
  for (let r = 0; r < c; r++) pre.push(step(pre[r]!, s[r]!));
  const suf: number[][] = [];
  suf[c] = [1];
  for (let r = c - 1; r >= 0; r--) suf[r] = step(suf[r + 1]!, s[r]!);
  charge(c * c);
  const out: ClassOutcome[] = [];
  for (let n = 0; n <= c; n++) {
    const p = pre[c]![n]!;
    if (p === 0) continue;
    if (n === c) {
      out.push({ count: c, p, mat: null });
      continue;
    }
    const mat = new Float64Array(c * n);
    for (let r = 0; r < c; r++) {
      const before = pre[r]!;
      const after = suf[r + 1]!;
      for (let r2 = 0; r2 < n && r2 < before.length; r2++) {
        const rest = n - 1 - r2;
        if (rest < after.length) mat[r * n + r2] = s[r]! * before[r2]! * after[rest]!;
      }
    }
    charge(c * n);
    out.push({ count: n, p, mat });
  }
  return out;
}

/** One more unit that stands with chance q: the count's distribution after. */
function step(d: readonly number[], q: number): number[] {
  const out = new Array<number>(d.length + 1).fill(0);
  for (let j = 0; j < d.length; j++) {
    out[j]! += d[j]! * (1 - q);
    out[j + 1]! += d[j]! * q;
  }
  return out;
}

/** Outcomes of a lone unit (or none standing): it stands with chance q. */
export function loneOutcomes(count: number, q: number): ClassOutcome[] {
  if (count === 0 || q === 1) return [{ count, p: 1, mat: null }];
  if (q === 0) return [{ count: 0, p: 1, mat: null }];
  return [
    { count: 1, p: q, mat: null },
    { count: 0, p: 1 - q, mat: null },
  ];
}

/** RULES §4: a war engine with `left` DC loses 1 per unsaved hit (`unsaved[k]`: P(k unsaved)), the excess lost. */
export function warEngineOutcomes(left: number, unsaved: readonly number[]): ClassOutcome[] {
  const byLeft = new Map<number, number>();
  unsaved.forEach((p, k) => {
    if (p === 0) return;
    const after = Math.max(0, left - k);
    byLeft.set(after, (byLeft.get(after) ?? 0) + p);
  });
  return [...byLeft].map(([count, p]) => ({ count, p, mat: null }));
}

/**
 * `xs.map(f)`, built by push: always a packed array. Array.prototype.map's result comes out holey or
 * packed depending on how the engine ran it, and the layer's innermost loop (sums.ts addMoved),
 * meeting both shapes of the outcomes' arrays, is compiled a second time.
 */
export function packedMap<T, U>(xs: readonly T[], f: (x: T, i: number) => U): U[] {
  const out: U[] = [];
  for (let i = 0; i < xs.length; i++) out.push(f(xs[i]!, i));
  return out;
}

/** out[o + i] += w × v[vo + i], i < n: chances scaled and added (charged). */
export function axpy(out: Float64Array, o: number, v: Float64Array, vo: number, n: number, w: number): void {
  for (let i = 0; i < n; i++) out[o + i]! += w * v[vo + i]!;
  charge(CALL + n);
}

/**
 * Chances over a class's ranks moved by a rank matrix: `out` (n × c′ at `o`) += w × `v` (n × c at
 * `vo`) × `mat` (c × c′ at `mo`), as labels (n units) or a round's matrices (n start ranks) move.
 * Units keep their order and only fall: the u-th of the n units stands at a rank between u less
 * the n − c fallen and u, and so on through the matrix — the loops run over those bands only.
 */
export function moveInto(
  out: Float64Array,
  o: number,
  v: Float64Array,
  vo: number,
  n: number,
  c: number,
  mat: Float64Array,
  mo: number,
  c2: number,
  w: number,
): void {
  charge(CALL + n + bandInto(out, o, v, vo, n, c, mat, mo, c2, w));
}

/** As moveInto, uncharged: the multiply-adds it made (for a caller that charges its whole work at once). */
export function bandInto(
  out: Float64Array,
  o: number,
  v: Float64Array,
  vo: number,
  n: number,
  c: number,
  mat: Float64Array,
  mo: number,
  c2: number,
  w: number,
): number {
  let work = 0;
  for (let u = 0; u < n; u++) {
    const from = vo + u * c;
    const to = o + u * c2;
    const rHi = u < c ? u : c - 1;
    for (let r = u > n - c ? u - (n - c) : 0; r <= rHi; r++) {
      const x = w * v[from + r]!;
      if (x === 0) continue;
      const row = mo + r * c2;
      const top = r < c2 ? r : c2 - 1;
      const low = r > c - c2 ? r - (c - c2) : 0;
      for (let r2 = low; r2 <= top; r2++) out[to + r2]! += x * mat[row + r2]!;
      work += top - low + 1;
    }
  }
  return work;
}

/** Each unit's chance to stand: out[o + u] += w × Σ_r v[vo + u·c + r] × alive[ao + r] (n × c labels). */
export function aliveInto(
  out: Float64Array,
  o: number,
  v: Float64Array,
  vo: number,
  n: number,
  c: number,
  alive: Float64Array,
  ao: number,
  w: number,
): void {
  for (let u = 0; u < n; u++) {
    let s = 0;
    for (let r = 0; r < c; r++) s += v[vo + u * c + r]! * alive[ao + r]!;
    out[o + u]! += w * s;
  }
  charge(CALL + n * c);
}
