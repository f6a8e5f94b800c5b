import { describe, expect, it } from 'vitest';
import {
  armourAllowed,
  destroyerResult,
  instantDeath,
  moralePasses,
  strikingStrength,
  sweepCatches,
  toHitFace,
  toWoundFace,
} from '../../../../core/systems/wh40k-7e/tables';

/**
 * The 7th edition charts cell by cell, written out as the rulebook prints them (rows: the
 * attacker's WS or S; columns: the target's WS or T, 1 to 10), so a slip in the rule functions
 * shows as a wrong cell.
 */

// Seed 000 "Roll To Hit" / RULES §2: WS higher → 3+; target's WS more than double → 5+; otherwise 4+.
const TO_HIT_CHART = [
  [4, 4, 5, 5, 5, 5, 5, 5, 5, 5],
  [3, 4, 4, 4, 5, 5, 5, 5, 5, 5],
  [3, 3, 4, 4, 4, 4, 5, 5, 5, 5],
  [3, 3, 3, 4, 4, 4, 4, 4, 5, 5],
  [3, 3, 3, 3, 4, 4, 4, 4, 4, 4],
  [3, 3, 3, 3, 3, 4, 4, 4, 4, 4],
  [3, 3, 3, 3, 3, 3, 4, 4, 4, 4],
  [3, 3, 3, 3, 3, 3, 3, 4, 4, 4],
  [3, 3, 3, 3, 3, 3, 3, 3, 4, 4],
  [3, 3, 3, 3, 3, 3, 3, 3, 3, 4],
];

// RULES §2 to-wound chart ("–" = cannot wound).
const _ = null;
const TO_WOUND_CHART = [
  [4, 5, 6, 6, _, _, _, _, _, _],
  [3, 4, 5, 6, 6, _, _, _, _, _],
  [2, 3, 4, 5, 6, 6, _, _, _, _],
  [2, 2, 3, 4, 5, 6, 6, _, _, _],
  [2, 2, 2, 3, 4, 5, 6, 6, _, _],
  [2, 2, 2, 2, 3, 4, 5, 6, 6, _],
  [2, 2, 2, 2, 2, 3, 4, 5, 6, 6],
  [2, 2, 2, 2, 2, 2, 3, 4, 5, 6],
  [2, 2, 2, 2, 2, 2, 2, 3, 4, 5],
  [2, 2, 2, 2, 2, 2, 2, 2, 3, 4],
];

describe('the To Hit chart (seed 000, RULES §2), every cell', () => {
  for (let a = 1; a <= 10; a++) {
    for (let t = 1; t <= 10; t++) {
      it(`WS ${a} vs WS ${t} → ${TO_HIT_CHART[a - 1]![t - 1]}+`, () =>
        expect(toHitFace(a, t)).toBe(TO_HIT_CHART[a - 1]![t - 1]));
    }
  }
});

describe('the To Wound chart (RULES §2), every cell', () => {
  for (let s = 1; s <= 10; s++) {
    for (let t = 1; t <= 10; t++) {
      const want = TO_WOUND_CHART[s - 1]![t - 1]!;
      it(`S${s} vs T${t} → ${want === null ? 'cannot wound' : `${want}+`}`, () => expect(toWoundFace(s, t)).toBe(want));
    }
  }
});

describe('armour against AP (RULES §2)', () => {
  it('AP beats the save when it is equal to or lower than Sv; AP "–" never does', () => {
    for (let sv = 2; sv <= 6; sv++) {
      for (let ap = 1; ap <= 6; ap++) expect(armourAllowed(ap, sv), `AP ${ap} vs Sv ${sv}+`).toBe(ap > sv);
      expect(armourAllowed(null, sv)).toBe(true);
    }
  });
  it('AP equal to Sv beats it: AP 3 against 3+', () => expect(armourAllowed(3, 3)).toBe(false));
});

describe('Instant Death (RULES §2): Strength at least double the Toughness', () => {
  it.each([
    [8, 4, true],
    [7, 4, false],
    [6, 3, true],
    [10, 5, true],
    [10, 6, false],
    [2, 1, true],
  ])('S%i vs T%i → %s', (s, t, want) => expect(instantDeath(s, t)).toBe(want));
});

describe("a weapon's Strength (SCENARIOS §2)", () => {
  it('user, a number, +N, xN, capped at 10, and D', () => {
    expect(strikingStrength(4, 'user')).toBe(4);
    expect(strikingStrength(4, 6)).toBe(6);
    expect(strikingStrength(4, '+1')).toBe(5);
    expect(strikingStrength(4, '+2')).toBe(6);
    expect(strikingStrength(4, 'x2')).toBe(8);
    expect(strikingStrength(6, 'x2')).toBe(10);
    expect(strikingStrength(9, '+3')).toBe(10);
    expect(strikingStrength(4, 'x3')).toBe(10);
    expect(strikingStrength(4, 'D')).toBe('D');
  });
});

describe('the Destroyer table (seed 000, RULES §2)', () => {
  it('1 nothing, 2–5 seriously wounded, 6 deathblow', () => {
    expect([1, 2, 3, 4, 5, 6].map(destroyerResult)).toEqual([
      'nothing',
      'seriously',
      'seriously',
      'seriously',
      'seriously',
      'deathblow',
    ]);
  });
});

describe('Morale (RULES §2): 2D6 ≤ Ld − difference, a double 1 always passes', () => {
  it('passes on the number exactly, fails one above', () => {
    expect(moralePasses([3, 3], 8, 2)).toBe(true);
    expect(moralePasses([3, 4], 8, 2)).toBe(false);
  });
  it('a double 1 passes even when 2 is more than Ld − difference', () => {
    expect(moralePasses([1, 1], 7, 6)).toBe(true);
    expect(moralePasses([1, 2], 7, 6)).toBe(false);
  });
});

describe('Sweeping Advance (RULES §2): the winner catches on an equal or higher total', () => {
  it('a tie goes to the winner', () => {
    expect(sweepCatches(7, 7)).toBe(true);
    expect(sweepCatches(8, 7)).toBe(true);
    expect(sweepCatches(6, 7)).toBe(false);
  });
});
