import { chosen, entered, storedRecord, type SystemConformance } from '../conformance';
import { exampleSetup } from './example';

/** A valid unit profile, as a player would type it (defaults left out). */
const validProfile = {
  models: 20,
  movement: 4,
  weaponSkill: 3,
  ballisticSkill: 3,
  strength: 3,
  toughness: 3,
  wounds: 1,
  initiative: 3,
  attacks: 1,
  leadership: 7,
  armour: 5,
  ward: null,
  troopType: 'infantry',
  rankWidth: 5,
  standard: true,
  musician: true,
  weapons: [
    {
      name: 'Halberd',
      strengthBonus: 1,
      armourPiercing: 1,
    },
  ],
  specialRules: ['Close Order'],
};

/** The profile with one characteristic far out of its range: the check names that field. */
const invalidProfile = { ...validProfile, toughness: 40 };

/** What every system must show (core/systems/conformance.ts), for old-world. */
export const conformance: SystemConformance = {
  examples: ['examples/old-world-swordsmen-vs-orcs.json'],
  combats: {
    small: {
      system: 'old-world',
      attacker: {
        name: 'Empire',
        units: [
          {
            name: 'Halberdiers',
            profile: {
              movement: 4,
              weaponSkill: 3,
              strength: 4,
              toughness: 3,
              wounds: 1,
              initiative: 3,
              attacks: 1,
              leadership: 7,
              armour: 6,
              ward: null,
              troopType: 'infantry',
            },
            models: 2,
            woundsLost: 0,
            rankWidth: 2,
            standard: true,
            musician: false,
            charged: true,
            unbreakable: true,
            target: 0,
            facing: 'front',
            attacksAt: null,
            inContact: null,
          },
        ],
        nearby: [],
      },
      defender: {
        name: 'Orcs',
        units: [
          {
            name: 'Orc Boyz',
            profile: {
              movement: 4,
              weaponSkill: 3,
              strength: 3,
              toughness: 4,
              wounds: 1,
              initiative: 2,
              attacks: 1,
              leadership: 7,
              armour: 5,
              ward: null,
              troopType: 'infantry',
            },
            models: 2,
            woundsLost: 0,
            rankWidth: 2,
            standard: false,
            unbreakable: true,
            target: 0,
            facing: 'front',
            attacksAt: null,
            inContact: null,
          },
        ],
        nearby: [],
      },
      challenge: null,
      insaneCourage: true,
      round: 1,
      previousWinner: null,
    },
    club: exampleSetup,
  },
  // Swordsmen charge Boyz (seed 002): 2 wounds + 1 rank + 1 outnumber against 1 rank, the Boyz
  // lose by 3, break on a double 6, flee 7" and are caught by a pursuit of exactly 7".
  stored: {
    record: storedRecord(
      'old-world',
      'Empire vs Orcs',
      {
        system: 'old-world',
        attacker: {
          name: 'Empire',
          units: [
            {
              name: 'Swordsmen',
              models: 10,
              rankWidth: 5,
              charged: true,
              profile: {
                movement: 4,
                weaponSkill: 3,
                strength: 3,
                toughness: 3,
                wounds: 1,
                initiative: 3,
                attacks: 1,
                leadership: 7,
              },
            },
          ],
        },
        defender: {
          name: 'Orcs',
          units: [
            {
              name: 'Boyz',
              models: 10,
              rankWidth: 5,
              profile: {
                movement: 4,
                weaponSkill: 3,
                strength: 3,
                toughness: 4,
                wounds: 1,
                initiative: 2,
                attacks: 1,
                leadership: 7,
              },
            },
          ],
        },
      },
      7,
      [
        entered('hit.0', [4, 4, 4, 1, 1]),
        entered('wound.1', [5, 6, 1]),
        entered('hit.2', [1, 1, 1, 1, 1]),
        entered('break.3', [6, 6]),
        chosen('pursue.4', 'pursue'),
        entered('flee.5', [3, 4, 5, 2]),
      ],
    ),
    expected: {
      steps: 7,
      modelsLost: {
        attacker: 0,
        defender: 10,
      },
      outcome: [
        'Empire \u2014 Swordsmen: won and pursued: 10 models.',
        'Orcs \u2014 Boyz: broke, fled and was caught: destroyed.',
        'Swordsmen pursue 7": if that reaches a fresh enemy unit, it is a new charge resolved next turn; off the table edge, they return where they left in their next turn.',
        'Round 1: Empire win by 3 (4 to 1).',
      ],
      actualValue: 3,
      winner: 'attacker',
      choices: ['Pursue (2D6")'],
    },
  },
  profiles: { valid: validProfile, invalid: { profile: invalidProfile, field: 'profile.toughness' } },
  targets: { stepsPerRound: 10, printPagesPerRound: 2 },
  guide: 'core/systems/old-world/GUIDE.md',
};
