import { describe, expect, it } from 'vitest';
import { oldWorldProfileSchema, type OldWorldProfile } from '../../../../../core/systems/old-world/roster/profile';
import { fightingStrength, troopTypeFor, unitForCombat } from '../../../../../core/systems/old-world/roster/toCombat';
import { setupSchema } from '../../../../../core/systems/old-world/setup';

const base = {
  models: 20,
  movement: 4,
  weaponSkill: 3,
  ballisticSkill: 3,
  strength: 3,
  toughness: 3,
  wounds: 1,
  initiative: 3,
  attacks: 1,
  leadership: 7,
  armour: 5,
  troopType: 'infantry',
  rankWidth: 5,
};
const profile = (extra: Record<string, unknown> = {}): OldWorldProfile =>
  oldWorldProfileSchema.parse({ ...base, ...extra });

const validSide = (unit: unknown) =>
  setupSchema.safeParse({
    system: 'old-world',
    attacker: { name: 'Empire', units: [unit] },
    defender: {
      name: 'Orcs',
      units: [
        {
          name: 'Boyz',
          models: 10,
          profile: {
            movement: 4,
            weaponSkill: 3,
            strength: 3,
            toughness: 4,
            wounds: 1,
            initiative: 2,
            attacks: 1,
            leadership: 7,
          },
        },
      ],
    },
  });

describe('a roster unit in an old-world close combat', () => {
  it('fights with the first close combat weapon: bonus over the bearer, absolute Strength, or the bearer alone', () => {
    expect(fightingStrength(profile({ weapons: [{ name: 'Halberd', strengthBonus: 1 }] }))).toBe(4);
    expect(
      fightingStrength(
        profile({
          weapons: [
            { name: 'Bow', range: 24, strength: 3 },
            { name: 'Lance', strength: 6 },
          ],
        }),
      ),
    ).toBe(6);
    expect(fightingStrength(profile({ weapons: [{ name: 'Handgun', range: 24, strength: 4 }] }))).toBe(3);
    expect(fightingStrength(profile())).toBe(3);
    // Never beyond the setup's range.
    expect(fightingStrength(profile({ strength: 9, weapons: [{ name: 'Great weapon', strengthBonus: 2 }] }))).toBe(10);
  });

  it("the roster keeps the close combat's own four troop types (one name for the ranks game)", () => {
    expect(troopTypeFor).toEqual({ infantry: 'infantry', cavalry: 'cavalry', large: 'large', monster: 'monster' });
    expect(unitForCombat('Knights', profile({ troopType: 'cavalry' })).profile.troopType).toBe('cavalry');
    expect(unitForCombat('Giant', profile({ troopType: 'monster', models: 1 })).profile.troopType).toBe('monster');
  });

  it('brings the rank block, saves and command, and is a valid setup unit', () => {
    const unit = unitForCombat(
      'Halberdiers',
      profile({
        ward: 6,
        standard: true,
        musician: true,
        champion: true,
        weapons: [{ name: 'Halberd', strengthBonus: 1 }],
      }),
    );
    expect(unit).toMatchObject({
      name: 'Halberdiers',
      models: 20,
      woundsLost: 0,
      rankWidth: 5,
      characters: [],
      standard: true,
      musician: true,
      battleStandard: false,
      // The roster's Halberd is the combat's halberd: S3 of its own, +1 from the halberd when it strikes (S4).
      profile: {
        movement: 4,
        weaponSkill: 3,
        strength: 3,
        toughness: 3,
        wounds: 1,
        initiative: 3,
        attacks: 1,
        leadership: 7,
        armour: 5,
        ward: 6,
        troopType: 'infantry',
        weapon: 'halberd',
      },
    });
    expect(unit.profile).not.toHaveProperty('ballisticSkill');
    expect(validSide(unit).success).toBe(true);
  });

  it('reads the special rules that change a close combat, in any case', () => {
    const unit = unitForCombat(
      'Black Orcs',
      profile({
        specialRules: [
          'Fear',
          'STUBBORN',
          'immune to psychology',
          'Skirmishers',
          'Battle Standard Bearer',
          'Close Order',
        ],
      }),
    );
    expect(unit).toMatchObject({
      causesFear: true,
      causesTerror: false,
      stubborn: true,
      unbreakable: false,
      immuneToPsychology: true,
      noRankBonus: true,
      battleStandard: true,
    });
    expect(unitForCombat('Dragon', profile({ models: 1, specialRules: ['Terror', 'Unbreakable'] }))).toMatchObject({
      causesTerror: true,
      unbreakable: true,
    });
    expect(unitForCombat('Wolf Riders', profile({ specialRules: ['Fast Cavalry'] })).noRankBonus).toBe(true);
  });

  it('makes a character a unit of one character, and clamps stats the setup does not allow', () => {
    const lord = unitForCombat(
      'Grimgor',
      profile({
        models: 1,
        troopType: 'infantry',
        character: true,
        weaponSkill: 8,
        strength: 5,
        toughness: 5,
        wounds: 3,
        attacks: 7,
        leadership: 9,
        armour: 3,
        standard: true,
      }),
    );
    expect(lord.models).toBe(0);
    expect(lord.standard).toBe(false);
    expect(lord.characters).toEqual([
      { name: 'Grimgor', profile: expect.objectContaining({ weaponSkill: 8, wounds: 3, attacks: 7 }) },
    ]);
    expect(validSide(lord).success).toBe(true);
    const cannon = unitForCombat(
      'Cannon',
      profile({ models: 1, troopType: 'large', movement: 0, weaponSkill: 0, initiative: 0 }),
    );
    expect(cannon.profile).toMatchObject({ movement: 1, weaponSkill: 1, initiative: 1, troopType: 'large' });
    expect(validSide(cannon).success).toBe(true);
  });
});
