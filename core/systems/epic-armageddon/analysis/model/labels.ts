import { roles, type Role, type UnitState } from '../../state';
import { attackerOf, defenderOf, labelledCounts, ranksOf, type Context } from './context';
import { axpy, moveInto } from './kernel';
import type { SideOutcome } from './side';
import { charge } from './work';

/**
 * Which of several alike units is which, as chances. A position counts a class's units standing,
 * not which of them stand (context.ts); beside its code it carries, per labelled class, each unit's
 * chances over the class's ranks — `v[u][r]` = P(unit u of the class is its r-th standing unit),
 * n × c, a unit's chance to be destroyed being what its row leaves of 1. The rules never read them:
 * they move linearly with the round's rank matrices (entries.ts), so every unit's fate is exact.
 */

export type Labels = Record<Role, Float64Array[]>;

/** A state's labels: each standing unit at its own rank, for certain. */
export function labelsOf(ctx: Context, units: Record<Role, readonly UnitState[]>): Labels {
  const out = {} as Labels;
  for (const role of roles) {
    const side = ctx.sides[role];
    const ranks = ranksOf(side, units[role]);
    out[role] = side.labelled.map((c) => {
      const count = c.units.filter((i) => ranks[i]! >= 0).length;
      const v = new Float64Array(c.units.length * count);
      c.units.forEach((i, u) => {
        if (ranks[i]! >= 0) v[u * count + ranks[i]!] = 1;
      });
      return v;
    });
  }
  return out;
}

/** Two positions of one key as one: their labels averaged by their chances. */
export function mergeLabels(a: Labels, pa: number, b: Labels, pb: number): Labels {
  const w = pa + pb;
  if (w === 0) return a;
  const out = {} as Labels;
  for (const role of roles) out[role] = a[role].map((va, j) => va.map((x, i) => (pa * x + pb * b[role][j]![i]!) / w));
  return out;
}

/**
 * A position's labels times its chance (a sum of such, divided by the chance once all is added):
 * where the chain's layer goes on from (layer.ts).
 */
export interface Summed {
  ctx: Context;
  pair: number;
  mass: number;
  v: Labels;
}

/** Empty sums at `pair`: no chance, the labels zero (n × c per labelled class). */
export function summedAt(ctx: Context, pair: number): Summed {
  const v = {} as Labels;
  const x = { attacker: attackerOf(ctx, pair), defender: defenderOf(ctx, pair) };
  for (const role of roles) {
    const counts = labelledCounts(ctx.sides[role], x[role]);
    v[role] = ctx.sides[role].labelled.map((c, j) => new Float64Array(c.units.length * counts[j]!));
  }
  return { ctx, pair, mass: 0, v };
}

/**
 * Adds `from` moved by one side's outcome `o` (its code before: `x`) into `into`: the chance
 * multiplies, the side's labels move by the outcome's rank matrices, the other side's are scaled.
 */
export function moveSummed(into: Summed, from: Summed, role: Role, x: number, o: SideOutcome): void {
  const side = from.ctx.sides[role];
  into.mass += from.mass * o.p;
  const before = labelledCounts(side, x);
  const after = labelledCounts(side, o.x);
  for (const r of roles)
    from.v[r].forEach((a, j) => {
      const mat = r === role ? o.mats[j] : null;
      if (!mat) return axpy(into.v[r][j]!, 0, a, 0, a.length, o.p);
      const n = side.labelled[j]!.units.length;
      moveInto(into.v[r][j]!, 0, a, 0, n, before[j]!, mat, 0, after[j]!, 1);
    });
}

/** Σ_r a[u][r]: a unit's chance to stand, its row of labels summed. */
export function rowSum(a: Float64Array, u: number, c: number): number {
  let s = 0;
  for (let r = 0; r < c; r++) s += a[u * c + r]!;
  charge(c);
  return s;
}

/** Labels or chances summed with their weight, divided by it (in place: the sums are done with). */
export function divided(sums: Record<Role, Float64Array[]>, mass: number): Record<Role, Float64Array[]> {
  for (const role of roles)
    for (const a of sums[role]) for (let i = 0; i < a.length; i++) a[i] = mass > 0 ? a[i]! / mass : 0;
  return sums;
}
