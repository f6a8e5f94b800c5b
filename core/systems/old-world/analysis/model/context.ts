import type { Profile, Setup, Unit } from '../../setup';
import { engagedWith, memberKey, membersOf, roles, unitKey, type MemberRef, type Role } from '../../state';
import { moveDice, unitStrengthPerModel } from '../../tables';
import { fightsInExtraRank, weaponAttacks } from '../../weapons';

/**
 * What the compact round model (model/*.ts) knows of a combat once for all its positions: every
 * pool of wounds (a unit's rank-and-file, each character) and every unit as small numbered records,
 * so that a position is a few arrays of numbers — wounds lost per pool, a status per unit — and
 * the rules read them by index. Built once per setup (a WeakMap: it goes with the combat).
 */

/** A unit's status as a number (state.ts UnitStatus, in this order). */
export const FIGHTING = 0;
export const DESTROYED = 1;
export const FLED = 2;
export const CAUGHT = 3;
export const PURSUING = 4;
export const OVERRAN = 5;
export const statusNames = ['fighting', 'destroyed', 'fled', 'caught', 'pursuing', 'overran'] as const;

/** Side 0 is the attacker, side 1 the defender. */
export type Side = 0 | 1;
export const sideOf = (role: Role): Side => (role === 'attacker' ? 0 : 1);
export const roleOf = (side: Side): Role => roles[side];

export interface PoolInfo {
  ref: MemberRef;
  key: string;
  side: Side;
  /** The unit it belongs to (its number in `Context.units`). */
  unit: number;
  profile: Profile;
  /** Wounds of one model. */
  w: number;
  /** Wounds of the whole pool at the start of the combat. */
  total: number;
  /** Unit Strength of one model (RULES §3). */
  us: number;
  /** Attacks of one striking model (its Attacks, +1 with an additional hand weapon). */
  attacksPerModel: number;
  /** One of the two characters in the challenge. */
  inChallenge: boolean;
  character: boolean;
}

export interface UnitInfo {
  side: Side;
  /** Its number among its side's units (the engine's unit index). */
  index: number;
  key: string;
  unit: Unit;
  /** Its rank-and-file pool (-1: a unit of characters alone). */
  troops: number;
  characters: number[];
  /** Rank-and-file first, then characters (state.ts membersOf). */
  members: number[];
  /** Enemy units in contact with it (state.ts engagedWith), as numbers in `Context.units`. */
  engaged: number[];
  /** Whom its models strike: the unit it fights, then the other enemy units in contact (strikes.ts targetOf). */
  candidates: number[];
  /** Its rank-and-file that may strike besides the characters: front rank width and, with spears, the rank behind. */
  inContact: number | null;
  extraRank: number;
  /** Flee, pursuit and overrun dice (2 or 3 D6 by Movement). */
  moveDice: number;
}

export interface Context {
  setup: Setup;
  pools: PoolInfo[];
  units: UnitInfo[];
  /** Each side's units, as numbers in `units`. */
  sideUnits: [number[], number[]];
  /** The challengers' pools by side (-1: no challenge). */
  challenger: [number, number];
  /** Whether each side faces a defended obstacle (then who has won a round changes its to-hit). */
  facesObstacle: [boolean, boolean];
  /** Mixed radix of the wounds lost per pool, for a number naming them all (null: too many to fit, or a challenge's overkill to carry too). */
  radix: number[] | null;
  /** Each pool's number by its engine key (state.ts memberKey). */
  poolIndex: Map<string, number>;
  /** P(an attack becomes an unsaved wound) for each pair of pools, the first round or a later one, an obstacle lifted or not (strikes.ts chanceOf; NaN: not yet worked out). */
  chances: Float64Array;
  /** Binomial rows of those chances, by pair and count of dice. */
  rows: Map<number, number[]>;
  /** Memory of what repeats across positions of the combat (see `remember`). */
  memo: Map<string, Map<string, unknown>>;
}

const contexts = new WeakMap<Setup, Context>();

/** The combat's context, built once per setup. */
export function contextOf(setup: Setup): Context {
  let ctx = contexts.get(setup);
  if (!ctx) contexts.set(setup, (ctx = build(setup)));
  return ctx;
}

function build(setup: Setup): Context {
  const pools: PoolInfo[] = [];
  const units: UnitInfo[] = [];
  const sideUnits: [number[], number[]] = [[], []];
  const challenge = setup.challenge;
  for (const role of roles) {
    const side = sideOf(role);
    setup[role].units.forEach((unit, index) => {
      const u = units.length;
      sideUnits[side].push(u);
      const members = membersOf(setup, role, index).map((ref) => {
        const profile = ref.character === null ? unit.profile : unit.characters[ref.character]!.profile;
        const models = ref.character === null ? unit.models : 1;
        pools.push({
          ref,
          key: memberKey(ref),
          side,
          unit: u,
          profile,
          w: profile.wounds,
          total: models * profile.wounds,
          us: unitStrengthPerModel(profile.troopType, profile.wounds),
          attacksPerModel: profile.attacks + weaponAttacks(profile),
          inChallenge:
            challenge !== null &&
            ref.character !== null &&
            challenge[role].unit === index &&
            challenge[role].character === ref.character,
          character: ref.character !== null,
        });
        return pools.length - 1;
      });
      units.push({
        side,
        index,
        key: unitKey(role, index),
        unit,
        troops: unit.models > 0 ? members[0]! : -1,
        characters: unit.models > 0 ? members.slice(1) : members,
        members,
        engaged: [],
        candidates: [],
        inContact: unit.inContact,
        extraRank: fightsInExtraRank(unit.profile) ? (unit.inContact ?? unit.rankWidth) : 0,
        moveDice: moveDice(
          unit.models > 0 ? unit.profile.movement : Math.max(...unit.characters.map((c) => c.profile.movement)),
        ),
      });
    });
  }
  for (const u of units) {
    const enemy = (1 - u.side) as Side;
    const role = roleOf(u.side);
    u.engaged = engagedWith(setup, role, u.index).map((j) => sideUnits[enemy][j]!);
    const own = sideUnits[enemy][u.unit.target]!;
    u.candidates = [own, ...u.engaged.filter((j) => j !== own)];
  }
  const challengerOf = (side: Side) => pools.findIndex((p) => p.side === side && p.inChallenge);
  return {
    setup,
    pools,
    units,
    sideUnits,
    challenger: [challengerOf(0), challengerOf(1)],
    facesObstacle: [
      setup.defender.units.some((u) => u.defendedObstacle),
      setup.attacker.units.some((u) => u.defendedObstacle),
    ],
    radix: radixOf(pools, challenge !== null),
    poolIndex: new Map(pools.map((p, i) => [p.key, i])),
    chances: new Float64Array(4 * pools.length * pools.length).fill(NaN),
    rows: new Map(),
    memo: new Map(),
  };
}

/** Place values of each pool's wounds lost in one number, while the number stays exact. */
function radixOf(pools: readonly PoolInfo[], challenge: boolean): number[] | null {
  if (challenge) return null;
  const radix: number[] = [];
  let place = 1;
  for (const p of pools) {
    radix.push(place);
    place *= p.total + 1;
    if (place > 2 ** 52) return null;
  }
  return radix;
}

/** `make()`'s value for `key` in the memory named `kind`, worked out once per combat (bounded: it starts afresh when full). */
export function remember<T>(ctx: Context, kind: string, key: string, make: () => T): T {
  let byKey = ctx.memo.get(kind) as Map<string, T> | undefined;
  if (!byKey) ctx.memo.set(kind, (byKey = new Map()));
  const seen = byKey.get(key);
  if (seen !== undefined) return seen;
  const value = make();
  if (byKey.size >= 200_000) byKey.clear();
  byKey.set(key, value);
  return value;
}

/** Wounds a pool has left. */
export const left = (ctx: Context, lost: ArrayLike<number>, pool: number) =>
  Math.max(0, ctx.pools[pool]!.total - lost[pool]!);

/** Models standing in a pool (a model with any wound left stands). */
export const standing = (ctx: Context, lost: ArrayLike<number>, pool: number) =>
  Math.ceil(left(ctx, lost, pool) / ctx.pools[pool]!.w);

/** Whether any model of a unit stands (state.ts unitAlive). */
export const alive = (ctx: Context, lost: ArrayLike<number>, unit: number) =>
  ctx.units[unit]!.members.some((m) => left(ctx, lost, m) > 0);

/** A unit's Unit Strength from the models still standing (RULES §3). */
export function unitStrength(ctx: Context, lost: ArrayLike<number>, unit: number): number {
  let us = 0;
  for (const m of ctx.units[unit]!.members) us += standing(ctx, lost, m) * ctx.pools[m]!.us;
  return us;
}

/** A side's Unit Strength still fighting (result.ts sideUnitStrength). */
export function sideStrength(ctx: Context, lost: ArrayLike<number>, status: ArrayLike<number>, side: Side): number {
  let us = 0;
  for (const u of ctx.sideUnits[side]) if (status[u] === FIGHTING) us += unitStrength(ctx, lost, u);
  return us;
}
