import { roles, type Role, type UnitState } from '../../state';
import { attackerOf, codeOf, defenderOf, labelledCounts, pairOf, ranksOf, type Context } from './context';

/**
 * Which of several alike units is which, as chances. A position counts a class's units standing,
 * not which of them stand (context.ts); beside its code it carries, per labelled class, each unit's
 * chances over the class's ranks — `v[u][r]` = P(unit u of the class is its r-th standing unit),
 * n × c, a unit's chance to be destroyed being what its row leaves of 1. The rules never read them:
 * they move linearly with the round's rank matrices (entries.ts), so every unit's fate is exact.
 *
 * A position's labels are one array: the attacker's classes, then the defender's, each n × c,
 * laid out as its pair of codes says (`labelLayout`).
 */

export type Labels = Float64Array;

/** Where each labelled class's labels sit at one pair of codes. */
export interface LabelLayout {
  /** Per side, per labelled class: its offset, and its count (c). */
  off: Record<Role, Int32Array>;
  c: Record<Role, Int32Array>;
  /** Per side: where its classes start, and how many labels they hold. */
  start: Record<Role, number>;
  length: Record<Role, number>;
  size: number;
}

const layouts = new WeakMap<Context, Map<number, LabelLayout>>();

/** The labels' layout at `pair` (remembered per context: a pure function of the pair). */
export function labelLayout(ctx: Context, pair: number): LabelLayout {
  let byPair = layouts.get(ctx);
  if (!byPair) layouts.set(ctx, (byPair = new Map()));
  let l = byPair.get(pair);
  if (!l) {
    const x = { attacker: attackerOf(ctx, pair), defender: defenderOf(ctx, pair) };
    let at = 0;
    const side = (role: Role) => {
      const c = labelledCounts(ctx.sides[role], x[role]);
      const start = at;
      const off = Int32Array.from(
        ctx.sides[role].labelled,
        (cls, j) => (at += cls.units.length * c[j]!) - cls.units.length * c[j]!,
      );
      return { c, off, start, length: at - start };
    };
    const a = side('attacker');
    const d = side('defender');
    l = {
      off: { attacker: a.off, defender: d.off },
      c: { attacker: a.c, defender: d.c },
      start: { attacker: a.start, defender: d.start },
      length: { attacker: a.length, defender: d.length },
      size: at,
    };
    byPair.set(pair, l);
  }
  return l;
}

/** A state's pair of codes and labels: each standing unit at its own rank, for certain. */
export function labelsOf(ctx: Context, units: Record<Role, readonly UnitState[]>): { pair: number; labels: Labels } {
  const pair = pairOf(ctx, codeOf(ctx.sides.attacker, units.attacker), codeOf(ctx.sides.defender, units.defender));
  const lay = labelLayout(ctx, pair);
  const labels = new Float64Array(lay.size);
  for (const role of roles) {
    const side = ctx.sides[role];
    const ranks = ranksOf(side, units[role]);
    side.labelled.forEach((c, j) => {
      const count = lay.c[role][j]!;
      c.units.forEach((i, u) => {
        if (ranks[i]! >= 0) labels[lay.off[role][j]! + u * count + ranks[i]!] = 1;
      });
    });
  }
  return { pair, labels };
}

/** One labelled class's labels (n × c) at `pair`. */
export function classLabels(ctx: Context, pair: number, labels: Labels, role: Role, j: number): Float64Array {
  const lay = labelLayout(ctx, pair);
  const n = ctx.sides[role].labelled[j]!.units.length;
  return labels.subarray(lay.off[role][j]!, lay.off[role][j]! + n * lay.c[role][j]!);
}

/** Two positions of one key as one: their labels averaged by their chances. */
export function mergeLabels(a: Labels, pa: number, b: Labels, pb: number): Labels {
  const w = pa + pb;
  return w === 0 ? a : a.map((x, i) => (pa * x + pb * b[i]!) / w);
}

/** Chances summed with their weight, divided by it (in place: the sums are done with). */
export function divided(sums: Float64Array, mass: number): Float64Array {
  for (let i = 0; i < sums.length; i++) sums[i] = mass > 0 ? sums[i]! / mass : 0;
  return sums;
}

/** Per side, per labelled class: where its units sit; where the defender's start; how many in all. */
export interface EndLayout {
  off: Record<Role, Int32Array>;
  split: number;
  size: number;
}

const endLayouts = new WeakMap<Context, EndLayout>();

/**
 * Where each labelled class's units sit in an end's chances to stand (one per unit: the attacker's
 * classes, then the defender's), and how many there are in all.
 */
export function endLayout(ctx: Context): EndLayout {
  let l = endLayouts.get(ctx);
  if (!l) {
    let at = 0;
    const side = (role: Role) =>
      Int32Array.from(ctx.sides[role].labelled, (c) => (at += c.units.length) - c.units.length);
    const off = { attacker: side('attacker'), defender: side('defender') };
    const split = ctx.sides.attacker.labelled.reduce((n, c) => n + c.units.length, 0);
    endLayouts.set(ctx, (l = { off, split, size: at }));
  }
  return l;
}
