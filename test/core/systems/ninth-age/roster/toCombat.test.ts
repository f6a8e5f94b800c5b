import { describe, expect, it } from 'vitest';
import { ninthAgeProfileSchema, type NinthAgeProfile } from '../../../../../core/systems/ninth-age/roster/profile';
import {
  characterForCombat,
  fightingProfile,
  heightFor,
  profilesLeftOut,
  unitForCombat,
} from '../../../../../core/systems/ninth-age/roster/toCombat';
import { setupSchema } from '../../../../../core/systems/ninth-age/setup';
import { validProfiles } from '../../../store/fixtures';

/** A roster unit (Ninth Age profile) as one side's unit of a melee (SCENARIOS §3). */

const knight = {
  models: 6,
  rankWidth: 3,
  height: 'large',
  type: 'cavalry',
  global: { advanceRate: 8, marchRate: 16, discipline: 8 },
  defensive: { healthPoints: 1, defensiveSkill: 4, resilience: 3, armour: 5, aegis: null },
  offensive: [
    {
      name: 'Knight',
      attacks: 1,
      offensiveSkill: 4,
      strength: 4,
      armourPenetration: 1,
      agility: 4,
      specialRules: ['Lightning Reflexes'],
    },
    { name: 'Warhorse', attacks: 1, offensiveSkill: 3, strength: 3, armourPenetration: 0, agility: 3 },
  ],
  specialRules: ['Standard Bearer', 'Fortitude (5+)'],
};
const profile = (over: Record<string, unknown> = {}): NinthAgeProfile =>
  ninthAgeProfileSchema.parse({ ...knight, ...over });

const valid = (unit: unknown) =>
  setupSchema.safeParse({
    system: 'ninth-age',
    attacker: { name: 'Equitaine', unit },
    defender: { name: 'Orcs', unit: unitForCombat('Orcs', ninthAgeProfileSchema.parse(validProfiles['ninth-age'])) },
  });

describe('a roster unit in a Ninth Age melee', () => {
  it('stored rosters stay valid: the new rank width and Fortitude are optional (5 wide, none)', () => {
    const stored = ninthAgeProfileSchema.parse(validProfiles['ninth-age']);
    expect(stored.rankWidth).toBe(5);
    expect(stored.defensive.fortitude).toBeNull();
  });

  it('maps the height words onto numbers: standard 1, large 2, gigantic 3', () => {
    expect(heightFor).toEqual({ standard: 1, large: 2, gigantic: 3 });
    expect(unitForCombat('Giant', profile({ height: 'gigantic', models: 1 })).height).toBe(3);
  });

  it('fights with the first offensive profile; a second with other characteristics is left out and named', () => {
    expect(fightingProfile(profile())).toEqual({
      offensiveSkill: 4,
      defensiveSkill: 4,
      strength: 4,
      armourPenetration: 1,
      agility: 4,
      attacks: 1,
      healthPoints: 1,
      resilience: 3,
      armour: 5,
      discipline: 8,
      aegis: null,
      fortitude: 5,
      hitModifier: 1,
    });
    expect(profilesLeftOut(profile())).toEqual(['Warhorse']);
  });

  it('adds the attacks of a later profile that strikes the same way (one part)', () => {
    const twin = profile({
      offensive: [knight.offensive[0], { ...knight.offensive[0], name: 'Second weapon', attacks: 2, specialRules: [] }],
    });
    expect(fightingProfile(twin).attacks).toBe(3);
    expect(profilesLeftOut(twin)).toEqual([]);
  });

  it('brings the rank block, the standard and Fight in Extra Rank, and is a valid setup unit', () => {
    const unit = unitForCombat('Knights', profile());
    expect(unit).toMatchObject({
      name: 'Knights',
      models: 6,
      width: 3,
      height: 2,
      standard: true,
      supporting: null,
      characters: [],
    });
    expect(valid(unit).success).toBe(true);
    const spears = unitForCombat('Spearmen', ninthAgeProfileSchema.parse(validProfiles['ninth-age']));
    expect(spears).toMatchObject({ models: 20, width: 5, height: 1, standard: false, supporting: 10 });
  });

  it('reads a profile Aegis first, then one written as a special rule', () => {
    expect(
      fightingProfile(profile({ defensive: { ...knight.defensive, aegis: 4 }, specialRules: ['Aegis (6+)'] })).aegis,
    ).toBe(4);
    expect(fightingProfile(profile({ specialRules: ['aegis 6+'] })).aegis).toBe(6);
  });

  it('a Character is a unit of his own, ready to join another unit; a Battle Standard Bearer says so', () => {
    const baron = profile({ models: 1, specialRules: ['Character', 'Battle Standard Bearer'] });
    const alone = unitForCombat('Baron', baron);
    expect(alone).toMatchObject({
      models: 0,
      characters: [{ name: 'Baron', battleStandard: true, attacksAtCharacters: [] }],
    });
    expect(valid(alone).success).toBe(true);
    expect(characterForCombat('Baron', baron).profile).toEqual(fightingProfile(baron));
  });
});
