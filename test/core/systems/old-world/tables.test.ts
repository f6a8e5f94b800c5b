import { describe, expect, it } from 'vitest';
import {
  armourModifier,
  armourSaveFace,
  countingRanks,
  moveDice,
  rankBonus,
  TO_HIT,
  TO_WOUND,
  toHitScore,
  toWoundScore,
  unitStrengthPerModel,
} from '../../../../core/systems/old-world/tables';

const oneToTen = Array.from({ length: 10 }, (_, i) => i + 1);

describe('To Hit table (seed 002, "Roll to Hit")', () => {
  // The grid follows one rule: 3+ against a lower WS, 4+ up to twice the attacker's WS, 5+ beyond.
  const byRule = (a: number, d: number) => (a > d ? 3 : d <= 2 * a ? 4 : 5);
  for (const a of oneToTen) {
    it(`WS${a} against WS1–10 matches the grid cell by cell`, () => {
      for (const d of oneToTen) expect(toHitScore(a, d), `WS${a} vs WS${d}`).toBe(byRule(a, d));
    });
  }
  it('quotes the seed rows exactly', () => {
    expect(TO_HIT[0]).toEqual([4, 4, 5, 5, 5, 5, 5, 5, 5, 5]);
    expect(TO_HIT[3]).toEqual([3, 3, 3, 4, 4, 4, 4, 4, 5, 5]);
    expect(TO_HIT[9]).toEqual([3, 3, 3, 3, 3, 3, 3, 3, 3, 4]);
  });
  it('a defended obstacle is hit only on 6s, whatever the Weapon Skills', () => {
    for (const a of oneToTen) for (const d of oneToTen) expect(toHitScore(a, d, true)).toBe(6);
  });
  it('a 1 always misses and a 6 always hits: every score is 3 to 6', () => {
    for (const a of oneToTen) for (const d of oneToTen) expect(toHitScore(a, d)).toBeGreaterThanOrEqual(2);
  });
});

describe('To Wound table (seed 002, "Roll to Damage")', () => {
  // S = T: 4+; each point of S above T one better (to 2+); each below one worse to 6+, then 6+ once more, then N.
  const byRule = (s: number, t: number): number | null => {
    const d = s - t;
    if (d >= 2) return 2;
    if (d >= -2) return 4 - d;
    if (d === -3) return 6;
    return null;
  };
  for (const s of oneToTen) {
    it(`S${s} against T1–10 matches the grid cell by cell`, () => {
      for (const t of oneToTen) expect(toWoundScore(s, t), `S${s} vs T${t}`).toBe(byRule(s, t));
    });
  }
  it('quotes the seed rows exactly ("N" cannot wound)', () => {
    expect(TO_WOUND[0]).toEqual([4, 5, 6, 6, null, null, null, null, null, null]);
    expect(TO_WOUND[9]).toEqual([2, 2, 2, 2, 2, 2, 2, 2, 3, 4]);
  });
});

describe('armour saves by Strength (RULES §3 table; seed 002 "a 1 always fails")', () => {
  it.each([
    [1, 0],
    [2, 0],
    [3, 0],
    [4, -1],
    [5, -2],
    [6, -3],
    [7, -4],
    [8, -5],
    [9, -6],
    [10, -7],
  ])('S%i modifies the save by %i', (s, mod) => expect(armourModifier(s)).toBe(mod));

  it('a 4+ save against S5 needs 6+, against S6 none is left', () => {
    expect(armourSaveFace(4, 5)).toBe(6);
    expect(armourSaveFace(4, 6)).toBeNull();
  });
  it('a 1+ save still fails on a 1: it needs 2+ against S3, and 2+ against S4 too', () => {
    expect(armourSaveFace(1, 3)).toBe(2);
    expect(armourSaveFace(1, 4)).toBe(2);
    expect(armourSaveFace(1, 5)).toBe(3);
  });
});

describe('Unit Strength, ranks and move dice (RULES §3)', () => {
  it('Unit Strength per model by troop type: infantry 1, cavalry 2, large 3, monster its Wounds', () => {
    expect(unitStrengthPerModel('infantry', 1)).toBe(1);
    expect(unitStrengthPerModel('cavalry', 1)).toBe(2);
    expect(unitStrengthPerModel('large', 3)).toBe(3);
    expect(unitStrengthPerModel('monster', 6)).toBe(6);
  });
  it('a rank needs 4 models: 5 wide × 3 full ranks + 4 = 4 ranks; + 3 = 3 ranks', () => {
    expect(countingRanks(19, 5)).toBe(4);
    expect(countingRanks(18, 5)).toBe(3);
    expect(countingRanks(12, 3)).toBe(0);
  });
  it('rank bonus: +1 per rank after the first, at most +3', () => {
    expect(rankBonus(5, 5)).toBe(0);
    expect(rankBonus(10, 5)).toBe(1);
    expect(rankBonus(14, 5)).toBe(2);
    expect(rankBonus(40, 5)).toBe(3);
  });
  it('flee and pursue 2D6 at Movement 6 or less, 3D6 above (seed 002, "Flee!")', () => {
    expect(moveDice(6)).toBe(2);
    expect(moveDice(7)).toBe(3);
  });
});
