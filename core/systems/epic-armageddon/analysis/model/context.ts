import { keptOrder, type Plan } from '../../plans';
import type { Engagement, Setup, Unit } from '../../setup';
import { freshUnsavedChance } from '../../saves';
import { entryOf, isWarEngine, roles, unitsLeft, type Role, type State, type UnitState } from '../../state';
import { packedMap } from './kernel';
import type { Kept, Shared } from './work';

/**
 * What the round model holds fixed while an assault goes on, and how it counts what changes.
 *
 * Between rounds an assault carries only its units: how many of each kind stand and what damage
 * each war engine has left (RULES §4: casualties are kept after a draw). Everything else a round
 * reads is fixed while the assault goes on — how each unit is engaged (A3 after a draw: the
 * suggested answer is "as before"), the allocation a side keeps (issue 22), Broken and Blast
 * markers (they change only once the assault is over, at A7 and A8) — and so are the kills, given
 * the units: each unit or point of damage lost in A4 and A5 is a kill for the enemy, so a side's
 * kills plus the enemy's units left stay the same until the assault ends. That fixed part is a
 * context, shared by every position of the assault; the changing part is one number per side.
 *
 * Units alike — one entry, one engagement — form a class: seed 003 allocates hits to the units
 * nearest first, so the hits a class takes go to its standing units in their order, and which of
 * them stand changes nothing the rules read, only how many. A side's code numbers each class's
 * count in mixed radix (0 or 1 for a lone unit, 0…DC for a war engine). Which of several alike
 * units is which — what the odds name ("Boyz #2") — is carried beside the code as chances
 * (labels.ts), never in it.
 */

export interface ClassDesc {
  entry: number;
  engaged: Engagement;
  unit: Unit;
  /** Its units (indices into the side's list), in list order: the order hits and extra hits reach them. */
  units: number[];
  warEngine: boolean;
  /** Two or more alike units: which of them is which is carried as chances (labels.ts). Its index among such classes, else −1. */
  labelled: number;
  /** The class's digit runs 0…radix − 1: its units standing (a war engine's DC left). */
  radix: number;
  stride: number;
  /** P(a fresh normal / Macro-weapon hit on one of its units is not saved): RULES §4 Saves, the engine's own (saves.ts). */
  unsavedNormal: number;
  unsavedMacro: number;
  /** A war engine's unsaved hits' distribution by the Macro-weapon and other hits on it (macro × 2^16 + normal), remembered. */
  unsaved: Map<number, number[]>;
}

export interface SideContext {
  role: Role;
  classes: ClassDesc[];
  /** The classes of two or more alike units, in the order of their `labelled` index. */
  labelled: ClassDesc[];
  /** Each unit of the side's list: its class and its place in it. */
  unitClass: Array<{ cls: number; place: number }>;
  /** The side's units as the context's state lists them (what only the log shows left out), for building states by code. */
  base: UnitState[];
  /** Codes run 0…size − 1. */
  size: number;
  /** The whole allocation the side keeps for the assault (plans.ts), where it differs from nearest first. */
  plan: Plan | null;
  memo: {
    units: Map<number, UnitState[]>;
    left: Map<number, number>;
    counts: Map<number, Int32Array>;
    /** Where a round's matrices sit (entries.ts Layout): by the code the round began at, then the code now. */
    layouts: Map<number, Map<number, unknown>>;
  };
  /**
   * The side's outcomes (side.ts), remembered for every run (work.ts `kept`): by code, then by hits
   * or by the enemy's dice; and where extra hits leave it, by extra hits, then by code.
   */
  kept: {
    hits: Map<number, Map<number, Kept<unknown>>>;
    shot: Map<number, Map<number, Kept<unknown>>>;
    lost: Map<number, Map<number, Kept<unknown>>>;
  };
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
  /** Pure values of the assault shared by every run (work.ts `shared`): each charged a fixed price per asking. */
  shared: {
    pools: Array<{ macro: number[]; normal: number[] }>;
    poolIds: Map<string, Shared<number>>;
    /** By (wave kind, side), then code. */
    dice: Map<number, Map<number, Shared<number>>>;
    /** Ends: each end's class by its exact key, the classes by what tells them apart, one exact key standing for each. */
    endClass: Map<number, Shared<number>>;
    endIds: Map<string, number>;
    endKeys: number[];
    ends: Map<number, Shared<unknown>>;
  };
  /** The assault result's outcomes by pair of codes (the dice all still to roll: result.ts), remembered for every run. */
  plans: Map<number, Kept<unknown>>;
}

/** Codes and pairs of codes must stay exact in a double (and an end's key doubles a pair). */
const MAX_PAIRS = 2 ** 51;

/** The classes of a side in the order its hits reach them (its kept plan's, else nearest first; seed 003). */
function classesOf(state: State, role: Role, plan: Plan | null): SideContext['classes'] {
  const units = state.units[role];
  const byKey = new Map<string, ClassDesc>();
  for (const i of keptOrder(state.setup, role, units, plan ?? undefined)) {
    const u = units[i]!;
    const key = `${u.entry}|${u.engaged}`;
    const seen = byKey.get(key);
    if (seen) {
      seen.units.push(i);
      continue;
    }
    const unit = entryOf(state.setup, role, u);
    byKey.set(key, {
      entry: u.entry,
      engaged: u.engaged,
      unit,
      units: [i],
      warEngine: isWarEngine(unit),
      labelled: -1,
      radix: 0,
      stride: 0,
      unsavedNormal: freshUnsavedChance(unit, role, false),
      unsavedMacro: freshUnsavedChance(unit, role, true),
      unsaved: new Map(),
    });
  }
  return [...byKey.values()];
}

function sideContext(state: State, role: Role): SideContext {
  const plan = keptPlan(state, role);
  const classes = classesOf(state, role, plan);
  const labelled: ClassDesc[] = [];
  const unitClass: SideContext['unitClass'] = [];
  let stride = 1;
  classes.forEach((c, cls) => {
    // Units of one entry stay in list order within the class (keptOrder sorts stably).
    c.units.sort((a, b) => a - b);
    c.units.forEach((u, place) => (unitClass[u] = { cls, place }));
    c.radix = (c.warEngine ? c.unit.damageCapacity : c.units.length) + 1;
    c.stride = stride;
    stride *= c.radix;
    if (!c.warEngine && c.units.length > 1) c.labelled = labelled.push(c) - 1;
  });
  const base = state.units[role].map((u) => ({ ...u, fate: null, hits: 0, saved: 0 }));
  return {
    role,
    classes,
    labelled,
    unitClass,
    base,
    size: stride,
    plan,
    memo: { units: new Map(), left: new Map(), counts: new Map(), layouts: new Map() },
    kept: { hits: new Map(), shot: new Map(), lost: new Map() },
  };
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
    shared: {
      pools: [],
      poolIds: new Map(),
      dice: new Map(),
      endClass: new Map(),
      endIds: new Map(),
      endKeys: [],
      ends: new Map(),
    },
    plans: new Map(),
  };
  bySig.set(sig, ctx);
  return ctx;
}

/** The count of class k in code x: its units standing (a war engine's DC left). */
export const countOf = (side: SideContext, x: number, k: number): number => {
  const c = side.classes[k]!;
  return Math.floor(x / c.stride) % c.radix;
};

/** A side's code for its units as they stand. */
export function codeOf(side: SideContext, units: readonly UnitState[]): number {
  let x = 0;
  units.forEach((u, i) => {
    const c = side.classes[side.unitClass[i]!.cls]!;
    x += (c.warEngine ? u.left : u.left > 0 ? 1 : 0) * c.stride;
  });
  return x;
}

/**
 * The side's units for a code, as the engine's state holds them: in each class the first units
 * standing (which of alike units stand changes nothing the rules read), so the unit at place r of
 * a class stands for the class's r-th standing unit — its rank.
 */
export function unitsOf(side: SideContext, x: number): UnitState[] {
  let units = side.memo.units.get(x);
  if (!units) {
    units = packedMap(side.base, (u, i) => {
      const { cls, place } = side.unitClass[i]!;
      const c = side.classes[cls]!;
      const count = countOf(side, x, cls);
      return { ...u, left: c.warEngine ? count : place < count ? 1 : 0 };
    });
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

/** Each labelled class's count in code x (remembered: asked for every entry of every stage). */
export function labelledCounts(side: SideContext, x: number): Int32Array {
  let counts = side.memo.counts.get(x);
  if (!counts) {
    counts = Int32Array.from(side.labelled, (c) => Math.floor(x / c.stride) % c.radix);
    side.memo.counts.set(x, counts);
  }
  return counts;
}

/**
 * Where each unit of a state stands in its class: its rank among the class's standing units, or
 * −1 when destroyed (for a state the players stand at, which of alike units is which is known).
 */
export function ranksOf(side: SideContext, units: readonly UnitState[]): number[] {
  const seen = side.classes.map(() => 0);
  const out = units.map(() => -1);
  side.classes.forEach((c, k) =>
    c.units.forEach((i) => {
      if (units[i]!.left > 0) out[i] = seen[k]!++;
    }),
  );
  return out;
}

/** A side as a number, for the keys of memos. */
export const roleIndex = (role: Role) => (role === 'attacker' ? 0 : 1);

/** A pair of codes as one number: the attacker's, then the defender's. */
export const pairOf = (ctx: Context, xa: number, xd: number) => xa * ctx.sides.defender.size + xd;
export const attackerOf = (ctx: Context, pair: number) => Math.floor(pair / ctx.sides.defender.size);
export const defenderOf = (ctx: Context, pair: number) => pair % ctx.sides.defender.size;
