import { describe, expect, it } from 'vitest';
import { roundScore, scoreParts, sideScore, totalOf } from '../../../../core/systems/ninth-age/score';
import type { Standing } from '../../../../core/systems/ninth-age/state';
import { setupOf } from './helpers';

/** Every Combat Score component alone (RULES §5, SCENARIOS §3): each is worth what the rules say and nothing else moves. */

const standing = (rankAndFile: number, characters: boolean[] = [], hpLost = 0): Standing => ({
  rankAndFile,
  characters,
  hpLost,
});
/** A unit of 4 models 5 wide: no Proper Rank, no bonus of any kind. */
const plain = setupOf({ models: 4 }, { models: 4 });
const none = { hpLost: 0, wipedOut: 0, charge: 0, flankOrRear: 0, rankBonus: 0, standard: 0, battleStandard: 0 };

describe('Combat Score components (RULES §5)', () => {
  it('nothing at all: 0', () => {
    expect(scoreParts(plain, 1, 'attacker', standing(4), standing(4))).toEqual(none);
  });

  it('+1 per HP the enemy lost this round', () => {
    expect(scoreParts(plain, 1, 'attacker', standing(4), standing(1, [], 3))).toEqual({ ...none, hpLost: 3 });
  });

  it('+1 when the enemy unit is wiped out (in addition to its HP)', () => {
    expect(scoreParts(plain, 1, 'attacker', standing(4), standing(0, [], 4))).toEqual({
      ...none,
      hpLost: 4,
      wipedOut: 1,
    });
    // A character left standing: not wiped out.
    const withHero = setupOf({ models: 4 }, { models: 4, characters: [{ name: 'Captain' }] });
    expect(scoreParts(withHero, 1, 'attacker', standing(4), standing(0, [true], 4)).wipedOut).toBe(0);
  });

  it('+1 for the charge, in the round of the charge only', () => {
    const charged = setupOf({ models: 4, charged: true }, { models: 4 });
    expect(scoreParts(charged, 1, 'attacker', standing(4), standing(4))).toEqual({ ...none, charge: 1 });
    expect(scoreParts(charged, 2, 'attacker', standing(4), standing(4))).toEqual(none);
  });

  it('+2 for fighting in the enemy flank or rear (not +2 each)', () => {
    for (const facing of ['flank', 'rear'] as const) {
      expect(
        scoreParts(setupOf({ models: 4, facing }, { models: 4 }), 1, 'attacker', standing(4), standing(4)),
      ).toEqual({ ...none, flankOrRear: 2 });
    }
  });

  it('rank bonus: Proper Ranks with the standing rank and file plus characters, at most +4', () => {
    const hero = setupOf({ models: 4, characters: [{ name: 'Baron' }] }, { models: 4 });
    // 4 rank and file + the Baron = a Proper Rank of 5.
    expect(scoreParts(hero, 1, 'attacker', standing(4, [true]), standing(4))).toEqual({ ...none, rankBonus: 1 });
    expect(scoreParts(hero, 1, 'attacker', standing(4, [false]), standing(4))).toEqual(none);
    const deep = setupOf({ models: 40 }, { models: 4 });
    expect(scoreParts(deep, 1, 'attacker', standing(40), standing(4)).rankBonus).toBe(4);
    expect(scoreParts(deep, 1, 'attacker', standing(19), standing(4)).rankBonus).toBe(3);
  });

  it('+1 Standard while rank-and-file models remain (a character left does not carry it)', () => {
    const flag = setupOf({ models: 4, standard: true, characters: [{ name: 'Baron' }] }, { models: 4 });
    expect(scoreParts(flag, 1, 'attacker', standing(1, [false]), standing(4))).toEqual({ ...none, standard: 1 });
    expect(scoreParts(flag, 1, 'attacker', standing(0, [true]), standing(4))).toEqual(none);
  });

  it('+1 Battle Standard Bearer while he stands', () => {
    const bsb = setupOf(
      { models: 4, characters: [{ name: 'Bearer', battleStandard: true }, { name: 'Baron' }] },
      { models: 4 },
    );
    expect(scoreParts(bsb, 1, 'attacker', standing(0, [true, false]), standing(4))).toEqual({
      ...none,
      battleStandard: 1,
    });
    expect(scoreParts(bsb, 1, 'attacker', standing(0, [false, true]), standing(4))).toEqual(none);
  });

  it('lists every component as a line with its arithmetic, and the total is their sum', () => {
    const s = setupOf(
      {
        models: 9,
        standard: true,
        charged: true,
        facing: 'rear',
        characters: [{ name: 'Bearer', battleStandard: true }],
      },
      { models: 4 },
    );
    const side = sideScore(s, 1, 'attacker', standing(9, [true]), standing(0, [], 4));
    expect(side.lines.map((l) => `${l.label} ${l.value}: ${l.detail}`)).toEqual([
      'HP lost by the enemy 4: Spearmen lost 4 HP this round',
      'Enemy wiped out 1: no model of Spearmen is left',
      'Charge 1: Knights charged this round',
      'Flank or rear 2: Knights fight in the enemy’s rear',
      'Rank bonus 2: 10 models (9 rank and file + 1 character) 5 wide, Standard Height: 2 Proper Ranks of 5+ models',
      'Standard 1: carried by the 9 rank-and-file models left',
      'Battle Standard Bearer 1: Bearer still stands',
    ]);
    expect(side.total).toBe(12);
    expect(side.total).toBe(totalOf(scoreParts(s, 1, 'attacker', standing(9, [true]), standing(0, [], 4))));
  });

  it('the higher score wins; equal scores: both win (no winner)', () => {
    expect(roundScore(plain, 1, { attacker: standing(4, [], 1), defender: standing(4, [], 1) })).toMatchObject({
      winner: null,
      difference: 0,
    });
    expect(roundScore(plain, 1, { attacker: standing(4, [], 0), defender: standing(2, [], 2) })).toMatchObject({
      winner: 'attacker',
      difference: 2,
    });
  });
});
