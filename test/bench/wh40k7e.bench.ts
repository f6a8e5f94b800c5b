import { bench, describe } from 'vitest';
import { analyzeRound, wh40k7eDistributions } from '../../core/systems/wh40k-7e/analysis';
import { wh40k7e, type Setup, type State } from '../../core/systems/wh40k-7e';
import { roundDriver, rngFor } from '../support/roundDriver';
import { wh40k7eSystem } from '../../core/systems/wh40k-7e/definition';
import type { W7 as W7Combat } from '../core/systems/wh40k-7e/helpers';
import { marinesVsBoyz, mixedBag } from '../core/systems/wh40k-7e/analysis/setups';

const { apply, begin, inputFor } = roundDriver<Setup, State>(wh40k7eSystem);

/**
 * Exact 7th edition round analysis benchmarks (`npm run bench`). Target (issue 12, median, 2-core
 * machine): 10 Space Marines (a sergeant with a power fist) against 20 Ork Boyz (a Nob with a power
 * klaw), one full round with Morale and Sweeping Advance < 20 ms.
 */
const start = begin(marinesVsBoyz());
const bag = begin(mixedBag());

/** Part-way: the first state of the round at Initiative step 2 with a wound roll to make. */
function midRound(c0: W7Combat): W7Combat {
  let c = { ...c0, rng: rngFor(7) };
  while (!(c.step.id.startsWith('wound.') && c.state.initiative === 2)) c = apply(c, inputFor(c));
  return c;
}
const mid = midRound(start);

/** Near the work budget (cost.ts): 50 Guardsmen against 50 charging Boyz, one Initiative step each. */
const mobs = wh40k7e.start(
  wh40k7e.setupSchema.parse({
    system: 'wh40k-7e',
    attacker: {
      name: 'Boyz',
      charged: true,
      models: [
        {
          name: 'Boy',
          count: 50,
          weaponSkill: 4,
          strength: 3,
          toughness: 4,
          wounds: 1,
          initiative: 2,
          attacks: 2,
          leadership: 7,
          save: 6,
        },
      ],
    },
    defender: {
      name: 'Guard',
      models: [
        {
          name: 'Guardsman',
          count: 50,
          weaponSkill: 3,
          strength: 3,
          toughness: 3,
          wounds: 1,
          initiative: 3,
          attacks: 1,
          leadership: 7,
          save: 5,
        },
      ],
    },
  }),
);

/** Enough warm-up that the JIT has compiled the analysis before the samples that count. */
const options = { warmupIterations: 20, iterations: 50, time: 1000 };

describe('40k 7th edition exact analysis', () => {
  bench(
    'round: 10 Space Marines (power fist, charging) v 20 Ork Boyz (power klaw), with Morale and Sweeping Advance',
    () => {
      analyzeRound(start.state);
    },
    options,
  );
  bench(
    'host distributions (now + round-start baseline) for the same round',
    () => {
      wh40k7eDistributions(start.state);
    },
    options,
  );
  bench(
    'part-way: the same round at Initiative step 2',
    () => {
      analyzeRound(mid.state);
    },
    options,
  );
  bench(
    'Destroyer, Eternal Warrior, Feel No Pain, two pools',
    () => {
      analyzeRound(bag.state);
    },
    options,
  );
  bench(
    '50 Boyz v 50 Guardsmen',
    () => {
      analyzeRound(mobs);
    },
    options,
  );
});
