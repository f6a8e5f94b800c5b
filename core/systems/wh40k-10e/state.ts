import type { LogLine } from '../../combat/view';
import type { ModelGroup, Setup, Weapon } from './profiles';
import type { ModelState, WeaponProgress } from './situation';

/**
 * The state of a 10th edition combat: plain JSON-safe data, never mutated (every helper returns a
 * new object). The counts of the weapon in progress are exactly the Situation's WeaponProgress,
 * so what is still to be rolled is always visible to the exact analysis (situationOf.ts).
 */

/** The weapon profile in progress. */
export interface Run extends Omit<
  WeaponProgress,
  'rerollChoice' | 'rapidFireRollsPending' | 'saveRerollsPending' | 'chosenSave'
> {
  /** Models whose Rapid Fire X (dice) bonus attacks are still to be rolled. */
  rapidFireRollsPending: number;
  /** An 'all' re-roll waiting for the attacker's decision (see rerolls.ts). */
  rerollChoice: { stage: 'hit' | 'wound'; successes: number } | null;
  /** How the saves of this profile are made (decided when the saves begin, see batching.ts). */
  mode: 'batch' | 'single' | null;
  /**
   * Batch mode: how the failed saves take their damage — the whole batch at once (fixed damage,
   * identical models) or one failed save at a time (random damage, or models that differ).
   */
  damageMode: 'whole' | 'each' | null;
  /** Batch mode: the save chosen for the whole batch (null until chosen). */
  batchSave: 'armour' | 'invulnerable' | null;
  /** Batch mode, whole damage: the save dice (after any re-roll), kept until the Feel No Pain dice are in. */
  batchFaces: number[] | null;
  /** Batch mode: the first roll of the saves while some of its dice are to be re-rolled (the target's save re-roll). */
  batchFirst: number[] | null;
  /** Batch mode: save dice still to re-roll (each re-rolled once, never again). */
  saveRerollsPending: number;
}

/** One attack (or mortal wound) being resolved one at a time. */
export interface Resolving {
  source: 'attack' | 'devastating' | 'mortal';
  /** The weapon it comes from (null for ordinary mortal wounds). */
  weapon: number | null;
  /** The model it is allocated to (null until allocated). */
  target: number | null;
  /** The attacker let the defender allocate instead of using Precision. */
  precisionDeclined: boolean;
  save: 'armour' | 'invulnerable' | null;
  /** The first save die failed and the target re-rolls it: the save still to roll is the re-roll. */
  saveRerolling: boolean;
  /** The save was failed (or there is none: Devastating Wounds, mortal wounds): damage is due. */
  saveFailed: boolean;
  /** The weapon's Damage dice as first rolled, kept while some of them are to be re-rolled. */
  damageFaces: number[] | null;
  /** Melta X rolled with the Damage (0 without Melta), kept with `damageFaces`. */
  melta: number;
  /** The Damage of this attack after re-roll, Melta, halving and −1 Damage (null until known). */
  damage: number | null;
}

export interface State {
  setup: Setup;
  models: ModelState[];
  woundsLost: number;
  /** Indices of the destroyed models, in the order they fell. */
  destroyed: number[];
  run: Run | null;
  nextWeapons: number[];
  devastatingPending: Array<{ weapon: number; count: number }>;
  mortalWoundsPending: number;
  resolving: Resolving | null;
  /** Deadly Demise dice rolled so far (for the destroyed models that have it). */
  deadlyDemiseRolled: number;
  /** Hazardous dice rolled so far. */
  hazardousRolled: number;
  /** Weapons that have started attacking, in order: only those carry Hazardous tests (a weapon left unfired by a destroyed target does not). */
  startedWeapons: number[];
  /** Attacking models that failed a Hazardous test; `destroyed` is what their player said (null until asked). */
  hazardousFailed: Array<{ weapon: number; model: number; destroyed: boolean | null }>;
  /** Lines for the final outcome (Deadly Demise, Hazardous). */
  outcomeLines: string[];
  /** Inputs applied so far: makes every step id unique and deterministic. */
  counter: number;
  log: LogLine[];
}

export const MAX_DICE = 200; // the step protocol's limit on dice in one roll step

export function groupOf(state: State, model: number): ModelGroup {
  const m = state.models[model];
  const g = m && state.setup.defender.models[m.group];
  if (!g) throw new Error(`no model ${model}`);
  return g;
}

export function weaponOf(state: State, index: number): Weapon {
  const w = state.setup.attacker.weapons[index];
  if (!w) throw new Error(`no weapon ${index}`);
  return w;
}

export const isAlive = (m: ModelState) => m.woundsLeft > 0;

export function aliveIndices(state: State): number[] {
  return state.models.flatMap((m, i) => (isAlive(m) ? [i] : []));
}

/** A model group's name, or the unit's: an empty name from a form means "unnamed". */
export const groupName = (setup: Pick<State['setup'], 'defender'>, g: ModelGroup): string =>
  g.name || setup.defender.name;

/** "Intercessor 3" (the group's name, or the unit's, numbered when the group has several models). */
export function modelLabel(state: State, model: number): string {
  const m = state.models[model];
  const g = groupOf(state, model);
  const name = groupName(state.setup, g);
  if (g.count === 1 || !m) return name;
  const first = state.models.findIndex((x) => x.group === m.group);
  return `${name} ${model - first + 1}`;
}

export function updateRun(state: State, patch: Partial<Run>): State {
  if (!state.run) throw new Error('no weapon in progress');
  return { ...state, run: { ...state.run, ...patch } };
}

export function setModel(state: State, index: number, patch: Partial<ModelState>): State {
  return { ...state, models: state.models.map((m, i) => (i === index ? { ...m, ...patch } : m)) };
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "Hellblasters' model 2", "Boyz's model 1" reads wrong only for names ending in s: those take a bare apostrophe. */
export const possessive = (name: string) => (name.endsWith('s') ? `${name}'` : `${name}'s`);

/** An attacking model that failed a Hazardous test, as players name it: "Hellblasters' model 2". */
export const attackingModelLabel = (state: Pick<State, 'setup'>, model: number) =>
  `${possessive(state.setup.attacker.name)} model ${model + 1}`;
