import { outcomeStep, stepEngine, type StepKind } from '../../combat/stepEngine';
import { enterPhase, nextPhase } from './flow';
import { finalLines } from './outcome';
import { resultHeadline } from './result';
import type { State, Task } from './state';
import { breakKind, panicAskKind, panicTestKind, resultKind } from './steps/morale';
import {
  fleeKind,
  overrunChoiceKind,
  overrunKind,
  pursueChoiceKind,
  restrainTestKind,
  roundEndKind,
} from './steps/pursuit';
import { rolloffKind, strikeKind, volleyKind } from './steps/strikes';
import { onTask } from './steps/task';

/**
 * Warhammer Fantasy Battle 6th edition's close combat on the one step engine: where the combat is,
 * is the task at the head of the queue; with none left, the next phase of the round begins
 * ('phase'), until the combat is over.
 */
type Key = Task['kind'] | 'phase';

const at = (state: State): Key | null => state.queue[0]?.kind ?? (state.phase === 'over' ? null : 'phase');

/** A phase over (its tasks all answered): the next one pushes its tasks (flow.ts). */
const phaseKind: StepKind<State> = { auto: (s) => enterPhase(s, nextPhase[s.phase]) };

export const engine = stepEngine<State, Key>({
  at,
  kinds: {
    phase: phaseKind,
    rolloff: onTask(rolloffKind),
    strike: onTask(strikeKind),
    volley: onTask(volleyKind),
    result: onTask(resultKind),
    break: onTask(breakKind),
    panicAsk: onTask(panicAskKind),
    panicTest: onTask(panicTestKind),
    pursueChoice: onTask(pursueChoiceKind),
    restrainTest: onTask(restrainTestKind),
    flee: onTask(fleeKind),
    overrunChoice: onTask(overrunChoiceKind),
    overrun: onTask(overrunKind),
    roundEnd: onTask(roundEndKind),
  },
  // The last round's result closes the lines (it was not a step of its own).
  end: (state) =>
    outcomeStep(state, 'end', {
      title: 'The combat is over',
      lines: [
        ...finalLines(state),
        ...(state.result ? [`Round ${state.round}: ${resultHeadline(state.setup, state.result)}`] : []),
      ],
      final: true,
    }),
  // A round's settling is short (a few dozen automatic steps); far beyond that is a bug reported.
  settleLimit: 10_000,
});

export const { next: nextStep, apply: applyInput, settle } = engine;
