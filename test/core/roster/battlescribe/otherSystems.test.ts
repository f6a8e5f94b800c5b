import { registry } from '../../../../core/systems';
import { describe, expect, it } from 'vitest';
import { systemImportFor } from '../../../../core/roster/import/games';
import type { EpicArmageddonProfile } from '../../../../core/systems/epic-armageddon/roster/profile';
import type { NinthAgeProfile } from '../../../../core/systems/ninth-age/roster/profile';
import type { OldWorldProfile } from '../../../../core/systems/old-world/roster/profile';
import type { Wh40k7eProfile } from '../../../../core/systems/wh40k-7e/roster/profile';
import { unitsOf } from './fixtures';

/**
 * The other four systems, as far as their roster editors' data goes (hand-made rosters with the
 * profile types of BSData's game system files; test/fixtures/README.md says which). What a profile
 * has no field for goes into the unit's notes and the preview says so.
 */

describe('which system a roster is for', () => {
  it.each([
    ['sys-352e-adc2-7639-d6a9', 'Warhammer 40,000 10th Edition', 'wh40k-10e'],
    ['', 'Warhammer 40,000 10th Edition', 'wh40k-10e'],
    ['e1ebd931-a209-3ce4-87b4-d9918d25530b', 'Warhammer 40,000 7th Edition', 'wh40k-7e'],
    ['4ca8-2035-2f87-1bd7', 'WHFB 6th Edition', 'old-world'],
    ['', 'Warhammer Fantasy Battle 6th edition', 'old-world'],
    ['', 'Warhammer: The Old World', 'old-world'],
    ['8f10-ee06-8dc1-beb6', 'Epic Armageddon', 'epic-armageddon'],
    ['', 'The 9th Age: Fantasy Battles 3rd Edition', 'ninth-age'],
  ])('%s “%s” is %s', (gameSystemId, gameSystemName, system) => {
    expect(systemImportFor(registry, { gameSystemId, gameSystemName })?.system).toBe(system);
  });

  it.each([
    'Age of Sigmar 4.0',
    'Warhammer 40,000 9th Edition',
    'Warhammer Fantasy 8th ed',
    'Horus Heresy 3rd Edition',
    '',
  ])('“%s” is none of them', (gameSystemName) => {
    expect(systemImportFor(registry, { gameSystemId: 'other', gameSystemName })).toBeUndefined();
  });
});

describe('Warhammer Fantasy Battle 6th edition → the rank-and-flank profile', () => {
  const empire = unitsOf('whfb6-empire.ros');
  const swordsmen = empire.unit('Swordsmen').profile as OldWorldProfile;
  const captain = empire.unit('Captain').profile as OldWorldProfile;

  it('counts every model of the unit and keeps the rank and file’s stat line', () => {
    expect(swordsmen).toMatchObject({
      models: 20,
      movement: 4,
      weaponSkill: 4,
      ballisticSkill: 3,
      strength: 3,
      toughness: 3,
      wounds: 1,
      initiative: 4,
      attacks: 1,
      leadership: 7,
    });
    expect(empire.unit('Swordsmen').points).toBe(145);
  });

  it('works out the armour save from the armour carried (6th edition: light armour 6+, a shield +1) and flags it', () => {
    expect(swordsmen.armour).toBe(5);
    expect(empire.preview_('Swordsmen').confirm).toContain(
      'Armour save 5+ worked out from light armour, a shield: check it.',
    );
    // Full plate 4+, shield, barding and being mounted: 1+.
    expect(captain.armour).toBe(1);
  });

  it('reads the command group from the selections and a ward save from a magic item (flagged)', () => {
    expect(swordsmen).toMatchObject({ standard: true, musician: true, champion: true });
    // A mounted hero: a character, whose own troop type is cavalry.
    expect(captain).toMatchObject({ ward: 6, troopType: 'cavalry', character: true, standard: false });
    expect(empire.preview_('Captain').confirm).toContain("Ward save 6+ read from the unit's rules: check it.");
  });

  it('takes the troop type from the categories, or infantry flagged when they do not say', () => {
    expect(swordsmen.troopType).toBe('infantry');
    expect(empire.preview_('Swordsmen').confirm).toContain(
      'Troop type taken as infantry: the file does not say. Check it.',
    );
  });

  it('keeps weapon profiles (a lance is S+2) and puts the champion’s and the mount’s stat lines in the notes', () => {
    expect(captain.weapons).toEqual([
      {
        name: 'Lance',
        range: 0,
        strength: null,
        strengthBonus: 2,
        armourPiercing: 0,
        specialRules: ['Cavalry only', '+2 Strength when charging'],
      },
    ]);
    expect(swordsmen.weapons[0]).toMatchObject({ name: 'Hand weapon', strength: null, strengthBonus: 0 });
    expect(empire.unit('Captain').notes).toContain('- Warhorse: Mv 8, WS 3, BS 0, S 3, T 3, W 1, I 3, A 1, Ld 5');
    expect(empire.preview_('Swordsmen').notes).toContain(
      "Duellist's profile: in the notes (a unit keeps one stat line)",
    );
  });
});

describe('Warhammer 40,000 7th edition', () => {
  const marines = unitsOf('wh40k7e-marines.ros');

  it('keeps a squad’s model profiles with their counts, and weapons with S, AP and type', () => {
    const squad = marines.unit('Tactical Squad').profile as Wh40k7eProfile;
    expect(squad.unitType).toBe('infantry');
    expect(
      squad.models.map((m) => [m.name, m.count, m.weaponSkill, m.toughness, m.attacks, m.leadership, m.save]),
    ).toEqual([
      ['Space Marine', 4, 4, 4, 1, 8, 3],
      ['Space Marine Sergeant', 1, 4, 4, 2, 9, 3],
    ]);
    expect(squad.weapons).toEqual([
      { name: 'Boltgun', range: 24, strength: 4, ap: 5, type: 'rapid-fire', shots: 1, specialRules: [] },
      {
        name: 'Power fist',
        range: 'melee',
        strength: 'x2',
        ap: 2,
        type: 'melee',
        shots: 1,
        specialRules: ['Specialist Weapon', 'Unwieldy'],
      },
    ]);
    expect(squad.specialRules).toEqual(['And They Shall Know No Fear']);
  });

  it('reads a vehicle’s armour values and hull points, and puts its transport profile in the notes', () => {
    const rhino = marines.unit('Rhino').profile as Wh40k7eProfile;
    expect(rhino).toMatchObject({ unitType: 'vehicle', vehicle: { front: 11, side: 11, rear: 10, hullPoints: 3 } });
    expect(rhino.weapons[0]).toMatchObject({ name: 'Storm bolter', type: 'assault', shots: 2 });
    expect(marines.unit('Rhino').notes).toContain('- Rhino: Capacity 10, Fire Points 2, Access Points 3');
  });

  it('reads an invulnerable save from wargear and flags it', () => {
    const captain = marines.unit('Captain').profile as Wh40k7eProfile;
    expect(captain.models[0]).toMatchObject({ weaponSkill: 6, wounds: 3, invulnerable: 4 });
    expect(marines.preview_('Captain').confirm).toEqual([
      "Invulnerable save 4+ read from the unit's rules and wargear: check which models have it.",
    ]);
  });
});

describe('Epic Armageddon', () => {
  const army = unitsOf('epic-armageddon-marines.ros');

  it('makes a formation of its units with their counts, reading each weapon row of the profile', () => {
    const detachment = army.unit('Tactical Detachment').profile as EpicArmageddonProfile;
    expect(
      detachment.units.map((u) => [u.name, u.count, u.type, u.speed, u.armour, u.closeCombat, u.firefight]),
    ).toEqual([
      ['Tactical', 6, 'infantry', 15, 4, 4, 3],
      ['Rhino', 3, 'armoured-vehicle', 30, 5, 6, 6],
    ]);
    expect(detachment.units[0]!.weapons).toEqual([
      {
        name: 'Missile Launcher',
        range: 45,
        antiPersonnel: 5,
        antiTank: 6,
        antiAircraft: null,
        barrage: null,
        macroWeapon: null,
        specialRules: [],
      },
      {
        name: 'Bolters',
        range: 0,
        antiPersonnel: null,
        antiTank: null,
        antiAircraft: null,
        barrage: null,
        macroWeapon: null,
        specialRules: ['Small Arms'],
      },
    ]);
    expect(detachment.specialRules).toEqual(['They Shall Know No Fear']);
  });

  it('reads a war engine’s damage capacity, a macro-weapon with its shots and its "or" profile, and keeps critical hits in the notes', () => {
    const titan = (army.unit('Warhound Titan').profile as EpicArmageddonProfile).units[0]!;
    expect(titan).toMatchObject({
      type: 'war-engine',
      damageCapacity: 3,
      specialRules: ['Reinforced Armour', 'Walker'],
    });
    expect(titan.weapons.map((w) => [w.name, w.macroWeapon, w.barrage, w.antiPersonnel, w.specialRules])).toEqual([
      ['Plasma Blastgun', 2, null, null, ['2 shots', 'Fixed Forward Arc', 'Slow Firing']],
      ['Plasma Blastgun (alternative)', null, 3, null, ['Macro-weapon']],
      ['Vulcan Mega-Bolter', null, null, 3, ['4 shots', 'Forward Arc']],
    ]);
    expect(army.unit('Warhound Titan').notes).toContain("Warhound Titan: The Titan's reactor is damaged");
  });

  it('leaves out a unit of a type a formation cannot hold (a spacecraft), saying why', () => {
    expect(army.preview.skipped).toEqual([
      {
        name: 'Battle Barge',
        reason:
          'its type “Spacecraft” is not one a formation holds (infantry, vehicles, war engines, aircraft, characters)',
      },
    ]);
  });
});

describe('The Ninth Age', () => {
  const army = unitsOf('ninth-age-empire.ros');

  it('reads global, defensive and offensive characteristics, height and type', () => {
    const infantry = army.unit('Heavy Infantry').profile as NinthAgeProfile;
    expect(infantry).toMatchObject({
      models: 25,
      height: 'standard',
      type: 'infantry',
      global: { advanceRate: 4, marchRate: 8, discipline: 7 },
      defensive: { healthPoints: 1, defensiveSkill: 3, resilience: 3, armour: 2, aegis: null },
      offensive: [
        {
          name: 'Heavy Infantry',
          attacks: 1,
          offensiveSkill: 3,
          strength: 3,
          armourPenetration: 0,
          agility: 3,
          specialRules: [],
        },
      ],
    });
    expect(army.unit('Heavy Infantry').notes).toContain('- Spear: Str +1, AP +1, Attributes Fight in Extra Rank');
  });

  it('reads an Aegis save from the rules and flags it; flags a missing Size profile', () => {
    const marshal = army.unit('Marshal').profile as NinthAgeProfile;
    expect(marshal.defensive).toMatchObject({ healthPoints: 3, aegis: 5 });
    expect(marshal.specialRules).toEqual(expect.arrayContaining(['Commanding Presence', 'Aegis (5+)']));
    expect(army.preview_('Marshal').confirm).toEqual([
      "Aegis 5+ read from the unit's rules: check it.",
      'Height and type taken as standard infantry: the file has no Size profile. Check them.',
    ]);
  });
});
