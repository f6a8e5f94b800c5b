import type { SetupInput } from './setup';

/**
 * The setup screen's starting point: six charging Knights with their Baron against 30 Spearmen with
 * a Captain and the Battle Standard Bearer, so a quick combat needs only the names and numbers
 * that differ.
 */
export const exampleSetup: SetupInput = {
  system: 'ninth-age',
  attacker: {
    name: 'Kingdom of Equitaine',
    unit: {
      name: 'Knights',
      models: 6,
      width: 3,
      height: 2,
      profile: {
        offensiveSkill: 4,
        defensiveSkill: 4,
        strength: 5,
        armourPenetration: 2,
        agility: 3,
        attacks: 1,
        healthPoints: 2,
        resilience: 3,
        armour: 5,
        discipline: 8,
        aegis: 6,
      },
      charged: true,
      standard: true,
      characters: [
        {
          name: 'Baron',
          profile: {
            offensiveSkill: 6,
            defensiveSkill: 6,
            strength: 5,
            armourPenetration: 2,
            agility: 5,
            attacks: 4,
            healthPoints: 3,
            resilience: 4,
            armour: 6,
            discipline: 9,
            aegis: 5,
          },
          attacksAtCharacters: [2],
        },
      ],
    },
  },
  defender: {
    name: 'Empire of Sonnstahl',
    unit: {
      name: 'Spearmen',
      models: 30,
      width: 6,
      profile: {
        offensiveSkill: 3,
        defensiveSkill: 3,
        strength: 3,
        armourPenetration: 0,
        agility: 3,
        attacks: 1,
        healthPoints: 1,
        resilience: 3,
        armour: 2,
        discipline: 7,
      },
      standard: true,
      supporting: 12,
      attacksAtCharacters: [0],
      characters: [
        {
          name: 'Captain',
          profile: {
            offensiveSkill: 5,
            defensiveSkill: 5,
            strength: 4,
            armourPenetration: 1,
            agility: 4,
            attacks: 3,
            healthPoints: 3,
            resilience: 4,
            armour: 4,
            discipline: 8,
            fortitude: 5,
          },
          attacksAtCharacters: [3],
        },
        {
          name: 'Standard Bearer',
          profile: {
            offensiveSkill: 4,
            defensiveSkill: 4,
            strength: 4,
            armourPenetration: 0,
            agility: 4,
            attacks: 2,
            healthPoints: 2,
            resilience: 3,
            armour: 3,
            discipline: 8,
          },
          battleStandard: true,
        },
      ],
    },
  },
};
