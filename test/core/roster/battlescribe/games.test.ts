import { registry } from '../../../../core/systems';
import { describe, expect, it } from 'vitest';
import { recogniseGame } from '../../../../core/roster/import/games';

/**
 * The data sets players use, by the game system id and name their files carry (issue 23): each
 * known one is recognised by its id with no note; a name that plainly names a supported edition
 * is taken with a note; other games are refused.
 */
const known = [
  {
    id: 'sys-352e-adc2-7639-d6a9',
    name: 'Warhammer 40,000 10th Edition',
    system: 'wh40k-10e',
    source: 'BSData/wh40k-10e (BattleScribe, New Recruit)',
  },
  {
    id: 'e1ebd931-a209-3ce4-87b4-d9918d25530b',
    name: 'Warhammer 40,000: 7th Edition',
    system: 'wh40k-7e',
    source: 'BSData/wh40k-7th-edition',
  },
  {
    id: '6d8e-38d9-3c69-febf',
    name: 'Warhammer Fantasy Battle 6th edition',
    system: 'old-world',
    source: 'BSData/whfb',
  },
  {
    id: '4ca8-2035-2f87-1bd7',
    name: 'WHFB 6th Edition',
    system: 'old-world',
    source: 'an earlier 6th edition data set',
  },
  {
    id: '0d13-7737-ea86-4662',
    name: 'Warhammer Fantasy Battles (6th definitive edition)',
    system: 'old-world',
    source: 'lexicanum-imperialis (New Recruit)',
  },
  {
    id: 'aa64-1e8e-66fc-9abf',
    name: 'The Ninth Age: Fantasy Battles',
    system: 'ninth-age',
    source: 'BSData/The-9th-Age, 2nd edition',
  },
  { id: '8c9a-3026-84b4-cf16', name: 'The 9th Age', system: 'ninth-age', source: 'BSData/The-9th-Age, earlier' },
  {
    id: '8f10-ee06-8dc1-beb6',
    name: 'Epic Armageddon',
    system: 'epic-armageddon',
    source: 'BSData/wh40k-epic-armageddon',
  },
] as const;

describe.each(known)('$name ($source)', ({ id, name, system }) => {
  it(`is read as ${system} by its id, with no note`, () => {
    const found = recogniseGame(registry, { gameSystemId: id, gameSystemName: name });
    expect(found?.system.system).toBe(system);
    expect(found?.note).toBeNull();
  });

  it(`is read as ${system} by its name alone (a renamed or forked data set), with a note`, () => {
    const found = recogniseGame(registry, { gameSystemId: 'unknown-id', gameSystemName: name });
    expect(found?.system.system).toBe(system);
    expect(found?.note).toMatch(
      /^The game system “.+” is not a data set Combat Companion knows; it was read as .+ from its name\. Check the units\.$/,
    );
  });
});

describe('game systems by name', () => {
  it.each([
    ['Warhammer Fantasy Battles (6th definitive edition)', 'old-world'],
    ['Warhammer Fantasy Battles - 6th Edition (community)', 'old-world'],
    ['WHFB: 6th', 'old-world'],
    ['Warhammer 40,000 10th Edition (New Recruit)', 'wh40k-10e'],
    ['Warhammer 40K 7th edition', 'wh40k-7e'],
    ['Warhammer 40,000 7th Edition', 'wh40k-7e'],
    ['Epic: Armageddon', 'epic-armageddon'],
    ['T9A', 'ninth-age'],
  ])('“%s” → %s', (name, system) => {
    expect(recogniseGame(registry, { gameSystemId: '', gameSystemName: name })?.system.system).toBe(system);
  });

  it('refuses other games and other editions', () => {
    for (const name of [
      'Age of Sigmar 4.0',
      'Warhammer Fantasy 7th ed',
      'Warhammer Fantasy 8th ed',
      'Warhammer 40,000 9th Edition',
      'Horus Heresy',
      '',
    ]) {
      expect(recogniseGame(registry, { gameSystemId: 'x', gameSystemName: name })).toBeUndefined();
    }
  });
});
