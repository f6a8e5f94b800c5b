import { describe, expect, it } from 'vitest';
import { AnalysisTooLargeError, metered, spend, workSpent } from '../../../core/analysis/budget';

describe('the analysis work meter', () => {
  it('counts work only inside `metered`, and stops with the worded reason once the limit is spent', () => {
    spend(1e12); // outside any meter: nothing happens
    expect(() =>
      metered(
        () => spend(11),
        () => 'eleven is too many',
        10,
      ),
    ).toThrow(new AnalysisTooLargeError('eleven is too many'));
    expect(
      metered(
        () => (spend(10), workSpent()),
        () => 'never',
        10,
      ),
    ).toBe(10);
  });

  it('a nested meter counts on its own and the outer one is restored, even after a refusal', () => {
    const outer = metered(
      () => {
        spend(3);
        expect(() =>
          metered(
            () => spend(5),
            () => 'inner',
            4,
          ),
        ).toThrow('inner');
        spend(2);
        return workSpent();
      },
      () => 'outer',
      10,
    );
    expect(outer).toBe(5);
  });
});

describe('a real analysis under the meter', () => {
  it('a 10th edition analysis that runs past the budget is stopped and says what is too large', async () => {
    const { wh40k10e } = await import('../../../core/systems/wh40k-10e');
    const { wh40k10eAnalysis } = await import('../../../core/systems/wh40k-10e/analysis');
    const setup = wh40k10e.setupSchema.parse({
      system: 'wh40k-10e',
      attacker: {
        name: 'Horde',
        weapons: [
          {
            name: 'Gun',
            models: 20,
            attacks: 10,
            skill: 3,
            strength: 5,
            ap: -1,
            damage: '2D6',
            abilities: { sustainedHits: 'D6' },
          },
        ],
      },
      defender: { name: 'Mob', models: [{ count: 20, toughness: 4, save: 4, wounds: 6 }] },
    });
    const state = wh40k10e.start(setup);
    // Within a generous meter it finishes; within a small one it stops, naming the size.
    expect(
      metered(
        () => wh40k10eAnalysis.distributions(state).main.length,
        () => 'generic',
        1e12,
      ),
    ).toBe(21);
    expect(() =>
      metered(
        () => wh40k10eAnalysis.distributions(state),
        () => 'generic',
        1e5,
      ),
    ).toThrow(
      new AnalysisTooLargeError(
        'up to 200 attacks against 20 models with 120 wounds in all: too many outcomes to count exactly in about a second',
      ),
    );
  });
});
