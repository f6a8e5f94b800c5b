import {
  completeDefault,
  emptyGiven,
  extraCapacity,
  extraDefault,
  remainingOf,
  settleAllocation,
  slotsOf,
  type Given,
} from '../../allocation';
import { sideDice } from '../../dice';
import { NEAREST, planGiven } from '../../plans';
import { unsavedChance } from '../../saves';
import type { Hit, HitCount, RollGroup, UnitState, WaveKind } from '../../state';
import { binomial, convolve, poissonBinomial } from '../dice';
import { hitsOf, poolKey, type PoolDie } from '../pools';
import { codeOf, digit, unitsOf, type Context, type SideContext } from './context';
import { branchEach, point, type Dist } from './dist';
import { charge, LIST_ADD, MAP_ADD, shared, sharedIn } from './work';

/**
 * One side in one wave of a round: the dice it rolls, and what the enemy's hits do to it — hits
 * allocated as the engine allocates them when the players take the suggested option (nearest first,
 * or the allocation the side keeps), each unit then saving each of its hits or not.
 */

/** Macro-weapon and other hits packed in one number (a wave never makes this many). */
const HITS_RADIX = 1 << 16;

/** The id of a pool of dice and what it hits (Macro-weapon hits and the others apart: different dice, independent). */
function poolId(ctx: Context, pool: readonly PoolDie[], known: HitCount = { macro: 0, normal: 0 }): number {
  return shared(
    ctx.poolIds,
    `${poolKey(pool)}|${known.macro},${known.normal}`,
    () => {
      const h = hitsOf(pool, known);
      ctx.pools.push({ macro: h.macro, normal: h.normal });
      return ctx.pools.length - 1;
    },
    MAP_ADD,
  );
}

/** Seed 003 "Make combat attacks": the dice a side's standing units roll in a wave (dice.ts, the engine's own), as a pool. */
export function diceOf(ctx: Context, side: SideContext, x: number, kind: WaveKind): number {
  return shared(
    side.memo.dice,
    `${kind}|${x}`,
    () => {
      const byScore = new Map<string, PoolDie>();
      for (const d of sideDice(ctx.setup, side.role, unitsOf(side, x), kind)) {
        const k = `${d.value}|${d.macro}`;
        const had = byScore.get(k);
        if (had) had.dice += d.dice;
        else byScore.set(k, { value: d.value, macro: d.macro, dice: d.dice });
      }
      const pool = [...byScore.values()].sort((a, b) => a.value - b.value || Number(a.macro) - Number(b.macro));
      return poolId(ctx, pool);
    },
    MAP_ADD,
  );
}

/** A wave's dice still to roll, with the hits they have made so far: a pool too. */
export const pendingOf = (ctx: Context, groups: readonly RollGroup[], known: HitCount): number =>
  poolId(
    ctx,
    groups.map((g) => ({ value: g.value, macro: g.macro, dice: g.dice })),
    known,
  );

/**
 * Where a side's hits go, as the engine places them with the suggested options (steps/wave.ts):
 * what only one kind of unit can take, and all of it when every legal way ends the same
 * (settleAllocation); else the side's kept allocation, or nearest first — the suggested whole
 * allocation, and the rest of "hit by hit". Seed 003: base contact first, then the next nearest;
 * no unit takes a second hit before every directly engaged unit has one; Macro-weapon hits first.
 */
export function allocation(
  ctx: Context,
  side: SideContext,
  units: readonly UnitState[],
  given: Given,
  hits: HitCount,
  byHand = false,
): Given {
  const slots = slotsOf(ctx.setup, side.role, units);
  if (byHand) return completeDefault(slots, given, remainingOf(hits, given));
  const settled = settleAllocation(slots, given, hits);
  if (!settled.choice) return settled.given;
  return planGiven(ctx.setup, side.role, units, side.plan ?? NEAREST, settled.given, hits);
}

/**
 * Casualties from the hits each unit took (RULES §4: a unit with an unsaved hit is destroyed; a war
 * engine loses 1 DC per unsaved hit, the excess lost), `unsaved(i)` giving unit i's chance of each
 * unsaved hit count; units fall independently.
 */
function casualties(side: SideContext, x: number, unsaved: (i: number) => number[] | null): Dist {
  let d = point(x);
  side.units.forEach((u, i) => {
    const counts = unsaved(i);
    if (!counts) return;
    const left = digit(side, x, i);
    const branch = new Map<number, number>();
    counts.forEach((p, k) => {
      const loss = u.warEngine ? Math.min(left, k) : Math.min(1, k);
      branch.set(-loss * u.stride, (branch.get(-loss * u.stride) ?? 0) + p);
    });
    charge(LIST_ADD * d.xs.length * branch.size);
    d = branchEach(
      d,
      [...branch].map(([dx, p]) => ({ dx, p })),
    );
  });
  return d;
}

/** Casualties from fresh hits placed per unit ([Macro-weapon, other]): each saved as RULES §4 Saves says (saves.ts). */
export function fromGiven(side: SideContext, x: number, given: Given): Dist {
  return casualties(side, x, (i) => {
    const [m, n] = given[i]!;
    if (m + n === 0) return null;
    const u = side.units[i]!;
    if (!u.warEngine) {
      // Only whether any hit is unsaved matters: index 0 none, 1 some.
      const survive = (1 - u.unsavedMacro) ** m * (1 - u.unsavedNormal) ** n;
      return [survive, 1 - survive];
    }
    return convolve(binomial(m, u.unsavedMacro), binomial(n, u.unsavedNormal));
  });
}

/** Casualties from hits part-way through their saves (the engine's save stages: saved, unsaved, or saves still to roll). */
export function fromSaves(side: SideContext, x: number, saves: readonly Hit[]): Dist {
  const chances = side.units.map(() => [] as number[]);
  for (const h of saves) chances[h.unit]!.push(unsavedChance(side.units[h.unit]!.unit, side.role, h));
  return casualties(side, x, (i) => (chances[i]!.length === 0 ? null : poissonBinomial(chances[i]!)));
}

/** The side after `macro` Macro-weapon and `normal` other hits, allocated from none. */
export function afterHits(ctx: Context, side: SideContext, x: number, macro: number, normal: number): Dist {
  return sharedIn(
    side.memo.hit,
    x,
    macro * HITS_RADIX + normal,
    () => {
      const units = unitsOf(side, x);
      return fromGiven(side, x, allocation(ctx, side, units, emptyGiven(units.length), { macro, normal }));
    },
    MAP_ADD,
  );
}

/** The side after the hits the enemy's dice (pool `id`) make, every hit count by its chance. */
export function afterDice(ctx: Context, side: SideContext, x: number, id: number): Dist {
  return sharedIn(
    side.memo.shot,
    x,
    id,
    () => {
      const { macro, normal } = ctx.pools[id]!;
      const acc = new Map<number, number>();
      macro.forEach((pm, m) => {
        if (pm === 0) return;
        normal.forEach((pn, n) => {
          if (pn === 0) return;
          const after = afterHits(ctx, side, x, m, n);
          for (let i = 0; i < after.xs.length; i++)
            acc.set(after.xs[i]!, (acc.get(after.xs[i]!) ?? 0) + pm * pn * after.ps[i]!);
        });
      });
      return { xs: [...acc.keys()], ps: [...acc.values()] };
    },
    // Its first working-out (an allocation by the engine's rules for every count of hits) is the dearest of the shared values.
    4 * MAP_ADD,
  );
}

/**
 * The side's code once it has lost the assault (RULES §4 A6, A7): the extra hits, no saves, nearest
 * first on units that are not Fearless (a war engine takes up to its DC left); then a formation
 * already Broken is destroyed, and one with units left withdraws (none ends within 15cm: the
 * suggested answer).
 */
export function lostWith(
  ctx: Context,
  side: SideContext,
  x: number,
  extraHits: number,
  given?: readonly number[],
): number {
  let units = unitsOf(side, x);
  // resultKind: extra hits are allocated only when some unit can take them.
  if (extraHits > 0 && extraCapacity(ctx.setup, side.role, units).some((c) => c > 0)) {
    const placed = extraDefault(ctx.setup, side.role, units, given ?? units.map(() => 0), extraHits);
    units = units.map((u, i) => ({ ...u, left: u.left - placed[i]! }));
  }
  if (!units.some((u) => u.left > 0)) return codeOf(side, units);
  // enterA7: a formation that loses while already Broken is destroyed.
  return ctx.broken[side.role] ? 0 : codeOf(side, units);
}

/** As lostWith, remembered per code and extra hits (none given yet). */
export function lost(ctx: Context, side: SideContext, x: number, extraHits: number): number {
  return sharedIn(side.memo.lost, x, extraHits, () => lostWith(ctx, side, x, extraHits), MAP_ADD);
}
