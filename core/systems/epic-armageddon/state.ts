import type { Role } from '../../combat/steps';
import type { LogLine } from '../../combat/view';
import type { Kept } from './plans';
import type { Engagement, Setup, Support, Unit } from './setup';

/**
 * The state of an Epic Armageddon assault: plain JSON-safe data, never mutated. Every unit of a
 * formation is kept on its own (an entry of 4 Tactical Marines is 4 units, each hit, saved and
 * destroyed apart), in the setup's order: nearest first.
 */

export type { Role };
export const roles = ['attacker', 'defender'] as const;
export const otherRole = (r: Role): Role => (r === 'attacker' ? 'defender' : 'attacker');

/** Why a unit was destroyed, for the final lines. */
export type Fate = 'A4 First Strike' | 'A4' | 'A5' | 'extra hits' | 'withdrawal' | 'formation destroyed';

export interface UnitState {
  /** Its entry in setup[role].units. */
  entry: number;
  /** 1-based number within the entry ("Boyz #3"). */
  n: number;
  engaged: Engagement;
  /** 1 standing, 0 destroyed; a war engine's damage capacity left. */
  left: number;
  /** How it was destroyed (round and step), null while it stands. */
  fate: { round: number; by: Fate } | null;
  /** Hits it has taken in this assault (A4, A5 and extra hits, every round), for the picture of the formations. */
  hits: number;
  /** Of those, the hits it saved (extra hits allow no save). */
  saved: number;
}

export type WaveKind = 'firstStrike' | 'main' | 'support';

/** Where a group's dice come from, one line each: "Tactical Marines ×4 (CC 4+, base contact)". */
export interface DiceSource {
  label: string;
  dice: number;
  /** The rule that gives the dice: "Close Combat (CC)", "Firefight (FF)", "Extra Attacks", "Supporting fire". */
  rule: string;
  /** For the step's title: "CC 4+ of Tactical Marines ×4", "Chainswords of Assault Marines ×2". */
  short: string;
}

/** One batch of attack dice: one side's dice needing the same score, Macro-weapon dice apart (seed 003: batches). */
export interface RollGroup {
  by: Role;
  value: number;
  macro: boolean;
  dice: number;
  sources: DiceSource[];
  /** Part k of n when a batch is more dice than one step takes. */
  part?: { k: number; of: number };
}

export type SaveStage = 'first' | 'reroll' | 'invuln' | 'saved' | 'unsaved';

/** One hit allocated to a unit, and how far its saves have gone. */
export interface Hit {
  unit: number;
  macro: boolean;
  stage: SaveStage;
}

export interface HitCount {
  macro: number;
  normal: number;
}

/** The hits ON one side in a wave: landed, then allocated, then saved. */
export interface OnSide {
  hits: HitCount;
  /** Per unit [Macro-weapon, normal] hits allocated so far; null until every die of the wave is rolled. */
  given: Array<[number, number]> | null;
  /** The save dice, once every hit is allocated. */
  saves: Hit[] | null;
  /** The side chose to name the unit for each hit of this wave ("hit by hit…"). */
  byHand?: boolean;
}

export interface Wave {
  kind: WaveKind;
  /** Batches still to roll, in order. */
  groups: RollGroup[];
  on: Record<Role, OnSide>;
}

/** One side's A6 total, each modifier with its reason (result.ts). */
export interface SideTotal {
  dice: number[];
  highest: number;
  modifiers: Array<{ label: string; value: number; why: string }>;
  total: number;
}

/** How a round of the assault ended. */
export interface RoundResult {
  round: number;
  winner: Role | 'draw';
  at: 'A4' | 'A5' | 'A6';
  /** Kills each side made in the assault so far (A4 + A5, every round). */
  kills: Record<Role, number>;
  totals: Record<Role, SideTotal> | null;
  /** Extra hits each side takes for losing at A6 (0 for the winner, a draw, or an assault decided earlier). */
  extraHits: Record<Role, number>;
  /** min(extra hits, the loser's non-Fearless units and DC left) as A6 left them. */
  extraLosses: Record<Role, number>;
  /** Why the round ended as it did, in words. */
  reason: string;
}

export type Phase =
  /** A3 of a round after a draw: has any engagement changed after counter-charges? Then unit by unit. */
  | { at: 'a3'; changed: boolean; cursor: number }
  | { at: 'wave'; wave: Wave }
  /** The end of A4: the immediate outcome. */
  | { at: 'a4' }
  /** After supporting fire, when a formation has no units left. */
  | { at: 'a5' }
  | { at: 'a6'; rolls: Partial<Record<Role, number[]>> }
  | { at: 'result' }
  /** Extra hits on the loser: per unit, hits allocated so far. */
  | { at: 'extra'; role: Role; given: number[] }
  /** A7: the loser's units that ended their withdrawal within 15cm of the enemy. */
  | { at: 'withdraw'; role: Role }
  | { at: 'end' };

/** The units, kills, Broken and Blast markers when the round's A4 began: the round's odds start there. */
export interface RoundStart {
  units: Record<Role, UnitState[]>;
  kills: Record<Role, number>;
  broken: Record<Role, boolean>;
  blastMarkers: Record<Role, number>;
  /** The allocations kept as the round began (a plan chosen later in the round is not the round's start). */
  allocation?: State['allocation'];
}

export interface State {
  setup: Setup;
  round: number;
  units: Record<Role, UnitState[]>;
  /** Kills each side has made in the assault (A4 + A5 of every round): units destroyed plus war-engine damage. */
  kills: Record<Role, number>;
  roundStart: RoundStart | null;
  phase: Phase;
  /** The current round's end, once known; kept until the next round begins. */
  result: RoundResult | null;
  /** Results of earlier rounds (draws). */
  previous: RoundResult[];
  /** Broken after A7, or from the start. */
  broken: Record<Role, boolean>;
  blastMarkers: Record<Role, number>;
  /** Lines kept for the final outcome. */
  notes: string[];
  /**
   * How each side allocates its hits once it has chosen (plans.ts): a whole allocation kept for the
   * rest of the assault ("as before"), or "hand" to be asked in each wave (none yet: asked once).
   */
  allocation?: Partial<Record<Role, Kept>>;
  /** Inputs applied so far: makes every step id unique and deterministic. */
  counter: number;
  log: LogLine[];
}

export const entryOf = (setup: Setup, role: Role, u: UnitState): Unit => {
  const e = setup[role].units[u.entry];
  if (!e) throw new Error(`no entry ${role} ${u.entry}`);
  return e;
};

export const isWarEngine = (unit: Unit) => unit.type === 'war-engine';

/** "Boyz #3" for an entry of several units, "Boyz" for one. */
export const unitName = (setup: Setup, role: Role, u: UnitState): string => {
  const e = entryOf(setup, role, u);
  return e.count > 1 ? `${e.name} #${u.n}` : e.name;
};

export const alive = (u: UnitState) => u.left > 0;
export const engagedAlive = (u: UnitState) => u.left > 0 && u.engaged !== 'none';

/** Units left as the result counts them (SCENARIOS §1): a war engine counts its damage capacity left. */
export const unitsLeft = (units: readonly UnitState[]) => units.reduce((n, u) => n + u.left, 0);

/** The formation's units at the start: a war engine counts its full damage capacity. */
export function startingUnits(setup: Setup, role: Role): UnitState[] {
  const out: UnitState[] = [];
  setup[role].units.forEach((e, entry) => {
    for (let n = 1; n <= e.count; n++)
      out.push({
        entry,
        n,
        engaged: e.engaged,
        left: isWarEngine(e) ? e.damageCapacity : 1,
        fate: null,
        hits: 0,
        saved: 0,
      });
  });
  return out;
}

/** RULES §4 A5: units of a Broken formation, or of one that marched, give no supporting fire (they stay listed, left out). */
export const canSupport = (s: Support) => !s.broken && !s.marched;

/** The supporting units that fire in A5. */
export const supportOf = (setup: Setup, role: Role): readonly Support[] => setup[role].support.filter(canSupport);

/** Why a listed supporting unit gives no supporting fire, or null when it does. */
export const notSupportingWhy = (s: Support): string | null =>
  s.broken ? 'its formation is Broken' : s.marched ? 'its formation marched' : null;

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "2 hits" / "1 Macro-weapon hit". */
export const hitsText = (h: HitCount) => {
  const parts = [
    h.macro > 0 ? plural(h.macro, 'Macro-weapon hit') : '',
    h.normal > 0 ? plural(h.normal, h.macro > 0 ? 'other hit' : 'hit') : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' and ') : 'no hits';
};

/**
 * What the allocation and the dice read of a side's units, as a string: each unit's entry,
 * engagement, number (its name) and what is left of it (its hits taken, saved and fate are only shown). The key of
 * the per-combat memos (core/combat/memo.ts); a side's units are one array shared by every state
 * until a casualty changes them, so its key is worked out once per array.
 */
export const unitsKey = (units: readonly UnitState[]): string => {
  let key = unitKeys.get(units);
  if (key === undefined)
    unitKeys.set(units, (key = units.map((u) => `${u.entry}.${u.n}${u.engaged[0]}${u.left}`).join(' ')));
  return key;
};
const unitKeys = new WeakMap<readonly UnitState[], string>();
