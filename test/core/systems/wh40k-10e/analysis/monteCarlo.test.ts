import { describe, expect, it } from 'vitest';
import { analyze10e } from '../../../../../core/systems/wh40k-10e/analysis';
import { startSituation, type Situation } from '../../../../../core/systems/wh40k-10e/situation';
import { simulate } from './simulate';
import { midSituation, scenarioA, scenarioB, scenarioC, setup, weapon } from './setups';

/**
 * The exact distribution against an independent one-attack-at-a-time simulation (simulate.ts).
 * Each bucket's simulated frequency must lie within 4 standard errors, sqrt(p(1−p)/N), of the
 * exact p (plus 2/N for buckets of tiny p); for a correct analysis a bucket fails with
 * probability about 6·10⁻⁵, and the seeds are fixed, so the test is deterministic.
 */
function agree(situation: Situation, samples: number, seed: number) {
  const exact = analyze10e(situation);
  const sim = simulate(situation, samples, seed);
  for (const key of ['modelsDestroyed', 'woundsLost'] as const) {
    const e = exact[key];
    const s = sim[key];
    expect(s.length).toBe(e.length);
    e.forEach((p, k) => {
      const tolerance = 4 * Math.sqrt((p * (1 - p)) / samples) + 2 / samples;
      expect(Math.abs(s[k]! - p), `${key}[${k}]: simulated ${s[k]} vs exact ${p}`).toBeLessThanOrEqual(tolerance);
    });
  }
  const simMean = sim.modelsDestroyed.reduce((a, p, k) => a + p * k, 0);
  const sd = Math.sqrt(exact.modelsDestroyed.reduce((a, p, k) => a + p * (k - exact.meanModelsDestroyed) ** 2, 0));
  expect(Math.abs(simMean - exact.meanModelsDestroyed)).toBeLessThanOrEqual((4 * sd) / Math.sqrt(samples) + 1e-12);
}

describe('exact analysis agrees with Monte Carlo', () => {
  it('(a) 10 attacks BS3+ S4 AP-1 D1 v 10 × T4 Sv3+ W1', () => agree(startSituation(scenarioA()), 40_000, 11));

  it('(b) Sustained Hits 1, Lethal Hits, D3 v T5 Sv3+ 4++ W3 FNP 5+', () =>
    agree(startSituation(scenarioB()), 40_000, 12));

  it('(c) 120 attacks D6 Devastating Wounds v 20 × T9 Sv2+ W12', () => agree(startSituation(scenarioC()), 20_000, 13));

  it('a mixed unit: characters, two groups, cover, re-rolls, Twin-linked, Anti, Blast, random attacks and damage', () => {
    const s = setup({
      keywords: ['infantry'],
      cover: true,
      halfRange: true,
      remainedStationary: true,
      weapons: [
        weapon({
          name: 'blast',
          models: 2,
          attacks: 'D6',
          skill: 4,
          strength: 5,
          ap: -1,
          damage: 'D3',
          hitReroll: 'ones',
          abilities: { blast: true, heavy: true },
        }),
        weapon({
          name: 'anti',
          models: 3,
          attacks: 2,
          skill: 3,
          strength: 4,
          ap: 0,
          damage: 2,
          abilities: { devastatingWounds: true, twinLinked: true, anti: { keyword: 'infantry', threshold: 5 } },
        }),
        weapon({
          name: 'melta',
          attacks: 1,
          skill: 3,
          strength: 9,
          ap: -4,
          damage: 'D6',
          abilities: { melta: 2, rapidFire: 1 },
        }),
      ],
      models: [
        { count: 1, toughness: 4, save: 3, invulnerable: 4, wounds: 4, character: true },
        { count: 6, toughness: 5, save: 3, wounds: 2, feelNoPain: 6 },
        { count: 2, toughness: 5, save: 4, wounds: 3 },
      ],
    });
    agree(startSituation(s), 30_000, 14);
  });

  it('two Devastating weapons of different damage, resolved in order after all normal damage', () => {
    const s = setup({
      ranged: false,
      weapons: [
        weapon({
          name: 'big',
          attacks: 4,
          skill: 3,
          strength: 6,
          ap: -1,
          damage: 3,
          abilities: { devastatingWounds: true, lethalHits: true },
        }),
        weapon({
          name: 'small',
          models: 4,
          attacks: 2,
          skill: 3,
          strength: 4,
          ap: 0,
          damage: 1,
          abilities: { devastatingWounds: true, sustainedHits: 'D3' },
        }),
      ],
      models: [{ count: 5, toughness: 4, save: 3, wounds: 2 }],
    });
    agree(startSituation(s), 30_000, 15);
  });

  it('mid-combat: models destroyed and wounded, a weapon part-way with pools at every stage', () => {
    agree(midSituation({ savesToMake: 2, woundsToRoll: 2, hitsToRoll: 1 }), 40_000, 16);
    const sit: Situation = {
      ...midSituation({
        damageToApply: 1,
        woundsToRoll: 3,
        sustainedRollsPending: 1,
        hitRerollsPending: 1,
        attackRollsPending: 1,
      }),
      setup: scenarioBWithFourModels(),
      devastatingPending: [{ weapon: 0, count: 1 }],
      mortalWoundsPending: 1,
    };
    agree(sit, 40_000, 17);
  });
});

/** (b)'s weapon, made Devastating, against the 4-model unit midSituation describes. */
function scenarioBWithFourModels() {
  const b = scenarioB();
  return setup({
    ranged: false,
    weapons: [
      { ...b.attacker.weapons[0]!, abilities: { ...b.attacker.weapons[0]!.abilities, devastatingWounds: true } },
    ],
    models: [{ count: 4, toughness: 4, save: 4, wounds: 2, feelNoPain: 5 }],
  });
}
