import type { Input } from '../../../../../../core/combat/steps';
import type { Setup, State } from '../../../../../../core/systems/epic-armageddon';
import { roundDriver, rngFor } from '../../../../../support/roundDriver';
import { epicArmageddonSystem } from '../../../../../../core/systems/epic-armageddon/definition';
import type { EpicCombat } from '../../helpers';

const { apply, begin, inputFor } = roundDriver<Setup, State>(epicArmageddonSystem);

/** Seeded games of an assault, for the states the round model is checked from. */

const over = (c: EpicCombat) => c.step.kind === 'outcome' && c.step.final;

/**
 * A seeded game from the start ("Roll for me" and the suggested option, unless `answer` gives
 * another input) to the first step where `stop` holds; null if the assault ends first.
 */
export function playTo(
  setup: Setup,
  seed: number,
  stop: (c: EpicCombat) => boolean,
  answer: (c: EpicCombat) => Input | undefined = () => undefined,
): EpicCombat | null {
  let c: EpicCombat = { ...begin(setup), rng: rngFor(seed) };
  for (let guard = 0; guard < 2000; guard++) {
    if (stop(c)) return c;
    if (over(c)) return null;
    c = apply(c, answer(c) ?? inputFor(c));
  }
  throw new Error('the assault did not end');
}

/** The first of the seeded games (seeds 0, 1, …) that reaches a step where `stop` holds. */
export function firstTo(
  setup: Setup,
  stop: (c: EpicCombat) => boolean,
  answer?: (c: EpicCombat) => Input | undefined,
): EpicCombat {
  for (let seed = 0; seed < 300; seed++) {
    const c = playTo(setup, seed, stop, answer);
    if (c) return c;
  }
  throw new Error('no seeded game reached the step');
}

/** Every state of a seeded game of round `round` (from its first step), up to the end of that round or of the assault. */
export function roundStates(setup: Setup, seed: number, round = 1): State[] {
  const out: State[] = [];
  let c = playTo(setup, seed, (x) => x.state.round >= round);
  while (c && !over(c) && c.state.round === round) {
    out.push(c.state);
    c = apply(c, inputFor(c));
  }
  return out;
}

/** The input choosing `option` at a choice. */
export const choose = (c: EpicCombat, option: string): Input => ({ kind: 'choose', stepId: c.step.id, option });
