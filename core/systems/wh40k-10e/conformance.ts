import { chosen, entered, storedRecord, type SystemConformance } from '../conformance';
import { exampleSetup } from './example';

/** A valid unit profile, as a player would type it (defaults left out). */
const validProfile = {
  keywords: ['Infantry', 'Imperium'],
  models: [
    {
      name: 'Sergeant',
      count: 1,
      movement: 6,
      toughness: 4,
      save: 3,
      wounds: 2,
      leadership: 6,
      objectiveControl: 2,
    },
    {
      name: 'Intercessor',
      count: 4,
      movement: 6,
      toughness: 4,
      save: 3,
      invulnerable: null,
      wounds: 2,
      leadership: 6,
      objectiveControl: 2,
      feelNoPain: 6,
    },
  ],
  weapons: [
    {
      name: 'Bolt rifle',
      range: 24,
      attacks: 2,
      skill: 3,
      strength: 4,
      ap: -1,
      damage: 1,
      abilities: {
        rapidFire: 1,
      },
    },
    {
      name: 'Close combat weapon',
      range: 'melee',
      attacks: 3,
      skill: 3,
      strength: 4,
      ap: 0,
      damage: 1,
    },
  ],
  abilities: ['Oath of Moment'],
};

/** The profile with one characteristic far out of its range: the check names that field. */
const invalidProfile = {
  ...validProfile,
  models: validProfile.models.map((m, i) => (i === 0 ? { ...m, toughness: 40 } : m)),
};

/** What every system must show (core/systems/conformance.ts), for wh40k-10e. */
export const conformance: SystemConformance = {
  examples: [
    'examples/wh40k-10e-intercessors-vs-boyz.json',
    'examples/wh40k-10e-modifiers.json',
    'examples/wh40k-10e-entered-dice.json',
  ],
  combats: {
    // One bolt rifle shot into five Marines: three rolls and a point mass, small enough to walk whole.
    small: {
      system: 'wh40k-10e',
      attacker: {
        name: 'Attacking unit',
        weapons: [{ ...exampleSetup.attacker.weapons[0]!, name: 'Bolt rifle', models: 1, attacks: '1', ap: 0 }],
        ranged: true,
        charged: false,
        remainedStationary: false,
        halfRange: false,
      },
      defender: {
        name: 'Space Marines',
        keywords: [],
        cover: false,
        saveReroll: 'none',
        models: [{ ...exampleSetup.defender.models[0]!, name: '', count: 5, toughness: 4, save: 3, wounds: 1 }],
      },
    },
    // Ten Intercessors in rapid-fire range with a grenade launcher into twenty Boyz and a Nob.
    club: {
      system: 'wh40k-10e',
      attacker: {
        name: 'Intercessor Squad',
        ranged: true,
        halfRange: true,
        weapons: [
          {
            name: 'Bolt rifle',
            models: 10,
            attacks: '2',
            skill: 3,
            strength: 4,
            ap: -1,
            damage: '1',
            abilities: { rapidFire: 1 },
          },
          {
            name: 'Astartes grenade launcher (frag)',
            models: 1,
            attacks: 'D3',
            skill: 3,
            strength: 4,
            ap: 0,
            damage: '1',
            abilities: { blast: true },
          },
        ],
      },
      defender: {
        name: 'Boyz',
        keywords: ['infantry', 'orks'],
        models: [
          { name: 'Boy', count: 19, toughness: 5, save: 5, wounds: 1 },
          { name: 'Boss Nob', count: 1, toughness: 5, save: 5, wounds: 2 },
        ],
      },
    },
  },
  // Ten bolt rifle shots into Boyz led by a Nob (6++): a Sustained Hit, a critical wound, the
  // defender allocating to the Nob, four failed saves.
  stored: {
    record: storedRecord(
      'wh40k-10e',
      'Intercessors vs Boyz',
      {
        system: 'wh40k-10e',
        attacker: {
          name: 'Intercessors',
          ranged: true,
          weapons: [
            {
              name: 'Bolt rifle',
              models: 5,
              attacks: 2,
              skill: 3,
              strength: 4,
              ap: -1,
              damage: 1,
              abilities: {
                sustainedHits: '1',
              },
            },
          ],
        },
        defender: {
          name: 'Boyz',
          models: [
            {
              name: 'Nob',
              count: 1,
              toughness: 5,
              save: 5,
              wounds: 2,
              invulnerable: 6,
            },
            {
              name: 'Boy',
              count: 9,
              toughness: 5,
              save: 5,
              wounds: 1,
            },
          ],
        },
      },
      7,
      [
        entered('w0.hit.0', [3, 4, 6, 2, 5, 5, 4, 1, 4, 5]),
        entered('w0.wound.1', [3, 5, 1, 2, 6, 1, 3, 5, 5]),
        chosen('w0.allocate.2', 'm0'),
        entered('w0.save.3', [4]),
        entered('w0.save.4', [3]),
        entered('w0.save.5', [5]),
        entered('w0.save.6', [4]),
      ],
    ),
    expected: {
      steps: 8,
      modelsLost: {
        attacker: 0,
        defender: 3,
      },
      outcome: ['Boyz: 3 models destroyed of 10', 'Wounds lost: 4', '7 \u00d7 Boy unharmed'],
      actualValue: 3,
      winner: null,
      choices: ['Nob'],
    },
  },
  profiles: { valid: validProfile, invalid: { profile: invalidProfile, field: 'profile.models[0].toughness' } },
  targets: { stepsPerRound: 6, printPagesPerRound: 2 },
  guide: 'core/systems/wh40k-10e/GUIDE.md',
};
