import { fixedDamage, saveChoiceNeeded, saveFaces } from './abilities';
import { policyTarget } from './allocation';
import { inflictDamage } from './damage';
import { aliveIndices, groupOf, MAX_DICE, plural, setModel, updateRun, weaponOf, type State } from './state';

/**
 * Fast dice rolling for saves (seed 001, "Hints and Tips"): all saves of a weapon profile are
 * rolled in one step — and Feel No Pain in one more — exactly when the allocation order cannot
 * change the result:
 *   1. the damage is fixed (weapon D and any Melta X are numbers: random damage must be rolled one
 *      attack at a time, seed 001's D3 example), and
 *   2. every alive model of the target unit has the same rules profile against this weapon: the
 *      same armour save face, invulnerable save face, Wounds characteristic, Feel No Pain,
 *      Deadly Demise and CHARACTER status (so Precision and the character rule change nothing), and
 *   3. the dice fit in one roll step (saves, and saves × damage Feel No Pain dice, ≤ 200).
 * A model that is already wounded or allocated to does not break the condition: the batch is
 * resolved die by die in the order rolled, exactly as one at a time — each save goes to the
 * must-take model (else the lowest index, the situation.ts policy), and each failed save takes its
 * D Feel No Pain dice in order. So the result equals resolving the attacks one at a time with the
 * same dice.
 */
export function batchable(state: State): boolean {
  const run = state.run;
  if (!run) return false;
  const w = weaponOf(state, run.weapon);
  const damage = fixedDamage(state.setup, w);
  if (damage === null) return false;
  const alive = aliveIndices(state);
  const profile = (i: number) => {
    const g = groupOf(state, i);
    const f = saveFaces(state.setup, g, w);
    return JSON.stringify([f.armour, f.invulnerable, g.wounds, g.feelNoPain, g.deadlyDemise, g.character]);
  };
  if (new Set(alive.map(profile)).size > 1) return false;
  const first = alive[0];
  if (first === undefined) return false;
  const fnp = groupOf(state, first).feelNoPain !== null;
  return run.savesToMake <= MAX_DICE && (!fnp || run.savesToMake * damage <= MAX_DICE);
}

/** The save faces of the batch: every alive model has the same (batchable). */
export function batchFaces(state: State) {
  const run = state.run!;
  const w = weaponOf(state, run.weapon);
  const first = aliveIndices(state)[0]!;
  const g = groupOf(state, first);
  const f = saveFaces(state.setup, g, w);
  return { ...f, group: g, choice: saveChoiceNeeded(f) };
}

/**
 * Resolves a rolled batch in die order, as one at a time would: returns the state with damage
 * applied, and the number of failed saves.
 */
export function resolveBatch(state: State, saveDice: readonly number[], saveFace: number, fnpDice: readonly number[]): { state: State; failed: number; lost: number; destroyed: number } {
  const w = weaponOf(state, state.run!.weapon);
  const damage = fixedDamage(state.setup, w) ?? 0;
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
    const r = inflictDamage(s, target, damage, fnpDice.slice(fnpIndex, fnpIndex + damage));
    fnpIndex += damage;
    s = r.state;
    lost += r.lost;
    if (r.destroyed) destroyed += 1;
  }
  return { state: s, failed, lost, destroyed };
}

/** The face the batch needs with the save chosen for it. */
export function batchSaveFace(state: State): number {
  const f = batchFaces(state);
  return state.run!.batchSave === 'invulnerable' ? f.invulnerable : f.armour;
}

/**
 * The batch's save dice are in (or, when no save is possible, every save fails without a roll):
 * with Feel No Pain and failures, keep the dice until the Feel No Pain dice are in; otherwise
 * resolve now.
 */
export function afterBatchSaves(state: State, dice: readonly number[]): { state: State; result: string } {
  const f = batchFaces(state);
  const face = batchSaveFace(state);
  const failed = dice.filter((d) => d < face).length;
  if (f.group.feelNoPain !== null && failed > 0) {
    const s = updateRun(state, { batchFaces: [...dice], savesToMake: 0, damageToApply: failed });
    return { state: s, result: `${plural(failed, 'failed save')} of ${dice.length}` };
  }
  const r = resolveBatch(state, dice, face, []);
  const s = { ...r.state, run: { ...r.state.run!, savesToMake: 0 } };
  return { state: s, result: `${plural(failed, 'failed save')} of ${dice.length}: ${plural(r.lost, 'wound')} lost, ${plural(r.destroyed, 'model')} destroyed` };
}
