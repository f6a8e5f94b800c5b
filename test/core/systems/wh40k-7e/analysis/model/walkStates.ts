import type { Setup, State } from '../../../../../../core/systems/wh40k-7e';
import { roundDriver, rngFor } from '../../../../../support/roundDriver';
import { wh40k7eSystem } from '../../../../../../core/systems/wh40k-7e/definition';
import type { W7 as W7Combat } from '../../helpers';

const { apply, begin, inputFor } = roundDriver<Setup, State>(wh40k7eSystem);

/** States a seeded game stands at, for the round model's checks against the engine's walk. */

export interface Stop {
  /** The kind of step the state stands at ("strike", "save", "morale", "sweep", "round", …). */
  kind: string;
  round: number;
  state: State;
}

const kindOf = (c: W7Combat) => c.step.id.split('.')[0]!;

/** Every state one game (seeded dice, the suggested option) stands at, up to the end of round `rounds` or of the combat. */
export function stopsOf(setup: Setup, seed: number, rounds = 2): Stop[] {
  const stops: Stop[] = [];
  let c: W7Combat = { ...begin(setup), rng: rngFor(seed) };
  while (!(c.step.kind === 'outcome' && c.step.final) && c.state.round <= rounds) {
    stops.push({ kind: kindOf(c), round: c.state.round, state: c.state });
    c = apply(c, inputFor(c));
  }
  return stops;
}

/** The stops of several games, one of each kind of step and round (the first met). */
export function oneOfEach(setup: Setup, seeds: readonly number[], rounds = 2): Stop[] {
  const seen = new Map<string, Stop>();
  for (const seed of seeds)
    for (const stop of stopsOf(setup, seed, rounds)) {
      const key = `${stop.round}|${stop.kind}|${stop.state.initiative}|${stop.state.phase}`;
      if (!seen.has(key)) seen.set(key, stop);
    }
  return [...seen.values()];
}
