import { describe, expect, it } from 'vitest';
import { wh40k10eProfileSchema } from '../../../../../core/systems/wh40k-10e/roster/profile';
import { defenderForCombat, modelsForCombat, weaponsForCombat } from '../../../../../core/systems/wh40k-10e/roster/toCombat';
import { setupSchema } from '../../../../../core/systems/wh40k-10e/profiles';

const profile = wh40k10eProfileSchema.parse({
  keywords: ['infantry'],
  models: [
    { name: 'Intercessor', count: 4, movement: 6, toughness: 4, save: 3, wounds: 2, leadership: 6, objectiveControl: 2 },
    { name: 'Sergeant', count: 1, movement: 6, toughness: 4, save: 3, wounds: 3, leadership: 6, objectiveControl: 2, character: false },
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
    expect(profile.defensiveModifiers).toEqual({ stealth: false, saveModifier: 0, saveReroll: 'none', apReduction: 0, halfDamage: false, damageReduction: 0 });
    expect(profile.models[0]!.feelNoPainMortal).toBeNull();
  });

  it('picked as the target, it fills the setup with them: invulnerable, Feel No Pain (and vs mortal wounds), −1 Damage, Stealth…', () => {
    const keeper = wh40k10eProfileSchema.parse({
      keywords: ['infantry'],
      models: [{ name: 'Custodian', count: 3, movement: 6, toughness: 6, save: 2, invulnerable: 4, wounds: 3, feelNoPain: 6, feelNoPainMortal: 4, leadership: 6, objectiveControl: 2 }],
      defensiveModifiers: { stealth: true, damageReduction: 1, saveModifier: 1, apReduction: 1, halfDamage: true, saveReroll: 'failed' },
    });
    const defender = defenderForCombat('Custodians', keeper);
    expect(defender).toMatchObject({ name: 'Custodians', stealth: true, damageReduction: 1, saveModifier: 1, apReduction: 1, halfDamage: true, saveReroll: 'failed' });
    const setup = setupSchema.parse({ system: 'wh40k-10e', attacker: { name: 'A', weapons: weaponsForCombat(profile, true), ranged: true }, defender });
    expect(setup.defender.models[0]).toMatchObject({ invulnerable: 4, feelNoPain: 6, feelNoPainMortal: 4 });
    expect(setup.defender).toMatchObject({ stealth: true, damageReduction: 1 });
  });

  it('a bad value is refused in words, naming the field', () => {
    const bad = wh40k10eProfileSchema.safeParse({ ...profile, defensiveModifiers: { saveModifier: 2 } });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]).toMatchObject({ path: ['defensiveModifiers', 'saveModifier'], message: 'expected a number from -1 to 1' });
  });
});
