import { perOwner } from '../../combat/memo';
import type { Role } from '../../combat/steps';
import type { LogLine } from '../../combat/view';
import { rankAndFileAttacks, type Character, type Profile, type Setup, type Unit } from './setup';

/**
 * The state of a Ninth Age melee: plain JSON-safe data, never mutated. Health points are kept per
 * health pool (seed 004, Health Pools): each unit's rank and file share one pool, each character
 * has his own. Whole models are removed from the rear as their HP run out.
 */

export type { Role };
export const roles = ['attacker', 'defender'] as const;
export const otherRole = (r: Role): Role => (r === 'attacker' ? 'defender' : 'attacker');

/** A health pool, which is also an attacking part: a unit's rank and file ('rf') or one of its characters (his index). */
export interface PoolRef {
  role: Role;
  who: 'rf' | number;
}

export const poolKey = (p: PoolRef) => `${p.role}.${p.who === 'rf' ? 'rf' : `c${p.who}`}`;
export const rankAndFileOf = (role: Role): PoolRef => ({ role, who: 'rf' });
export const samePool = (a: PoolRef, b: PoolRef) => a.role === b.role && a.who === b.who;

export type Stage = 'hit' | 'wound' | 'armour' | 'special';

/** An attacking part of the current Agility step: its attacks, counted at the step's start, and where they go. */
export interface StepPart {
  part: PoolRef;
  attacks: number;
  /** Attacks per enemy pool: index 0 the rank and file, j + 1 character j. Null until allocated. */
  allocation: number[] | null;
}

/** What is still to be answered, oldest first. Phases push their tasks when they begin (flow.ts). */
export type Task =
  /** An Agility step: its attacking parts are counted when it begins. */
  | { kind: 'agility'; agility: number }
  /**
   * One part's allocation, asked target by target (seed 004: every attack of the step is allocated
   * before any hit is rolled). Pools by allocation index (allocation.ts): `answered` the shares
   * given so far, `ask` the enemy pools still to ask about, `rest` the pool that takes the attacks
   * left over.
   */
  | {
      kind: 'allocate';
      part: PoolRef;
      attacks: number;
      answered: Array<{ target: number; attacks: number }>;
      ask: number[];
      rest: number;
    }
  /**
   * One side's allocations at an Agility step, in one question: whole allocations of every part of
   * that side striking there (its 'allocate' tasks follow, for "Part by part…").
   */
  | { kind: 'side'; role: Role }
  /** Every allocation of the step is made: the whole step's attacks are rolled through in one step. */
  | { kind: 'rolls'; agility: number }
  | { kind: 'stepEnd'; agility: number }
  | { kind: 'score' }
  | { kind: 'break'; role: Role }
  | { kind: 'pursueChoice'; role: Role }
  /** The broken unit flees, and its pursuers (when they pursue) roll at the same moment. */
  | { kind: 'flee'; role: Role }
  | { kind: 'roundEnd' };

/** A unit's fate: still fighting, or out of the combat and why. */
export type UnitStatus = 'fighting' | 'destroyed' | 'fled' | 'caught' | 'pursuing';

export type Phase = 'strikes' | 'after' | 'over';

/** One Combat Score component: its value and the arithmetic behind it. */
export interface ScoreLine {
  label: string;
  value: number;
  detail: string;
}
export interface SideScore {
  lines: ScoreLine[];
  total: number;
}
export interface RoundScore {
  attacker: SideScore;
  defender: SideScore;
  /** Null: equal scores, both win (RULES §5). */
  winner: Role | null;
  difference: number;
}

export interface State {
  setup: Setup;
  round: number;
  /** HP lost per pool (poolKey) since the combat began. */
  lost: Record<string, number>;
  /** `lost` when this round began: the Combat Score counts this round's losses, and the odds start here. */
  roundStart: Record<string, number>;
  phase: Phase;
  /** The current Agility step and its attacking parts (empty between steps). */
  agility: number | null;
  parts: StepPart[];
  /** `lost` when the current Agility step began (its casualties are logged when it ends). */
  stepStart: Record<string, number>;
  /** The Combat Score once the round's attacks are over. */
  score: RoundScore | null;
  /** This round's break test, flee and pursuit, as they happen. */
  broke: Role | null;
  pursues: boolean | null;
  flee: number | null;
  pursuit: number | null;
  status: Record<Role, UnitStatus>;
  /**
   * The attacks each part sends at each enemy character (by poolKey; one number per enemy
   * character, the rest at the rank and file), as last round: the allocation kept for this round
   * (a part not listed keeps its setup's `attacksAtCharacters`). Fixed for the whole round.
   */
  kept: Record<string, number[]>;
  /** The allocations answered this round (by poolKey, as `kept`): kept for the next round. */
  chosen: Record<string, number[]>;
  /** This round asks every allocation again (the players chose to allocate anew), the kept one suggested. */
  anew: boolean;
  queue: Task[];
  notes: string[];
  /** Inputs applied so far: makes every step id unique and deterministic. */
  counter: number;
  log: LogLine[];
}

export const unitOf = (setup: Setup, role: Role): Unit => setup[role].unit;

export const characterOf = (setup: Setup, p: PoolRef): Character => {
  const c = p.who === 'rf' ? undefined : unitOf(setup, p.role).characters[p.who];
  if (!c) throw new Error(`no character ${poolKey(p)}`);
  return c;
};

export const profileOf = (setup: Setup, p: PoolRef): Profile =>
  p.who === 'rf' ? unitOf(setup, p.role).profile : characterOf(setup, p).profile;

/** "the Knights" for the rank and file, "Baron" for a character. */
export const poolName = (setup: Setup, p: PoolRef): string =>
  p.who === 'rf' ? unitOf(setup, p.role).name : characterOf(setup, p).name;

/** Every pool of a unit: the rank and file (when it has any), then its characters in order (read-only: shared by every state of the combat). */
export const poolsOf = (setup: Setup, role: Role): readonly PoolRef[] => poolsOfSides(setup)[role];
const poolsOfSides = perOwner((setup: Setup): Record<Role, readonly PoolRef[]> => ({
  attacker: unitPools(setup, 'attacker'),
  defender: unitPools(setup, 'defender'),
}));

function unitPools(setup: Setup, role: Role): PoolRef[] {
  const unit = unitOf(setup, role);
  return [...(unit.models > 0 ? [rankAndFileOf(role)] : []), ...unit.characters.map((_, who) => ({ role, who }))];
}

/** The whole combat's pools in a fixed order (the analysis indexes them so); worked out once per setup, as every step reads them. */
export const allPools = perOwner((setup: Setup): readonly PoolRef[] => roles.flatMap((role) => poolsOf(setup, role)));

/** Models a pool starts with (a character is one model). */
export const poolModels = (setup: Setup, p: PoolRef) => (p.who === 'rf' ? unitOf(setup, p.role).models : 1);

/** HP a pool starts with. */
export const poolHp = (setup: Setup, p: PoolRef) => poolModels(setup, p) * profileOf(setup, p).healthPoints;

export const hpLeft = (setup: Setup, lost: Record<string, number>, p: PoolRef) =>
  Math.max(0, poolHp(setup, p) - (lost[poolKey(p)] ?? 0));

/** Models standing in a pool: a model with any HP left stands; the wounded one is the rearmost (seed 004). */
export const modelsLeftIn = (hpLeftInPool: number, healthPoints: number) => Math.ceil(hpLeftInPool / healthPoints);

export const modelsLeft = (setup: Setup, lost: Record<string, number>, p: PoolRef) =>
  modelsLeftIn(hpLeft(setup, lost, p), profileOf(setup, p).healthPoints);

export const alive = (setup: Setup, lost: Record<string, number>, p: PoolRef) => hpLeft(setup, lost, p) > 0;

/**
 * What the Combat Score, the rank bonus and the break test read of a unit: what is left of it and
 * what it lost this round. The engine builds it from its record of losses; the analysis from its own.
 */
export interface Standing {
  rankAndFile: number;
  /** Standing characters, by index. */
  characters: readonly boolean[];
  /** HP the unit lost this round, every pool together. */
  hpLost: number;
}

export function standingOf(
  setup: Setup,
  role: Role,
  lost: Record<string, number>,
  roundStart: Record<string, number>,
): Standing {
  const unit = unitOf(setup, role);
  const rf = rankAndFileOf(role);
  const pools = poolsOf(setup, role);
  return {
    rankAndFile: unit.models > 0 ? modelsLeft(setup, lost, rf) : 0,
    characters: unit.characters.map((_, who) => alive(setup, lost, { role, who })),
    hpLost: pools.reduce(
      (sum, p) =>
        sum +
        Math.min(poolHp(setup, p), lost[poolKey(p)] ?? 0) -
        Math.min(poolHp(setup, p), roundStart[poolKey(p)] ?? 0),
      0,
    ),
  };
}

export const modelsStanding = (s: Standing) => s.rankAndFile + s.characters.filter(Boolean).length;

export const wipedOut = (s: Standing) => modelsStanding(s) === 0;

/** Chargers get +1 Agility in the round of the charge (RULES §5). */
export const chargeBonusApplies = (setup: Setup, role: Role, round: number) =>
  round === 1 && unitOf(setup, role).charged;

/** A part's Agility this round: its own, +1 in the round its unit charged (RULES §5). */
export const agilityOf = (setup: Setup, round: number, p: PoolRef) =>
  profileOf(setup, p).agility + (chargeBonusApplies(setup, p.role, round) ? 1 : 0);

/** A part's attacks with the losses so far (SCENARIOS §3, "Who attacks"): a character's Attack Value; the rank and file's fighting and supporting models. */
export function attacksOf(setup: Setup, lost: Record<string, number>, p: PoolRef): number {
  if (!alive(setup, lost, p)) return 0;
  if (p.who !== 'rf') return profileOf(setup, p).attacks;
  return rankAndFileAttacks(unitOf(setup, p.role), modelsLeft(setup, lost, p));
}

/** The verb after a pool's name: the rank and file are many ("the Knights attack"), a character one ("Baron attacks"). */
export const verb = (p: PoolRef, base: string) => (p.who === 'rf' ? base : `${base}s`);

/** "the Knights’", "Baron’s". */
export const possessive = (name: string) => (name.endsWith('s') ? `${name}’` : `${name}’s`);

export const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
