import type { z } from 'zod';
import type { Input, Step } from './steps';
import type { CombatView } from './view';

export type { CombatView, LogLine, ModelView, UnitView } from './view';

/**
 * A rule system: a pure, deterministic fold. `start` builds the first state from a validated
 * setup; `next` says what is needed now; `apply` takes an input that the engine has already
 * checked against `next` (right step, right number of dice, faces on the die, a listed option)
 * and returns the new state — or throws an `InputError` for what only the system can judge.
 * States are plain data (JSON-safe) and never mutated.
 */
export interface RuleSystem<Setup = unknown, State = unknown> {
  id: string;
  name: string;
  setupSchema: z.ZodType<Setup>;
  start(setup: Setup): State;
  next(state: State): Step;
  apply(state: State, input: Input): State;
  view(state: State): CombatView;
}

/** An input the system refuses (the state stays as it was). */
export class InputError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'InputError';
  }
}
