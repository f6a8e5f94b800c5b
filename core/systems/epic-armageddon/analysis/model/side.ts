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
import { codeOf, countOf, ranksOf, roleIndex, unitsOf, type Context, type SideContext } from './context';
import { loneOutcomes, packedMap, rankOutcomes, warEngineOutcomes, type ClassOutcome } from './kernel';
import { charge, kept, MAP_ADD, PLACED, RULES_CALL, shared, sharedIn, type Kept, type RunWork } from './work';

const WAVE_KINDS: readonly WaveKind[] = ['firstStrike', 'main', 'support'];

/**
 * One side in one wave of a round: the dice it rolls, and what the enemy's hits do to it — hits
 * allocated as the engine allocates them when the players take the suggested option (nearest first,
 * or the allocation the side keeps), each unit then saving each of its hits or not — as outcomes:
 * the side's code after, its chance, and each labelled class's rank matrix (kernel.ts).
 */

export interface SideOutcome {
  x: number;
  p: number;
  /** Per labelled class: P(this outcome and the unit at rank r ends at rank r′), c × c′; null where nobody of it fell. */
  mats: Array<Float64Array | null>;
}

/** What a class takes in a wave: each rank's chance to stand (a war engine: its unsaved hits' distribution), or nothing. */
export type ClassHits = { survive: number[] } | { unsaved: number[] } | null;

/** The id of a pool of dice and what it hits (Macro-weapon hits and the others apart: different dice, independent). */
function poolId(ctx: Context, pool: readonly PoolDie[], known: HitCount = { macro: 0, normal: 0 }): number {
  return shared(
    ctx.shared.poolIds,
    `${poolKey(pool)}|${known.macro},${known.normal}`,
    () => {
      const h = hitsOf(pool, known);
      ctx.shared.pools.push({ macro: h.macro, normal: h.normal });
      return ctx.shared.pools.length - 1;
    },
    MAP_ADD,
  );
}

/** Seed 003 "Make combat attacks": the dice a side's standing units roll in a wave (dice.ts, the engine's own), as a pool. */
export function diceOf(ctx: Context, side: SideContext, x: number, kind: WaveKind): number {
  return sharedIn(
    ctx.shared.dice,
    WAVE_KINDS.indexOf(kind) * 2 + roleIndex(side.role),
    x,
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

/** Each class's hits from fresh hits placed per unit ([Macro-weapon, other]; RULES §4 Saves, saves.ts), ranks by `ranks`. */
export function classHitsOfGiven(side: SideContext, units: readonly UnitState[], given: Given): ClassHits[] {
  const ranks = ranksOf(side, units);
  return side.classes.map((c) => {
    const placed = c.units.filter((i) => given[i]![0] + given[i]![1] > 0);
    if (placed.length === 0) return null;
    if (c.warEngine) {
      const [m, n] = given[c.units[0]!]!;
      let unsaved = c.unsaved.get(m * 65536 + n);
      if (!unsaved)
        c.unsaved.set(m * 65536 + n, (unsaved = convolve(binomial(m, c.unsavedMacro), binomial(n, c.unsavedNormal))));
      return { unsaved };
    }
    const survive = c.units.filter((i) => ranks[i]! >= 0).map(() => 1);
    for (const i of placed) {
      const [m, n] = given[i]!;
      survive[ranks[i]!] = (1 - c.unsavedMacro) ** m * (1 - c.unsavedNormal) ** n;
    }
    return { survive };
  });
}

/** Each class's hits part-way through their saves (the engine's save stages: saved, unsaved, or saves still to roll). */
export function classHitsOfSaves(side: SideContext, units: readonly UnitState[], saves: readonly Hit[]): ClassHits[] {
  const ranks = ranksOf(side, units);
  const chances = units.map(() => [] as number[]);
  for (const h of saves)
    chances[h.unit]!.push(unsavedChance(side.classes[side.unitClass[h.unit]!.cls]!.unit, side.role, h));
  return side.classes.map((c) => {
    if (c.units.every((i) => chances[i]!.length === 0)) return null;
    if (c.warEngine) return { unsaved: poissonBinomial(chances[c.units[0]!]!) };
    const survive = c.units.filter((i) => ranks[i]! >= 0).map(() => 1);
    for (const i of c.units) if (ranks[i]! >= 0) survive[ranks[i]!] = chances[i]!.reduce((s, q) => s * (1 - q), 1);
    return { survive };
  });
}

/** The side's outcomes from what each class takes: the classes fall independently, so their outcomes multiply. */
export function sideOutcomes(side: SideContext, x: number, hits: readonly ClassHits[]): SideOutcome[] {
  const perClass: ClassOutcome[][] = packedMap(side.classes, (c, k) => {
    const count = countOf(side, x, k);
    const h = hits[k];
    if (!h) return [{ count, p: 1, mat: null }];
    if ('unsaved' in h) return warEngineOutcomes(count, h.unsaved);
    if (c.labelled < 0) return loneOutcomes(count, h.survive[0] ?? 1);
    return rankOutcomes(h.survive);
  });
  let combos: Array<{ x: number; p: number; picked: ClassOutcome[] }> = [{ x: 0, p: 1, picked: [] }];
  perClass.forEach((outs, k) => {
    const stride = side.classes[k]!.stride;
    const next: typeof combos = [];
    for (const a of combos)
      for (const o of outs) next.push({ x: a.x + o.count * stride, p: a.p * o.p, picked: [...a.picked, o] });
    combos = next;
  });
  charge(MAP_ADD * combos.length);
  return packedMap(combos, ({ x: x2, p, picked }) => ({
    x: x2,
    p,
    // A labelled class's matrix carries its own chance: times the other classes' chances, it is the outcome's.
    mats: packedMap(side.labelled, (c) => {
      const o = picked[side.classes.indexOf(c)]!;
      if (!o.mat) return null;
      const w = p / o.p;
      charge(o.mat.length);
      return o.mat.map((v) => v * w);
    }),
  }));
}

/** A remembered value by code, then by what the code meets. */
function keptIn<V>(
  run: RunWork,
  memo: Map<number, Map<number, Kept<unknown>>>,
  x: number,
  inner: number,
  make: () => V,
): V {
  let byInner = memo.get(x);
  if (!byInner) memo.set(x, (byInner = new Map()));
  return kept(run, byInner as Map<number, Kept<V>>, inner, make);
}

/** The side after `macro` Macro-weapon and `normal` other hits, allocated from none. */
function afterHits(ctx: Context, side: SideContext, run: RunWork, x: number, macro: number, normal: number) {
  return keptIn(run, side.kept.hits, x, macro * 65536 + normal, () => {
    const units = unitsOf(side, x);
    // From no hit placed, the engine's allocation (settled, then planned) is the plan's round robin itself (a test holds them equal).
    const given = planGiven(ctx.setup, side.role, units, side.plan ?? NEAREST, emptyGiven(units.length), {
      macro,
      normal,
    });
    charge(PLACED * (macro + normal + 1) * units.length);
    return sideOutcomes(side, x, classHitsOfGiven(side, units, given));
  });
}

/** The side after the hits the enemy's dice (pool `id`) make, every count of hits by its chance. */
export function afterDice(ctx: Context, side: SideContext, run: RunWork, x: number, id: number): SideOutcome[] {
  return keptIn(run, side.kept.shot, x, id, () => {
    const { macro, normal } = ctx.shared.pools[id]!;
    const acc = new Map<number, SideOutcome>();
    macro.forEach((pm, m) => {
      if (pm === 0) return;
      normal.forEach((pn, n) => {
        if (pn === 0) return;
        for (const o of afterHits(ctx, side, run, x, m, n)) addOutcome(acc, o, pm * pn);
      });
    });
    return [...acc.values()];
  });
}

/** Each run's outcomes found so far, per side, by the enemy's dice then by code (see `outcomesFor`). */
const foundIn = new WeakMap<RunWork, Map<SideContext, Array<Map<number, SideOutcome[]> | undefined>>>();

/**
 * afterDice for one side in one run, as a function of its code and the enemy's dice: what the run
 * has asked for already is found by one lookup — a run is charged a remembered value once, the first
 * time it asks (work.ts `kept`), so the same charges. The layer asks it for every sum of every wave.
 */
export function outcomesFor(ctx: Context, side: SideContext, run: RunWork): (x: number, id: number) => SideOutcome[] {
  let bySide = foundIn.get(run);
  if (!bySide) foundIn.set(run, (bySide = new Map()));
  let byDice = bySide.get(side);
  if (!byDice) bySide.set(side, (byDice = []));
  const found = byDice;
  return (x, id) => {
    let byCode = found[id];
    if (!byCode) found[id] = byCode = new Map();
    let o = byCode.get(x);
    if (!o) byCode.set(x, (o = afterDice(ctx, side, run, x, id)));
    return o;
  };
}

/** Adds w × `o` into the outcomes by code. */
function addOutcome(acc: Map<number, SideOutcome>, o: SideOutcome, w: number): void {
  const seen = acc.get(o.x);
  charge(MAP_ADD);
  if (!seen) {
    acc.set(o.x, { x: o.x, p: w * o.p, mats: packedMap(o.mats, (m) => m && m.map((v) => v * w)) });
    return;
  }
  seen.p += w * o.p;
  o.mats.forEach((m, j) => {
    if (!m) return;
    const into = seen.mats[j]!;
    for (let i = 0; i < m.length; i++) into[i]! += w * m[i]!;
    charge(m.length);
  });
}

/** Where extra hits leave a side: its code, and per labelled class which ranks still stand (1) or not (0), null where all do. */
export interface Lost {
  x: number;
  alive: Array<Float64Array | null>;
}

/**
 * The side once it has lost the assault (RULES §4 A6, A7): the extra hits, no saves, nearest first
 * on units that are not Fearless (a war engine takes up to its DC left), `given` already placed;
 * then a formation already Broken is destroyed, and one with units left withdraws (none ends within
 * 15cm: the suggested answer).
 */
export function lostFrom(
  ctx: Context,
  side: SideContext,
  units: readonly UnitState[],
  extraHits: number,
  given?: readonly number[],
): Lost {
  let after: readonly UnitState[] = units;
  // resultKind: extra hits are allocated only when some unit can take them.
  if (extraHits > 0 && extraCapacity(ctx.setup, side.role, units).some((c) => c > 0)) {
    const placed = extraDefault(ctx.setup, side.role, units, given ?? units.map(() => 0), extraHits);
    after = units.map((u, i) => ({ ...u, left: u.left - placed[i]! }));
  }
  // enterA7: a formation that loses while already Broken is destroyed.
  if (ctx.broken[side.role] && after.some((u) => u.left > 0)) after = after.map((u) => ({ ...u, left: 0 }));
  const ranks = ranksOf(side, units);
  const alive = side.labelled.map((c) => {
    const standing = c.units.filter((i) => ranks[i]! >= 0);
    if (standing.every((i) => after[i]!.left > 0)) return null;
    const a = new Float64Array(standing.length);
    for (const i of standing) a[ranks[i]!] = after[i]!.left > 0 ? 1 : 0;
    return a;
  });
  return { x: codeOf(side, after), alive };
}

/** As lostFrom from a code (none given yet), remembered for every run. */
export const lost = (ctx: Context, side: SideContext, run: RunWork, x: number, extraHits: number): Lost =>
  keptIn(run, side.kept.lost, extraHits, x, () => {
    charge(RULES_CALL);
    return lostFrom(ctx, side, unitsOf(side, x), extraHits);
  });
