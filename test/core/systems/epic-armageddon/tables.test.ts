import { describe, expect, it } from 'vitest';
import {
  blastMarkersCounted,
  modifierTotal,
  resultModifiers,
  type ResultFacts,
} from '../../../../core/systems/epic-armageddon/result';
import {
  highestOfTwoChance,
  INVULNERABLE_SAVE,
  passChance,
  passes,
  RESULT_MODIFIERS,
} from '../../../../core/systems/epic-armageddon/tables';

const facts = (over: Partial<ResultFacts> = {}): ResultFacts => ({
  kills: 0,
  units: 3,
  enemyUnits: 3,
  blastMarkers: 1,
  enemyBlastMarkers: 1,
  inspiring: 0,
  enemyBroken: false,
  ...over,
});

describe('Epic Armageddon tables (RULES §4 A6, seed 003)', () => {
  it('RULES §4 A6: every result modifier is +1, cell by cell', () => {
    expect(RESULT_MODIFIERS).toEqual({
      perKill: 1,
      moreUnits: 1,
      moreThanTwice: 1,
      noBlastMarkers: 1,
      enemyMoreBlastMarkers: 1,
      perInspiring: 1,
    });
  });

  it('RULES §4 A6: 2D6 keep the highest — P(k) = (2k−1)/36, as counting the 36 rolls gives', () => {
    for (let k = 1; k <= 6; k++) {
      let ways = 0;
      for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (Math.max(a, b) === k) ways++;
      expect(highestOfTwoChance(k)).toBeCloseTo(ways / 36, 15);
    }
    expect(highestOfTwoChance(0)).toBe(0);
    expect(highestOfTwoChance(7)).toBe(0);
  });

  it('seed 003: a die equal to or over the value needed passes; no modifiers; 6+ invulnerable', () => {
    expect(passes(4, 4)).toBe(true);
    expect(passes(3, 4)).toBe(false);
    expect(passes(6, 6)).toBe(true);
    expect([2, 3, 4, 5, 6].map(passChance)).toEqual([5 / 6, 4 / 6, 3 / 6, 2 / 6, 1 / 6]);
    expect(INVULNERABLE_SAVE).toBe(6);
  });
});

describe('A6 modifiers, each a line (RULES §4 A6)', () => {
  it('+1 per kill', () => {
    expect(resultModifiers(facts({ kills: 3 }))).toEqual([
      { label: '3 kills', value: 3, why: expect.stringContaining('+1 per enemy unit killed') },
    ]);
    expect(resultModifiers(facts({ kills: 1 }))[0]!.label).toBe('1 kill');
  });
  it('+1 for more units, +1 more for more than twice as many (strictly)', () => {
    expect(modifierTotal(facts({ units: 4, enemyUnits: 3 }))).toBe(1);
    expect(modifierTotal(facts({ units: 6, enemyUnits: 3 }))).toBe(1);
    expect(modifierTotal(facts({ units: 7, enemyUnits: 3 }))).toBe(2);
    expect(modifierTotal(facts({ units: 3, enemyUnits: 3 }))).toBe(0);
    expect(resultModifiers(facts({ units: 7, enemyUnits: 3 })).map((m) => m.label)).toEqual([
      'more units',
      'more than twice as many units',
    ]);
  });
  it('+1 for no Blast markers, +1 when the enemy has more', () => {
    expect(resultModifiers(facts({ blastMarkers: 0, enemyBlastMarkers: 0 })).map((m) => m.label)).toEqual([
      'no Blast markers',
    ]);
    expect(resultModifiers(facts({ blastMarkers: 0, enemyBlastMarkers: 2 })).map((m) => m.label)).toEqual([
      'no Blast markers',
      'enemy has more Blast markers',
    ]);
    expect(resultModifiers(facts({ blastMarkers: 2, enemyBlastMarkers: 1 }))).toEqual([]);
  });
  it('+1 per surviving Inspiring unit involved', () => {
    expect(resultModifiers(facts({ inspiring: 2 }))).toEqual([
      { label: '2 Inspiring units', value: 2, why: expect.any(String) },
    ]);
  });
  it('RULES §4 A6: a Broken formation counts as many Blast markers as it has units left', () => {
    expect(blastMarkersCounted(true, 1, 5)).toBe(5);
    expect(blastMarkersCounted(false, 1, 5)).toBe(1);
  });
});
