import { advance, rollForMe, type Combat } from '../../core/combat/engine';
import type { ChooseStep, Input, OutcomeStep, RollStep } from '../../core/combat/steps';
import type { RuleSystem } from '../../core/combat/system';
import { drawDice, seedState, type RngState } from '../../core/dice/prng';

/**
 * Drives any rule system's combat from a test: answers steps in order as a player would (dice for
 * a roll, an option id for a choice, 'go' to go on from an outcome), and names the step it expected
 * when the combat is elsewhere. One driver for every system, so their tests read alike.
 */
export type Answer = number[] | string;

/** The input a player gives for `answer` at `step`. */
export function inputFor(step: { id: string }, answer: Answer): Input {
  if (Array.isArray(answer)) return { kind: 'roll', stepId: step.id, dice: answer, by: 'entered' };
  if (answer === 'go') return { kind: 'continue', stepId: step.id };
  return { kind: 'choose', stepId: step.id, option: answer };
}

/** A `play(combat, ...answers)` for one system: fails with the step's title when an answer is refused. */
export function playerFor<Setup, State>(system: RuleSystem<Setup, State>) {
  return (combat: Combat<Setup, State>, ...answers: Answer[]): Combat<Setup, State> => {
    let c = combat;
    for (const answer of answers) {
      const step = c.step;
      const r = advance(system, c, inputFor(step, answer));
      if (!r.ok) throw new Error(`at "${step.title}": ${r.error.message}`);
      c = r.combat;
    }
    return c;
  };
}

export function rollStep(c: Combat): RollStep {
  if (c.step.kind !== 'roll') throw new Error(`expected a roll, got ${c.step.kind}: ${c.step.title}`);
  return c.step;
}
export function chooseStep(c: Combat): ChooseStep {
  if (c.step.kind !== 'choose') throw new Error(`expected a choice, got ${c.step.kind}: ${c.step.title}`);
  return c.step;
}
export function outcomeStep(c: Combat): OutcomeStep {
  if (c.step.kind !== 'outcome') throw new Error(`expected an outcome, got ${c.step.kind}: ${c.step.title}`);
  return c.step;
}

/** `count` dice all showing `face`. */
export const n = (count: number, face: number) => Array.from({ length: count }, () => face);

/** The generator for Monte Carlo game k: a hashed seed, its first dice skipped so nearby k differ at once. */
export function rngFor(k: number): RngState {
  let h = k + 0x9e3779b9;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return drawDice(seedState(h | 0), 8, 6).state;
}

/** What the players give when they let the app decide: "Roll for me", the suggested option, continue. */
export function autoInput<Setup, State>(combat: Combat<Setup, State>): Input {
  const step = combat.step;
  if (step.kind === 'roll') return rollForMe(combat as Combat);
  if (step.kind === 'choose')
    return { kind: 'choose', stepId: step.id, option: (step.options.find((o) => o.suggested) ?? step.options[0]!).id };
  return { kind: 'continue', stepId: step.id };
}

/** An `apply(combat, input)` for one system that fails with the step's id when the input is refused. */
export function applierFor<Setup, State>(system: RuleSystem<Setup, State>) {
  return (combat: Combat<Setup, State>, input: Input): Combat<Setup, State> => {
    const r = advance(system, combat, input);
    if (!r.ok) throw new Error(`${combat.step.id}: ${r.error.message}`);
    return r.combat;
  };
}
