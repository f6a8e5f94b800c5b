import { saveFaces } from './abilities';
import { policyTarget, precisionCandidates } from './allocation';
import { fixedAttackDamage } from './damageRoll';
import { feelNoPainFor, inflictDamage } from './damage';
import { aliveIndices, groupOf, MAX_DICE, plural, setModel, weaponOf, type Resolving, type State } from './state';

/**
 * Fast dice rolling (seed 001, "Hints and Tips — Fast Dice Rolling"), used to its limit:
 *
 * 1. The saving throws of a weapon profile are rolled together whenever every model that can be
 *    allocated an attack needs the same saving throw against it (the same armour and invulnerable
 *    faces) and no Precision choice is open: which model takes an attack cannot change whether its
 *    save passes. The seed then lets the defender allocate the failed saves one at a time.
 * 2. Their damage is applied to the whole batch at once when the order of allocation cannot change
 *    the result either: the Damage is fixed and every alive model is the same for damage (Wounds,
 *    Feel No Pain, Deadly Demise, CHARACTER). Feel No Pain then takes one roll for the batch: D dice
 *    per failed save, in order. Otherwise — random Damage (the seed's D3 example: it must be rolled
 *    one attack at a time) or models that differ — each failed save is allocated and takes its
 *    damage one at a time, one step taking that attack's Damage dice and its Feel No Pain dice.
 * 3. Devastating Wounds mortal wounds of fixed Damage and the other mortal wounds are batched the
 *    same way (2.) against a unit whose models are the same for damage.
 * In every batch the dice are taken in the order rolled, each failed save (or mortal wound) going
 * to the must-take model, else the lowest index (the situation.ts policy): exactly what resolving
 * them one at a time with the same dice would do, so the exact analysis is unchanged by batching.
 */

function allSame(state: State, key: (model: number) => string): boolean {
  return new Set(aliveIndices(state).map(key)).size <= 1;
}

/** The same rules profile for damage from this source: Wounds, Feel No Pain, Deadly Demise, CHARACTER. */
function damageProfile(state: State, source: Resolving['source']) {
  return (i: number) => {
    const g = groupOf(state, i);
    return JSON.stringify([g.wounds, feelNoPainFor(g, source), g.deadlyDemise, g.character]);
  };
}

/** 1: the saves of the weapon in progress can be rolled together. */
export function savesBatchable(state: State): boolean {
  const run = state.run;
  if (!run || run.savesToMake > MAX_DICE) return false;
  const w = weaponOf(state, run.weapon);
  if (w.abilities.precision && precisionCandidates(state).length > 0) return false;
  return allSame(state, (i) => {
    const f = saveFaces(state.setup, groupOf(state, i), w);
    return `${f.armour}/${f.invulnerable}`;
  });
}

/** 2: the failed saves of the batch take their damage all at once. */
export function wholeBatchDamage(state: State): boolean {
  const run = state.run!;
  const damage = fixedAttackDamage(state.setup, weaponOf(state, run.weapon));
  if (damage === null || !allSame(state, damageProfile(state, 'attack'))) return false;
  const first = aliveIndices(state)[0];
  const fnp = first === undefined ? null : feelNoPainFor(groupOf(state, first), 'attack');
  return fnp === null || run.savesToMake * damage <= MAX_DICE;
}

/** Why the saves are (or are not) rolled together, and why the damage is applied at once or one attack at a time, in words. */
export function batchWords(state: State): string {
  const run = state.run!;
  if (run.damageMode === 'whole')
    return 'every model needs the same save and has the same profile, and the Damage is fixed: the order of allocation makes no difference, so all saves are rolled at once and their damage applied together';
  const fixed = fixedAttackDamage(state.setup, weaponOf(state, run.weapon)) !== null;
  return `every model needs the same save, so all saves are rolled at once; ${fixed ? 'the models differ, so' : 'the Damage is random, so'} each failed save is then allocated and takes its damage one attack at a time`;
}

/** The save faces of the batch: every alive model has the same (savesBatchable). */
export function batchFaces(state: State) {
  const run = state.run!;
  const w = weaponOf(state, run.weapon);
  const first = aliveIndices(state)[0]!;
  const g = groupOf(state, first);
  const f = saveFaces(state.setup, g, w);
  return { ...f, group: g };
}

/** The face the batch needs with the save chosen for it. */
export function batchSaveFace(state: State): number {
  const f = batchFaces(state);
  return state.run!.batchSave === 'invulnerable' ? f.invulnerable : f.armour;
}

/**
 * The dice of a saving throw roll that the target's save re-roll takes again (WH40K10-MODIFIERS.md):
 * 'ones' — an unmodified 1; 'failed' — any failed save. None when the save cannot be passed.
 */
export function saveRerollIndices(policy: 'none' | 'ones' | 'failed', dice: readonly number[], face: number): number[] {
  if (policy === 'none' || face >= 7) return [];
  return dice.flatMap((d, i) => ((policy === 'ones' ? d === 1 : d < face) ? [i] : []));
}

/**
 * Resolves a whole batch in die order, as one at a time would: each save goes to the policy's
 * model, a failed one inflicts the fixed damage with its D Feel No Pain dice in order.
 */
export function resolveBatch(
  state: State,
  saveDice: readonly number[],
  saveFace: number,
  fnpDice: readonly number[],
): { state: State; failed: number; lost: number; destroyed: number } {
  const damage = fixedAttackDamage(state.setup, weaponOf(state, state.run!.weapon)) ?? 0;
  let s = state;
  let failed = 0;
  let lost = 0;
  let destroyed = 0;
  let fnpIndex = 0;
  for (const die of saveDice) {
    const target = policyTarget(s);
    if (target === null) break; // the unit is destroyed: the remaining attacks are lost
    s = setModel(s, target, { allocated: true });
    if (die >= saveFace) continue; // seed 001: the saving throw is successful
    failed += 1;
    const r = inflictDamage(
      s,
      target,
      damage,
      feelNoPainFor(groupOf(s, target), 'attack'),
      fnpDice.slice(fnpIndex, fnpIndex + damage),
    );
    fnpIndex += damage;
    s = r.state;
    lost += r.lost;
    if (r.destroyed) destroyed += 1;
  }
  return { state: s, failed, lost, destroyed };
}

/**
 * The batch's save dice are final (after any re-roll; or, when no save is possible, every save
 * fails without a roll): with whole damage and Feel No Pain, keep them until the Feel No Pain dice
 * are in; with whole damage and no Feel No Pain, resolve now; otherwise the failed saves wait to be
 * allocated one at a time.
 */
export function afterBatchSaves(state: State, dice: readonly number[]): { state: State; result: string } {
  const run = state.run!;
  const f = batchFaces(state);
  const face = batchSaveFace(state);
  const failed = dice.filter((d) => d < face).length;
  const base = { ...run, savesToMake: 0, saveRerollsPending: 0, batchFirst: null, damageToApply: 0 };
  const of = `${plural(failed, 'failed save')} of ${dice.length}`;
  if (run.damageMode === 'each') {
    const s = { ...state, run: { ...base, damageToApply: failed } };
    return { state: s, result: failed > 0 ? `${of}: each is allocated and takes its damage one at a time` : of };
  }
  if (
    feelNoPainFor(f.group, 'attack') !== null &&
    failed > 0 &&
    (fixedAttackDamage(state.setup, weaponOf(state, run.weapon)) ?? 0) > 0
  ) {
    return { state: { ...state, run: { ...base, batchFaces: [...dice], damageToApply: failed } }, result: of };
  }
  const r = resolveBatch({ ...state, run: base }, dice, face, []);
  return {
    state: r.state,
    result: `${of}: ${plural(r.lost, 'wound')} lost, ${plural(r.destroyed, 'model')} destroyed`,
  };
}

/** The first of `devastatingPending` (or the other mortal wounds) as a batch of identical events, when 3. allows it. */
export interface EventBatch {
  source: 'devastating' | 'mortal';
  weapon: number | null;
  events: number;
  /** The damage of each event (1 for a mortal wound). */
  damage: number;
  /** The Feel No Pain against it (every alive model has the same), or null. */
  fnp: number | null;
}

export function eventBatch(state: State): EventBatch | null {
  const dev = state.devastatingPending[0];
  const source = dev ? 'devastating' : 'mortal';
  const events = dev ? dev.count : state.mortalWoundsPending;
  const first = aliveIndices(state)[0];
  if (events <= 0 || first === undefined || !allSame(state, damageProfile(state, source))) return null;
  let damage = 1;
  if (dev) {
    const w = weaponOf(state, dev.weapon);
    const fixed = fixedAttackDamage(state.setup, w);
    if (fixed === null || (w.abilities.precision && precisionCandidates(state).length > 0)) return null;
    damage = fixed;
  }
  const fnp = feelNoPainFor(groupOf(state, first), source);
  if (fnp !== null && events * damage > MAX_DICE) return null;
  return { source, weapon: dev ? dev.weapon : null, events, damage, fnp };
}

/** Applies a batch of events in order (each to the policy's model, D Feel No Pain dice each), and takes them off what is pending. */
export function applyEventBatch(
  state: State,
  batch: EventBatch,
  fnpDice: readonly number[],
): { state: State; lost: number; destroyed: number } {
  let s = state;
  let lost = 0;
  let destroyed = 0;
  for (let k = 0; k < batch.events; k++) {
    const target = policyTarget(s);
    if (target === null) break; // the unit is destroyed: the rest is lost
    const r = inflictDamage(
      s,
      target,
      batch.damage,
      batch.fnp,
      fnpDice.slice(k * batch.damage, (k + 1) * batch.damage),
    );
    s = r.state;
    lost += r.lost;
    if (r.destroyed) destroyed += 1;
  }
  s =
    batch.source === 'devastating'
      ? { ...s, devastatingPending: s.devastatingPending.slice(1) }
      : { ...s, mortalWoundsPending: 0 };
  return { state: s, lost, destroyed };
}
