import { describe, expect, it } from 'vitest';
import { wh40k10eProfileSchema } from '../../../core/roster/profiles/wh40k-10e';
import { modelsForCombat, weaponsForCombat } from '../../../core/roster/toCombat10e';
import { setupSchema } from '../../../core/systems/wh40k-10e/profiles';

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
