import { registry } from '../../../../../core/systems';
import { describe, expect, it } from 'vitest';
import { createFromRosterBackend } from '../../../../../core/api/backends/fromRoster';
import { contract } from '../../../../../core/api/contract';
import { wh40k7eProfileSchema, type Wh40k7eProfile } from '../../../../../core/systems/wh40k-7e/roster/profile';
import { sideForCombat } from '../../../../../core/systems/wh40k-7e/roster/toCombat';
import { setupSchema } from '../../../../../core/systems/wh40k-7e/setup';
import { freshStore, validProfiles } from '../../../store/fixtures';

/** A roster unit (40k 7th edition profile) as one side of a close combat (core/roster/toCombat7e.ts). */

const model = (over: Record<string, unknown> = {}) => ({
  name: 'Space Marine',
  count: 4,
  weaponSkill: 4,
  ballisticSkill: 4,
  strength: 4,
  toughness: 4,
  wounds: 1,
  initiative: 4,
  attacks: 1,
  leadership: 8,
  save: 3,
  ...over,
});
const profile = (over: Record<string, unknown> = {}): Wh40k7eProfile =>
  wh40k7eProfileSchema.parse({ unitType: 'infantry', models: [model()], ...over });

const fightsIn = (side: unknown) =>
  setupSchema.safeParse({
    system: 'wh40k-7e',
    attacker: side,
    defender: {
      name: 'Boyz',
      models: [
        {
          name: 'Boy',
          weaponSkill: 4,
          strength: 3,
          toughness: 4,
          wounds: 1,
          initiative: 2,
          attacks: 2,
          leadership: 7,
          save: 6,
        },
      ],
    },
  });

const convert = (name: string, p: Wh40k7eProfile) => {
  const c = sideForCombat(name, p);
  if (!c.ok) throw new Error(c.problem);
  return c;
};

describe('a 7th edition roster unit in a close combat', () => {
  it('brings each model group with its characteristics and saves, and is a valid setup side', () => {
    const c = convert(
      'Tactical Squad',
      profile({
        models: [
          model({ invulnerable: null, feelNoPain: 6 }),
          model({ name: 'Sergeant', count: 1, attacks: 2, leadership: 9, save: 7 }),
        ],
      }),
    );
    expect(c.side).toMatchObject({ name: 'Tactical Squad', fearless: false, stubborn: false, atsknf: false });
    // Charging is a fact of the turn, not of the roster: the setup screen keeps what the player ticked.
    expect(c.side).not.toHaveProperty('charged');
    expect(c.side.models[0]).toEqual({
      name: 'Space Marine',
      count: 4,
      weaponSkill: 4,
      strength: 4,
      toughness: 4,
      wounds: 1,
      initiative: 4,
      attacks: 1,
      leadership: 8,
      save: 3,
      invulnerable: null,
      feelNoPain: 6,
      eternalWarrior: false,
      twoWeapons: false,
      weapon: { name: 'Close combat weapon', strength: 'user', ap: null, unwieldy: false },
    });
    // The roster's 7 ("no save") is the setup's null.
    expect(c.side.models[1]!.save).toBeNull();
    expect(c.side.models[0]).not.toHaveProperty('ballisticSkill');
    expect(fightsIn(c.side).success).toBe(true);
  });

  it("gives a group the melee weapon its own special rules name; the others the unit's other melee weapon", () => {
    const c = convert(
      'Assault Squad',
      profile({
        models: [
          model({ name: 'Assault Marine' }),
          model({ name: 'Sergeant', count: 1, specialRules: ['Power fist'] }),
        ],
        weapons: [
          { name: 'Chainsword', range: 'melee', strength: 'user', ap: null, type: 'melee' },
          {
            name: 'Power fist',
            range: 'melee',
            strength: 'x2',
            ap: 2,
            type: 'melee',
            specialRules: ['Unwieldy', 'Specialist Weapon'],
          },
          { name: 'Bolt pistol', range: 12, strength: 4, ap: 5, type: 'pistol' },
        ],
      }),
    );
    expect(c.side.models.map((m) => m.weapon)).toEqual([
      { name: 'Chainsword', strength: 'user', ap: null, unwieldy: false },
      { name: 'Power fist', strength: 'x2', ap: 2, unwieldy: true },
    ]);
    // A pistol beside the chainsword: two close combat weapons; not beside a Specialist Weapon (RULES §2).
    expect(c.side.models.map((m) => m.twoWeapons)).toEqual([true, false]);
    expect(c.notes).toEqual(['Assault Marine: Bolt pistol and Chainsword — two close combat weapons, +1 Attack.']);
    expect(fightsIn(c.side).success).toBe(true);
  });

  it('says which weapon it chose when a group could fight with several', () => {
    const c = convert(
      'Honour Guard',
      profile({
        weapons: [
          { name: 'Power axe', range: 'melee', strength: '+1', ap: 2, type: 'melee', specialRules: ['Unwieldy'] },
          { name: 'Power sword', range: 'melee', strength: 'user', ap: 3, type: 'melee' },
        ],
      }),
    );
    expect(c.side.models[0]!.weapon).toEqual({ name: 'Power axe', strength: '+1', ap: 2, unwieldy: true });
    expect(c.notes).toEqual([
      'Space Marine: Power axe, Power sword — fights with Power axe (the first listed); change it in the setup if another is used.',
    ]);
  });

  it('reads Fearless, Stubborn, And They Shall Know No Fear and Eternal Warrior from the unit or its models, in any case', () => {
    const c = convert(
      'Chapter Master',
      profile({
        specialRules: ['And They Shall Know No Fear', 'STUBBORN'],
        models: [model({ count: 1, wounds: 3, specialRules: ['eternal warrior', 'Fearless'] })],
      }),
    );
    expect(c.side).toMatchObject({ fearless: true, stubborn: true, atsknf: true });
    expect(c.side.models[0]).toMatchObject({ eternalWarrior: true, wounds: 3 });
    expect(convert('Sternguard', profile({ specialRules: ['ATSKNF'] })).side.atsknf).toBe(true);
  });

  it("keeps characteristics within the setup's range and takes the two weapons rule from its label", () => {
    const c = convert(
      'Servitors',
      profile({
        models: [model({ weaponSkill: 0, initiative: 0, leadership: 0, specialRules: ['Two close combat weapons'] })],
      }),
    );
    expect(c.side.models[0]).toMatchObject({ weaponSkill: 1, initiative: 1, leadership: 1, twoWeapons: true });
  });

  it('refuses vehicles in words: they have no Toughness or Wounds to fight with here', () => {
    const rhino = wh40k7eProfileSchema.parse({
      unitType: 'vehicle',
      models: [model({ name: 'Rhino', count: 1, wounds: 0 })],
      vehicle: { front: 11, side: 11, rear: 10, hullPoints: 3 },
    });
    expect(sideForCombat('Rhino', rhino)).toEqual({
      ok: false,
      problem:
        '"Rhino" is a vehicle: its armour values do not fight in this close combat (only units with Toughness and Wounds).',
    });
  });
});

describe('combat.sideFromRoster for a 7th edition roster (core/api/backends/fromRoster.ts)', () => {
  it('gives the unit as the whole side, whatever `ranged` says', async () => {
    const { repo } = freshStore();
    const roster = await repo.saveRoster({ name: 'Ultramarines', system: 'wh40k-7e', pointsLimit: null, notes: '' });
    const unit = await repo.saveUnit(roster.id, {
      name: 'Tactical Squad',
      points: 70,
      profile: validProfiles['wh40k-7e'],
    });
    const backend = createFromRosterBackend(repo, registry);
    const picked = await backend['combat.sideFromRoster']({ rosterId: roster.id, unitId: unit.id, side: 'attacker' });
    expect(picked).toMatchObject({
      system: 'wh40k-7e',
      name: 'Tactical Squad',
      side: {
        name: 'Tactical Squad',
        atsknf: true,
        models: [
          {
            name: 'Space Marine',
            count: 5,
            save: 3,
            weapon: { name: 'Power fist', strength: 'x2', ap: 2, unwieldy: true },
          },
        ],
      },
    });
    expect(fightsIn(picked.side).success).toBe(true);
    expect(
      await backend['combat.sideFromRoster']({ rosterId: roster.id, unitId: unit.id, side: 'defender', ranged: true }),
    ).toEqual(picked);
  });

  it("passes on the conversion's notes, so the setup screen can show what it chose", async () => {
    const { repo } = freshStore();
    const roster = await repo.saveRoster({ name: 'Ultramarines', system: 'wh40k-7e', pointsLimit: null, notes: '' });
    const guard = await repo.saveUnit(roster.id, {
      name: 'Honour Guard',
      points: 100,
      profile: {
        ...validProfiles['wh40k-7e'],
        weapons: [
          { name: 'Power axe', range: 'melee', strength: '+1', ap: 2, type: 'melee', specialRules: ['Unwieldy'] },
          { name: 'Power sword', range: 'melee', strength: 'user', ap: 3, type: 'melee' },
        ],
      },
    });
    const backend = createFromRosterBackend(repo, registry);
    const picked = await backend['combat.sideFromRoster']({ rosterId: roster.id, unitId: guard.id, side: 'defender' });
    expect(picked.notes).toEqual([
      'Space Marine: Power axe, Power sword — fights with Power axe (the first listed); change it in the setup if another is used.',
    ]);
    // The contract carries them (an unknown field would be dropped at the host boundary).
    expect(contract['combat.sideFromRoster'].response.parse(picked).notes).toEqual(picked.notes);
  });

  it('refuses a vehicle, naming the unit', async () => {
    const { repo } = freshStore();
    const roster = await repo.saveRoster({ name: 'Ultramarines', system: 'wh40k-7e', pointsLimit: null, notes: '' });
    const rhino = await repo.saveUnit(roster.id, {
      name: 'Rhino',
      points: 35,
      profile: {
        unitType: 'vehicle',
        models: [model({ name: 'Rhino', count: 1, wounds: 0 })],
        vehicle: { front: 11, side: 11, rear: 10, hullPoints: 3 },
      },
    });
    await expect(
      createFromRosterBackend(repo, registry)['combat.sideFromRoster']({
        rosterId: roster.id,
        unitId: rhino.id,
        side: 'defender',
      }),
    ).rejects.toMatchObject({ code: 'unsupported', field: 'unitId' });
  });
});
