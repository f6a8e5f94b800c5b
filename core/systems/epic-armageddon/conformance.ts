import { chosen, entered, storedRecord, type SystemConformance } from '../conformance';
import { exampleSetup } from './example';

/** A valid unit profile, as a player would type it (defaults left out). */
const validProfile = {
  blastMarkers: 1,
  units: [
    {
      name: 'Warhound Titan',
      count: 1,
      type: 'war-engine',
      speed: 30,
      armour: 5,
      closeCombat: 5,
      firefight: 3,
      damageCapacity: 3,
      weapons: [
        {
          name: 'Plasma blastgun',
          range: 45,
          macroWeapon: 2,
          specialRules: ['Slow Firing'],
        },
        {
          name: 'Vulcan mega-bolter',
          range: 45,
          antiPersonnel: 3,
          antiTank: 5,
        },
      ],
      specialRules: ['Reinforced Armour', 'Walker'],
    },
  ],
};

/** The profile with one characteristic far out of its range: the check names that field. */
const invalidProfile = {
  ...validProfile,
  units: validProfile.units.map((m, i) => (i === 0 ? { ...m, armour: 9 } : m)),
};

/** What every system must show (core/systems/conformance.ts), for epic-armageddon. */
export const conformance: SystemConformance = {
  examples: ['examples/epic-armageddon-marines-vs-orks.json', 'examples/epic-armageddon-entered-dice.json'],
  combats: {
    small: {
      system: 'epic-armageddon',
      attacker: {
        name: 'Space Marines',
        formation: 'Assault detachment',
        blastMarkers: 0,
        units: [
          {
            name: 'Assault Marines',
            count: 1,
            armour: 4,
            cc: 3,
            ff: 5,
            fearless: true,
          },
        ],
      },
      defender: {
        name: 'Orks',
        formation: 'Warband',
        blastMarkers: 0,
        units: [
          {
            name: 'Boyz',
            count: 2,
            armour: 6,
            cc: 4,
            ff: 6,
            fearless: true,
          },
        ],
      },
    },
    club: exampleSetup,
  },
  // Banshees and Guardians assault Guardsmen in cover led by a Fearless, Inspiring Commissar
  // (examples/epic-armageddon-entered-dice.json): First Strike kills a Guardsman, the main wave two
  // more and a Banshee; A6 12 against 8; the extra hits find only the Fearless Commissar.
  stored: {
    record: storedRecord(
      'epic-armageddon',
      'Eldar vs Imperial Guard',
      {
        system: 'epic-armageddon',
        attacker: {
          name: 'Eldar',
          formation: 'Aspect host',
          units: [
            {
              name: 'Howling Banshees',
              count: 2,
              armour: 5,
              cc: 3,
              ff: 6,
              weapons: [
                {
                  name: 'Power swords',
                  use: 'cc',
                  extraAttacks: 1,
                  firstStrike: true,
                },
              ],
            },
            {
              name: 'Guardians',
              count: 2,
              armour: 6,
              cc: 5,
              ff: 4,
              engaged: 'firefight',
            },
          ],
        },
        defender: {
          name: 'Imperial Guard',
          formation: 'Infantry company',
          blastMarkers: 1,
          units: [
            {
              name: 'Guardsmen',
              count: 3,
              armour: 6,
              cc: 6,
              ff: 5,
              cover: 4,
            },
            {
              name: 'Commissar',
              armour: 5,
              cc: 4,
              ff: 5,
              inspiring: true,
              fearless: true,
            },
          ],
        },
      },
      7,
      [
        entered('attack.0', [6, 6]),
        chosen('allocate.1', 'rest'),
        entered('save.2', [6, 3]),
        entered('attack.3', [4, 5, 3, 6, 2, 6, 5]),
        entered('save.4', [2, 3, 6, 2]),
        entered('a6.5', [1, 5, 6, 6]),
        chosen('withdraw.6', 'none'),
      ],
    ),
    expected: {
      steps: 16,
      modelsLost: {
        attacker: 1,
        defender: 3,
      },
      outcome: [
        'Eldar win the assault: 12 against 8.',
        'Eldar \u2014 Howling Banshees \u00d72: 1 left \u2014 Howling Banshees #1 destroyed (A4, round 1).',
        'Eldar \u2014 Guardians \u00d72: all 2 standing.',
        'Imperial Guard \u2014 Guardsmen \u00d73: all destroyed \u2014 Guardsmen #1 destroyed (A4, round 1), Guardsmen #2 destroyed (A4 First Strike, round 1), Guardsmen #3 destroyed (A4, round 1).',
        'Imperial Guard \u2014 Commissar: standing.',
        'Infantry company (Imperial Guard) is Broken and has withdrawn.',
        'Eldar: 1 Blast marker (1 unit lost in the assault).',
        'Eldar may consolidate: each unit moves up to 5cm.',
      ],
      actualValue: 3,
      winner: 'attacker',
      choices: [
        'Nearest first, as listed: Guardsmen #1, Guardsmen #2',
        'No more: the others ended more than 15cm from the enemy',
      ],
    },
  },
  profiles: { valid: validProfile, invalid: { profile: invalidProfile, field: 'profile.units[0].armour' } },
  targets: { stepsPerRound: 10, printPagesPerRound: 2 },
  guide: 'core/systems/epic-armageddon/GUIDE.md',
};
