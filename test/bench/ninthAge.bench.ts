import { bench, describe } from 'vitest';
import { analyzeRound, ninthAgeDistributions } from '../../core/systems/ninth-age/analysis';
import { roundDriver, rngFor } from '../support/roundDriver';
import { ninthAgeSystem } from '../../core/systems/ninth-age/definition';
import type { NaCombat } from '../core/systems/ninth-age/helpers';
import type { Setup, State } from '../../core/systems/ninth-age';
import { knightsVsSpearmen } from '../core/systems/ninth-age/analysis/setups';

const { apply, begin, inputFor } = roundDriver<Setup, State>(ninthAgeSystem);

/**
 * Exact Ninth Age round analysis benchmarks (`npm run bench`). Target (median, 2-core machine), the
 * issue's case: 30 Spearmen with a Captain and a Battle Standard Bearer against 6 charging Knights
 * with a Baron, one full round with the break test and pursuit: < 20 ms.
 */
const start = begin(knightsVsSpearmen());

/** Part-way: the round at its second Agility step's roll (the first step's dice rolled, every allocation of this one fixed). */
function midStep(c0: NaCombat): NaCombat {
  let c = { ...c0, rng: rngFor(7) };
  while (!(c.step.id.startsWith('strikes.') && c.state.log.some((l) => l.title.endsWith('casualties removed'))))
    c = apply(c, inputFor(c));
  return c;
}
const mid = midStep(start);

/** Enough warm-up that the median measures the analysis, not the JIT compiling it. */
const options = { warmupIterations: 20, time: 1000 };

describe('Ninth Age exact analysis', () => {
  bench(
    'round: 6 Knights + Baron (charging) v 30 Spearmen + Captain + Battle Standard Bearer, break test and pursuit',
    () => {
      analyzeRound(start.state);
    },
    options,
  );
  bench(
    'host distributions (now + round-start baseline) for the same round',
    () => {
      ninthAgeDistributions(start.state);
    },
    options,
  );
  bench(
    'part-way: the same round after its first Agility step',
    () => {
      analyzeRound(mid.state);
    },
    options,
  );
});
