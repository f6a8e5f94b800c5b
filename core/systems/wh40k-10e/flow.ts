import { parseDice } from '../../dice/expression';
import { bestSaveOf, blastBonus, saveChoiceNeeded, saveFaces } from './abilities';
import { allocationFor } from './allocation';
import { afterBatchSaves, applyEventBatch, batchFaces, batchSaveFace, eventBatch, savesBatchable, wholeBatchDamage } from './batching';
import { fixedAttackDamage } from './damageRoll';
import { inflictDamage, modelFeelNoPain } from './damage';
import { aliveIndices, groupOf, plural, setModel, updateRun, weaponOf, type Resolving, type Run, type State } from './state';

/**
 * Where a combat stands: the stage that needs the next input, or an automatic transition. The
 * order follows seed 001: per weapon profile (setup order) attacks → hits → re-rolls → Sustained
 * Hits → wounds → re-rolls → saves and damage; after all profiles, Devastating Wounds mortal
 * wounds, then other mortal wounds, then Deadly Demise and Hazardous, then the final outcome.
 */
export type Stage =
  | 'wiped'
  | 'startWeapon'
  | 'attacks'
  | 'rapidFire'
  | 'rerollChoice'
  | 'torrent'
  | 'hit'
  | 'hitReroll'
  | 'sustained'
  | 'wound'
  | 'woundReroll'
  | 'saveMode'
  | 'batchChoice'
  | 'batchSave'
  | 'batchSaveReroll'
  | 'batchFnp'
  | 'beginResolving'
  | 'eventBatch'
  | 'allocate'
  | 'saveKind'
  | 'save'
  | 'damage'
  | 'damageReroll'
  | 'fnp'
  | 'endWeapon'
  | 'deadlyDemise'
  | 'hazardous'
  | 'hazardousFate'
  | 'final';

export function stageOf(state: State): Stage {
  const somethingPending = state.run !== null || state.nextWeapons.length > 0 || state.devastatingPending.length > 0 || state.mortalWoundsPending > 0 || state.resolving !== null;
  if (somethingPending && aliveIndices(state).length === 0) return 'wiped';
  const res = state.resolving;
  if (res) {
    if (res.target === null) return 'allocate';
    if (res.source === 'attack' && res.save === null) return 'saveKind';
    if (res.source === 'attack' && !res.saveFailed) return 'save';
    if (res.damage === null) return res.damageFaces === null ? 'damage' : 'damageReroll';
    return 'fnp';
  }
  const run = state.run;
  if (run) {
    if (run.rerollChoice) return 'rerollChoice';
    if (run.attackRollsPending > 0) return 'attacks';
    if (run.rapidFireRollsPending > 0) return 'rapidFire';
    if (run.hitsToRoll > 0) return weaponOf(state, run.weapon).abilities.torrent ? 'torrent' : 'hit';
    if (run.hitRerollsPending > 0) return 'hitReroll';
    if (run.sustainedRollsPending > 0) return 'sustained';
    if (run.woundsToRoll > 0) return 'wound';
    if (run.woundRerollsPending > 0) return 'woundReroll';
    if (run.savesToMake > 0 || run.damageToApply > 0 || run.saveRerollsPending > 0) {
      if (run.mode === null) return 'saveMode';
      if (run.mode === 'single') return 'beginResolving';
      if (run.saveRerollsPending > 0) return 'batchSaveReroll';
      if (run.batchFaces !== null) return 'batchFnp';
      if (run.savesToMake > 0) return run.batchSave === null ? 'batchChoice' : 'batchSave';
      return 'beginResolving'; // the failed saves of the batch, one at a time
    }
    return 'endWeapon';
  }
  if (state.nextWeapons.length > 0) return 'startWeapon';
  if (state.devastatingPending.length > 0 || state.mortalWoundsPending > 0) return eventBatch(state) ? 'eventBatch' : 'beginResolving';
  if (state.deadlyDemiseRolled < deadlyDemiseModels(state).length) return 'deadlyDemise';
  if (state.hazardousRolled < hazardousModels(state).length) return 'hazardous';
  if (state.hazardousFailed.some((h) => h.destroyed === null)) return 'hazardousFate';
  return 'final';
}

/** Destroyed models with Deadly Demise, in the order they fell. */
export function deadlyDemiseModels(state: State): number[] {
  return state.destroyed.filter((i) => groupOf(state, i).deadlyDemise !== null);
}

/**
 * One entry per attacking model that attacked with a Hazardous weapon (RULES §1: a D6 per model,
 * after attacking). A weapon left unfired because the target was destroyed first never attacked.
 */
export function hazardousModels(state: State): Array<{ weapon: number; model: number }> {
  return state.startedWeapons.flatMap((weapon) => {
    const w = weaponOf(state, weapon);
    return w.abilities.hazardous ? Array.from({ length: w.models }, (_, model) => ({ weapon, model })) : [];
  });
}

/** Starts the next weapon profile: fixed attacks, Blast and fixed Rapid Fire are known at once. */
export function startWeapon(state: State): State {
  const [weapon, ...rest] = state.nextWeapons;
  if (weapon === undefined) return state;
  const w = weaponOf(state, weapon);
  const attacks = parseDice(w.attacks);
  // RULES §1 Blast: +1 attack per 5 models in the target unit when it was selected (per attacking model).
  const blast = w.abilities.blast ? blastBonus(state.setup) * w.models : 0;
  // RULES §1 Rapid Fire X: +X attacks per model within half range.
  const rapid = w.abilities.rapidFire !== null && state.setup.attacker.halfRange ? parseDice(w.abilities.rapidFire) : null;
  const fixed = (attacks.count === 0 ? w.models * attacks.modifier : 0) + (rapid && rapid.count === 0 ? w.models * rapid.modifier : 0);
  const run: Run = {
    weapon,
    attackRollsPending: attacks.count > 0 ? w.models : 0,
    rapidFireRollsPending: rapid && rapid.count > 0 ? w.models : 0,
    hitsToRoll: fixed + blast,
    hitRerollsPending: 0,
    woundsToRoll: 0,
    woundRerollsPending: 0,
    sustainedRollsPending: 0,
    savesToMake: 0,
    damageToApply: 0,
    rerollChoice: null,
    mode: null,
    damageMode: null,
    batchSave: null,
    batchFaces: null,
    batchFirst: null,
    saveRerollsPending: 0,
  };
  const parts = [attacks.count === 0 ? `${w.models * attacks.modifier} attacks` : `${w.models}×${w.attacks} attacks to roll`];
  if (blast > 0) parts.push(`+${blast} Blast`);
  if (rapid) parts.push(rapid.count === 0 ? `+${w.models * rapid.modifier} Rapid Fire` : `+${w.models}×${w.abilities.rapidFire} Rapid Fire to roll`);
  const next: State = { ...state, nextWeapons: rest, run, startedWeapons: [...state.startedWeapons, weapon] };
  return withLog(next, `w${weapon}.start`, 'attacker', `${w.name}: attacks`, parts.join(', '));
}

export function withLog(state: State, tag: string, actor: 'attacker' | 'defender', title: string, result: string, dice?: number[]): State {
  const line = { stepId: `${tag}.${state.counter}`, actor, title, result, ...(dice ? { dice } : {}) };
  return { ...state, log: [...state.log, line] };
}

/** Ends what is being resolved one at a time: damage applied (Feel No Pain by its source), counters moved on. */
export function finishResolving(state: State, fnpDice: readonly number[]): State {
  const res = state.resolving!;
  const r = inflictDamage(state, res.target!, res.damage ?? 0, modelFeelNoPain(state, res.target!, res.source), fnpDice);
  let s: State = { ...r.state, resolving: null };
  if (res.source === 'attack') s = updateRun(s, { damageToApply: s.run!.damageToApply - 1 });
  if (res.source === 'devastating') {
    const [first, ...rest] = s.devastatingPending;
    s = { ...s, devastatingPending: first && first.count > 1 ? [{ ...first, count: first.count - 1 }, ...rest] : rest };
  }
  if (res.source === 'mortal') s = { ...s, mortalWoundsPending: s.mortalWoundsPending - 1 };
  return s;
}

/** The save of the attack being resolved failed: its damage is due. */
export function failSave(state: State): State {
  const run = state.run!;
  const s = updateRun(state, { savesToMake: run.savesToMake - 1, damageToApply: run.damageToApply + 1 });
  return { ...s, resolving: { ...s.resolving!, saveFailed: true } };
}

/** One automatic transition, or null when the stage needs an input. */
function autoStep(state: State): State | null {
  const stage = stageOf(state);
  const run = state.run;
  const res = state.resolving;
  switch (stage) {
    case 'wiped':
      // seed 001: once the target unit is destroyed, the remaining attacks and mortal wounds are lost.
      return withLog(
        { ...state, run: null, nextWeapons: [], devastatingPending: [], mortalWoundsPending: 0, resolving: null },
        'wiped',
        'defender',
        'Target destroyed',
        `${state.setup.defender.name} is destroyed: the remaining attacks are lost`,
      );
    case 'startWeapon':
      return startWeapon(state);
    case 'torrent': {
      // RULES §1 Torrent: the attacks hit automatically (no hit roll, so no Critical Hits).
      const s = updateRun(state, { woundsToRoll: run!.woundsToRoll + run!.hitsToRoll, hitsToRoll: 0 });
      return withLog(s, `w${run!.weapon}.torrent`, 'attacker', 'Torrent', `${run!.hitsToRoll} automatic hits (no Critical Hits)`);
    }
    case 'saveMode': {
      // Fast dice rolling (batching.ts): saves together when every model needs the same save.
      const batch = savesBatchable(state);
      return updateRun(state, { mode: batch ? 'batch' : 'single', damageMode: batch ? (wholeBatchDamage(state) ? 'whole' : 'each') : null });
    }
    case 'batchChoice': {
      const f = batchFaces(state);
      return f.choice ? null : updateRun(state, { batchSave: bestSaveOf(f) });
    }
    case 'endWeapon':
      return { ...state, run: null };
    case 'beginResolving': {
      if (run?.mode === 'batch') return { ...state, resolving: { ...blankResolving('attack', run.weapon), save: run.batchSave, saveFailed: true } };
      if (run) return { ...state, resolving: blankResolving('attack', run.weapon) };
      const dev = state.devastatingPending[0];
      if (dev) return { ...state, resolving: blankResolving('devastating', dev.weapon) };
      return { ...state, resolving: blankResolving('mortal', null) };
    }
    case 'eventBatch': {
      // Fast dice rolling (batching.ts 3.): identical models, fixed damage; without Feel No Pain nothing to roll.
      const batch = eventBatch(state)!;
      if (batch.fnp !== null && batch.damage > 0) return null;
      const r = applyEventBatch(state, batch, []);
      const what = batch.source === 'devastating' ? `${weaponOf(state, batch.weapon!).name}: Devastating Wounds` : 'Mortal wounds';
      return withLog(r.state, `after.${batch.source}`, 'defender', what, `${plural(batch.events, batch.source === 'devastating' ? 'Critical Wound' : 'mortal wound')}: ${plural(r.lost, 'wound')} lost, ${plural(r.destroyed, 'model')} destroyed`);
    }
    case 'allocate': {
      const precision = res!.weapon !== null && res!.source !== 'mortal' && weaponOf(state, res!.weapon).abilities.precision;
      const a = allocationFor(state, precision, res!.precisionDeclined);
      if (a.kind === 'choose') return null;
      return { ...setModel(state, a.model, { allocated: true }), resolving: { ...res!, target: a.model } };
    }
    case 'saveKind': {
      const f = saveFaces(state.setup, groupOf(state, res!.target!), weaponOf(state, res!.weapon!));
      return saveChoiceNeeded(f) ? null : { ...state, resolving: { ...res!, save: bestSaveOf(f) } };
    }
    case 'save': {
      // An armour save worsened to 7+ cannot be passed (seed 001): it fails without a roll.
      const f = saveFaces(state.setup, groupOf(state, res!.target!), weaponOf(state, res!.weapon!));
      return (res!.save === 'invulnerable' ? f.invulnerable : f.armour) >= 7 ? failSave(state) : null;
    }
    case 'batchSave': {
      if (batchSaveFace(state) < 7) return null;
      const s = afterBatchSaves(state, Array.from({ length: run!.savesToMake }, () => 1));
      return withLog(s.state, `w${run!.weapon}.saves`, 'defender', 'No save possible', s.result);
    }
    case 'damage': {
      // A mortal wound is 1 damage (never halved or reduced); a fixed Damage needs no roll.
      const fixed = res!.source === 'mortal' ? 1 : fixedAttackDamage(state.setup, weaponOf(state, res!.weapon!));
      return fixed === null ? null : { ...state, resolving: { ...res!, damage: fixed } };
    }
    case 'fnp':
      return modelFeelNoPain(state, res!.target!, res!.source) !== null && (res!.damage ?? 0) > 0 ? null : finishResolving(state, []);
    default:
      return null;
  }
}

function blankResolving(source: Resolving['source'], weapon: number | null): Resolving {
  // Devastating Wounds and mortal wounds allow no saving throw of any kind (seed 001).
  return { source, weapon, target: null, precisionDeclined: false, save: null, saveRerolling: false, saveFailed: source !== 'attack', damageFaces: null, melta: 0, damage: null };
}

/** Applies automatic transitions until the combat needs an input (or is over). */
export function settle(state: State): State {
  let s = state;
  for (let guard = 0; guard < 100000; guard++) {
    const next = autoStep(s);
    if (next === null) return s;
    s = next;
  }
  throw new Error('the 10th edition flow did not settle');
}
