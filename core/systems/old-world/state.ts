import type { Role } from '../../combat/steps';
import type { LogLine } from '../../combat/view';
import type { Character, Profile, Setup, Unit } from './setup';
import { unitStrengthPerModel } from './tables';

/**
 * The state of an "old world" close combat: plain JSON-safe data, never mutated. Wounds are kept
 * per pool: each unit's rank-and-file is one pool (casualties come from the rear rank and a
 * multi-wound model keeps its partial wounds, RULES §3), each character its own.
 */

export type { Role };
export const roles = ['attacker', 'defender'] as const;
export const otherRole = (r: Role): Role => (r === 'attacker' ? 'defender' : 'attacker');

/** One pool of wounds that fights: a unit's rank-and-file (character null) or one of its characters. */
export interface MemberRef {
  role: Role;
  unit: number;
  character: number | null;
}

export const unitKey = (role: Role, unit: number) => `${role}.${unit}`;
export const memberKey = (m: MemberRef) =>
  m.character === null ? unitKey(m.role, m.unit) : `${unitKey(m.role, m.unit)}.c${m.character}`;

/** Where a unit stands: still fighting, or out of the combat and why. */
export type UnitStatus = 'fighting' | 'destroyed' | 'fled' | 'caught' | 'pursuing' | 'overran';

/** The tests a blow's dice go through, in order. */
export const stages = ['hit', 'wound', 'armour', 'ward'] as const;
export type Stage = (typeof stages)[number];

/** One pool's attacks at one target, at the test its dice are at now. */
export interface Blow {
  by: MemberRef;
  target: MemberRef;
  stage: Stage;
  dice: number;
}

/** What is still to be answered, oldest first. Phases push their tasks when they begin (flow.ts). */
export type Task =
  | { kind: 'rolloff'; attackerRoll: number | null }
  /** A pool's attacks, waiting for the order to reach it (its target and attacks are fixed then). */
  | { kind: 'strike'; by: MemberRef }
  /**
   * Attacks rolled together (fast dice rolling): the blows of one side that strike one after the
   * other with no enemy blow between, whose targets are fixed when the first of them strikes.
   */
  | { kind: 'volley'; blows: Blow[] }
  | { kind: 'result' }
  | { kind: 'break'; role: Role; unit: number }
  | { kind: 'panicAsk'; role: Role; nearby: number }
  | { kind: 'panicTest'; role: Role; nearby: number }
  | { kind: 'pursueChoice'; role: Role; unit: number; fleeing: number }
  | { kind: 'restrainTest'; role: Role; unit: number; fleeing: number }
  | { kind: 'flee'; role: Role; unit: number }
  | { kind: 'overrunChoice'; role: Role; unit: number }
  | { kind: 'overrun'; role: Role; unit: number }
  | { kind: 'roundEnd' };

export type Phase = 'strikes' | 'result' | 'break' | 'panic' | 'flee' | 'overrun' | 'end' | 'over';

/** One side's combat result, each bonus with its reason (result.ts). */
export interface SideResult {
  wounds: number;
  bonuses: Array<{ label: string; value: number; why: string }>;
  total: number;
}

export interface RoundResult {
  attacker: SideResult;
  defender: SideResult;
  winner: Role | null;
  difference: number;
  /** Sides with no models left at the end of the round (RULES §3: they have lost, whatever the scores). */
  wipedOut: Role[];
}

export interface State {
  setup: Setup;
  round: number;
  previousWinner: Role | null;
  /** Wounds lost per pool (memberKey), including those lost before the combat. */
  lost: Record<string, number>;
  /** `lost` at the start of this round: ranks count from here (RULES §3), and the odds start here. */
  roundStart: Record<string, number>;
  /** Unit status per unitKey. */
  status: Record<string, UnitStatus>;
  /** Status at the start of this round. */
  statusAtStart: Record<string, UnitStatus>;
  /** Who had won before this round began, and which obstacles were lifted: the round's odds start here too. */
  roundBegin: { previousWinner: Role | null; hasWonRound: Record<Role, boolean> };
  /** Unsaved wounds each side caused this round, as they count for the result (none beyond a pool's wounds). */
  caused: Record<Role, number>;
  /** Wounds beyond what a challenged character had (RULES §3: overkill, +1 each). */
  overkill: Record<Role, number>;
  /** Who strikes first at equal Initiative this round, when a roll-off decided it. */
  rollOffWinner: Role | null;
  /** A side has won a round: defended obstacles no longer protect against it (seed 002). */
  hasWonRound: Record<Role, boolean>;
  result: RoundResult | null;
  /** Units that broke this round (unitKeys), in order. */
  broke: string[];
  /** Flee, pursuit and overrun rolls this round, by unitKey. */
  moves: Record<string, number>;
  /** Winning units pursuing this round: unitKey → the fleeing enemy unit's index. */
  chasing: Record<string, number>;
  phase: Phase;
  queue: Task[];
  /** Lines kept for the end of the round and the final outcome. */
  notes: string[];
  /** Inputs applied so far: makes every step id unique and deterministic. */
  counter: number;
  log: LogLine[];
}

/**
 * A state before a round begins (settle then starts it: phase 'end' with an empty queue moves on to
 * the round's strikes): wounds lost and statuses as they stand, the round's record of them begun
 * from here, nothing yet caused or rolled, no history. The first round (index.ts) and the round
 * model's reading of a position (analysis/model/records.ts) both start from it.
 */
export function beforeRound(
  setup: Setup,
  at: {
    round: number;
    previousWinner: Role | null;
    lost: Record<string, number>;
    status: Record<string, UnitStatus>;
    hasWonRound: Record<Role, boolean>;
  },
): State {
  const { round, previousWinner, lost, status, hasWonRound } = at;
  return {
    setup,
    round,
    previousWinner,
    lost,
    roundStart: lost,
    status,
    statusAtStart: status,
    roundBegin: { previousWinner, hasWonRound },
    caused: { attacker: 0, defender: 0 },
    overkill: { attacker: 0, defender: 0 },
    rollOffWinner: null,
    hasWonRound,
    result: null,
    broke: [],
    moves: {},
    chasing: {},
    phase: 'end',
    queue: [],
    notes: [],
    counter: 0,
    log: [],
  };
}

export const unitOf = (setup: Setup, role: Role, unit: number): Unit => {
  const u = setup[role].units[unit];
  if (!u) throw new Error(`no unit ${role} ${unit}`);
  return u;
};

export const characterOf = (setup: Setup, m: MemberRef): Character => {
  const c = m.character === null ? undefined : unitOf(setup, m.role, m.unit).characters[m.character];
  if (!c) throw new Error(`no character ${memberKey(m)}`);
  return c;
};

export const profileOf = (setup: Setup, m: MemberRef): Profile =>
  m.character === null ? unitOf(setup, m.role, m.unit).profile : characterOf(setup, m).profile;

export const memberName = (setup: Setup, m: MemberRef): string =>
  m.character === null ? unitOf(setup, m.role, m.unit).name : characterOf(setup, m).name;

/** A member's verb as its name reads: a unit is many ("Swordsmen attack"), a character one ("Captain Ernst attacks"). */
export const verbOf = (m: MemberRef, verb: string): string => (m.character === null ? verb : `${verb}s`);

/** Models a pool starts the combat with (a character is one model). */
export const poolModels = (setup: Setup, m: MemberRef) =>
  m.character === null ? unitOf(setup, m.role, m.unit).models : 1;

/** Total wounds of a pool. */
export const poolWounds = (setup: Setup, m: MemberRef) => poolModels(setup, m) * profileOf(setup, m).wounds;

/** Wounds a pool can still lose, given the wounds lost so far. */
export const woundsLeft = (setup: Setup, lost: Record<string, number>, m: MemberRef) =>
  Math.max(0, poolWounds(setup, m) - (lost[memberKey(m)] ?? 0));

/** Models still standing in a pool: a model with any wound left stands. */
export const modelsLeft = (setup: Setup, lost: Record<string, number>, m: MemberRef) =>
  Math.ceil(woundsLeft(setup, lost, m) / profileOf(setup, m).wounds);

export function membersOf(setup: Setup, role: Role, unit: number): MemberRef[] {
  const u = unitOf(setup, role, unit);
  return [
    ...(u.models > 0 ? [{ role, unit, character: null }] : []),
    ...u.characters.map((_, character) => ({ role, unit, character })),
  ];
}

export const troopsOf = (role: Role, unit: number): MemberRef => ({ role, unit, character: null });

/** A unit's Unit Strength from the models still standing (RULES §3). */
export function unitStrength(setup: Setup, lost: Record<string, number>, role: Role, unit: number): number {
  return membersOf(setup, role, unit).reduce((sum, m) => {
    const p = profileOf(setup, m);
    return sum + modelsLeft(setup, lost, m) * unitStrengthPerModel(p.troopType, p.wounds);
  }, 0);
}

export const unitAlive = (setup: Setup, lost: Record<string, number>, role: Role, unit: number) =>
  membersOf(setup, role, unit).some((m) => woundsLeft(setup, lost, m) > 0);

/** A unit tests on the best Leadership among its models still standing. */
export function leadershipOf(setup: Setup, lost: Record<string, number>, role: Role, unit: number): number {
  const standing = membersOf(setup, role, unit).filter((m) => woundsLeft(setup, lost, m) > 0);
  const pool = standing.length > 0 ? standing : membersOf(setup, role, unit);
  return Math.max(...pool.map((m) => profileOf(setup, m).leadership));
}

/** Movement for flee, pursuit and overrun: the rank-and-file's, or the best character's for a unit of characters. */
export function movementOf(setup: Setup, role: Role, unit: number): number {
  const u = unitOf(setup, role, unit);
  return u.models > 0 ? u.profile.movement : Math.max(...u.characters.map((c) => c.profile.movement));
}

export const fighting = (state: Pick<State, 'status'>, role: Role, unit: number) =>
  state.status[unitKey(role, unit)] === 'fighting';

export const unitIndices = (setup: Setup, role: Role) => setup[role].units.map((_, i) => i);

/** Enemy units a unit is in contact with: the one it fights, and any that fight it. */
export function engagedWith(setup: Setup, role: Role, unit: number): number[] {
  const other = otherRole(role);
  const mine = unitOf(setup, role, unit).target;
  return unitIndices(setup, other).filter((j) => j === mine || unitOf(setup, other, j).target === unit);
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
