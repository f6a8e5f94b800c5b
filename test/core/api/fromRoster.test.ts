import { registry } from '../../../core/systems';
import { describe, expect, it } from 'vitest';

import { createFromRosterBackend } from '../../../core/api/backends/fromRoster';
import { freshStore, validProfiles } from '../store/fixtures';

const intercessors = {
  keywords: ['infantry'],
  models: [
    {
      name: 'Intercessor',
      count: 5,
      movement: 6,
      toughness: 4,
      save: 3,
      wounds: 2,
      leadership: 6,
      objectiveControl: 2,
    },
  ],
  weapons: [
    { name: 'Bolt rifle', range: 24, models: 5, attacks: '2', skill: 3, strength: 4, ap: -1, damage: '1' },
    { name: 'Close combat weapon', range: 'melee', models: 5, attacks: '3', skill: 3, strength: 4, ap: 0, damage: '1' },
  ],
};

async function setUp() {
  const { repo } = freshStore();
  const roster = await repo.saveRoster({ name: 'Strike Force', system: 'wh40k-10e', pointsLimit: null, notes: '' });
  const unit = await repo.saveUnit(roster.id, { name: 'Intercessor Squad', points: 80, profile: intercessors });
  return { repo, roster, unit, backend: createFromRosterBackend(repo, registry) };
}

describe('combat.sideFromRoster (pick from roster, converted in the host)', () => {
  it('gives the attacker the weapons of the chosen mode, without datasheet-only fields', async () => {
    const { backend, roster, unit } = await setUp();
    const shooting = await backend['combat.sideFromRoster']({
      rosterId: roster.id,
      unitId: unit.id,
      side: 'attacker',
      ranged: true,
    });
    expect(shooting).toMatchObject({
      system: 'wh40k-10e',
      name: 'Intercessor Squad',
      side: { name: 'Intercessor Squad', weapons: [{ name: 'Bolt rifle' }] },
    });
    expect((shooting.side['weapons'] as object[])[0]).not.toHaveProperty('range');
    const fighting = await backend['combat.sideFromRoster']({
      rosterId: roster.id,
      unitId: unit.id,
      side: 'attacker',
      ranged: false,
    });
    expect((fighting.side['weapons'] as Array<{ name: string }>).map((w) => w.name)).toEqual(['Close combat weapon']);
  });

  it('offers the Pistol rule’s two sets of ranged weapons, fills the other guns first, and the pistols when asked', async () => {
    const { backend, repo, roster, unit } = await setUp();
    const eliminators = await repo.saveUnit(roster.id, {
      name: 'Eliminator Squad',
      points: 85,
      profile: {
        ...intercessors,
        weapons: [
          ...intercessors.weapons,
          {
            name: 'Bolt pistol',
            range: 12,
            models: 5,
            attacks: '1',
            skill: 3,
            strength: 4,
            ap: 0,
            damage: '1',
            keywords: ['Pistol'],
          },
        ],
      },
    });
    const request = { rosterId: roster.id, unitId: eliminators.id, side: 'attacker' as const, ranged: true };
    const first = await backend['combat.sideFromRoster'](request);
    expect((first.side['weapons'] as Array<{ name: string }>).map((w) => w.name)).toEqual(['Bolt rifle']);
    expect(first.weaponSets).toEqual([
      { id: 'others', label: 'Ranged weapons other than Pistols: Bolt rifle', selected: true },
      { id: 'pistols', label: 'Pistols: Bolt pistol', selected: false },
    ]);
    const pistols = await backend['combat.sideFromRoster']({ ...request, weaponSet: 'pistols' });
    expect((pistols.side['weapons'] as Array<{ name: string }>).map((w) => w.name)).toEqual(['Bolt pistol']);
    // A unit without Pistols has one set: asking for its pistols is refused in words, on that field.
    await expect(
      backend['combat.sideFromRoster']({ ...request, unitId: unit.id, weaponSet: 'pistols' }),
    ).rejects.toMatchObject({
      field: 'weaponSet',
      message: 'Intercessor Squad has no weapon set “pistols”: it shoots with All ranged weapons: Bolt rifle.',
    });
  });

  it('gives the defender its keywords and model profiles', async () => {
    const { backend, roster, unit } = await setUp();
    const side = (
      await backend['combat.sideFromRoster']({ rosterId: roster.id, unitId: unit.id, side: 'defender', ranged: true })
    ).side;
    expect(side).toMatchObject({
      name: 'Intercessor Squad',
      keywords: ['infantry'],
      models: [{ count: 5, toughness: 4, wounds: 2 }],
    });
    expect((side['models'] as object[])[0]).not.toHaveProperty('leadership');
  });

  it("gives the defender its defensive modifiers (WH40K10-MODIFIERS.md), each at its default when the unit has none, so a pick replaces the last target's", async () => {
    const { backend, repo, roster, unit } = await setUp();
    const plain = (
      await backend['combat.sideFromRoster']({ rosterId: roster.id, unitId: unit.id, side: 'defender', ranged: true })
    ).side;
    expect(plain).toMatchObject({
      stealth: false,
      saveModifier: 0,
      saveReroll: 'none',
      apReduction: 0,
      halfDamage: false,
      damageReduction: 0,
    });
    const terminators = await repo.saveUnit(roster.id, {
      name: 'Terminators',
      points: 170,
      profile: {
        ...intercessors,
        models: [
          {
            name: 'Terminator',
            count: 5,
            movement: 5,
            toughness: 5,
            save: 2,
            invulnerable: 4,
            wounds: 3,
            leadership: 6,
            objectiveControl: 1,
            feelNoPainMortal: 5,
          },
        ],
        defensiveModifiers: { stealth: true, damageReduction: 1, saveReroll: 'ones' },
      },
    });
    const side = (
      await backend['combat.sideFromRoster']({
        rosterId: roster.id,
        unitId: terminators.id,
        side: 'defender',
        ranged: true,
      })
    ).side;
    expect(side).toMatchObject({
      stealth: true,
      damageReduction: 1,
      saveReroll: 'ones',
      halfDamage: false,
      models: [{ invulnerable: 4, feelNoPainMortal: 5 }],
    });
  });

  it('gives an old-world unit as one unit of that side, whatever `ranged` says, and needs `ranged` only for 10e', async () => {
    const { backend, repo, roster, unit } = await setUp();
    const fantasy = await repo.saveRoster({ name: 'Empire', system: 'old-world', pointsLimit: null, notes: '' });
    const halberdiers = await repo.saveUnit(fantasy.id, {
      name: 'Halberdiers',
      points: 120,
      profile: validProfiles['old-world'],
    });
    const picked = await backend['combat.sideFromRoster']({
      rosterId: fantasy.id,
      unitId: halberdiers.id,
      side: 'defender',
    });
    expect(picked).toMatchObject({
      system: 'old-world',
      name: 'Halberdiers',
      // The roster's Halberd is the combat's halberd: S3 of its own, +1 when it strikes.
      side: {
        name: 'Empire',
        units: [
          {
            name: 'Halberdiers',
            models: 20,
            rankWidth: 5,
            standard: true,
            musician: true,
            profile: { strength: 3, weapon: 'halberd', armour: 5, troopType: 'infantry' },
          },
        ],
      },
    });
    expect(
      await backend['combat.sideFromRoster']({
        rosterId: fantasy.id,
        unitId: halberdiers.id,
        side: 'defender',
        ranged: true,
      }),
    ).toEqual(picked);
    await expect(
      backend['combat.sideFromRoster']({ rosterId: roster.id, unitId: unit.id, side: 'attacker' }),
    ).rejects.toMatchObject({ code: 'invalid_input', field: 'ranged' });
  });

  it("gives a Ninth Age unit as that side's one unit, named after the roster", async () => {
    const { backend, repo } = await setUp();
    const ninth = await repo.saveRoster({ name: 'Sonnstahl', system: 'ninth-age', pointsLimit: null, notes: '' });
    const spears = await repo.saveUnit(ninth.id, {
      name: 'Spearmen',
      points: 200,
      profile: validProfiles['ninth-age'],
    });
    const picked = await backend['combat.sideFromRoster']({ rosterId: ninth.id, unitId: spears.id, side: 'defender' });
    expect(picked).toMatchObject({
      system: 'ninth-age',
      name: 'Spearmen',
      side: {
        name: 'Sonnstahl',
        unit: {
          name: 'Spearmen',
          models: 20,
          width: 5,
          height: 1,
          supporting: 10,
          profile: { offensiveSkill: 3, defensiveSkill: 3, healthPoints: 1, discipline: 7 },
        },
      },
    });
  });

  it('says which id is missing', async () => {
    const { backend, roster } = await setUp();
    await expect(
      backend['combat.sideFromRoster']({ rosterId: 'nope', unitId: 'x', side: 'attacker', ranged: true }),
    ).rejects.toMatchObject({ code: 'not_found', field: 'rosterId' });
    await expect(
      backend['combat.sideFromRoster']({ rosterId: roster.id, unitId: 'nope', side: 'attacker', ranged: true }),
    ).rejects.toMatchObject({ code: 'not_found', field: 'unitId' });
  });
});
