import type { Role } from '../../combat/steps';
import type { LogLine } from '../../combat/view';
import type { ModelGroup, Setup } from './setup';

/**
 * The state of a 7th edition close combat: plain JSON-safe data, never mutated. Every model's
 * wounds left are kept (models of a group are identical but for their wounds), so the view can
 * follow each model and the defender can point at one.
 */

export type { Role };
export const roles = ['attacker', 'defender'] as const;
export const otherRole = (r: Role): Role => (r === 'attacker' ? 'defender' : 'attacker');

/** Wounds left of every model: `[group][model]`. */
export type UnitWounds = number[][];

/** What kind of wounds a pool holds (seed 000 "The Wound Pool"; RULES §2 Destroyer). */
export type PoolKind = 'normal' | 'seriously' | 'deathblow';

/** A wound pool of the side that caused it, waiting to be allocated to the enemy unit. */
export interface Pool {
  /** "S4/AP–", "deathblow", "seriously": wounds with the same Strength, AP and rules share one pool. */
  key: string;
  kind: PoolKind;
  /** Normal pools: the Strength and AP of their wounds. */
  strength: number | null;
  ap: number | null;
  /** Wounds in it not yet allocated. */
  wounds: number;
}

/** A roll of the strikes of one group: to hit, then to wound (or the Destroyer roll). */
export interface StrikeRoll {
  role: Role;
  group: number;
  stage: 'hit' | 'wound';
  dice: number;
}

/** What has become of one wound of a run: saved, not saved (Feel No Pain may still follow), or shrugged off by Feel No Pain. */
export type Fate = 'saved' | 'unsaved' | 'shrugged';

/**
 * Wounds of a pool that certainly land on one model or one group of identical models, whatever
 * the dice (seed 000 "Fast Dice"): their saves (and Feel No Pain) are rolled together, then they
 * are applied one by one, in die order, to the model taking them.
 */
export interface Run {
  /** The model group the run starts on. */
  group: number;
  /** Every model group its wounds may land on (they share one save and one Feel No Pain), in allocation order. */
  groups: number[];
  /** The run is the wounds the locked model takes (not a whole group). */
  lockOnly: boolean;
  count: number;
  /** What became of each wound, in order; null until the saves are rolled. */
  fates: Fate[] | null;
  /** 'save': the saves are to roll; 'fnp': Feel No Pain for the unsaved ones; 'apply': wounds going onto models. */
  stage: 'save' | 'fnp' | 'apply';
  /** Wounds of the run already applied. */
  applied: number;
  /** Wounds the run removed and models it slew (for its log line). */
  lost: number;
  slain: number;
  /** The model groups the run slew models of, in the order they fell (absent: none yet). */
  slainIn?: number[];
  /** Wounds of the run that came after the unit's last model fell, lost (absent: none). */
  lostWithUnit?: number;
}

/** The allocation of one pool in progress (seed 000 "Allocate Wounds & Remove Casualties"). */
export interface Allocation {
  /** The side that caused the wounds; they go onto the other unit. */
  by: Role;
  pool: string;
  /** The defender chose to allocate the rest of this pool as suggested. */
  auto: boolean;
  /** The model with a wound of this pool allocated and still standing: it takes the next (seed 000). */
  lock: { group: number; model: number } | null;
  run: Run | null;
}

export interface RoundResult {
  /** Wounds each side caused this round, as they count (RULES §2, SCENARIOS §2). */
  caused: Record<Role, number>;
  wiped: Record<Role, boolean>;
  winner: Role | null;
  /** The winner's wounds minus the loser's (0 in a draw). */
  difference: number;
}

export type Phase = 'strikes' | 'result' | 'morale' | 'sweep' | 'roundEnd' | 'over';

/** Where each unit stands at the end. */
export type UnitFate = 'fighting' | 'wipedOut' | 'fellBack' | 'swept' | 'heldByATSKNF';

export interface State {
  setup: Setup;
  round: number;
  wounds: Record<Role, UnitWounds>;
  /** Wounds at the start of this round: wounds caused this round count from here, and the round's odds start here. */
  roundStart: Record<Role, UnitWounds>;
  phase: Phase;
  /** The Initiative step being fought (10 → 1). */
  initiative: number;
  /** The groups striking at this step, fixed when it begins (models slain during the step still strike). */
  strikers: Record<Role, number[]>;
  /** The enemy's majority WS and T at the start of this step, as each side's attacks see them. */
  targets: Record<Role, { weaponSkill: number; toughness: number }>;
  /** Rolls still to make at this step, in order. */
  rolls: StrikeRoll[];
  /** Wound pools formed this step, by the side that caused them. */
  pools: Record<Role, Pool[]>;
  allocation: Allocation | null;
  result: RoundResult | null;
  /** The loser failed its Morale test this round. */
  broken: Role | null;
  /** The winner's Sweeping Advance roll, once rolled. */
  sweepRoll: number | null;
  fate: Record<Role, UnitFate>;
  /** Lines kept for the final outcome. */
  notes: string[];
  /** The players chose to fight on at the end of a round: the next rounds follow at once, as that one. */
  fightOn: boolean;
  /** The combat ended because neither unit can harm the other: a draw, whatever the last round. */
  stalemate: boolean;
  /** Inputs applied so far: makes every step id unique and deterministic. */
  counter: number;
  log: LogLine[];
}

export const groupsOf = (setup: Setup, role: Role): ModelGroup[] => setup[role].models;
export const groupOf = (setup: Setup, role: Role, group: number): ModelGroup => {
  const g = setup[role].models[group];
  if (!g) throw new Error(`no model group ${role} ${group}`);
  return g;
};

export const aliveIn = (models: readonly number[]) => models.reduce((n, w) => n + (w > 0 ? 1 : 0), 0);
export const unitAlive = (wounds: UnitWounds) => wounds.some((g) => g.some((w) => w > 0));
export const totalWounds = (wounds: UnitWounds) => wounds.reduce((n, g) => n + g.reduce((m, w) => m + w, 0), 0);
export const modelsAlive = (wounds: UnitWounds) => wounds.reduce((n, g) => n + aliveIn(g), 0);

/** RULES §2: +1 Attack on the charge (the first round only), +1 for two close combat weapons. */
export function attacksPerModel(setup: Setup, role: Role, group: number, round: number): number {
  const g = groupOf(setup, role, group);
  return g.attacks + (setup[role].charged && round === 1 ? 1 : 0) + (g.twoWeapons ? 1 : 0);
}

/** RULES §2: a model strikes at its Initiative, at 1 with an Unwieldy weapon. */
export const strikesAt = (g: ModelGroup) => (g.weapon.unwieldy ? 1 : g.initiative);

/**
 * SCENARIOS §2: the target unit's WS (or T) is the value of the majority of its surviving models;
 * a tie goes to the highest.
 */
export function majority(setup: Setup, role: Role, wounds: UnitWounds, stat: 'weaponSkill' | 'toughness'): number {
  const counts = new Map<number, number>();
  wounds.forEach((models, g) => {
    const n = aliveIn(models);
    if (n > 0) counts.set(groupOf(setup, role, g)[stat], (counts.get(groupOf(setup, role, g)[stat]) ?? 0) + n);
  });
  let best = 0;
  let bestCount = -1;
  for (const [value, n] of counts)
    if (n > bestCount || (n === bestCount && value > best)) [best, bestCount] = [value, n];
  return best;
}

/** RULES §2 Morale: the highest Leadership among the surviving models. */
export function leadershipOf(setup: Setup, role: Role, wounds: UnitWounds): number {
  let ld = 0;
  wounds.forEach((models, g) => {
    if (aliveIn(models) > 0) ld = Math.max(ld, groupOf(setup, role, g).leadership);
  });
  return ld;
}

/** SCENARIOS §2 Sweeping Advance: the lowest Initiative characteristic among the surviving models (Unwieldy ignored). */
export function sweepInitiativeOf(setup: Setup, role: Role, wounds: UnitWounds): number {
  let i = Infinity;
  wounds.forEach((models, g) => {
    if (aliveIn(models) > 0) i = Math.min(i, groupOf(setup, role, g).initiative);
  });
  return i === Infinity ? 0 : i;
}

/** The full wounds of every model of a side, as the combat starts. */
export const freshWounds = (setup: Setup, role: Role): UnitWounds =>
  setup[role].models.map((g) => Array<number>(g.count).fill(g.wounds));

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "9 × Space Marine", or "Sergeant" for one: group names are singular, so counts read as multiples. */
export const times = (n: number, name: string) => (n === 1 ? name : `${n} × ${name}`);

/** "Space Marines'", "Ork Boyz's". */
export const possessive = (name: string) => (name.endsWith('s') ? `${name}'` : `${name}'s`);

/** "Space Marine 3", or just "Sergeant" for a group of one. */
export const modelName = (setup: Setup, role: Role, group: number, model: number) => {
  const g = groupOf(setup, role, group);
  return g.count === 1 ? g.name : `${g.name} ${model + 1}`;
};

/**
 * The wounds left on both units as a string: the key of the per-combat memos (core/combat/memo.ts).
 * The record is one object shared by every state until a casualty changes it, so its string is
 * worked out once per record.
 */
export const woundsKey = (wounds: Record<Role, UnitWounds>): string => {
  let key = woundKeys.get(wounds);
  if (key === undefined) woundKeys.set(wounds, (key = JSON.stringify(wounds)));
  return key;
};
const woundKeys = new WeakMap<Record<Role, UnitWounds>, string>();
