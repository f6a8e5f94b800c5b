import { pushLog } from '../../combat/stepEngine';
import { parseDice } from '../../dice/expression';
import { blastBonus } from './abilities';
import { eventBatch } from './batching';
import { inflictDamage, modelFeelNoPain } from './damage';
import { aliveIndices, groupOf, plural, updateRun, weaponOf, type Resolving, type Run, type State } from './state';

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
  const somethingPending =
    state.run !== null ||
    state.nextWeapons.length > 0 ||
    state.devastatingPending.length > 0 ||
    state.mortalWoundsPending > 0 ||
    state.resolving !== null;
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
  if (state.devastatingPending.length > 0 || state.mortalWoundsPending > 0)
    return eventBatch(state) ? 'eventBatch' : 'beginResolving';
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
  const rapid =
    w.abilities.rapidFire !== null && state.setup.attacker.halfRange ? parseDice(w.abilities.rapidFire) : null;
  const fixed =
    (attacks.count === 0 ? w.models * attacks.modifier : 0) +
    (rapid && rapid.count === 0 ? w.models * rapid.modifier : 0);
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
  const parts = [
    attacks.count === 0 ? plural(w.models * attacks.modifier, 'attack') : `${w.models}×${w.attacks} attacks to roll`,
  ];
  if (blast > 0) parts.push(`+${blast} Blast`);
  if (rapid)
    parts.push(
      rapid.count === 0
        ? `+${w.models * rapid.modifier} Rapid Fire`
        : `+${w.models}×${w.abilities.rapidFire} Rapid Fire to roll`,
    );
  const next: State = { ...state, nextWeapons: rest, run, startedWeapons: [...state.startedWeapons, weapon] };
  return withLog(next, `w${weapon}.start`, 'attacker', `${w.name}: attacks`, parts.join(', '));
}

/** The log line of a rule that resolved itself (no player answered it), with a step id of its own. */
export function withLog(
  state: State,
  tag: string,
  actor: 'attacker' | 'defender',
  title: string,
  result: string,
): State {
  return pushLog(state, { stepId: `${tag}.${state.counter}`, actor, title, result });
}

/** Ends what is being resolved one at a time: damage applied (Feel No Pain by its source), counters moved on. */
export function finishResolving(state: State, fnpDice: readonly number[]): State {
  const res = state.resolving!;
  const r = inflictDamage(
    state,
    res.target!,
    res.damage ?? 0,
    modelFeelNoPain(state, res.target!, res.source),
    fnpDice,
  );
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

/** A blank attack, Devastating Wounds attack or mortal wound to resolve one at a time. */
export function blankResolving(source: Resolving['source'], weapon: number | null): Resolving {
  // Devastating Wounds and mortal wounds allow no saving throw of any kind (seed 001).
  return {
    source,
    weapon,
    target: null,
    precisionDeclined: false,
    save: null,
    saveRerolling: false,
    saveFailed: source !== 'attack',
    damageFaces: null,
    melta: 0,
    damage: null,
  };
}
