import type { z } from 'zod';
import type { Input, Reason, Role, Step } from './steps';

/** What every system shows of a combat in progress, whatever its rules. */
export interface CombatView {
  sides: Record<Role, { name: string; units: UnitView[] }>;
  /** What has happened, one line per resolved step, oldest first. */
  log: LogLine[];
}

export interface UnitView {
  name: string;
  models: ModelView[];
}

export interface ModelView {
  /** Stable within the combat, so the UI can follow a model. */
  id: string;
  name: string;
  wounds: number;
  woundsLeft: number;
  destroyed: boolean;
  /** Short facts shown beside the model (e.g. "Sv 3+", "4++"). */
  tags: string[];
}

export interface LogLine {
  stepId: string;
  actor: Role;
  title: string;
  /** The dice as rolled, where the step was a roll. */
  dice?: number[];
  /** What came of it, e.g. "6 hits (2 critical)". */
  result: string;
  why?: Reason[];
}

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
