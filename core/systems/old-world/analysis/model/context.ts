import type { Profile, Setup, Unit } from '../../setup';
import { engagedWith, memberKey, membersOf, roles, unitKey, type MemberRef, type Role } from '../../state';
import { moveDice, unitStrengthPerModel } from '../../tables';
import { fightsInExtraRank, weaponAttacks } from '../../weapons';

/**
 * What the compact round model (model/*.ts) knows of a combat once for all its positions: every
 * pool of wounds (a unit's rank-and-file, each character) and every unit as small numbered records,
 * so that a position is a few numbers — the wounds lost by every pool in one mixed-radix number,
 * every unit's status in one base-6 number (codes.ts) — and the rules read them by index. Built
 * once per setup (a WeakMap: it goes with the combat).
 */

/** A unit's status as a number (state.ts UnitStatus, in this order). */
export const FIGHTING = 0;
export const DESTROYED = 1;
export const FLED = 2;
export const CAUGHT = 3;
export const PURSUING = 4;
export const OVERRAN = 5;
export const statusNames = ['fighting', 'destroyed', 'fled', 'caught', 'pursuing', 'overran'] as const;
export const STATUSES = statusNames.length;

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
  /** Its number among the combat's characters (-1: rank-and-file), for the bits of the characters slain. */
  characterBit: number;
}

export interface UnitInfo {
  side: Side;
  /** Its number among its side's units (the engine's unit index). */
  index: number;
  key: string;
  unit: Unit;
  /** Its rank-and-file pool (-1: a unit of characters alone). */
  troops: number;
  /** Its rank-and-file pool where they carry a standard or the battle standard (RULES §3: +1 while any stand), else -1. */
  standardBearers: number;
  characters: number[];
  /** Rank-and-file first, then characters (state.ts membersOf). */
  members: number[];
  /** Enemy units in contact with it (state.ts engagedWith), as numbers in `Context.units`. */
  engaged: number[];
  /** Whom its models strike: the unit it fights, then the other enemy units in contact (strikes.ts targetOf). */
  candidates: number[];
  /** Rank-and-file models in contact (null: the front rank), and with spears the rank behind. */
  inContact: number | null;
  extraRank: number;
  /** Flee, pursuit and overrun dice (2 or 3 D6 by Movement). */
  moveDice: number;
  /** Causes fear or terror; and whether it may fear an enemy that does (morale.ts). */
  frightening: boolean;
  fearful: boolean;
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
  /**
   * The wounds lost by every pool and each side's overkill in a challenge as one number: the place
   * value of each (pools first, then the two sides' overkill) and how many values each takes.
   */
  radix: number[];
  base: number[];
  /** How many numbers the pools' wounds alone take (the overkill's place starts here). */
  lostSpace: number;
  /** Whether the whole number stays exact (else the combat is too large to count: position.ts). */
  fits: boolean;
  /** 6^u: the place of unit u's status in a status code, and how many codes there are. */
  statusPlace: number[];
  codeSpace: number;
  /** Whether a next round's position (wounds, statuses, last winner, rounds won) fits one exact number. */
  nextKeyFits: boolean;
  characters: number;
  /** Each pool's number by its engine key (state.ts memberKey). */
  poolIndex: Map<string, number>;
  /** P(an attack becomes an unsaved wound) for each pair of pools, the first round or a later one, an obstacle lifted or not (strikes.ts chanceOf; NaN: not yet worked out). */
  chances: Float64Array;
  /** Binomial rows of those chances, by pair and count of dice. */
  rows: Map<number, number[]>;
  /** Each pool's Unit Strength standing by its wounds lost (RULES §3: a model with any wound left stands), read by every way a round ends. */
  usByLost: Float64Array[];
  /** Scratch arrays for one node at a time: wounds lost per pool, and per unit whether it stands and its Unit Strength. */
  lost: number[];
  alive: Uint8Array;
  us: Float64Array;
  /** What the rules read of each set of statuses (codes.ts), by its code. */
  codes: Map<number, unknown>;
  /** Where each flight leads (pursuit.ts flightPlan), by statuses, winner and the units broken. */
  flights: Map<number, ReadonlyArray<{ code: number; p: number }>>;
  /** P(a break test fails) by Leadership and modifier (morale.ts; NaN: not yet worked out). */
  breaks: Float64Array;
  /** Every round's start met (position.ts Start), by its key without the round, and by its number (Start.index). */
  starts: Map<number | string, unknown>;
  startList: unknown[];
  /** Bumped each time the starts are forgotten (position.ts): a start of an older generation is looked up again. */
  generation: number;
  /** Every end of the combat met (end.ts), by its number, and the numbers by key. */
  endList: unknown[];
  endIndex: Map<number | string, number>;
  /** Scratch of one transition at a time (end.ts Found): chances by start number and by end number. */
  found: unknown;
  /** What the rules read of each set of statuses by code, where the codes are few enough for an array (codes.ts). */
  codeInfos: unknown[] | null;
  /** Whether a close of a round (end.ts closeRound: wounds lost, winner, rounds won) fits one exact number. */
  closeKeyFits: boolean;
  /** The tables the strikes are worked out in (strikes.ts), made once. */
  strikeTables: unknown;
  /** Memory of what repeats across positions of the combat (see `remember`). */
  memo: Map<string, Map<unknown, unknown>>;
  /** Where rounds' strikes end, and where the rounds close from there (ending.ts). */
  closesMemo: unknown;
}

/** Leadership a break test reads (1 to 10, a little room over) and the differences it tables. */
export const BREAK_LD = 16;
export const BREAK_MODIFIERS = 64;

const contexts = new WeakMap<Setup, Context>();

/** The combat's context, built once per setup. */
export function contextOf(setup: Setup): Context {
  let ctx = contexts.get(setup);
  if (!ctx) contexts.set(setup, (ctx = build(setup)));
  return ctx;
}

function poolsOf(setup: Setup, role: Role, index: number, u: number, characterBits: { n: number }): PoolInfo[] {
  const unit = setup[role].units[index]!;
  const challenge = setup.challenge;
  return membersOf(setup, role, index).map((ref) => {
    const profile = ref.character === null ? unit.profile : unit.characters[ref.character]!.profile;
    const models = ref.character === null ? unit.models : 1;
    return {
      ref,
      key: memberKey(ref),
      side: sideOf(role),
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
      characterBit: ref.character === null ? -1 : characterBits.n++,
    };
  });
}

function unitInfo(setup: Setup, role: Role, index: number, members: number[]): UnitInfo {
  const unit = setup[role].units[index]!;
  const movement =
    unit.models > 0 ? unit.profile.movement : Math.max(...unit.characters.map((c) => c.profile.movement));
  return {
    side: sideOf(role),
    index,
    key: unitKey(role, index),
    unit,
    troops: unit.models > 0 ? members[0]! : -1,
    standardBearers: unit.models > 0 && (unit.standard || unit.battleStandard) ? members[0]! : -1,
    characters: unit.models > 0 ? members.slice(1) : members,
    members,
    engaged: [],
    candidates: [],
    inContact: unit.inContact,
    extraRank: fightsInExtraRank(unit.profile) ? (unit.inContact ?? unit.rankWidth) : 0,
    moveDice: moveDice(movement),
    frightening: unit.causesFear || unit.causesTerror,
    fearful: !(unit.immuneToPsychology || unit.causesFear || unit.causesTerror || unit.unbreakable),
  };
}

function build(setup: Setup): Context {
  const pools: PoolInfo[] = [];
  const units: UnitInfo[] = [];
  const sideUnits: [number[], number[]] = [[], []];
  const characterBits = { n: 0 };
  for (const role of roles) {
    setup[role].units.forEach((_, index) => {
      const u = units.length;
      sideUnits[sideOf(role)].push(u);
      const first = pools.length;
      pools.push(...poolsOf(setup, role, index, u, characterBits));
      const members = pools.slice(first).map((_, i) => first + i);
      units.push(unitInfo(setup, role, index, members));
    });
  }
  for (const u of units) {
    const enemy = (1 - u.side) as Side;
    u.engaged = engagedWith(setup, roleOf(u.side), u.index).map((j) => sideUnits[enemy][j]!);
    const own = sideUnits[enemy][u.unit.target]!;
    u.candidates = [own, ...u.engaged.filter((j) => j !== own)];
  }
  const challenger: [number, number] = [
    pools.findIndex((p) => p.side === 0 && p.inChallenge),
    pools.findIndex((p) => p.side === 1 && p.inChallenge),
  ];
  // A challenger strikes once a round: his overkill is at most his attacks.
  const overkillBase = challenger.map((c) => (c < 0 ? 1 : pools[c]!.attacksPerModel + 1));
  const base = [...pools.map((p) => p.total + 1), ...overkillBase];
  const radix: number[] = [];
  let place = 1;
  for (const b of base) {
    radix.push(place);
    place *= b;
  }
  const lostSpace = radix[pools.length]!;
  const codeSpace = STATUSES ** units.length;
  return {
    setup,
    pools,
    units,
    sideUnits,
    challenger,
    facesObstacle: [
      setup.defender.units.some((u) => u.defendedObstacle),
      setup.attacker.units.some((u) => u.defendedObstacle),
    ],
    radix,
    base,
    lostSpace,
    fits: place <= 2 ** 52,
    statusPlace: units.map((_, u) => STATUSES ** u),
    codeSpace,
    nextKeyFits: lostSpace * codeSpace * 12 <= 2 ** 52,
    characters: characterBits.n,
    poolIndex: new Map(pools.map((p, i) => [p.key, i])),
    chances: new Float64Array(4 * pools.length * pools.length).fill(NaN),
    rows: new Map(),
    usByLost: pools.map((p) =>
      Float64Array.from({ length: p.total + 1 }, (_, lost) => Math.ceil((p.total - lost) / p.w) * p.us),
    ),
    lost: new Array<number>(pools.length).fill(0),
    alive: new Uint8Array(units.length),
    us: new Float64Array(units.length),
    codes: new Map(),
    flights: new Map(),
    breaks: new Float64Array(BREAK_LD * BREAK_MODIFIERS).fill(NaN),
    starts: new Map(),
    startList: [],
    generation: 0,
    endList: [],
    endIndex: new Map(),
    found: null,
    codeInfos: codeSpace <= 1 << 20 ? [] : null,
    strikeTables: null,
    closeKeyFits: lostSpace * 3 * 8 <= 2 ** 52,
    memo: new Map(),
    closesMemo: null,
  };
}

/** `make()`'s value for `key` in the memory named `kind`, worked out once per combat (bounded: it starts afresh when full). */
export function remember<K, T>(ctx: Context, kind: string, key: K, make: () => T): T {
  let byKey = ctx.memo.get(kind) as Map<K, T> | undefined;
  if (!byKey) ctx.memo.set(kind, (byKey = new Map()));
  const seen = byKey.get(key);
  if (seen !== undefined) return seen;
  const value = make();
  if (byKey.size >= 200_000) byKey.clear();
  byKey.set(key, value);
  return value;
}

/** The wounds lost by every pool, and each side's overkill, as one number (Context.radix). */
export function idOf(ctx: Context, lost: readonly number[], overkill: readonly [number, number] = [0, 0]): number {
  let id = 0;
  for (let i = 0; i < lost.length; i++) id += lost[i]! * ctx.radix[i]!;
  const n = ctx.pools.length;
  return id + overkill[0] * ctx.radix[n]! + overkill[1] * ctx.radix[n + 1]!;
}

/** The wounds lost by every pool of a number, into `into` (the scratch array unless given). */
export function decode(ctx: Context, id: number, into: number[] = ctx.lost): number[] {
  // Each digit is a pool's wounds: a small whole number (`| 0`), kept unboxed in the array.
  for (let i = 0; i < into.length; i++) into[i] = (Math.floor(id / ctx.radix[i]!) % ctx.base[i]!) | 0;
  return into;
}

/** A side's overkill in a number. */
export const overkillOf = (ctx: Context, id: number, side: Side): number => {
  const d = ctx.pools.length + side;
  // A side's overkill is a few wounds: a small whole number (`| 0`), kept unboxed.
  return (Math.floor(id / ctx.radix[d]!) % ctx.base[d]!) | 0;
};

/** Wounds a pool has left. */
export const left = (ctx: Context, lost: ArrayLike<number>, pool: number) =>
  Math.max(0, ctx.pools[pool]!.total - lost[pool]!);

/** Models standing in a pool (a model with any wound left stands). */
export const standing = (ctx: Context, lost: ArrayLike<number>, pool: number) =>
  Math.ceil(left(ctx, lost, pool) / ctx.pools[pool]!.w);

/** Whether any model of a unit stands (state.ts unitAlive). */
export function alive(ctx: Context, lost: ArrayLike<number>, unit: number): boolean {
  for (const m of ctx.units[unit]!.members) if (left(ctx, lost, m) > 0) return true;
  return false;
}

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
