import { describe, expect, it } from 'vitest';
import { abilityNames, readWeaponKeywords } from '../../../../../core/systems/wh40k-10e/roster/keywords';
import { abilitiesSchema } from '../../../../../core/systems/wh40k-10e/profiles';

/** Weapon keywords of the 10th edition core rules ("Weapon abilities"; seed 001, RULES.md §1) as the engine's abilities. */
describe('10th edition weapon keywords', () => {
  it.each([
    ['Lethal Hits', { lethalHits: true }],
    ['Sustained Hits 1', { sustainedHits: 1 }],
    ['Sustained Hits D3', { sustainedHits: 'D3' }],
    ['Devastating Wounds', { devastatingWounds: true }],
    ['Twin-linked', { twinLinked: true }],
    ['Twin Linked', { twinLinked: true }],
    ['Anti-FLY 4+', { anti: { keyword: 'fly', threshold: 4 } }],
    ['Anti-Chaos Space Marines 2+', { anti: { keyword: 'chaos space marines', threshold: 2 } }],
    ['Torrent', { torrent: true }],
    ['Blast', { blast: true }],
    ['Rapid Fire 2', { rapidFire: 2 }],
    ['Rapid Fire D3', { rapidFire: 'D3' }],
    ['Melta 4', { melta: 4 }],
    ['Lance', { lance: true }],
    ['Heavy', { heavy: true }],
    ['Ignores Cover', { ignoresCover: true }],
    ['Precision', { precision: true }],
    ['Hazardous', { hazardous: true }],
    ['[SUSTAINED HITS 2]', { sustainedHits: 2 }],
  ])('“%s”', (text, abilities) => {
    const read = readWeaponKeywords(text);
    expect(read).toEqual({ abilities, other: [] });
    expect(abilitiesSchema.safeParse(read.abilities).success).toBe(true);
  });

  it('keeps what the engine has no ability for as text, as written', () => {
    expect(
      readWeaponKeywords(
        'Assault, Pistol, Indirect Fire, One Shot, Psychic, Extra Attacks, Anti-FLY 9+, Sustained Hits X',
      ),
    ).toEqual({
      abilities: {},
      other: [
        'Assault',
        'Pistol',
        'Indirect Fire',
        'One Shot',
        'Psychic',
        'Extra Attacks',
        'Anti-FLY 9+',
        'Sustained Hits X',
      ],
    });
    expect(readWeaponKeywords('-')).toEqual({ abilities: {}, other: [] });
    expect(readWeaponKeywords(undefined)).toEqual({ abilities: {}, other: [] });
  });

  it('names the abilities back as the datasheet does, for the preview', () => {
    const { abilities } = readWeaponKeywords('Anti-Vehicle 4+, Sustained Hits D3, Lethal Hits, Melta 2, Rapid Fire 1');
    expect(abilityNames(abilities)).toEqual([
      'Lethal Hits',
      'Sustained Hits D3',
      'Anti-VEHICLE 4+',
      'Rapid Fire 1',
      'Melta 2',
    ]);
  });
});
