import type { Plan } from '../../plans';
import type { Engagement, Setup, Unit } from '../../setup';
import { freshUnsavedChance } from '../../saves';
import { entryOf, isWarEngine, roles, unitsLeft, type Role, type State, type UnitState } from '../../state';
import type { Dist } from './dist';
import type { Charged, Shared } from './work';

/**
 * What the round model holds fixed while an assault goes on, and how it numbers what changes.
 *
 * Between rounds an assault carries only its units: which of them stand and what damage each war
 * engine has left (RULES §4: casualties are kept after a draw). Everything else a round reads is
 * fixed while the assault goes on — how each unit is engaged (A3 after a draw: the suggested answer
 * is "as before"), the allocation a side keeps (issue 22), Broken and Blast markers (they change
 * only once the assault is over, at A7 and A8) — and so are the kills, given the units: each unit
 * or point of damage lost in A4 and A5 is a kill for the enemy, so a side's kills plus the enemy's
 * units left stay the same until the assault ends. That fixed part is a context, shared by every
 * position of the assault; the changing part is one number per side, its code.
 *
 * A side's code numbers each of its units' state in mixed radix, in the formation's list order:
 * 0 or 1 for a unit (destroyed or standing), 0…DC for a war engine (its damage capacity left).
 * Every unit is kept apart, not only counted: the odds name each unit ("Boyz #2") and which of
 * alike units stand decides who takes the next hits (nearest first) and who is named destroyed.
 */

export interface UnitDesc {
  entry: number;
  n: number;
  engaged: Engagement;
  unit: Unit;
  warEngine: boolean;
  /** The unit's digit runs 0…radix − 1: its units left (a war engine's DC left). */
  radix: number;
  stride: number;
  /** P(a fresh normal / Macro-weapon hit on it is not saved): RULES §4 Saves, the engine's own (saves.ts). */
  unsavedNormal: number;
  unsavedMacro: number;
}

export interface SideContext {
  role: Role;
  units: UnitDesc[];
  /** Codes run 0…size − 1. */
  size: number;
  /** The whole allocation the side keeps for the assault (plans.ts), where it differs from nearest first. */
  plan: Plan | null;
  /** Remembered per code (contexts are shared by every position of an assault). */
  memo: SideMemo;
}

/** What the positions of a side share, remembered (work.ts `shared`). */
export interface SideMemo {
  units: Map<number, UnitState[]>;
  left: Map<number, number>;
  /** Per code, per Macro-weapon and other hits (macro × HITS_RADIX + normal): the side after taking them. */
  hit: Map<number, Map<number, Shared<Dist>>>;
  /** Per code, per enemy dice (pool id): the side after taking the hits they make. */
  shot: Map<number, Map<number, Shared<Dist>>>;
  /** Per wave kind and code: the pool id of the dice the side rolls. */
  dice: Map<string, Shared<number>>;
  /** Per code and extra hits: the code once the assault is lost. */
  lost: Map<number, Map<number, Shared<number>>>;
}

export interface Context {
  /** Short and unique among the contexts of one setup: it starts every position's key. */
  id: string;
  setup: Setup;
  sides: Record<Role, SideContext>;
  broken: Record<Role, boolean>;
  blastMarkers: Record<Role, number>;
  /** A side's kills plus the enemy's units left (see above). */
  killsAndEnemyLeft: Record<Role, number>;
  /** Memos of the whole context: A6's modifier difference per pair of codes, ends by key, positions by round and pair. */
  modifiers: Map<number, Shared<number>>;
  ends: Map<number, Shared<unknown>>;
  positions: Map<number, Map<number, unknown>>;
  /** A round from its start, per pair of codes (the round is not read). */
  rounds: Map<number, Charged<unknown>>;
  /** Dice pools met so far: their hits by id, their id by key. */
  pools: Array<{ macro: number[]; normal: number[] }>;
  poolIds: Map<string, Shared<number>>;
}

/** Codes and pairs of codes must stay exact in a double (and an end's key doubles a pair). */
const MAX_PAIRS = 2 ** 51;

function sideContext(state: State, role: Role): SideContext {
  let stride = 1;
  const units = state.units[role].map((u): UnitDesc => {
    const unit = entryOf(state.setup, role, u);
    const warEngine = isWarEngine(unit);
    const radix = warEngine ? unit.damageCapacity + 1 : 2;
    const desc = {
      entry: u.entry,
      n: u.n,
      engaged: u.engaged,
      unit,
      warEngine,
      radix,
      stride,
      unsavedNormal: freshUnsavedChance(unit, role, false),
      unsavedMacro: freshUnsavedChance(unit, role, true),
    };
    stride *= radix;
    return desc;
  });
  const plan = keptPlan(state, role);
  const memo: SideMemo = {
    units: new Map(),
    left: new Map(),
    hit: new Map(),
    shot: new Map(),
    dice: new Map(),
    lost: new Map(),
  };
  return { role, units, size: stride, plan, memo };
}

/** The allocation a side keeps, where it is not nearest first: a side asked in each wave answers with the suggested allocation, nearest first (steps/wave.ts). */
function keptPlan(state: State, role: Role): Plan | null {
  const kept = state.allocation?.[role];
  return kept && kept.by !== 'hand' && kept.by !== 'nearest' ? kept : null;
}

/** What fixes a context: everything but the units' states (see above). */
function signature(state: State): string {
  return JSON.stringify({
    units: roles.map((r) => state.units[r].map((u) => [u.entry, u.n, u.engaged])),
    allocation: roles.map((r) => keptPlan(state, r)),
    broken: state.broken,
    blastMarkers: state.blastMarkers,
    kills: roles.map((r) => state.kills[r] + unitsLeft(state.units[r === 'attacker' ? 'defender' : 'attacker'])),
  });
}

const contexts = new WeakMap<Setup, Map<string, Context>>();

/** The context of a state's assault, shared by every state of it with the same fixed part; null when its codes would not fit a double. */
export function contextOf(state: State): Context | null {
  const sig = signature(state);
  let bySig = contexts.get(state.setup);
  if (!bySig) contexts.set(state.setup, (bySig = new Map()));
  const seen = bySig.get(sig);
  if (seen) return seen;
  const sides = { attacker: sideContext(state, 'attacker'), defender: sideContext(state, 'defender') };
  if (sides.attacker.size * sides.defender.size > MAX_PAIRS) return null;
  const ctx: Context = {
    id: `c${bySig.size}`,
    setup: state.setup,
    sides,
    broken: { ...state.broken },
    blastMarkers: { ...state.blastMarkers },
    killsAndEnemyLeft: {
      attacker: state.kills.attacker + unitsLeft(state.units.defender),
      defender: state.kills.defender + unitsLeft(state.units.attacker),
    },
    modifiers: new Map(),
    ends: new Map(),
    positions: new Map(),
    rounds: new Map(),
    pools: [],
    poolIds: new Map(),
  };
  bySig.set(sig, ctx);
  return ctx;
}

/** A side's code for its units as they stand. */
export const codeOf = (side: SideContext, units: readonly UnitState[]): number =>
  units.reduce((x, u, i) => x + u.left * side.units[i]!.stride, 0);

/** The digit of unit i in code x: its units left (a war engine's DC left). */
export const digit = (side: SideContext, x: number, i: number): number => {
  const d = side.units[i]!;
  return Math.floor(x / d.stride) % d.radix;
};

/** The side's units for a code, as the engine's state holds them (what only the log shows left out). */
export function unitsOf(side: SideContext, x: number): UnitState[] {
  let units = side.memo.units.get(x);
  if (!units) {
    units = side.units.map((d, i) => ({
      entry: d.entry,
      n: d.n,
      engaged: d.engaged,
      left: digit(side, x, i),
      fate: null,
      hits: 0,
      saved: 0,
    }));
    side.memo.units.set(x, units);
  }
  return units;
}

/** Units left as the result counts them (a war engine counts its DC left). */
export function leftOf(side: SideContext, x: number): number {
  let left = side.memo.left.get(x);
  if (left === undefined) side.memo.left.set(x, (left = unitsLeft(unitsOf(side, x))));
  return left;
}

/** A pair of codes as one number: the attacker's, then the defender's. */
export const pairOf = (ctx: Context, xa: number, xd: number) => xa * ctx.sides.defender.size + xd;
export const attackerOf = (ctx: Context, pair: number) => Math.floor(pair / ctx.sides.defender.size);
export const defenderOf = (ctx: Context, pair: number) => pair % ctx.sides.defender.size;
