import fc from 'fast-check';
import { describe, it } from 'vitest';
import { epicArmageddonAnalysis } from '../../../../../core/systems/epic-armageddon/analysis';
import { setupArb } from '../arbitraries';
import { roundDriver, rngFor } from '../../../../support/roundDriver';
import { epicArmageddonSystem } from '../../../../../core/systems/epic-armageddon/definition';
import type { Setup, State } from '../../../../../core/systems/epic-armageddon';
import { oneStepCheck } from '../../../../support/oneStep';
import { analyzeRound } from '../../../../../core/systems/epic-armageddon/analysis';
import { epicRolls } from './rollsRead';

const checkOneStep = oneStepCheck<Setup, State>(epicArmageddonSystem, analyzeRound, { rollsOf: epicRolls });

const { apply, begin, inputFor } = roundDriver<Setup, State>(epicArmageddonSystem);

/**
 * The one-step identity (test/support/oneStep.ts) on random assaults: every rule the setup can hold, in any
 * mix, at every step of a round played with seeded dice — into a second round after a draw. With
 * the point mass at the round's end, the analysis is then exact from every state visited.
 */

describe('the exact Epic analysis on random assaults (fast-check)', () => {
  it('equals the average of its values after every possible next input, at every step', () => {
    fc.assert(
      fc.property(setupArb, fc.nat(2 ** 30), (setup, seed) => {
        let c = { ...begin(setup), rng: rngFor(seed) };
        for (let n = 0; n < 200 && !(c.step.kind === 'outcome' && c.step.final); n++) {
          const phase = c.state.phase.at;
          const small = c.step.kind !== 'roll' || !c.step.id.startsWith('save.') || c.step.count <= 8;
          if (!c.state.result && phase !== 'end' && small && epicArmageddonAnalysis.tooLarge!(c.state) === null)
            checkOneStep(c, `seed ${seed} at ${c.step.id} (${c.step.title})`);
          c = apply(c, inputFor(c));
        }
      }),
      { numRuns: 300 },
    );
  }, 600_000);
});
