import type { StepKind, TaskKind } from '../../../combat/stepEngine';
import type { State, Task } from '../state';

/** The task of one kind at the head of the queue. */
export type Of<K extends Task['kind']> = Extract<Task, { kind: K }>;

/** A task kind handed the task at the head of the queue, as the step engine's kind of a key. */
export function onTask<K extends Task['kind']>(kind: TaskKind<State, Of<K>>): StepKind<State> {
  const head = (s: State) => s.queue[0] as Of<K>;
  return {
    ...(kind.auto ? { auto: (s: State) => kind.auto!(s, head(s)) } : {}),
    ...(kind.ask ? { ask: (s: State) => kind.ask!(s, head(s)) } : {}),
    ...(kind.answer ? { answer: (s: State, a) => kind.answer!(s, head(s), a) } : {}),
  };
}

export const sum = (dice: readonly number[]) => dice.reduce((a, b) => a + b, 0);
