import { bench, describe } from 'vitest';
import { analyzeRound, oldWorldDistributions } from '../../core/systems/old-world/analysis';
import { roundDriver, rngFor } from '../support/roundDriver';
import { oldWorldSystem } from '../../core/systems/old-world/definition';
import type { OldWorldCombat as OwCombat } from '../core/systems/old-world/helpers';
import type { Setup, State } from '../../core/systems/old-world';
import { swordsmenVsBoyz, twoUnitsASide } from '../core/systems/old-world/analysis/setups';

const { apply, begin, inputFor } = roundDriver<Setup, State>(oldWorldSystem);

/**
 * Exact old-world round analysis benchmarks (`npm run bench`). Target (median, 2-core machine):
 * a round of 30 Swordsmen (5 wide, a Captain) against 25 Orc Boyz (a Boss) < 20 ms.
 */
const start = begin(swordsmenVsBoyz());
const twoASide = begin(twoUnitsASide());

/** Part-way: the first state of the round with a wound roll to make (some strike dice rolled). */
function midStrikes(c0: OwCombat): OwCombat {
  let c = { ...c0, rng: rngFor(7) };
  while (!c.step.id.startsWith('wound.')) c = apply(c, inputFor(c));
  return c;
}
const mid = midStrikes(start);

describe('old-world exact analysis', () => {
  bench('round: 30 Swordsmen + Captain (5 wide, charging) v 25 Orc Boyz + Boss', () => {
    analyzeRound(start.state);
  });
  bench('host distributions (now + round-start baseline) for the same round', () => {
    oldWorldDistributions(start.state);
  });
  bench('part-way: the same round after the first hits', () => {
    analyzeRound(mid.state);
  });
  bench('two units a side (Knights and Wolf Riders in the flanks)', () => {
    analyzeRound(twoASide.state);
  });
});
