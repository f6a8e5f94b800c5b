import { hitsOnPlace } from '../../systems/epic-armageddon/allocation';
import { binomial, convolve, poissonBinomial } from './dice';
import { countOf, type SideModel } from './model';

/**
 * One wave of hits on one side, in closed form (seed 003 hit allocation, SCENARIOS §1 default):
 * M Macro-weapon hits then N others go round robin over the directly engaged units standing, a
 * war engine taking as many places per pass as its DC left (allocation.ts hitsOnPlace). Given the
 * hits each unit takes, units fall independently: a unit survives if every hit on it is saved; a
 * war engine loses 1 DC per unsaved hit, the excess lost. Cost: for each block, a convolution over
 * its units (size²), then the product over blocks: at most the number of states below x.
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

/** Block k's new count, given the hits on each of its places. */
function blockAfter(m: SideModel, k: number, count: number, pos: number, perPass: number, macro: number, all: number): number[] {
  const b = m.blocks[k]!;
  if (b.warEngine) {
    let mh = 0;
    let th = 0;
    for (let j = pos; j < pos + count; j++) {
      mh += hitsOnPlace(macro, j, perPass);
      th += hitsOnPlace(all, j, perPass);
    }
    if (th === 0) return unitVector(count);
    return warEngineAfter(count, convolve(binomial(mh, b.unsavedMacro), binomial(th - mh, b.unsavedNormal)));
  }
  const survive: number[] = [];
  let hit = false;
  for (let j = pos; j < pos + count; j++) {
    const mh = hitsOnPlace(macro, j, perPass);
    const th = hitsOnPlace(all, j, perPass);
    if (th > 0) hit = true;
    survive.push((1 - b.unsavedMacro) ** mh * (1 - b.unsavedNormal) ** (th - mh));
  }
  if (!hit) return unitVector(count);
  return poissonBinomial(survive);
}

const unitVector = (count: number) => {
  const out = new Array<number>(count + 1).fill(0);
  out[count] = 1;
  return out;
};

/** The product of per-block distributions as a distribution over states. */
export function product(m: SideModel, perBlock: readonly (readonly number[])[]): StateDist {
  let xs = [0];
  let ps = [1];
  perBlock.forEach((d, k) => {
    const stride = m.stride[k]!;
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
  });
  return { xs, ps };
}

/** Where state x goes when it takes `macro` Macro-weapon hits and `normal` others. */
export function transition(m: SideModel, x: number, macro: number, normal: number): StateDist {
  const all = macro + normal;
  if (all === 0) return point(x);
  const counts = m.blocks.map((_, k) => countOf(m, x, k));
  const perPass = counts.reduce((a, b) => a + b, 0);
  if (perPass === 0) return point(x);
  let pos = 0;
  const perBlock = counts.map((c, k) => {
    const d = c === 0 ? [1] : blockAfter(m, k, c, pos, perPass, macro, all);
    pos += c;
    return d;
  });
  return product(m, perBlock);
}
