import { describe, expect, it } from 'vitest';
import { oneStepCheck } from '../../../support/oneStep';
import { analyzeRound } from '../../../../core/systems/wh40k-7e/analysis';
import { roundDriver } from '../../../support/roundDriver';
import { wh40k7eSystem } from '../../../../core/systems/wh40k-7e/definition';
import type { Setup, State } from '../../../../core/systems/wh40k-7e';
import { setupOf, trooper } from './helpers';

const checkOneStep = oneStepCheck<Setup, State>(wh40k7eSystem, analyzeRound);

const { begin, inRound } = roundDriver<Setup, State>(wh40k7eSystem);

/**
 * Feel No Pain against Instant Death (issue 25, item 6): 7th edition lets a model roll Feel No Pain
 * against a wound that would inflict Instant Death (6th edition did not); Destroyer wounds stay
 * excluded. The exact odds follow the same rule as the engine, either way the setup's switch is set.
 */

const fistsOnChampions = (sixthEditionFeelNoPain: boolean) =>
  setupOf(
    {
      name: 'Assault Squad',
      models: [
        trooper({
          name: 'Sergeant',
          count: 2,
          weaponSkill: 4,
          strength: 4,
          initiative: 4,
          attacks: 2,
          weapon: { name: 'Power fist', strength: 'x2', ap: 2 },
        }),
      ],
    },
    {
      name: 'Plague Champions',
      models: [
        trooper({
          name: 'Champion',
          count: 2,
          weaponSkill: 4,
          toughness: 4,
          wounds: 2,
          save: 3,
          feelNoPain: 5,
          attacks: 1,
          initiative: 3,
        }),
      ],
    },
    { sixthEditionFeelNoPain },
  );

describe('Feel No Pain against Instant Death', () => {
  it.each([
    ['7th edition (default)', false],
    ['6th edition switch', true],
  ])(
    '%s: at every step the analysis equals its average over the next input',
    (_name, sixth) => {
      const kinds = new Set<string>();
      for (const seed of [1, 2, 3, 4]) {
        for (const c of inRound(begin(fistsOnChampions(sixth)), seed)) {
          kinds.add(c.step.id.split('.')[0]!);
          checkOneStep(c, `seed ${seed} at ${c.step.id}`);
        }
      }
      // 7th edition rolls Feel No Pain against the fist's Instant Death; 6th edition never does.
      expect(kinds.has('fnp')).toBe(!sixth);
    },
    120_000,
  );

  it('the switch is part of the setup, off by default, labelled for the setup screen', async () => {
    const { setupSchema } = await import('../../../../core/systems/wh40k-7e/setup');
    expect(fistsOnChampions(false).sixthEditionFeelNoPain).toBe(false);
    const meta = setupSchema.shape.sixthEditionFeelNoPain.meta();
    expect(meta).toMatchObject({ title: 'Feel No Pain as in 6th edition' });
    expect(String(meta?.description)).toMatch(/Instant Death/);
  });
});
