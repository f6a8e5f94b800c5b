import { describe, expect, it } from 'vitest';
import { resolveScenario } from '../../../../core/scenario/resolve';
import { readScenario } from '../../../../core/scenario/scenario';
import { systems } from '../../../../core/systems';

function outcome(scenario: object): string[] {
  const read = readScenario(scenario, systems);
  if (!read.ok) throw new Error(JSON.stringify(read.problems));
  return resolveScenario(read.scenario).outcome;
}

// The final outcome (seed 001: models destroyed, wounds lost, each survivor's wounds left):
// wounded models are named with their wounds, untouched ones counted per profile.
describe('the final outcome', () => {
  it('names the wounded model and counts the unharmed ones per profile', () => {
    const lines = outcome({
      system: 'wh40k-10e',
      dice: [6, 6, 1], // hit, wound, failed save: one D1 wound on a W2 model
      attacker: {
        name: 'Sniper',
        weapons: [{ name: 'Rifle', attacks: '1', skill: 3, strength: 4, ap: 0, damage: '1' }],
      },
      defender: {
        name: 'Wardens',
        models: [
          { count: 3, toughness: 4, save: 3, wounds: 2 },
          { name: 'Veteran', count: 1, toughness: 4, save: 3, wounds: 2 },
        ],
      },
    });
    expect(lines).toEqual([
      'Wardens: 0 models destroyed of 4',
      'Wounds lost: 1',
      'Wardens 1: 1/2 wounds left',
      '2 × Wardens unharmed',
      '1 × Veteran unharmed',
    ]);
  });

  it('says when the whole unit is destroyed', () => {
    const lines = outcome({
      system: 'wh40k-10e',
      dice: [6, 6, 1],
      attacker: {
        name: 'Sniper',
        weapons: [{ name: 'Rifle', attacks: '1', skill: 3, strength: 4, ap: 0, damage: '3' }],
      },
      defender: { name: 'Lone Scout', models: [{ count: 1, toughness: 4, save: 3, wounds: 2 }] },
    });
    expect(lines).toEqual(['Lone Scout: 1 model destroyed of 1', 'Wounds lost: 2', 'Lone Scout is destroyed.']);
  });
});
