import type { Setup } from './setup';
import { engagedAlive, entryOf, isWarEngine, type HitCount, type Role, type UnitState } from './state';

/**
 * Hit allocation (seed 003: "allocate hits to units in base contact first because they are
 * nearest to the enemy, then the next nearest, and so on"; "you may only allocate hits to units
 * that were directly engaged"). The units are listed nearest first. No unit takes a second hit
 * before every engaged unit has one; a war engine with d damage capacity left takes d hits per
 * pass. Macro-weapon hits are allocated before the others (SCENARIOS §1). The player whose units
 * are hit may give the next hit to any unit that is still short of a hit in this pass and as near
 * as the nearest such unit (base contact before firefight: units at the same distance); the
 * default — what `analyze` assumes — is nearest first: a round robin in list order.
 */

/** A unit that can be hit in this wave, and how many hits it takes per pass. */
export interface Slot {
  unit: number;
  places: number;
  /** Units of the same entry and engagement are alike: which of them takes a hit does not matter. */
  kind: string;
  /** How near: 0 base contact, 1 firefight (0 when not given). Nearer units take their hit of a pass first. */
  band?: number;
}

/** Per unit index: [Macro-weapon hits, other hits]. */
export type Given = ReadonlyArray<readonly [number, number]>;

/** Units in base contact, then those in a firefight, then the rest. */
export const engagementRank = { contact: 0, firefight: 1, none: 2 } as const;

/**
 * The units in the order hits reach them (seed 003: "allocate hits to units in base contact first
 * because they are nearest to the enemy, then the next nearest"): base contact, then firefight,
 * then the rest, nearest first — the list order — within each, whatever order the list has.
 */
export function allocationOrder(units: readonly UnitState[]): number[] {
  return units
    .map((_, i) => i)
    .sort((a, b) => engagementRank[units[a]!.engaged] - engagementRank[units[b]!.engaged] || a - b);
}

/**
 * Directly engaged units standing when the wave began, in the order hits reach them: nearest
 * first by default, or the order of the side's chosen allocation (plans.ts) — hits still go round
 * every unit before any takes a second, whatever the order within a pass.
 */
export function slotsOf(
  setup: Setup,
  role: Role,
  units: readonly UnitState[],
  order: readonly number[] = allocationOrder(units),
): Slot[] {
  const out: Slot[] = [];
  order.forEach((unit) => {
    const u = units[unit]!;
    if (!engagedAlive(u)) return;
    out.push({
      unit,
      places: isWarEngine(entryOf(setup, role, u)) ? u.left : 1,
      kind: `${u.entry}|${u.engaged}`,
      band: engagementRank[u.engaged],
    });
  });
  return out;
}

export const emptyGiven = (units: number): Array<[number, number]> =>
  Array.from({ length: units }, () => [0, 0] as [number, number]);

const load = (given: Given, unit: number) => given[unit]![0] + given[unit]![1];

export const givenTotal = (given: Given): HitCount =>
  given.reduce((t, g) => ({ macro: t.macro + g[0], normal: t.normal + g[1] }), { macro: 0, normal: 0 });

/** The hits still to allocate. */
export const remainingOf = (hits: HitCount, given: Given): HitCount => {
  const t = givenTotal(given);
  return { macro: hits.macro - t.macro, normal: hits.normal - t.normal };
};

const bandOf = (s: Slot) => s.band ?? 0;

/**
 * Units that may take the next hit: those short of a hit in the current pass, of the nearest
 * engagement among them (seed 003: "allocate hits to units in base contact first because they are
 * nearest to the enemy, then the next nearest") — units as near as each other in any order.
 */
export function legalNext(slots: readonly Slot[], given: Given): Slot[] {
  if (slots.length === 0) return [];
  const pass = Math.min(...slots.map((s) => Math.floor(load(given, s.unit) / s.places)));
  const short = slots.filter((s) => load(given, s.unit) < s.places * (pass + 1));
  const nearest = Math.min(...short.map(bandOf));
  return short.filter((s) => bandOf(s) === nearest);
}

export function giveOne(given: Given, unit: number, macro: boolean): Array<[number, number]> {
  return given.map(
    (g, i) => (i === unit ? (macro ? [g[0] + 1, g[1]] : [g[0], g[1] + 1]) : [g[0], g[1]]) as [number, number],
  );
}

/** Allocates the rest nearest first (the default), Macro-weapon hits first. */
export function completeDefault(slots: readonly Slot[], given: Given, remaining: HitCount): Array<[number, number]> {
  const out = given.map((g) => [g[0], g[1]] as [number, number]);
  if (slots.length === 0) return out;
  const give = (count: number, idx: 0 | 1) => {
    for (let k = 0; k < count; k++) {
      const next = legalNext(slots, out)[0]!;
      out[next.unit]![idx] += 1;
    }
  };
  give(remaining.macro, 0);
  give(remaining.normal, 1);
  return out;
}

/**
 * Round robin in closed form (the analysis uses it; completeDefault is the same by construction,
 * and a test holds them equal): from no hits, with P places per pass in list order, hit i of the
 * sequence (Macro-weapon hits first) goes to place i mod P; the number of the first `k` hits that
 * land on place j is ceil((k − j) / P) for j < k.
 */
export const hitsOnPlace = (k: number, j: number, perPass: number) =>
  k > j ? Math.floor((k - 1 - j) / perPass) + 1 : 0;

const classOf = (slot: Slot, given: Given) =>
  `${slot.kind}|${slot.places}|${given[slot.unit]![0]}|${given[slot.unit]![1]}`;

/** Kinds of unit that may take the next hit: units alike with the same hits so far are one choice. */
export function legalChoices(slots: readonly Slot[], given: Given): Slot[] {
  const seen = new Set<string>();
  return legalNext(slots, given).filter((s) => {
    const c = classOf(s, given);
    if (seen.has(c)) return false;
    seen.add(c);
    return true;
  });
}

/** Partitions of `x` into at most `n` parts of at most `cap` each, counted up to 2 (more is "several"). */
function partitions(x: number, n: number, cap: number): number {
  // ways[k][t]: partitions of t into at most k parts ≤ cap, parts taken in non-increasing order.
  const memo = new Map<string, number>();
  const count = (t: number, k: number, most: number): number => {
    if (t === 0) return 1;
    if (k === 0 || most === 0) return 0;
    const key = `${t}|${k}|${most}`;
    const had = memo.get(key);
    if (had !== undefined) return had;
    let ways = 0;
    for (let first = Math.min(most, t); first >= 1 && ways < 2; first--) ways += count(t - first, k - 1, first);
    ways = Math.min(2, ways);
    memo.set(key, ways);
    return ways;
  };
  return count(x, n, cap);
}

/**
 * Ways (up to 2) to spread `count` hits over units with these free places, alike units of a kind
 * being interchangeable: 1 means only one allocation is legal.
 */
function spreads(units: ReadonlyArray<{ slot: Slot; free: number }>, given: Given, count: number): number {
  const groups = new Map<string, { n: number; cap: number }>();
  for (const u of units) {
    if (u.free <= 0) continue;
    const key = `${classOf(u.slot, given)}|${u.free}`;
    const g = groups.get(key);
    if (g) g.n++;
    else groups.set(key, { n: 1, cap: u.free });
  }
  let ways = [1];
  for (const { n, cap } of groups.values()) {
    const next = new Array<number>(ways.length + n * cap).fill(0);
    ways.forEach((w, t) => {
      if (w === 0) return;
      for (let x = 0; x <= n * cap; x++) next[t + x] = Math.min(2, next[t + x]! + w * partitions(x, n, cap));
    });
    ways = next;
  }
  return ways[count] ?? 0;
}

/** Can `count` hits of one kind, placed fewest first from `given`, end only one way (up to units alike)? */
function segmentForced(slots: readonly Slot[], given: Given, count: number, idx: 0 | 1): boolean {
  if (count === 0 || slots.length === 0) return true;
  const pass = Math.min(...slots.map((s) => Math.floor(load(given, s.unit) / s.places)));
  const free = slots.map((s) => Math.max(0, s.places * (pass + 1) - load(given, s.unit)));
  const open = free.reduce((a, b) => a + b, 0);
  if (count <= open) return bandsForced(slots, free, given, count);
  // The current pass fills (one way), then whole passes (one way), then a last partial pass.
  const perPass = slots.reduce((n, s) => n + s.places, 0);
  const rest = (count - open) % perPass;
  if (rest === 0) return true;
  const full = Math.floor((count - open) / perPass);
  const after = given.map((g) => [g[0], g[1]] as [number, number]);
  slots.forEach((s, i) => (after[s.unit]![idx] += free[i]! + full * s.places));
  return bandsForced(
    slots,
    slots.map((slot) => slot.places),
    after,
    rest,
  );
}

/**
 * `count` hits into one pass's free places: the nearest engagement's fill first (one way), so
 * only the engagement where the hits run out can take them more than one way.
 */
function bandsForced(slots: readonly Slot[], free: readonly number[], given: Given, count: number): boolean {
  let left = count;
  for (const band of [...new Set(slots.map(bandOf))].sort((a, b) => a - b)) {
    const inBand = slots.flatMap((slot, i) => (bandOf(slot) === band ? [{ slot, free: free[i]! }] : []));
    const room = inBand.reduce((n, u) => n + u.free, 0);
    if (left < room) return spreads(inBand, given, left) === 1;
    left -= room;
    if (left === 0) return true;
  }
  return true;
}

/** Every legal way to allocate the remaining hits ends the same (up to units alike): no need to ask. */
export function allocationForced(slots: readonly Slot[], given: Given, remaining: HitCount): boolean {
  if (!segmentForced(slots, given, remaining.macro, 0)) return false;
  const afterMacro = completeDefault(slots, given, { macro: remaining.macro, normal: 0 });
  return segmentForced(slots, afterMacro, remaining.normal, 1);
}

/**
 * Gives every hit whose unit is forced (only one kind of unit may take it), and the rest by
 * default when every legal allocation ends the same. Returns the allocation and whether a
 * choice is left for the player.
 */
export function settleAllocation(
  slots: readonly Slot[],
  given: Given,
  hits: HitCount,
): { given: Array<[number, number]>; choice: boolean } {
  let g = given.map((x) => [x[0], x[1]] as [number, number]);
  for (;;) {
    const rest = remainingOf(hits, g);
    if (rest.macro + rest.normal === 0 || slots.length === 0) return { given: g, choice: false };
    const choices = legalChoices(slots, g);
    if (choices.length === 1) {
      g = giveOne(g, choices[0]!.unit, rest.macro > 0);
      continue;
    }
    if (allocationForced(slots, g, rest)) return { given: completeDefault(slots, g, rest), choice: false };
    return { given: g, choice: true };
  }
}

/**
 * Extra hits for losing the assault (RULES §4 A6, SCENARIOS §1): no saves, so each destroys a
 * unit or a point of a war engine's damage capacity; Fearless units ignore them. Any other unit
 * of the formation, engaged or not, may take them; the default is nearest first.
 */
export function extraCapacity(setup: Setup, role: Role, units: readonly UnitState[]): number[] {
  return units.map((u) => (u.left > 0 && !entryOf(setup, role, u).fearless ? u.left : 0));
}

/** Units (one per kind) that may take the next extra hit. */
export function extraChoices(
  setup: Setup,
  role: Role,
  units: readonly UnitState[],
  given: readonly number[],
): number[] {
  const cap = extraCapacity(setup, role, units);
  const seen = new Set<string>();
  const out: number[] = [];
  allocationOrder(units).forEach((i) => {
    const u = units[i]!;
    if (given[i]! >= cap[i]!) return;
    const kind = `${u.entry}|${u.left - given[i]!}`;
    if (seen.has(kind)) return;
    seen.add(kind);
    out.push(i);
  });
  return out;
}

export function extraDefault(
  setup: Setup,
  role: Role,
  units: readonly UnitState[],
  given: readonly number[],
  hits: number,
): number[] {
  const cap = extraCapacity(setup, role, units);
  const out = [...given];
  let left = hits - given.reduce((a, b) => a + b, 0);
  for (const i of allocationOrder(units)) {
    if (left === 0) break;
    const take = Math.min(left, cap[i]! - out[i]!);
    out[i]! += take;
    left -= take;
  }
  return out;
}

/** The extra hits can end only one way: every one of them finds a unit that takes it whatever is chosen. */
export function extraForced(
  setup: Setup,
  role: Role,
  units: readonly UnitState[],
  given: readonly number[],
  hits: number,
): boolean {
  const cap = extraCapacity(setup, role, units);
  const room = cap.reduce((n, c, i) => n + c - given[i]!, 0);
  const rest = hits - given.reduce((a, b) => a + b, 0);
  return rest <= 0 || rest >= room || extraChoices(setup, role, units, given).length <= 1;
}
