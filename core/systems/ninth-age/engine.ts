import { outcomeStep, queueEngine } from '../../combat/stepEngine';
import { finalLines } from './outcome';
import type { State, Task } from './state';
import { breakKind, fleeKind, pursueChoiceKind, roundEndKind, scoreKind } from './steps/aftermath';
import { rollsKind } from './steps/roll';
import { sideKind } from './steps/side';
import { agilityKind, allocateKind, stepEndKind } from './steps/strikes';

/** The Ninth Age melee on the one step engine: each kind of task declared once (steps/). */
export const engine = queueEngine<State, Task>({
  kinds: {
    agility: agilityKind,
    side: sideKind,
    allocate: allocateKind,
    rolls: rollsKind,
    stepEnd: stepEndKind,
    score: scoreKind,
    break: breakKind,
    pursueChoice: pursueChoiceKind,
    flee: fleeKind,
    roundEnd: roundEndKind,
  },
  end: (state) => outcomeStep(state, 'end', { title: 'The melee is over', lines: finalLines(state), final: true }),
  onOver: (state) => (state.phase === 'over' ? state : { ...state, phase: 'over' }),
});

export const { next: nextStep, apply: applyInput, settle } = engine;
