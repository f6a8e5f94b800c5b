import { registry } from '../../../../core/systems';
import { describe, expect, it } from 'vitest';
import { readRosterXml } from '../../../../core/battlescribe/xml';
import { rosterXmlOf } from '../../../../core/battlescribe/read';
import { convertRosterFile } from '../../../../core/roster/import';
import { fixture, NOW, unitsOf } from './fixtures';

/**
 * Real rosters saved by BattleScribe 1.x (sources in test/fixtures/README.md), read end to end.
 * 1.15 wrote a profile's kind in `type` ("Unit", "Vehicle", "Weapon"), every value in a `value`
 * attribute, points in `points` attributes, a force's selections under its categories, the force's
 * name in `forceTypeName`.
 *
 * Found for Warhammer 40,000 7th edition only. No BattleScribe 1.x roster of Warhammer Fantasy
 * Battle 6th edition, Epic Armageddon or The Ninth Age is public that we could find: none was ever
 * committed to BSData's whfb, wh40k-epic-armageddon or The-9th-Age repositories (whole history),
 * nor is one in PrettyScribe's, WarHub's or the other roster tools' test files, nor in the code
 * index; those systems' files here are New Recruit exports or hand-made (README.md). Warhammer
 * 40,000 10th edition exists only since BattleScribe 2.x.
 */

describe('40k 7th edition, Necrons, 1,845 points (BattleScribe 1.15, BSData/wh40k-7th-edition history)', () => {
  const { file, preview, unit } = unitsOf('wh40k7e-necrons-1845-bs115.rosz');

  it('is read as a 1.15 roster: profiles typed by `type`, values in attributes, selections under categories', () => {
    const xml = rosterXmlOf(fixture('wh40k7e-necrons-1845-bs115.rosz'));
    if (!xml.ok) expect.fail(xml.reason);
    expect(xml.value).toContain('battleScribeVersion="1.15"');
    expect(xml.value).toContain(
      '<profile name="Necron Warrior" type="Unit" hidden="false" book="Codex: Necron" page="0">',
    );
    const read = readRosterXml(xml.value);
    if (!read.ok) expect.fail(read.reason);
    expect(read.value.forces.map((f) => [f.name, f.catalogueName])).toEqual([
      ['Mephrit Dynasty Cohort', 'Necrons: Codex (2011)'],
    ]);
  });

  it('imports all seven units with their points, which add up to the file’s 1,845 of 1,850', () => {
    expect(preview).toMatchObject({ system: 'wh40k-7e', points: 1845, pointsLimit: 1850, skipped: [] });
    expect(file.rosters[0]!.units.map((u) => [u.name, u.points])).toEqual([
      ['Necron Overlord', 385],
      ['Lychguards', 400],
      ['Immortals', 170],
      ['Immortals', 170],
      ['Necron Warriors', 260],
      ['Necron Warriors', 260],
      ['Necron Monolith', 200],
    ]);
    // The detachment's choice is no unit: it is in the roster's notes, with the force.
    expect(preview.rosterNotes).toEqual(['Detachment-source: Exterminatus: Mephrit Dynasty']);
    expect(file.rosters[0]!.notes).toContain('Mephrit Dynasty Cohort: Necrons: Codex (2011)');
  });

  it('Necron Warriors: 20 models, WS 4 BS 4 S 4 T 4 W 1 I 2 A 1 Ld 10 Sv 4+, gauss flayers', () => {
    expect(unit('Necron Warriors').profile).toEqual({
      unitType: 'infantry',
      models: [
        {
          name: 'Necron Warrior',
          count: 20,
          weaponSkill: 4,
          ballisticSkill: 4,
          strength: 4,
          toughness: 4,
          wounds: 1,
          initiative: 2,
          attacks: 1,
          leadership: 10,
          save: 4,
          invulnerable: null,
          feelNoPain: null,
          specialRules: [],
        },
      ],
      vehicle: null,
      weapons: [
        { name: 'Gauss Flayer', range: 24, strength: 4, ap: 5, type: 'rapid-fire', shots: 1, specialRules: ['Gauss'] },
      ],
      specialRules: ['Reanimation Protocols'],
    });
  });

  it('Immortals (10, chosen as upgrades in the file) and Lychguards (10): counts and key characteristics', () => {
    expect(unit('Immortals').profile).toMatchObject({
      models: [{ name: 'Necron Immortal', count: 10, strength: 4, toughness: 4, save: 3 }],
      weapons: [{ name: 'Gauss Blaster', range: 24, strength: 5, ap: 4, type: 'rapid-fire' }],
    });
    expect(unit('Lychguards').profile).toMatchObject({
      models: [{ name: 'Lychguard', count: 10, strength: 5, toughness: 5, attacks: 2, save: 3 }],
    });
  });

  it('the Overlord with his Royal Court: a 2+ save from the Sempiternal Weave, two Necron Lords', () => {
    expect(unit('Necron Overlord').profile).toMatchObject({
      unitType: 'infantry',
      models: [
        { name: 'Necron Overlord (Sempiternal Weave)', count: 1, wounds: 3, attacks: 3, save: 2 },
        { name: 'Necron Lord', count: 2, wounds: 1, save: 3 },
      ],
    });
  });

  it('the Monolith: a vehicle, armour 14 all round, 4 hull points, BS 4, its gauss flux arcs and particle whip', () => {
    expect(unit('Necron Monolith').profile).toMatchObject({
      unitType: 'vehicle',
      models: [{ name: 'Necron Monolith', count: 1, ballisticSkill: 4 }],
      vehicle: { front: 14, side: 14, rear: 14, hullPoints: 4 },
      weapons: [
        { name: 'Gauss Flux Arc', range: 24, strength: 4, ap: 5, type: 'heavy', shots: 3 },
        // The file spells it "Ordinance 1, Large Blast".
        {
          name: 'Particle Whip',
          range: 24,
          strength: 8,
          ap: 3,
          type: 'ordnance',
          shots: 1,
          specialRules: ['Large Blast'],
        },
      ],
    });
  });

  it('warscythes ("+ 2" in the file) are read as S +2 AP 1, Armourbane, Two-handed', () => {
    const warscythe = {
      name: 'Warscythe',
      range: 'melee',
      strength: '+2',
      ap: 1,
      type: 'melee',
      specialRules: ['Armourbane', 'Two-handed'],
    };
    expect(unit('Lychguards').profile).toMatchObject({ weapons: [warscythe] });
    expect((unit('Necron Overlord').profile as { weapons: unknown[] }).weapons).toContainEqual(
      expect.objectContaining(warscythe),
    );
  });

  it('the preview counts the two Necron Lords of the Royal Court as one line of two', () => {
    const overlord = preview.units.find((u) => u.name === 'Necron Overlord')!;
    expect(overlord.models).toBe('1 Necron Overlord (Sempiternal Weave), 2 Necron Lord');
    expect(overlord.stats).toContain('2 × Necron Lord: WS 4 · BS 4 · S 5 · T 5 · W 1 · I 2 · A 2 · Ld 10 · Sv 3+');
  });
});

describe('40k 7th edition, Tau with allied Space Wolves, 428 points (BattleScribe 1.15, WarHub/wham’s tests)', () => {
  const { file, preview, unit } = unitsOf('wh40k7e-tau-wham-bs115.ros');

  it('imports the six units of both forces, with the file’s 428 of 1,500 points', () => {
    expect(preview).toMatchObject({ system: 'wh40k-7e', points: 428, pointsLimit: 1500, skipped: [] });
    expect(file.rosters[0]!.units.map((u) => [u.name, u.points])).toEqual([
      ["Aun'Shi", 110],
      ['Fire Warrior Team', 54],
      ['Fire Warrior Team', 54],
      ['Piranhas', 40],
      ['Wolf Priest', 110],
      ['Blood Claws', 60],
    ]);
    expect(file.rosters[0]!.notes).toContain('Combined Arms Detachment: Tau Empire: Codex (2013)');
    expect(file.rosters[0]!.notes).toContain('Allied Detachment: Space Wolves: Codex (2014)');
  });

  it('Fire Warrior Team: six Fire Warriors (BS 3, T 3, Sv 4+) with pulse rifles (30″, S 5, AP 5, Rapid Fire)', () => {
    expect(unit('Fire Warrior Team').profile).toMatchObject({
      unitType: 'infantry',
      models: [
        { name: 'Fire Warrior', count: 6, weaponSkill: 2, ballisticSkill: 3, toughness: 3, leadership: 7, save: 4 },
      ],
      weapons: [{ name: 'Pulse Rifle', range: 30, strength: 5, ap: 5, type: 'rapid-fire', shots: 1 }],
      specialRules: ['Supporting Fire'],
    });
  });

  it('Aun’Shi: no armour save (“-/4++”), the shield generator’s 4+ invulnerable save read and flagged', () => {
    const { profile, notes } = unit("Aun'Shi");
    expect(profile).toMatchObject({
      models: [{ name: "Aun'Shi", count: 1, weaponSkill: 5, wounds: 3, attacks: 4, save: 7, invulnerable: 4 }],
    });
    expect(notes).toContain("Invulnerable save 4+ read from the unit's rules and wargear: check which models have it.");
  });

  it('Piranhas: a fast skimmer, armour 11/10/10, 2 hull points, with its gun drone', () => {
    expect(unit('Piranhas').profile).toMatchObject({
      unitType: 'vehicle',
      models: [
        { name: 'Piranha', ballisticSkill: 3 },
        { name: 'Gun Drone', toughness: 4 },
      ],
      vehicle: { front: 11, side: 10, rear: 10, hullPoints: 2 },
    });
  });

  it('Wolf Priest: “3+/4++” is a 3+ armour save and a 4+ invulnerable save (his wolf amulet)', () => {
    expect(unit('Wolf Priest').profile).toMatchObject({
      models: [{ name: 'Wolf Priest', count: 1, weaponSkill: 5, wounds: 2, save: 3, invulnerable: 4 }],
    });
    expect(preview.units.find((u) => u.name === 'Wolf Priest')!.stats).toContain(
      '1 × Wolf Priest: WS 5 · BS 4 · S 4 · T 4 · W 2 · I 4 · A 2 · Ld 10 · Sv 3+ · Invulnerable 4+ · Feel No Pain 6+',
    );
  });

  it('Blood Claws (the allied force): five, Sv 3+, with bolt pistols', () => {
    expect(unit('Blood Claws').profile).toMatchObject({
      models: [{ name: 'Blood Claw', count: 5, weaponSkill: 3, strength: 4, toughness: 4, save: 3 }],
    });
    expect((unit('Blood Claws').profile as { weapons: { name: string }[] }).weapons.map((w) => w.name)).toContain(
      'Bolt Pistol',
    );
  });
});

describe('BattleScribe 1.14b: selections under the roster itself (WarHub/wham’s tests, a test game system)', () => {
  const xml = rosterXmlOf(fixture('test-system-wham-bs114b.ros'));
  if (!xml.ok) throw new Error(xml.reason);

  it('reads its three selections into the force its catalogue link names, with their categories, profiles and points', () => {
    const read = readRosterXml(xml.value);
    if (!read.ok) expect.fail(read.reason);
    expect(read.value.costs).toEqual([{ name: 'pts', value: 94 }]);
    expect(read.value.costLimits).toEqual([{ name: 'pts', value: 1300 }]);
    expect(read.value.forces).toHaveLength(1);
    const [force] = read.value.forces;
    expect(force).toMatchObject({ name: 'Test Force Type', catalogueName: 'Test Catalogue' });
    expect(force!.rules.map((r) => r.name)).toEqual(['Main Rule']);
    expect(force!.selections.map((s) => [s.name, s.costs, s.categories.map((c) => c.name)])).toEqual([
      ['Shared Test Entry', [{ name: 'pts', value: 100 }], []],
      ['Main Entry', [{ name: 'pts', value: -3 }], ['Category Modifier Conditions']],
      ['Main Entry', [{ name: 'pts', value: -3 }], ['Category Modifier Conditions']],
    ]);
    expect(force!.selections[0]!.profiles).toEqual([
      {
        name: 'Shared Test Entry',
        typeName: 'Test Profile Type',
        characteristics: [{ name: 'New Characteristic', value: '1234' }],
      },
    ]);
  });

  it('is refused for import in words: a game Combat Companion does not play', () => {
    const result = convertRosterFile('Test_Roster_old.ros', fixture('test-system-wham-bs114b.ros'), NOW, registry);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.message).toMatch(/^Test_Roster_old\.ros cannot be imported: it is a roster for “?Test Game System/);
  });
});
