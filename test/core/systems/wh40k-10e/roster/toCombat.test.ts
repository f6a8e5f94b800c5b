import { describe, expect, it } from 'vitest';
import { wh40k10eProfileSchema } from '../../../../../core/systems/wh40k-10e/roster/profile';
import {
  attackerForCombat,
  defenderForCombat,
  modelsForCombat,
  rangedWeaponSets,
  weaponsForCombat,
} from '../../../../../core/systems/wh40k-10e/roster/toCombat';
import { setupSchema } from '../../../../../core/systems/wh40k-10e/profiles';

const profile = wh40k10eProfileSchema.parse({
  keywords: ['infantry'],
  models: [
    {
      name: 'Intercessor',
      count: 4,
      movement: 6,
      toughness: 4,
      save: 3,
      wounds: 2,
      leadership: 6,
      objectiveControl: 2,
    },
    {
      name: 'Sergeant',
      count: 1,
      movement: 6,
      toughness: 4,
      save: 3,
      wounds: 3,
      leadership: 6,
      objectiveControl: 2,
      character: false,
    },
  ],
  weapons: [
    { name: 'Bolt rifle', range: 24, models: 5, attacks: '2', skill: 3, strength: 4, ap: -1, damage: '1' },
    { name: 'Close combat weapon', range: 'melee', models: 5, attacks: '3', skill: 3, strength: 4, ap: 0, damage: '1' },
  ],
});

describe('a roster unit in a 10th edition combat', () => {
  it('brings its ranged weapons to shooting and its melee weapons to a fight, without the range', () => {
    expect(weaponsForCombat(profile, true).map((w) => w.name)).toEqual(['Bolt rifle']);
    expect(weaponsForCombat(profile, false).map((w) => w.name)).toEqual(['Close combat weapon']);
    expect(weaponsForCombat(profile, true)[0]).not.toHaveProperty('range');
  });

  it('brings its model profiles without M, Ld and OC, and the result is a valid setup', () => {
    const models = modelsForCombat(profile);
    expect(models.map((m) => [m.name, m.count, m.wounds])).toEqual([
      ['Intercessor', 4, 2],
      ['Sergeant', 1, 3],
    ]);
    const setup = setupSchema.safeParse({
      system: 'wh40k-10e',
      attacker: { name: 'Intercessors', weapons: weaponsForCombat(profile, true), ranged: true },
      defender: { name: 'Intercessors', keywords: profile.keywords, models },
    });
    expect(setup.success).toBe(true);
  });
});

describe('a roster unit keeps its defensive modifiers (WH40K10-MODIFIERS.md)', () => {
  it('a unit stored before they existed is still valid, with every modifier at its default', () => {
    expect(profile.defensiveModifiers).toEqual({
      stealth: false,
      saveModifier: 0,
      saveReroll: 'none',
      apReduction: 0,
      halfDamage: false,
      damageReduction: 0,
    });
    expect(profile.models[0]!.feelNoPainMortal).toBeNull();
  });

  it('picked as the target, it fills the setup with them: invulnerable, Feel No Pain (and vs mortal wounds), −1 Damage, Stealth…', () => {
    const keeper = wh40k10eProfileSchema.parse({
      keywords: ['infantry'],
      models: [
        {
          name: 'Custodian',
          count: 3,
          movement: 6,
          toughness: 6,
          save: 2,
          invulnerable: 4,
          wounds: 3,
          feelNoPain: 6,
          feelNoPainMortal: 4,
          leadership: 6,
          objectiveControl: 2,
        },
      ],
      defensiveModifiers: {
        stealth: true,
        damageReduction: 1,
        saveModifier: 1,
        apReduction: 1,
        halfDamage: true,
        saveReroll: 'failed',
      },
    });
    const defender = defenderForCombat('Custodians', keeper);
    expect(defender).toMatchObject({
      name: 'Custodians',
      stealth: true,
      damageReduction: 1,
      saveModifier: 1,
      apReduction: 1,
      halfDamage: true,
      saveReroll: 'failed',
    });
    const setup = setupSchema.parse({
      system: 'wh40k-10e',
      attacker: { name: 'A', weapons: weaponsForCombat(profile, true), ranged: true },
      defender,
    });
    expect(setup.defender.models[0]).toMatchObject({ invulnerable: 4, feelNoPain: 6, feelNoPainMortal: 4 });
    expect(setup.defender).toMatchObject({ stealth: true, damageReduction: 1 });
  });

  it('a bad value is refused in words, naming the field', () => {
    const bad = wh40k10eProfileSchema.safeParse({ ...profile, defensiveModifiers: { saveModifier: 2 } });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]).toMatchObject({
      path: ['defensiveModifiers', 'saveModifier'],
      message: 'expected a number from -1 to 1',
    });
  });
});

describe('a shooting side follows the Pistol rule (core rules: a model shoots its Pistols or its other ranged weapons)', () => {
  const weapon = (name: string, range: number | 'melee', keywords: string[] = []) => ({
    name,
    range,
    models: 3,
    attacks: '1',
    skill: 3,
    strength: 4,
    ap: 0,
    damage: '1',
    keywords,
  });
  const eliminators = wh40k10eProfileSchema.parse({
    keywords: ['infantry'],
    models: [
      {
        name: 'Eliminator',
        count: 3,
        movement: 6,
        toughness: 4,
        save: 3,
        wounds: 2,
        leadership: 6,
        objectiveControl: 1,
      },
    ],
    weapons: [
      weapon('Close Combat Weapon', 'melee'),
      weapon('Bolt Pistol', 12, ['Pistol']),
      weapon('Bolt Sniper Rifle', 36, ['Heavy']),
    ],
  });

  it('offers the other guns and the Pistols as two sets, and fills the other guns first', () => {
    expect(rangedWeaponSets(eliminators).map((s) => [s.id, s.weapons.map((w) => w.name)])).toEqual([
      ['others', ['Bolt Sniper Rifle']],
      ['pistols', ['Bolt Pistol']],
    ]);
    const filled = attackerForCombat('Eliminators', eliminators, true);
    expect(filled.side.weapons.map((w) => w.name)).toEqual(['Bolt Sniper Rifle']);
    expect(filled.weaponSets).toEqual([
      { id: 'others', label: 'Ranged weapons other than Pistols: Bolt Sniper Rifle', selected: true },
      { id: 'pistols', label: 'Pistols: Bolt Pistol', selected: false },
    ]);
    expect(attackerForCombat('Eliminators', eliminators, true, 'pistols').side.weapons.map((w) => w.name)).toEqual([
      'Bolt Pistol',
    ]);
    expect(filled.notes[0]).toContain('a model shoots its Pistols or its other ranged weapons, not both');
  });

  it('a MONSTER or VEHICLE fires both; a unit with Pistols only, or no Pistols, has one set', () => {
    const tank = wh40k10eProfileSchema.parse({ ...eliminators, keywords: ['vehicle'] });
    expect(rangedWeaponSets(tank).map((s) => s.id)).toEqual(['all']);
    expect(attackerForCombat('Tank', tank, true).side.weapons.map((w) => w.name)).toEqual([
      'Bolt Pistol',
      'Bolt Sniper Rifle',
    ]);
    expect(attackerForCombat('Tank', tank, true).weaponSets).toBeUndefined();
    const pistolsOnly = wh40k10eProfileSchema.parse({
      ...eliminators,
      weapons: [weapon('Bolt Pistol', 12, ['Pistol'])],
    });
    expect(rangedWeaponSets(pistolsOnly).map((s) => [s.id, s.weapons.length])).toEqual([['all', 1]]);
  });

  it('fights with the melee weapons only, and refuses a set the unit does not have, in words', () => {
    expect(attackerForCombat('Eliminators', eliminators, false).side.weapons.map((w) => w.name)).toEqual([
      'Close Combat Weapon',
    ]);
    expect(() => attackerForCombat('Intercessors', profile, true, 'pistols')).toThrow(
      /Intercessors has no weapon set “pistols”: it shoots with All ranged weapons: Bolt rifle\./,
    );
  });

  it('fills one profile of a weapon a model fires one of ("Missile Array - Frag" / "- Krak"), naming the other', () => {
    const impulsor = wh40k10eProfileSchema.parse({
      ...eliminators,
      keywords: ['vehicle'],
      weapons: [weapon('Missile Array - Frag', 48), weapon('Missile Array - Krak', 48), weapon('Heavy Stubber', 36)],
    });
    const filled = attackerForCombat('Impulsor', impulsor, true);
    expect(filled.side.weapons.map((w) => w.name)).toEqual(['Missile Array - Frag', 'Heavy Stubber']);
    expect(filled.notes).toEqual([
      'Missile Array: a model fires one of its profiles, so Missile Array - Frag was filled and Missile Array - Krak left out; change it here if it fires that one.',
    ]);
  });
});
