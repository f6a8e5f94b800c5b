import { describe, expect, it } from 'vitest';
import {
  armourNeed,
  CATCH_CHANCE,
  passChance,
  properRankSize,
  specialSaveNeed,
  toHitBase,
  toHitNeed,
  toWoundNeed,
  TWO_D6,
  twoD6AtLeast,
} from '../../../../core/systems/ninth-age/tables';
import { properRanks } from '../../../../core/systems/ninth-age/score';

/** The charts of seed 004 and RULES.md §5, cell by cell. */

describe('to-hit table (seed 004, "Standard Melee Attacks")', () => {
  // The seed's grid as it prints it: rows Def 1…10, columns Off 1…10.
  const SEED_GRID = [
    [4, 3, 3, 3, 2, 2, 2, 2, 2, 2],
    [4, 4, 3, 3, 3, 2, 2, 2, 2, 2],
    [4, 4, 4, 3, 3, 3, 2, 2, 2, 2],
    [4, 4, 4, 4, 3, 3, 3, 2, 2, 2],
    [5, 4, 4, 4, 4, 3, 3, 3, 2, 2],
    [5, 5, 4, 4, 4, 4, 3, 3, 3, 2],
    [5, 5, 5, 4, 4, 4, 4, 3, 3, 3],
    [5, 5, 5, 5, 4, 4, 4, 4, 3, 3],
    [5, 5, 5, 5, 5, 4, 4, 4, 4, 3],
    [5, 5, 5, 5, 5, 5, 4, 4, 4, 4],
  ];
  it.each(SEED_GRID.flatMap((row, d) => row.map((need, o) => [o + 1, d + 1, need])))(
    'OS %i against DS %i hits on %i+ (every cell of the seed grid)',
    (os, ds, need) => {
      expect(toHitBase(os, ds)).toBe(need);
    },
  );

  it('reads the bands of the seed: ≥ 4 → 2+, 1…3 → 3+, −3…0 → 4+, ≤ −4 → 5+ (also beyond the grid, OS or DS 0)', () => {
    expect([4, 3, 1, 0, -3, -4, -10].map((diff) => toHitBase(diff >= 0 ? diff : 0, diff >= 0 ? 0 : -diff))).toEqual([
      2, 3, 3, 4, 4, 5, 5,
    ]);
    expect(toHitBase(10, 0)).toBe(2);
    expect(toHitBase(0, 10)).toBe(5);
  });

  it('a modifier moves the need, but a natural 1 always fails and a natural 6 always hits (the need stays 2+…6+)', () => {
    expect(toHitNeed(5, 5, 1)).toBe(3);
    expect(toHitNeed(5, 5, -1)).toBe(5);
    // 2+ with +1: still 2+ (a 1 fails).
    expect(toHitNeed(8, 3, 1)).toBe(2);
    expect(toHitNeed(8, 3, 3)).toBe(2);
    // 5+ with −1 is 6+; with −3 still 6+ (a 6 hits).
    expect(toHitNeed(1, 9, -1)).toBe(6);
    expect(toHitNeed(1, 9, -3)).toBe(6);
    expect(passChance(toHitNeed(1, 9, -3))).toBeCloseTo(1 / 6, 12);
    expect(passChance(toHitNeed(8, 3, 3))).toBeCloseTo(5 / 6, 12);
  });
});

describe('to-wound table (RULES §5)', () => {
  it.each([
    [5, 3, 2],
    [9, 3, 2],
    [4, 3, 3],
    [3, 3, 4],
    [3, 4, 5],
    [3, 5, 6],
    [1, 9, 6],
    [0, 10, 6],
  ])('S %i against Res %i wounds on %i+', (s, r, need) => {
    expect(toWoundNeed(s, r)).toBe(need);
  });
});

describe('armour save (RULES §5): 7 − (Armour − AP)', () => {
  it.each([
    [6, 0, 2],
    [5, 0, 2],
    [6, 1, 2],
    [4, 0, 3],
    [3, 0, 4],
    [2, 0, 5],
    [1, 0, 6],
    [4, 2, 5],
  ])('Armour %i, AP %i → %i+ (5 or more → 2+, a natural 1 fails)', (arm, ap, need) => {
    expect(armourNeed(arm, ap)).toBe(need);
  });
  it('Armour − AP of 0 or less: no save', () => {
    expect(armourNeed(0, 0)).toBeNull();
    expect(armourNeed(2, 2)).toBeNull();
    expect(armourNeed(1, 4)).toBeNull();
  });
});

describe('special saves (RULES §5): the better of Aegis and Fortitude', () => {
  it('takes the lower need, Aegis on a tie, and none when neither', () => {
    expect(specialSaveNeed(5, 4)).toEqual({ need: 4, name: 'Fortitude' });
    expect(specialSaveNeed(4, 5)).toEqual({ need: 4, name: 'Aegis' });
    expect(specialSaveNeed(5, 5)).toEqual({ need: 5, name: 'Aegis' });
    expect(specialSaveNeed(null, 6)).toEqual({ need: 6, name: 'Fortitude' });
    expect(specialSaveNeed(6, null)).toEqual({ need: 6, name: 'Aegis' });
    expect(specialSaveNeed(null, null)).toBeNull();
  });
});

describe('Proper Ranks by Height (RULES §5, SCENARIOS §3)', () => {
  it('needs 5 models at Height 0–1, 3 at Height 2, and never counts at Height 3', () => {
    expect([0, 1, 2, 3].map(properRankSize)).toEqual([5, 5, 3, null]);
  });
  it('fills ranks from the front, width to a rank; the last partial rank counts when it is big enough', () => {
    expect(properRanks(30, 6, 1)).toBe(5);
    expect(properRanks(29, 6, 1)).toBe(4 + 1);
    expect(properRanks(28, 6, 1)).toBe(4);
    expect(properRanks(9, 5, 1)).toBe(1);
    expect(properRanks(7, 3, 2)).toBe(2);
    expect(properRanks(9, 3, 2)).toBe(3);
    // Too narrow for a Proper Rank: never.
    expect(properRanks(20, 4, 1)).toBe(0);
    expect(properRanks(20, 2, 2)).toBe(0);
    expect(properRanks(12, 3, 3)).toBe(0);
    expect(properRanks(0, 5, 1)).toBe(0);
  });
});

describe('2D6, flee and pursuit (RULES §5)', () => {
  it('2D6 sums to 1 and has the triangle shape', () => {
    expect(TWO_D6.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 15);
    expect(TWO_D6[7]).toBeCloseTo(6 / 36, 15);
    expect(twoD6AtLeast(2)).toBeCloseTo(1, 15);
    expect(twoD6AtLeast(12)).toBeCloseTo(1 / 36, 15);
  });
  it('a pursuit of 2D6 catches a 2D6 flee, ties too, with probability (1 + Σ P(k)²) / 2 = 721/1296', () => {
    expect(CATCH_CHANCE).toBeCloseTo(721 / 1296, 14);
  });
});
