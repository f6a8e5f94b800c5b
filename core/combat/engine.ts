import { seedState, type RngState } from '../dice/prng';
import { diceWanted, drawStepDice, hasD3, isChained, sidesOfDice } from './rollGroups';
import type { Input, RollStep, Step } from './steps';
import { InputError, type RuleSystem } from './system';

/**
 * A combat is its setup, its seed and the list of inputs so far; the state is a pure fold of the
 * inputs over the start (ARCHITECTURE.md, "The step protocol"). This is what gets stored, printed
 * and replayed.
 */
export interface CombatLog<Setup = unknown> {
  system: string;
  setup: Setup;
  /** Seeds the generator behind "Roll for me". */
  seed: number;
  inputs: Input[];
}

/**
 * A stored combat as the store returns it (history.get): its log as stored, the setup and inputs
 * not yet checked against its system, with its title, its times and the rosters its sides came from.
 */
export interface StoredCombatRecord {
  id: string;
  system: string;
  title: string;
  startedAt: string;
  finishedAt: string | null;
  seed: number;
  rosterIds: readonly string[];
  setup: unknown;
  inputs: readonly unknown[];
}

export interface Combat<Setup = unknown, State = unknown> {
  log: CombatLog<Setup>;
  state: State;
  step: Step;
  /** Generator position after the dice the app rolled so far (undo rewinds it too). */
  rng: RngState;
}

export type AdvanceResult<Setup, State> = { ok: true; combat: Combat<Setup, State> } | { ok: false; error: InputError };

export function startCombat<Setup, State>(
  system: RuleSystem<Setup, State>,
  setup: Setup,
  seed: number,
): Combat<Setup, State> {
  const state = system.start(setup);
  return { log: { system: system.id, setup, seed, inputs: [] }, state, step: system.next(state), rng: seedState(seed) };
}

/** Checks an input against the step it answers: the generic half of input validation. */
export function checkInput(step: Step, input: Input): void {
  if (input.stepId !== step.id) {
    throw new InputError(
      `This answers step "${input.stepId}", but the combat is at "${step.id}" (${step.title}).`,
      'stepId',
    );
  }
  switch (step.kind) {
    case 'roll': {
      if (input.kind !== 'roll') throw new InputError(`"${step.title}" needs dice, not a ${input.kind}.`, 'kind');
      // Faces first: a chained group's dice are counted from the faces before it.
      const sides = sidesOfDice(step, input.dice);
      const bad = input.dice.findIndex(
        (face, i) => !Number.isInteger(face) || face < 1 || face > (sides[i] ?? step.sides),
      );
      if (bad >= 0)
        throw new InputError(
          `Die ${bad + 1} shows ${input.dice[bad]}: a D${sides[bad] ?? step.sides} shows 1 to ${sides[bad] ?? step.sides}.`,
          `dice[${bad}]`,
        );
      const wanted = diceWanted(step, input.dice);
      if (input.dice.length !== wanted.count || !wanted.known) {
        const least = wanted.known ? '' : 'at least ';
        const chained = isChained(step) ? ' (one die for each that the dice before it call for)' : '';
        throw new InputError(
          `"${step.title}" needs ${least}${wanted.count} ${wanted.count === 1 ? 'die' : 'dice'}${chained}, ${input.dice.length} given.`,
          'dice',
        );
      }
      if (input.typed !== undefined) checkTyped(step, input.dice, input.typed, input.by);
      return;
    }
    case 'choose':
      if (input.kind !== 'choose') throw new InputError(`"${step.title}" needs a choice, not a ${input.kind}.`, 'kind');
      if (!step.options.some((o) => o.id === input.option && o.pause === undefined)) {
        const paused = step.options.find((o) => o.id === input.option)?.pause;
        throw new InputError(
          paused
            ? `"${input.option}" pauses the combat here (${paused}): it stays at this step until it is fought on.`
            : `"${input.option}" is not one of the choices: ${step.options.map((o) => o.label).join(', ')}.`,
          'option',
        );
      }
      return;
    case 'outcome':
      if (step.final) throw new InputError('The combat is over: there is nothing left to roll or choose.');
      if (input.kind !== 'continue') throw new InputError(`"${step.title}" only needs to be acknowledged.`, 'kind');
      return;
  }
}

/**
 * D3 as players roll it: D6s halved (D3 = ceil(D6/2), RULES common rules). The typed D6 faces must
 * give exactly the dice the input hands the rules, so a log replays the same whichever was typed.
 */
function checkTyped(step: RollStep, dice: readonly number[], typed: readonly number[], by: 'entered' | 'rolled'): void {
  if (!hasD3(step)) throw new InputError(`"${step.title}" has no D3 to roll as a halved D6.`, 'typed');
  if (by !== 'entered')
    throw new InputError('Halved D6s are dice the players entered, not dice the app rolled.', 'typed');
  if (typed.length !== dice.length)
    throw new InputError(`${typed.length} typed faces for ${dice.length} dice.`, 'typed');
  const sides = sidesOfDice(step, dice);
  typed.forEach((face, i) => {
    if (!Number.isInteger(face) || face < 1 || face > 6)
      throw new InputError(`Typed die ${i + 1} shows ${face}: a D6 shows 1 to 6.`, `typed[${i}]`);
    const expected = sides[i] === 3 ? Math.ceil(face / 2) : face;
    if (dice[i] !== expected) {
      throw new InputError(
        sides[i] === 3
          ? `Die ${i + 1}: a D6 of ${face} halved is a D3 of ${expected}, not ${dice[i]}.`
          : `Die ${i + 1} is a D6: typed ${face}, given ${dice[i]}.`,
        `dice[${i}]`,
      );
    }
  });
}

/**
 * Applies one input. A malformed or illegal input is refused with a clear error and the combat
 * is returned unchanged (the caller keeps its old value: nothing is mutated).
 */
export function advance<Setup, State>(
  system: RuleSystem<Setup, State>,
  combat: Combat<Setup, State>,
  input: Input,
): AdvanceResult<Setup, State> {
  try {
    checkInput(combat.step, input);
    const state = system.apply(combat.state, input, combat.step);
    const rng =
      input.kind === 'roll' && input.by === 'rolled' && combat.step.kind === 'roll'
        ? drawStepDice(combat.rng, combat.step).state
        : combat.rng;
    return {
      ok: true,
      combat: { log: { ...combat.log, inputs: [...combat.log.inputs, input] }, state, step: system.next(state), rng },
    };
  } catch (error) {
    if (error instanceof InputError) return { ok: false, error };
    throw error;
  }
}

/** "Roll for me": the dice the seeded generator gives for the current roll step, as an input. */
export function rollForMe(combat: Combat): Input {
  const step = combat.step;
  if (step.kind !== 'roll') throw new InputError(`"${step.title}" is not a roll.`);
  return { kind: 'roll', stepId: step.id, dice: drawStepDice(combat.rng, step).faces, by: 'rolled' };
}

/** Replays a stored log to the identical combat. Throws an InputError naming the first bad input. */
export function replay<Setup, State>(system: RuleSystem<Setup, State>, log: CombatLog<Setup>): Combat<Setup, State> {
  let combat = startCombat(system, log.setup, log.seed);
  log.inputs.forEach((input, index) => {
    const result = advance(system, combat, input);
    if (!result.ok)
      throw new InputError(
        `Input ${index + 1} of the log cannot be replayed: ${result.error.message}`,
        `inputs[${index}]`,
      );
    combat = result.combat;
  });
  return combat;
}

/**
 * A stored log replayed as far as it still goes: a combat recorded by an older version of a
 * system's steps stops at the first input the steps of today do not take. `replayed` is how many
 * inputs were taken; the rest are left to the caller to say.
 */
export function replayAsFarAsItGoes<Setup, State>(
  system: RuleSystem<Setup, State>,
  log: CombatLog<Setup>,
): { combat: Combat<Setup, State>; replayed: number } {
  let combat = startCombat(system, log.setup, log.seed);
  for (const [index, input] of log.inputs.entries()) {
    const result = advance(system, combat, input);
    if (!result.ok) return { combat, replayed: index };
    combat = result.combat;
  }
  return { combat, replayed: log.inputs.length };
}

/** Undo: the combat as it was before its last input (a no-op at the start). */
export function undo<Setup, State>(
  system: RuleSystem<Setup, State>,
  combat: Combat<Setup, State>,
): Combat<Setup, State> {
  if (combat.log.inputs.length === 0) return combat;
  return replay(system, { ...combat.log, inputs: combat.log.inputs.slice(0, -1) });
}
