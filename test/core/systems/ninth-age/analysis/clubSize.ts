import { ninthAge, type Setup } from '../../../../../core/systems/ninth-age';

/**
 * A club-size melee for the round model's tests and bench (issue 34): 25 infantry with a character
 * on each side, five wide — the size of a game at a club night. Men-at-arms with a Captain charge
 * Halberdiers with a Sergeant who carries the Battle Standard; both units carry a standard, so
 * Combat Score, Steady and Solid (five ranks), break tests, flight and pursuit all come into play.
 */
const soldier = {
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
};

export const clubSizeInput = {
  system: 'ninth-age',
  attacker: {
    name: 'Kingdom of Equitaine',
    unit: {
      name: 'Men-at-arms',
      models: 25,
      width: 5,
      charged: true,
      standard: true,
      profile: soldier,
      characters: [
        {
          name: 'Captain',
          profile: {
            ...soldier,
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
          },
          attacksAtCharacters: [1],
        },
      ],
    },
  },
  defender: {
    name: 'Empire of Sonnstahl',
    unit: {
      name: 'Halberdiers',
      models: 25,
      width: 5,
      standard: true,
      profile: { ...soldier, strength: 4, armourPenetration: 1, armour: 1 },
      characters: [
        {
          name: 'Sergeant',
          battleStandard: true,
          profile: {
            ...soldier,
            offensiveSkill: 4,
            defensiveSkill: 4,
            strength: 4,
            agility: 4,
            attacks: 2,
            healthPoints: 2,
            resilience: 4,
            armour: 3,
            discipline: 8,
          },
        },
      ],
    },
  },
} as const;

export const clubSize = (): Setup => ninthAge.setupSchema.parse(clubSizeInput);
