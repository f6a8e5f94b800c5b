import { describe, expect, it } from 'vitest';
import {
  epicArmageddonProfileSchema,
  type EpicArmageddonProfile,
} from '../../../../../core/systems/epic-armageddon/roster/profile';
import {
  extraAttacksOf,
  sideForAssault,
  unitsForAssault,
  weaponForAssault,
} from '../../../../../core/systems/epic-armageddon/roster/toCombat';
import { setupSchema } from '../../../../../core/systems/epic-armageddon/setup';

/** A roster formation (core/roster/profiles/epic-armageddon.ts) as one side of an assault (SCENARIOS §1). */

const formation = (units: unknown[], extra: Record<string, unknown> = {}): EpicArmageddonProfile =>
  epicArmageddonProfileSchema.parse({ units, ...extra });
const tacticals = {
  name: 'Tactical Marines',
  count: 4,
  type: 'infantry',
  speed: 15,
  armour: 4,
  closeCombat: 4,
  firefight: 3,
};
const orks = { name: 'Orks', formation: 'Warband', units: [{ name: 'Boyz', count: 3, armour: 6, cc: 4, ff: 6 }] };

const valid = (side: unknown) => setupSchema.safeParse({ system: 'epic-armageddon', attacker: side, defender: orks });

describe('a roster formation in an Epic assault', () => {
  it('reads "Extra Attacks (+x)" in any case, and nothing it cannot count (a D3)', () => {
    expect(extraAttacksOf(['Extra Attacks (+1)'])).toBe(1);
    expect(extraAttacksOf(['extra attack (2)', 'Macro-weapon'])).toBe(2);
    expect(extraAttacksOf(['Extra Attacks (+D3)'])).toBeNull();
    expect(extraAttacksOf(['Small Arms'])).toBeNull();
  });

  it('keeps the weapons that add attack dice: assault weapons in base contact, small arms in a firefight, with Macro-weapon and First Strike', () => {
    const weapon = (w: Record<string, unknown>) =>
      epicArmageddonProfileSchema.parse({ units: [{ ...tacticals, weapons: [{ name: 'W', range: 0, ...w }] }] })
        .units[0]!.weapons[0]!;
    expect(
      weaponForAssault(
        weapon({ name: 'Chainswords', specialRules: ['Assault Weapons', 'Extra Attacks (+1)', 'First Strike'] }),
      ),
    ).toEqual({ name: 'Chainswords', use: 'cc', extraAttacks: 1, macroWeapon: false, firstStrike: true });
    expect(
      weaponForAssault(
        weapon({ name: 'Power fist', specialRules: ['Assault Weapon', 'Macro-weapon', 'Extra Attacks (+1)'] }),
      ),
    ).toMatchObject({ use: 'cc', macroWeapon: true });
    expect(
      weaponForAssault(weapon({ name: 'Storm bolter', range: 15, specialRules: ['Small Arms', 'Extra Attacks (+1)'] })),
    ).toMatchObject({ use: 'ff', macroWeapon: false });
    // A ranged Macro-weapon to-hit roll also makes its extra attacks Macro-weapon hits.
    expect(
      weaponForAssault(weapon({ name: 'Cannon', range: 15, macroWeapon: 4, specialRules: ['Extra Attacks (+2)'] })),
    ).toMatchObject({ use: 'ff', macroWeapon: true, extraAttacks: 2 });
    // Without Extra Attacks a weapon adds no dice to an assault.
    expect(weaponForAssault(weapon({ name: 'Lascannon', range: 45, antiTank: 5 }))).toBeNull();
  });

  it('maps values (7 = none), types, damage capacity and the special rules, and is a valid side', () => {
    const side = sideForAssault(
      'Space Marines',
      'Tactical detachment',
      formation(
        [
          tacticals,
          { name: 'Rhino', count: 2, type: 'armoured-vehicle', speed: 30, armour: 5, closeCombat: 6, firefight: 6 },
          {
            name: 'Land Raider',
            count: 1,
            type: 'armoured-vehicle',
            speed: 25,
            armour: 4,
            closeCombat: 6,
            firefight: 4,
            specialRules: ['Reinforced Armour'],
          },
          { name: 'Grots', count: 1, type: 'infantry', speed: 15, armour: 7, closeCombat: 7, firefight: 6 },
        ],
        { blastMarkers: 2 },
      ),
    );
    expect(side).toMatchObject({
      name: 'Space Marines',
      formation: 'Tactical detachment',
      blastMarkers: 2,
      broken: false,
      support: [],
    });
    expect(side.units.map((u) => [u.name, u.count, u.type, u.armour, u.cc, u.ff, u.reinforcedArmour])).toEqual([
      ['Tactical Marines', 4, 'infantry', 4, 4, 3, false],
      ['Rhino', 2, 'armoured-vehicle', 5, 6, 6, false],
      ['Land Raider', 1, 'armoured-vehicle', 4, 6, 4, true],
      ['Grots', 1, 'infantry', null, null, 6, false],
    ]);
    expect(side.units[0]).toMatchObject({
      engaged: 'contact',
      cover: null,
      damageCapacity: 1,
      fearless: false,
      inspiring: false,
      invulnerable: false,
    });
    expect(valid(side).success).toBe(true);
  });

  it('gives each war engine of an entry its own entry (its own DC), and leaves aircraft out', () => {
    const units = unitsForAssault(
      formation([
        {
          name: 'Warhound Titan',
          count: 2,
          type: 'war-engine',
          speed: 30,
          armour: 5,
          closeCombat: 5,
          firefight: 3,
          damageCapacity: 3,
          specialRules: ['Reinforced Armour', 'Invulnerable Save'],
        },
        { name: 'Thunderbolt', count: 2, type: 'aircraft', speed: 0, armour: 6, closeCombat: 7, firefight: 7 },
      ]),
    );
    expect(units.map((u) => [u.name, u.count, u.damageCapacity, u.reinforcedArmour, u.invulnerable])).toEqual([
      ['Warhound Titan 1', 1, 3, true, true],
      ['Warhound Titan 2', 1, 3, true, true],
    ]);
  });

  it('joins a character to the unit before it (split off its entry): its weapons and abilities go with that one unit', () => {
    const units = unitsForAssault(
      formation([
        tacticals,
        {
          name: 'Captain',
          count: 1,
          type: 'character',
          speed: 0,
          armour: 7,
          closeCombat: 7,
          firefight: 7,
          weapons: [
            { name: 'Power weapon', range: 0, specialRules: ['Assault Weapon', 'Macro-weapon', 'Extra Attacks (+1)'] },
          ],
          specialRules: ['Inspiring', 'Invulnerable Save', 'Commander'],
        },
      ]),
    );
    expect(units.map((u) => [u.name, u.count, u.inspiring, u.invulnerable, u.weapons.map((w) => w.name)])).toEqual([
      ['Tactical Marines', 3, false, false, []],
      ['Tactical Marines with Captain', 1, true, true, ['Power weapon']],
    ]);
    // Listed first, a character joins the next unit.
    const first = unitsForAssault(
      formation([
        {
          name: 'Warboss',
          count: 1,
          type: 'character',
          speed: 0,
          armour: 7,
          closeCombat: 7,
          firefight: 7,
          specialRules: ['Fearless'],
        },
        { ...tacticals, count: 1, name: 'Nobz' },
      ]),
    );
    expect(first.map((u) => [u.name, u.count, u.fearless])).toEqual([['Nobz with Warboss', 1, true]]);
  });

  it('gives the formation’s own special rules to each of its units; refuses a formation with nothing that can assault', () => {
    expect(unitsForAssault(formation([tacticals], { specialRules: ['Fearless'] }))[0]!.fearless).toBe(true);
    expect(() =>
      sideForAssault(
        'Navy',
        'Wing',
        formation([
          { name: 'Thunderbolt', count: 2, type: 'aircraft', speed: 0, armour: 6, closeCombat: 7, firefight: 7 },
        ]),
      ),
    ).toThrow('Wing has no units that can take part in an assault (aircraft and characters alone cannot).');
  });
});
