/** Distributions of the round model: over one side's codes (parallel lists), and over pairs of codes (a map). */

export interface Dist {
  xs: number[];
  ps: number[];
}

export const point = (x: number): Dist => ({ xs: [x], ps: [1] });

/** Probabilities by a whole number (a pair of codes, an end's key). */
export type Bag = Map<number, number>;

export function addTo(bag: Bag, key: number, p: number): void {
  if (p === 0) return;
  bag.set(key, (bag.get(key) ?? 0) + p);
}

/** Each code of `d` branches as `branch` says (code and chance of each branch): the distribution after, its chances multiplied out. */
export function branchEach(d: Dist, branch: ReadonlyArray<{ dx: number; p: number }>): Dist {
  const xs: number[] = [];
  const ps: number[] = [];
  for (const b of branch) {
    if (b.p === 0) continue;
    for (let i = 0; i < d.xs.length; i++) {
      xs.push(d.xs[i]! + b.dx);
      ps.push(d.ps[i]! * b.p);
    }
  }
  return { xs, ps };
}
