import type { z } from 'zod';
import type { Input, Role, Step } from './steps';
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
  /**
   * `step` is `next(state)`, which the engine has already computed and checked the input against;
   * it is passed so a system need not work it out again (replaying a long log applies every
   * input). Called without it, a system computes it itself.
   */
  apply(state: State, input: Input, step?: Step): State;
  view(state: State): CombatView;
  /**
   * Optional, for printed summaries and club-night tallies: who won a finished combat, 'draw'
   * where the rules call it one, null where the rules name no winner. Only the system knows
   * (a combat result in a ranks game, a unit wiped out in a skirmish game).
   */
  winner?(state: State): Role | 'draw' | null;
  /**
   * Optional, for printed summaries: the profiles each side used, one short line each. Without
   * it the summary lists the setup's own fields.
   */
  profiles?(setup: Setup): Record<Role, ProfileLine[]>;
  /**
   * Optional: a typical setup as the setup schema reads it (defaults may be left out), which the
   * setup screen starts from so a quick combat needs only the names and numbers that differ. It
   * must pass `setupSchema`. Without it the screen starts from the schema's own defaults.
   */
  exampleSetup?: Readonly<Record<string, unknown>>;
  /**
   * Optional: why a setup is too large to play through to the end without a player (the CLI's
   * `resolve`), in words — null when it is not. Without it every setup is played.
   */
  tooLargeToPlay?(setup: Setup): string | null;
}

/** A profile as printed: "Bolt rifle" → "5 models × A2 · BS 3+ · S4 AP-1 D1". */
export interface ProfileLine {
  label: string;
  text: string;
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

/** What a system's step engine gives its RuleSystem (core/combat/stepEngine.ts). */
export interface EngineParts<State> {
  next(state: State): Step;
  apply(state: State, input: Input, step?: Step): State;
}

/**
 * A RuleSystem from its parts: `next` and `apply` from its step engine, its setup schema typed as
 * its own setup. Every system's index.ts builds its RuleSystem with this, so none lists them again.
 */
export function ruleSystem<Setup, State>(
  parts: Omit<RuleSystem<Setup, State>, 'next' | 'apply' | 'setupSchema'> & {
    setupSchema: z.ZodType;
    engine: EngineParts<State>;
  },
): RuleSystem<Setup, State> {
  const { engine, setupSchema, ...rest } = parts;
  return { ...rest, setupSchema: setupSchema as z.ZodType<Setup>, next: engine.next, apply: engine.apply };
}
