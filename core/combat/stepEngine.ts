import type { ChooseStep, Input, Option, OutcomeStep, RollStep, Step } from './steps';
import { InputError } from './system';
import type { LogLine } from './view';

/**
 * The one step engine every rule system is built on (docs/ARCHITECTURE.md, "The step engine").
 *
 * A system's state says where the combat is by a key — the kind of the task at the head of its
 * queue, or its phase — and the system declares each key once, as a `StepKind`: what it asks the
 * players (`ask`), how an answer changes the state (`answer`), and whether it resolves itself
 * without a player (`auto`). The engine owns what every system needs around that: the input
 * counter that makes step ids unique, the log line of every answered step, and the loop that
 * settles whatever needs no player, bounded so that a rule that never settles is a bug reported,
 * not a hang.
 */

/** What the engine reads and writes of every system's state. */
export interface EngineState {
  /** Inputs applied so far: makes every step id unique and deterministic. */
  counter: number;
  log: LogLine[];
}

/** An answer as a kind's `answer` receives it: the input, the step it answered, and a logger bound to that step. */
export interface Answer<S extends EngineState> {
  input: Input;
  step: Step;
  /** The faces of a roll input (empty for a choice or a continue). */
  dice: readonly number[];
  /** The option of a choose input (null otherwise). */
  option: string | null;
  /** Logs the answered step's result (with its dice, where a roll gave them) on `state`. */
  log(state: S, result: string, dice?: readonly number[]): S;
}

/** One kind of step of a system, declared once. */
export interface StepKind<S extends EngineState> {
  /** Resolves this point of the combat without a player: the next state, or null when a player is needed. */
  auto?(state: S): S | null;
  /** The step the players see here (called only when `auto` is absent or returned null). */
  ask?(state: S): Step;
  /**
   * The state after the players' answer to `ask` (the engine has already checked the input against
   * the step: right id, right number of dice, a listed option). The state passed in has its counter
   * advanced; throw an `InputError` for what only the system can judge.
   */
  answer?(state: S, answer: Answer<S>): S;
}

export interface StepEngineSpec<S extends EngineState, K extends string> {
  /** Where the combat is: the key of the kind that applies, or null when the combat is over. */
  at(state: S): K | null;
  kinds: { readonly [key in K]: StepKind<S> };
  /** The last step, once `at` says the combat is over. */
  end(state: S): OutcomeStep;
  /** What happens to a state that has just become over (e.g. its phase marked), once, when it settles. */
  onOver?(state: S): S;
  /** How many automatic transitions one settle may take before the engine calls it a bug (default 100,000). */
  settleLimit?: number;
}

export interface StepEngine<S extends EngineState> {
  next(state: S): Step;
  apply(state: S, input: Input, step?: Step): S;
  settle(state: S): S;
}

export function stepEngine<S extends EngineState, K extends string>(spec: StepEngineSpec<S, K>): StepEngine<S> {
  const limit = spec.settleLimit ?? 100_000;

  function settle(state: S): S {
    let s = state;
    for (let guard = 0; guard < limit; guard++) {
      const key = spec.at(s);
      if (key === null) return spec.onOver ? spec.onOver(s) : s;
      const auto = spec.kinds[key].auto?.(s) ?? null;
      if (auto === null) return s;
      s = auto;
    }
    throw new Error(`the combat did not settle within ${limit} automatic steps`);
  }

  function next(state: S): Step {
    const key = spec.at(state);
    if (key === null) return spec.end(state);
    const kind = spec.kinds[key];
    if (!kind.ask) throw new Error(`"${key}" is settled before it is shown`);
    return kind.ask(state);
  }

  function apply(state: S, input: Input, step: Step = next(state)): S {
    const key = spec.at(state);
    if (key === null) throw new InputError('The combat is over: there is nothing left to roll or choose.');
    const kind = spec.kinds[key];
    if (!kind.answer) throw new Error(`"${key}" takes no input`);
    const answered: S = { ...state, counter: state.counter + 1 };
    const answer: Answer<S> = {
      input,
      step,
      dice: input.kind === 'roll' ? input.dice : [],
      option: input.kind === 'choose' ? input.option : null,
      log: (s, result, dice) => logStep(s, step, result, dice),
    };
    return settle(kind.answer(answered, answer));
  }

  return { next, apply, settle };
}

/** The log line of an answered step: who acted, what it was, what came of it, and why. */
export function logStep<S extends EngineState>(state: S, step: Step, result: string, dice?: readonly number[]): S {
  // Every answered step logs a line: built field by field, in the order pushLog would spread them, and appended as it is (its id is the step's).
  const line: LogLine = {
    stepId: step.id,
    actor: step.kind === 'outcome' ? 'attacker' : step.actor,
    title: step.title,
    result,
  };
  if (dice) line.dice = [...dice];
  if (step.kind !== 'outcome') line.why = step.why;
  return { ...state, log: [...state.log, line] };
}

/** A log line; one the players did not answer (a rule that resolved itself) gets an id of its own. */
export function pushLog<S extends EngineState>(state: S, line: Omit<LogLine, 'stepId'> & { stepId?: string }): S {
  return {
    ...state,
    log: [...state.log, { stepId: line.stepId ?? `auto.${state.counter}.${state.log.length}`, ...line }],
  };
}

/** Several log lines at once, as many pushLog calls one after another would add them (one copy of the state, not one per line). */
export function pushLogs<S extends EngineState>(
  state: S,
  lines: ReadonlyArray<Omit<LogLine, 'stepId'> & { stepId?: string }>,
): S {
  return lines.length === 0 ? state : { ...state, log: withLines(state, lines) };
}

/** The state's log with these lines after it, as pushLogs adds them: for a system that changes more of the state at once (one copy of it). */
export function withLines(
  state: EngineState,
  lines: ReadonlyArray<Omit<LogLine, 'stepId'> & { stepId?: string }>,
): LogLine[] {
  const log = [...state.log];
  for (const line of lines) log.push({ stepId: line.stepId ?? `auto.${state.counter}.${log.length}`, ...line });
  return log;
}

/** Appends to the last log line (the roll that caused it): "3 wounds; the Captain loses 2 HP". */
export function withLastResult<S extends EngineState>(state: S, extra: string): S {
  const last = state.log[state.log.length - 1];
  if (!last) return state;
  return { ...state, log: [...state.log.slice(0, -1), { ...last, result: `${last.result}; ${extra}` }] };
}

/** A queue of tasks, for the systems whose combat is one (the task at its head says where the combat is). */
export interface QueueState<T> {
  queue: T[];
}
export const popTask = <S extends QueueState<unknown>>(state: S): S => ({ ...state, queue: state.queue.slice(1) });
export const replaceHead = <S extends QueueState<unknown>>(state: S, task: S['queue'][number]): S => ({
  ...state,
  queue: [task, ...state.queue.slice(1)],
});
export const pushTasks = <S extends QueueState<unknown>>(
  state: S,
  tasks: ReadonlyArray<S['queue'][number]>,
  where: 'front' | 'back' = 'back',
): S => ({
  ...state,
  queue: where === 'front' ? [...tasks, ...state.queue] : [...state.queue, ...tasks],
});

/** Step builders: the id is the tag and the input counter, unique within a combat and the same on every replay. */
export const stepId = (state: EngineState, tag: string) => `${tag}.${state.counter}`;
export const rollStep = (
  state: EngineState,
  tag: string,
  s: Omit<RollStep, 'kind' | 'id' | 'notes'> & { notes?: string[] },
): RollStep => ({ kind: 'roll', id: stepId(state, tag), notes: [], ...s });
export const chooseStep = (state: EngineState, tag: string, s: Omit<ChooseStep, 'kind' | 'id'>): ChooseStep => ({
  kind: 'choose',
  id: stepId(state, tag),
  ...s,
});
export const outcomeStep = (state: EngineState, tag: string, s: Omit<OutcomeStep, 'kind' | 'id'>): OutcomeStep => ({
  kind: 'outcome',
  id: stepId(state, tag),
  ...s,
});

/** A kind of task of a queue system, declared once: it is handed the task at the head of the queue. */
export interface TaskKind<S extends EngineState, T> {
  auto?(state: S, task: T): S | null;
  ask?(state: S, task: T): Step;
  answer?(state: S, task: T, answer: Answer<S>): S;
}

export type TaskKinds<S extends EngineState, T extends { kind: string }> = {
  readonly [K in T['kind']]: TaskKind<S, Extract<T, { kind: K }>>;
};

/**
 * The step engine of a system whose combat is a queue of tasks: where the combat is, is the kind
 * of the task at the head of the queue (none left: the combat is over).
 */
export function queueEngine<S extends EngineState & QueueState<T>, T extends { kind: string }>(
  spec: Omit<StepEngineSpec<S, T['kind']>, 'at' | 'kinds'> & { kinds: TaskKinds<S, T> },
): StepEngine<S> {
  const head = (state: S) => state.queue[0] as T;
  const kinds = Object.fromEntries(
    Object.entries<TaskKind<S, T>>(spec.kinds as unknown as Record<string, TaskKind<S, T>>).map(([key, k]) => [
      key,
      {
        ...(k.auto ? { auto: (s: S) => k.auto!(s, head(s)) } : {}),
        ...(k.ask ? { ask: (s: S) => k.ask!(s, head(s)) } : {}),
        ...(k.answer ? { answer: (s: S, a: Answer<S>) => k.answer!(s, head(s), a) } : {}),
      } satisfies StepKind<S>,
    ]),
  ) as unknown as StepEngineSpec<S, T['kind']>['kinds'];
  return stepEngine<S, T['kind']>({ ...spec, at: (s) => (s.queue[0] as T | undefined)?.kind ?? null, kinds });
}

/**
 * "Stop here: the combat goes on next turn" at the end of round `round`: the option that pauses a
 * combat of rounds to be fought on in a later turn (steps.ts `pause`). Not an answer to the rules:
 * the host keeps the combat at this step, so the same words and the same figures serve every system.
 */
export const pauseOption = (round: number): Option => ({
  id: 'pause',
  label: `Stop here: fight round ${round + 1} next turn`,
  pause: `paused after round ${round} — round ${round + 1} next turn`,
});
