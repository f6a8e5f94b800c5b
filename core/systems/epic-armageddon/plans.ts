import { memo } from '../../combat/memo';
import { allocationOrder, completeDefault, engagementRank, remainingOf, slotsOf, type Given } from './allocation';
import { freshUnsavedChance } from './saves';
import type { Setup } from './setup';
import { engagedAlive, entryOf, unitsKey, type HitCount, type Role, type UnitState } from './state';

/**
 * Whole allocations (issue 22: one question per side per wave at most, kept for the rest of the
 * assault). Seed 003: hits go to units in base contact first, then the next nearest, and no unit
 * takes a second hit before every directly engaged unit has one (allocation.ts). Within a pass the
 * units as near as each other (base contact, or firefight) may take their hit in any order: a plan
 * is that order, the same rule in every pass and every wave, so choosing it once answers every
 * later wave too.
 *
 * - nearest: the rules' default, what `analyze` assumes: the list order, base contact first.
 * - toughest: the units most likely to save a hit take the pass's hits first (fewest losses).
 * - first: one kind of unit takes the first hits of each pass (who soaks the Macro-weapon hits).
 * - spare: one kind of unit takes its hit only when every other unit of the pass has one.
 */
export type Plan =
  { by: 'nearest' } | { by: 'toughest' } | { by: 'first'; entry: number } | { by: 'spare'; entry: number };

/** What a side keeps: a plan, or "hand" — asked again in every wave, with "hit by hit…" on offer. */
export type Kept = Plan | { by: 'hand' };

export const NEAREST: Plan = { by: 'nearest' };

/**
 * The units of a side in the order a plan gives them their hit within each pass: base contact
 * before firefight always (seed 003: the nearest units first), the plan's order among units as
 * near as each other.
 */
export function planOrder(setup: Setup, role: Role, units: readonly UnitState[], plan: Plan): number[] {
  const order = allocationOrder(units);
  const band = (i: number) => engagementRank[units[i]!.engaged];
  switch (plan.by) {
    case 'nearest':
      return order;
    case 'first':
    case 'spare': {
      const later = (i: number) => Number((units[i]!.entry === plan.entry) === (plan.by === 'spare'));
      return [...order].sort((a, b) => band(a) - band(b) || later(a) - later(b));
    }
    case 'toughest': {
      // Least likely to lose a unit (or a point of damage) to a normal hit first, then to a Macro-weapon hit; nearest first among equals.
      const chance = new Map(
        order.map(
          (i) =>
            [
              i,
              [false, true].map((macro) => freshUnsavedChance(entryOf(setup, role, units[i]!), role, macro)),
            ] as const,
        ),
      );
      return [...order].sort(
        (a, b) =>
          band(a) - band(b) || chance.get(a)![0]! - chance.get(b)![0]! || chance.get(a)![1]! - chance.get(b)![1]!,
      );
    }
  }
}

/** The order a side's hits reach its units: its kept plan's, else nearest first (a side asked each wave is assumed to answer with the default). */
export function keptOrder(setup: Setup, role: Role, units: readonly UnitState[], kept: Kept | undefined): number[] {
  return kept && kept.by !== 'hand' ? planOrder(setup, role, units, kept) : allocationOrder(units);
}

/** Where a plan puts the hits still to allocate, from what is already given (Macro-weapon hits first). */
export function planGiven(
  setup: Setup,
  role: Role,
  units: readonly UnitState[],
  plan: Plan,
  given: Given,
  hits: HitCount,
): Array<[number, number]> {
  return completeDefault(
    slotsOf(setup, role, units, planOrder(setup, role, units, plan)),
    given,
    remainingOf(hits, given),
  );
}

/** Two allocations are the same when alike units (one entry, one engagement, one DC left) take the same hits. */
export function allocationKey(setup: Setup, role: Role, units: readonly UnitState[], given: Given): string {
  return slotsOf(setup, role, units)
    .map((s) => `${s.kind}/${s.places}:${given[s.unit]![0]},${given[s.unit]![1]}`)
    .sort()
    .join(' ');
}

/** The plans worth offering a side for these hits, in the order they are offered (the rules' default first). */
export function candidatePlans(setup: Setup, role: Role, units: readonly UnitState[], hits: HitCount): Plan[] {
  const entries = [
    ...new Set(allocationOrder(units).flatMap((i) => (engagedAlive(units[i]!) ? [units[i]!.entry] : []))),
  ];
  // Who soaks the Macro-weapon hits: a unit that has a save against them (Reinforced Armour, invulnerable).
  const soakers =
    hits.macro > 0 ? entries.filter((e) => freshUnsavedChance(setup[role].units[e]!, role, true) < 1) : [];
  return [
    NEAREST,
    { by: 'toughest' },
    ...soakers.map((entry) => ({ by: 'first' as const, entry })),
    ...entries.map((entry) => ({ by: 'spare' as const, entry })),
  ];
}

/** Whole allocations offered at most, besides the rules' default: with "hit by hit…", four options a tablet shows whole. */
export const MAX_OTHER_PLANS = 2;

export interface PlanChoice {
  plan: Plan;
  /** The whole allocation it makes (what was already given included). */
  given: Array<[number, number]>;
}

/** The distinct whole allocations on offer: the default, then up to MAX_OTHER_PLANS that put the hits elsewhere. */
export const planChoices = (
  setup: Setup,
  role: Role,
  units: readonly UnitState[],
  given: Given,
  hits: HitCount,
): PlanChoice[] =>
  // Asked at every allocation of every play-out (settled or not): worked out once per combat and key.
  rememberedChoices(setup, `${role}|${unitsKey(units)}|${given.join(' ')}|${hits.macro},${hits.normal}`, () =>
    freshPlanChoices(setup, role, units, given, hits),
  );
const rememberedChoices = memo<PlanChoice[]>();

function freshPlanChoices(
  setup: Setup,
  role: Role,
  units: readonly UnitState[],
  given: Given,
  hits: HitCount,
): PlanChoice[] {
  const seen = new Set<string>();
  const out: PlanChoice[] = [];
  for (const plan of candidatePlans(setup, role, units, hits)) {
    const g = planGiven(setup, role, units, plan, given, hits);
    const key = allocationKey(setup, role, units, g);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ plan, given: g });
    if (out.length > MAX_OTHER_PLANS) break;
  }
  return out;
}

/** The option id of a plan ("rest" for the default, as the step always called it). */
export function planId(plan: Plan): string {
  switch (plan.by) {
    case 'nearest':
      return 'rest';
    case 'toughest':
      return 'toughest';
    case 'first':
    case 'spare':
      return `${plan.by}:${plan.entry}`;
  }
}

/** The plan an option id names, or null. */
export function planOf(id: string | null): Plan | null {
  if (id === 'rest') return NEAREST;
  if (id === 'toughest') return { by: 'toughest' };
  const m = /^(first|spare):(\d+)$/.exec(id ?? '');
  return m ? { by: m[1] as 'first' | 'spare', entry: Number(m[2]) } : null;
}

/** A plan in players' words: "Nearest first, as listed", "Best saves first", "Battlefortress first", "Nobz last". */
export function planName(setup: Setup, role: Role, plan: Plan): string {
  switch (plan.by) {
    case 'nearest':
      return 'Nearest first, as listed';
    case 'toughest':
      return 'Best saves first';
    case 'first':
      return `${setup[role].units[plan.entry]!.name} first`;
    case 'spare':
      return `${setup[role].units[plan.entry]!.name} last`;
  }
}

/** What a plan does, for the option's detail. */
export function planDetail(setup: Setup, role: Role, plan: Plan): string {
  switch (plan.by) {
    case 'nearest':
      return 'base contact first, then firefight, nearest first within each';
    case 'toughest':
      return 'of units as near as each other, those most likely to save take the hits first';
    case 'first':
      return `${setup[role].units[plan.entry]!.name} take the first hits (Macro-weapon hits first) of the units as near as them`;
    case 'spare':
      return `${setup[role].units[plan.entry]!.name} take a hit only once every unit as near as them has one`;
  }
}
