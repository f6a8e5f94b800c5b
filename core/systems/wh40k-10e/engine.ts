import { outcomeStep, stepEngine } from '../../combat/stepEngine';
import type { Input, Step } from '../../combat/steps';
import { InputError } from '../../combat/system';
import { stageOf, type Stage } from './flow';
import { outcomeLines } from './outcome';
import { startSituation } from './situation';
import type { Setup } from './profiles';
import type { State } from './state';
import { deadlyDemiseKind, hazardousFateKind, hazardousKind } from './steps/after';
import {
  attacksKind,
  endWeaponKind,
  hitKind,
  hitRerollKind,
  rapidFireKind,
  rerollChoiceKind,
  startWeaponKind,
  sustainedKind,
  torrentKind,
  wipedKind,
  woundKind,
  woundRerollKind,
} from './steps/attacks';
import {
  allocateKind,
  beginResolvingKind,
  damageKind,
  damageRerollKind,
  eventBatchKind,
  fnpKind,
} from './steps/damage';
import {
  batchChoiceKind,
  batchFnpKind,
  batchSaveKind,
  batchSaveRerollKind,
  saveKind,
  saveKindKind,
  saveModeKind,
} from './steps/saves';

/**
 * The 10th edition attack sequence on the one step engine (core/combat/stepEngine.ts): `stageOf`
 * (flow.ts) says where the combat is, and each stage is declared once in steps/ — what it asks,
 * how an answer changes the state, whether it resolves itself. The order follows seed 001.
 */
export const engine = stepEngine<State, Exclude<Stage, 'final'>>({
  at: (state) => {
    const stage = stageOf(state);
    return stage === 'final' ? null : stage;
  },
  kinds: {
    wiped: wipedKind,
    startWeapon: startWeaponKind,
    attacks: attacksKind,
    rapidFire: rapidFireKind,
    rerollChoice: rerollChoiceKind,
    torrent: torrentKind,
    hit: hitKind,
    hitReroll: hitRerollKind,
    sustained: sustainedKind,
    wound: woundKind,
    woundReroll: woundRerollKind,
    saveMode: saveModeKind,
    batchChoice: batchChoiceKind,
    batchSave: batchSaveKind,
    batchSaveReroll: batchSaveRerollKind,
    batchFnp: batchFnpKind,
    beginResolving: beginResolvingKind,
    eventBatch: eventBatchKind,
    allocate: allocateKind,
    saveKind: saveKindKind,
    save: saveKind,
    damage: damageKind,
    damageReroll: damageRerollKind,
    fnp: fnpKind,
    endWeapon: endWeaponKind,
    deadlyDemise: deadlyDemiseKind,
    hazardous: hazardousKind,
    hazardousFate: hazardousFateKind,
  },
  end: (state) => outcomeStep(state, 'final', { title: 'Result', lines: outcomeLines(state), final: true }),
});

export const { next: nextStep, settle } = engine;

/** Applies an input to the step it answers (the step id and the kind of input checked here too, for callers outside the combat engine). */
export function applyInput(state: State, input: Input, step: Step = nextStep(state)): State {
  if (input.stepId !== step.id)
    throw new InputError(`This answers step "${input.stepId}", but the combat is at "${step.id}".`, 'stepId');
  if (step.kind === 'outcome') throw new InputError('The combat is over: there is nothing left to roll or choose.');
  if (input.kind !== step.kind)
    throw new InputError(
      `"${step.title}" needs ${step.kind === 'roll' ? 'dice' : 'a choice'}, not a ${input.kind}.`,
      'kind',
    );
  return engine.apply(state, input, step);
}

export function startState(setup: Setup): State {
  const s = startSituation(setup);
  return settle({
    setup,
    models: s.models,
    woundsLost: 0,
    destroyed: [],
    run: null,
    nextWeapons: s.nextWeapons,
    devastatingPending: [],
    mortalWoundsPending: s.mortalWoundsPending,
    resolving: null,
    deadlyDemiseRolled: 0,
    hazardousRolled: 0,
    startedWeapons: [],
    hazardousFailed: [],
    outcomeLines: [],
    counter: 0,
    log: [],
  });
}
