import { hitsOnPlace } from '../allocation';
import { binomial, convolve, poissonBinomial } from './dice';
import type { SideModel } from './model';

/**
 * One wave of hits on one side, in closed form (seed 003 hit allocation, SCENARIOS §1 default):
 * M Macro-weapon hits then N others go round robin over the directly engaged units standing, a
 * war engine taking as many places per pass as its DC left (allocation.ts hitsOnPlace). Given the
 * hits each unit takes, units fall independently: a unit survives if every hit on it is saved; a
 * war engine loses 1 DC per unsaved hit, the excess lost. Cost: for each block hit, a convolution
 * over its units (size²), then the product over the blocks hit: at most the number of states
 * below x; blocks no hit reaches keep their count.
 */

/** A distribution over a side's states: parallel lists. */
export interface StateDist {
  xs: number[];
  ps: number[];
}

export const point = (x: number): StateDist => ({ xs: [x], ps: [1] });

/** A war engine with `left` DC and these unsaved-hit counts: P(DC left = c), c = 0…left. */
export function warEngineAfter(left: number, unsaved: readonly number[]): number[] {
  const out = new Array<number>(left + 1).fill(0);
  unsaved.forEach((p, k) => (out[Math.max(0, left - k)]! += p));
  return out;
}

/** Block k's new count given the hits on each of its places, or null when no hit reaches it. */
function blockAfter(
  m: SideModel,
  k: number,
  count: number,
  pos: number,
  perPass: number,
  macro: number,
  all: number,
): number[] | null {
  if (hitsOnPlace(all, pos, perPass) === 0) return null;
  const b = m.blocks[k]!;
  if (b.warEngine) {
    let mh = 0;
    let th = 0;
    for (let j = pos; j < pos + count; j++) {
      mh += hitsOnPlace(macro, j, perPass);
      th += hitsOnPlace(all, j, perPass);
    }
    return warEngineAfter(count, convolve(binomial(mh, b.unsavedMacro), binomial(th - mh, b.unsavedNormal)));
  }
  const survive: number[] = [];
  for (let j = pos; j < pos + count; j++) {
    const mh = hitsOnPlace(macro, j, perPass);
    const th = hitsOnPlace(all, j, perPass);
    survive.push((1 - b.unsavedMacro) ** mh * (1 - b.unsavedNormal) ** (th - mh));
  }
  return poissonBinomial(survive);
}

/** The blocks' counts in state x. */
export function countsOf(m: SideModel, x: number): Int32Array {
  const out = new Int32Array(m.blocks.length);
  for (let k = 0; k < out.length; k++) out[k] = Math.floor(x / m.stride[k]!) % m.radix[k]!;
  return out;
}

/**
 * The per-block outcome of taking the hits: for each block hit, its distribution of new counts;
 * null for blocks no hit reaches (hit places come first in each pass, so once a block is unhit
 * every later one is too, unless the hits go round more than once).
 */
function blocksAfter(m: SideModel, counts: Int32Array, macro: number, normal: number): Array<number[] | null> | null {
  const all = macro + normal;
  if (all === 0) return null;
  let perPass = 0;
  for (let k = 0; k < counts.length; k++) perPass += counts[k]!;
  if (perPass === 0) return null;
  const out: Array<number[] | null> = [];
  let pos = 0;
  for (let k = 0; k < counts.length; k++) {
    const c = counts[k]!;
    out.push(c === 0 ? null : blockAfter(m, k, c, pos, perPass, macro, all));
    pos += c;
  }
  return out;
}

/** Where state x goes when it takes `macro` Macro-weapon hits and `normal` others. */
export function transition(m: SideModel, x: number, macro: number, normal: number): StateDist {
  const counts = countsOf(m, x);
  const after = blocksAfter(m, counts, macro, normal);
  if (!after) return point(x);
  let base = x;
  const hit: Array<[number, readonly number[]]> = [];
  after.forEach((d, k) => {
    if (!d) return;
    base -= counts[k]! * m.stride[k]!;
    hit.push([m.stride[k]!, d]);
  });
  return spread(base, hit);
}

/** `base` plus, for each (stride, d), a count c drawn from d (independently) times its stride: as states. */
function spread(base: number, parts: ReadonlyArray<readonly [number, readonly number[]]>): StateDist {
  let xs = [base];
  let ps = [1];
  for (const [stride, d] of parts) {
    const nx: number[] = [];
    const np: number[] = [];
    for (let c = 0; c < d.length; c++) {
      const q = d[c]!;
      if (q === 0) continue;
      for (let i = 0; i < xs.length; i++) {
        nx.push(xs[i]! + c * stride);
        np.push(ps[i]! * q);
      }
    }
    xs = nx;
    ps = np;
  }
  return { xs, ps };
}

/** The product of per-block distributions of new counts, from no unit standing, as states. */
export function product(m: SideModel, perBlock: readonly (readonly number[])[]): StateDist {
  return spread(
    0,
    perBlock.map((d, k) => [m.stride[k]!, d] as const),
  );
}

/**
 * What a block adds to a side's packed summary with `count` standing: its units (a war engine's DC),
 * Inspiring units and Fearless share, packed as (units × I + inspiring) × F + fearless. Each part
 * stays below its radix, so packed summaries add without carries.
 */
export function packedShare(
  m: SideModel,
  k: number,
  count: number,
  inspiringRadix: number,
  fearlessRadix: number,
): number {
  const b = m.blocks[k]!;
  const inspiring = b.inspiring ? (b.warEngine ? (count > 0 ? 1 : 0) : count) : 0;
  const fearless = b.fearless ? count : 0;
  return (count * inspiringRadix + inspiring) * fearlessRadix + fearless;
}

/**
 * The packed summaries state x leads to when it takes the hits, added into `acc` with weight w:
 * the same outcome as `transition`, read straight as summaries (blocks not hit add a fixed share).
 */
export function summariesAfter(
  m: SideModel,
  x: number,
  macro: number,
  normal: number,
  inspiringRadix: number,
  fearlessRadix: number,
  fixed: number,
  acc: Map<number, number>,
  w: number,
) {
  const counts = countsOf(m, x);
  const after = blocksAfter(m, counts, macro, normal);
  let base = fixed;
  const hit: number[][] = [];
  const shares: number[][] = [];
  counts.forEach((c, k) => {
    const d = after?.[k];
    if (!d) {
      base += packedShare(m, k, c, inspiringRadix, fearlessRadix);
      return;
    }
    hit.push(d);
    shares.push(d.map((_, n) => packedShare(m, k, n, inspiringRadix, fearlessRadix)));
  });
  let keys = [base];
  let ps = [w];
  hit.forEach((d, j) => {
    const nk: number[] = [];
    const np: number[] = [];
    for (let c = 0; c < d.length; c++) {
      const q = d[c]!;
      if (q === 0) continue;
      const share = shares[j]![c]!;
      for (let i = 0; i < keys.length; i++) {
        nk.push(keys[i]! + share);
        np.push(ps[i]! * q);
      }
    }
    keys = nk;
    ps = np;
  });
  for (let i = 0; i < keys.length; i++) acc.set(keys[i]!, (acc.get(keys[i]!) ?? 0) + ps[i]!);
}
