import { describe, expect, it } from 'vitest';
import { analyze10e, analyzeSetup10e } from '../../../../../core/systems/wh40k-10e/analysis';
import { startSituation, type Situation } from '../../../../../core/systems/wh40k-10e/situation';
import { midSituation, progress, setup, weapon } from './setups';

/** Situations part-way through a combat, as the engine's situationOf(state) describes them. */
const close = (actual: number[], expected: number[], tol = 1e-12) => {
  expect(actual.length).toBe(expected.length);
  actual.forEach((p, i) => expect(Math.abs(p - expected[i]!), `index ${i}: ${p} vs ${expected[i]}`).toBeLessThan(tol));
};
const binomial4 = [1, 4, 6, 4, 1].map((c) => c / 16);

describe('exact analysis from a situation part-way through', () => {
  it('4 wounds left to save: each failed save (1/2) destroys the current model; the wounded one goes first', () => {
    const r = analyze10e(midSituation({ savesToMake: 4 }));
    // F failed saves ~ Binomial(4, 1/2); destroyed = 1 + min(F, 3); wounds lost = 3 + [0, 1, 3, 5, 5][F].
    close(r.modelsDestroyed, [0, binomial4[0]!, binomial4[1]!, binomial4[2]!, binomial4[3]! + binomial4[4]!]);
    const lost = new Array<number>(9).fill(0);
    [0, 1, 3, 5, 5].forEach((l, f) => (lost[3 + l]! += binomial4[f]!));
    close(r.woundsLost, lost);
    expect(r.meanModelsDestroyed).toBeCloseTo(1 + (0 * 1 + 1 * 4 + 2 * 6 + 3 * 5) / 16, 12);
  });

  it('failed saves awaiting damage are applied before the saves still to make', () => {
    const r = analyze10e(midSituation({ damageToApply: 1, savesToMake: 1 }));
    // The wounded model dies for sure; then one save (1/2) for the next.
    close(r.modelsDestroyed, [0, 0, 1 / 2, 1 / 2, 0]);
  });

  it('wound rolls still to make, and re-rolls pending that are never re-rolled again', () => {
    // S4 v T4: wounds on 4+ (1/2), then the save fails 1/2: 1/4 per die.
    const r1 = analyze10e(midSituation({ woundsToRoll: 1 }));
    close(r1.modelsDestroyed, [0, 3 / 4, 1 / 4, 0, 0]);
    const twin = setup({
      ranged: false,
      weapons: [
        weapon({
          attacks: 4,
          skill: 3,
          strength: 4,
          ap: 0,
          damage: 2,
          hitReroll: 'failed',
          abilities: { twinLinked: true },
        }),
      ],
      models: [{ count: 4, toughness: 4, save: 4, wounds: 2 }],
    });
    // Twin-linked: a wound roll still to make gets its re-roll (3/4); one already being re-rolled does not (1/2).
    const r2 = analyze10e(midSituation({ woundsToRoll: 1 }, { setup: twin }));
    close(r2.modelsDestroyed, [0, 1 - 3 / 8, 3 / 8, 0, 0]);
    const r3 = analyze10e(midSituation({ woundRerollsPending: 1 }, { setup: twin }));
    close(r3.modelsDestroyed, [0, 3 / 4, 1 / 4, 0, 0]);
    // A hit re-roll pending at WS3+: 4/6 to hit, no second re-roll; then 3/4 to wound, 1/2 to fail the save.
    const r4 = analyze10e(midSituation({ hitRerollsPending: 1 }, { setup: twin }));
    const p = (4 / 6) * (3 / 4) * (1 / 2);
    close(r4.modelsDestroyed, [0, 1 - p, p, 0, 0]);
  });

  it('pending Devastating Wounds criticals wait for all normal damage, then lose their excess', () => {
    const dev = setup({
      ranged: false,
      weapons: [
        weapon({ attacks: 4, skill: 3, strength: 4, ap: 0, damage: 3, abilities: { devastatingWounds: true } }),
      ],
      models: [{ count: 4, toughness: 4, save: 4, wounds: 2 }],
    });
    // One critical waiting (3 mortal wounds, excess lost) and one failed save awaiting 3 damage:
    // the damage kills the wounded model, then the mortal wounds kill the next one.
    const r = analyze10e(
      midSituation({ damageToApply: 1 }, { setup: dev, devastatingPending: [{ weapon: 0, count: 1 }] }),
    );
    close(r.modelsDestroyed, [0, 0, 0, 1, 0]);
    close(r.woundsLost, [0, 0, 0, 0, 0, 0, 1, 0, 0]);
  });

  it('ordinary mortal wounds spill over from model to model, Feel No Pain per wound', () => {
    const r = analyze10e(midSituation({}, { mortalWoundsPending: 3 }));
    close(r.modelsDestroyed, [0, 0, 0, 1, 0]); // 1 + 2 kill the wounded model and the next
    close(r.woundsLost, [0, 0, 0, 0, 0, 0, 1, 0, 0]);
    const fnp = setup({
      weapons: [weapon({ attacks: 1, skill: 3, strength: 4, ap: 0, damage: 1 })],
      models: [{ count: 2, toughness: 4, save: 4, wounds: 2, feelNoPain: 6 }],
    });
    const r2 = analyze10e({ ...startSituation(fnp), nextWeapons: [], mortalWoundsPending: 3 });
    // Each mortal wound gets through 5/6: lost = Binomial(3, 5/6); destroyed when lost ≥ 2.
    const q = 5 / 6;
    const lost = [(1 - q) ** 3, 3 * q * (1 - q) ** 2, 3 * q * q * (1 - q), q ** 3, 0];
    close(r2.woundsLost, lost);
    close(r2.modelsDestroyed, [lost[0]! + lost[1]!, lost[2]! + lost[3]!, 0]);
  });

  it('a model that already had an attack allocated takes the next one, whatever its place', () => {
    const s = setup({
      ranged: false,
      weapons: [weapon({ attacks: 1, skill: 3, strength: 4, ap: 0, damage: 2 })],
      models: [
        { count: 1, toughness: 4, save: 7, wounds: 2 },
        { count: 1, toughness: 4, save: 2, wounds: 2 },
      ],
    });
    const sit: Situation = {
      ...startSituation(s),
      models: [
        { group: 0, woundsLeft: 2, allocated: false },
        { group: 1, woundsLeft: 2, allocated: true },
      ],
      current: progress(0, { savesToMake: 1 }),
      nextWeapons: [],
    };
    close(analyze10e(sit).modelsDestroyed, [5 / 6, 1 / 6, 0]);
  });

  it('the start situation equals "every model still to roll its attacks" for the first weapon', () => {
    const s = setup({
      weapons: [
        weapon({
          name: 'a',
          models: 3,
          attacks: 'D3',
          skill: 3,
          strength: 5,
          ap: -1,
          damage: 'D3',
          abilities: { sustainedHits: 1, blast: true },
        }),
        weapon({
          name: 'b',
          attacks: 4,
          skill: 4,
          strength: 4,
          ap: 0,
          damage: 1,
          abilities: { devastatingWounds: true },
        }),
      ],
      models: [{ count: 7, toughness: 4, save: 4, wounds: 2 }],
    });
    const a = analyzeSetup10e(s);
    // As the engine starts the weapon: Blast (+1 per 5 of the 7 models, per attacking model) is
    // already in hitsToRoll; the 3 models' D3 attacks are still to roll.
    const b = analyze10e({
      ...startSituation(s),
      current: progress(0, { attackRollsPending: 3, hitsToRoll: 3 }),
      nextWeapons: [1],
    });
    close(b.modelsDestroyed, a.modelsDestroyed, 1e-13);
    close(b.woundsLost, a.woundsLost, 1e-13);
  });
});
