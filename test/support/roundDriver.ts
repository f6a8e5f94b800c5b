import { startCombat, type Combat } from '../../core/combat/engine';
import type { Input, Step } from '../../core/combat/steps';
import type { SystemDefinition } from '../../core/systems/definition';
import { applierFor, autoInput, rngFor } from './drive';

/**
 * Drives any system's real engine through one combat round the way "Roll for me" does — seeded
 * dice, the suggested option, continue — for the tests that hold a system's exact round analysis
 * to its engine. One driver for every system: the round's end comes from the step protocol and the
 * system's whole-combat chain (the round a state is in), not from a system's step names.
 */

/** Picks an option of a choice other than the suggested one: its index among `options`, for the k-th choice of the game. */
export type Chooser = (options: number, k: number) => number;

export interface RoundDriver<Setup, State> {
  /** The combat from the setup, at seed 0 (a trajectory gives it its own dice). */
  begin(setup: Setup): Combat<Setup, State>;
  /** What the players give when they let the app decide. */
  inputFor(combat: Combat<Setup, State>): Input;
  /** The combat after `input`; fails with the step's id when the engine refuses it. */
  apply(combat: Combat<Setup, State>, input: Input): Combat<Setup, State>;
  /** The last state of its round: the combat is over, or the input the app would give next starts another round. */
  roundOver(combat: Combat<Setup, State>): boolean;
  /** Plays the current round to its last state with the combat's own dice and the suggested options. */
  finishRound(combat: Combat<Setup, State>): Combat<Setup, State>;
  /** One game's states from `from` to the last of its round, with the dice of `seed`; `choose` picks the options of choices (default: the suggested ones). */
  trajectory(from: Combat<Setup, State>, seed: number, choose?: Chooser): Array<Combat<Setup, State>>;
  /** The states of that game whose next input is still of their round: all of its trajectory but the last (the one-step identity's states). */
  inRound(from: Combat<Setup, State>, seed: number, choose?: Chooser): Array<Combat<Setup, State>>;
}

const isFinal = (step: Step) => step.kind === 'outcome' && step.final;

/** A round played this long is a fault of the engine, said as one. */
const MAX_STEPS = 5000;

/**
 * The driver for one system (`Setup` and `State` its own types). A round ends where the state's
 * round (the definition's whole-combat chain, `round`) changes or the combat is over; a system
 * without a chain (its combat is one round) ends it with the combat.
 */
export function roundDriver<Setup, State>(
  definition: Pick<SystemDefinition, 'rules' | 'analysis'>,
): RoundDriver<Setup, State> {
  type C = Combat<Setup, State>;
  const rules = definition.rules;
  const apply = applierFor<Setup, State>(rules);
  const inputFor = (c: C) => autoInput(c);
  const round = definition.analysis?.combat?.round;
  /** The state the app's next input leads to, when it is still the same round (null: the round is over). */
  const onInRound = (c: C): C | null => {
    if (isFinal(c.step)) return null;
    const next = apply(c, inputFor(c));
    return !round || round(next.state) === round(c.state) ? next : null;
  };
  const trajectory = (from: C, seed: number, choose?: Chooser): C[] => {
    const out: C[] = [];
    let c: C = { ...from, rng: rngFor(seed) };
    for (let k = 0; out.length < MAX_STEPS;) {
      out.push(c);
      const next = onInRound(c);
      if (!next) return out;
      const step = c.step;
      c =
        choose && step.kind === 'choose'
          ? apply(c, { kind: 'choose', stepId: step.id, option: step.options[choose(step.options.length, k++)]!.id })
          : next;
    }
    throw new Error('the round did not end');
  };
  return {
    begin: (setup) => startCombat(rules, setup, 0),
    inputFor,
    apply,
    roundOver: (c) => onInRound(c) === null,
    finishRound(combat) {
      let c = combat;
      for (let steps = 0; steps < MAX_STEPS; steps++) {
        const next = onInRound(c);
        if (!next) return c;
        c = next;
      }
      throw new Error('the round did not end');
    },
    trajectory,
    inRound: (from, seed, choose) => trajectory(from, seed, choose).slice(0, -1),
  };
}

export { rngFor };
