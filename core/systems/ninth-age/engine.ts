import { outcomeStep, queueEngine } from '../../combat/stepEngine';
import { finalLines } from './outcome';
import type { State, Task } from './state';
import { breakKind, fleeKind, pursueChoiceKind, pursuitKind, roundEndKind, scoreKind } from './steps/aftermath';
import { agilityKind, allocateKind, rollsKind, stepEndKind, strikeKind } from './steps/strikes';

/** The Ninth Age melee on the one step engine: each kind of task declared once (steps/). */
export const engine = queueEngine<State, Task>({
  kinds: {
    agility: agilityKind,
    allocate: allocateKind,
    rolls: rollsKind,
    strike: strikeKind,
    stepEnd: stepEndKind,
    score: scoreKind,
    break: breakKind,
    pursueChoice: pursueChoiceKind,
    flee: fleeKind,
    pursuit: pursuitKind,
    roundEnd: roundEndKind,
  },
  end: (state) => outcomeStep(state, 'end', { title: 'The melee is over', lines: finalLines(state), final: true }),
  onOver: (state) => (state.phase === 'over' ? state : { ...state, phase: 'over' }),
});

export const { next: nextStep, apply: applyInput, settle } = engine;
