import { roles, type Role, type UnitState } from '../../state';
import { attackerOf, defenderOf, labelledCounts, ranksOf, type Context } from './context';
import type { Worked } from './entries';
import { aliveInto, axpy, moveInto } from './kernel';
import { charge, MAP_ADD } from './work';

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

interface NextSum {
  ctx: Context;
  pair: number;
  mass: number;
  /** The labels times the chance (divided by it once the layer is done). */
  v: Labels;
}

interface EndSum {
  ctx: Context;
  key: number;
  mass: number;
  /** Per side, per labelled class: each unit's chance to stand at the end, times the end's chance. */
  alive: Record<Role, Float64Array[]>;
}

/** A round's layer summed up: the next round's positions and the ends, each with its chance and its units' chances. */
export class LayerSums {
  /** By context, then by pair of codes (the next round's positions) or end class. */
  readonly next = new Map<Context, Map<number, NextSum>>();
  readonly ended = new Map<Context, Map<number, EndSum>>();

  /** A position of chance `m` with labels `v`, whose round `worked` found. */
  add(ctx: Context, v: Labels, m: number, worked: Worked): void {
    const { buf } = worked;
    for (const e of worked.next) {
      const s = this.nextAt(ctx, e.pair);
      s.mass += m * e.mass;
      for (const role of roles) {
        const layout = e.layout[role];
        const classes = ctx.sides[role].labelled;
        for (let j = 0; j < classes.length; j++) {
          const n = classes[j]!.units.length;
          const c0 = worked.c0[role][j]!;
          const at = layout.off[j]!;
          // Nobody of the class fell in the round: its labels as they were, times the entry's chance.
          if (at < 0) axpy(s.v[role][j]!, 0, v[role][j]!, 0, n * c0, m * e.mass);
          else moveInto(s.v[role][j]!, 0, v[role][j]!, 0, n, c0, buf, e.off[role] + at, layout.c[j]!, m);
        }
      }
    }
    for (const e of worked.ended) {
      const s = this.endAt(ctx, e.id);
      s.mass += m * e.mass;
      for (const role of roles) {
        const classes = ctx.sides[role].labelled;
        for (let j = 0; j < classes.length; j++) {
          const n = classes[j]!.units.length;
          const c0 = worked.c0[role][j]!;
          aliveInto(s.alive[role][j]!, v[role][j]!, n, c0, buf, e.off + worked.endOff[role][j]!, m);
        }
      }
    }
  }

  private nextAt(ctx: Context, pair: number): NextSum {
    let byPair = this.next.get(ctx);
    if (!byPair) this.next.set(ctx, (byPair = new Map()));
    let s = byPair.get(pair);
    charge(MAP_ADD);
    if (!s) {
      const v = {} as Labels;
      const x = { attacker: attackerOf(ctx, pair), defender: defenderOf(ctx, pair) };
      for (const role of roles) {
        const counts = labelledCounts(ctx.sides[role], x[role]);
        v[role] = ctx.sides[role].labelled.map((c, j) => new Float64Array(c.units.length * counts[j]!));
      }
      byPair.set(pair, (s = { ctx, pair, mass: 0, v }));
    }
    return s;
  }

  private endAt(ctx: Context, key: number): EndSum {
    let byKey = this.ended.get(ctx);
    if (!byKey) this.ended.set(ctx, (byKey = new Map()));
    let s = byKey.get(key);
    charge(MAP_ADD);
    if (!s) {
      const alive = {} as EndSum['alive'];
      for (const role of roles) alive[role] = ctx.sides[role].labelled.map((c) => new Float64Array(c.units.length));
      byKey.set(key, (s = { ctx, key, mass: 0, alive }));
    }
    return s;
  }
}

/** Labels or chances summed with their weight, divided by it (in place: the sums are done with). */
export function divided(sums: Record<Role, Float64Array[]>, mass: number): Record<Role, Float64Array[]> {
  for (const role of roles)
    for (const a of sums[role]) for (let i = 0; i < a.length; i++) a[i] = mass > 0 ? a[i]! / mass : 0;
  return sums;
}
