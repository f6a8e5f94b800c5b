import { chosen, entered, storedRecord, without, type SystemConformance } from '../conformance';
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

// The combats below are the setup screen's example (example.ts: a Space Marine assault detachment,
// with supporting fire, charging an Ork warband) and what each changes of it, so the units are
// written once: the example's own values feed `analyze` and `resolve` and stay as they are.
const marines = exampleSetup.attacker;
const orks = exampleSetup.defender;
const [assaultMarines, tacticalMarines] = [marines.units[0]!, marines.units[1]!];
const [boyz, nobz] = [orks.units[0]!, orks.units[1]!];
const devastators = marines.support![0]!;

/**
 * Small enough for the engine to walk whole: one Assault Marine (without his chainswords) against
 * two Boyz (out of cover), both Fearless, no Blast markers and no supporting fire.
 */
const small = {
  ...exampleSetup,
  attacker: {
    ...without(marines, 'support'),
    blastMarkers: 0,
    units: [{ ...without(assaultMarines, 'weapons'), count: 1, fearless: true }],
  },
  defender: { ...orks, blastMarkers: 0, units: [{ ...without(boyz, 'cover'), count: 2, fearless: true }] },
};

/**
 * Club-size: three formations a side. A Tactical detachment (Tactical Marines led by an Inspiring
 * Captain, with their Rhinos in a firefight) assaults the example's warband grown (Boyz in cover,
 * Nobz with power klaws); a Devastator detachment (missile launchers) and a Land Raider company (the
 * example Devastators' lascannon) of the Marines, and Stormboyz and Battlewagons of the Orks, are
 * near enough to give supporting fire (RULES §4 A5).
 */
const club = {
  system: exampleSetup.system,
  attacker: {
    name: marines.name,
    formation: 'Tactical detachment',
    knowNoFear: true,
    units: [
      { ...without(tacticalMarines, 'engaged'), count: 4 },
      { name: 'Captain', armour: 4, cc: 3, ff: 4, inspiring: true, invulnerable: true },
      { name: 'Rhino', count: 2, type: 'armoured-vehicle', armour: 5, cc: 6, ff: 6, engaged: 'firefight' },
    ],
    support: [
      { ...devastators, count: 4, weapons: [{ name: 'Missile launchers', use: 'ff', extraAttacks: 1 }] },
      { name: 'Land Raiders', count: 4, ff: 4, weapons: devastators.weapons },
    ],
  },
  defender: {
    name: orks.name,
    formation: orks.formation,
    blastMarkers: 1,
    units: [
      { ...boyz, count: 6 },
      { ...nobz, count: 2 },
    ],
    support: [
      { name: 'Stormboyz', count: 4, ff: 6 },
      { name: 'Battlewagons', count: 3, ff: 5, weapons: [{ name: 'Big shoota', use: 'ff', extraAttacks: 1 }] },
    ],
  },
};

/**
 * The stored combat's setup (`stored` below): Eldar Banshees and Guardians assault Imperial
 * Guardsmen in cover led by a Commissar.
 */
const storedSetup = {
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
        weapons: [{ name: 'Power swords', use: 'cc', extraAttacks: 1, firstStrike: true }],
      },
      { name: 'Guardians', count: 2, armour: 6, cc: 5, ff: 4, engaged: 'firefight' },
    ],
  },
  defender: {
    name: 'Imperial Guard',
    formation: 'Infantry company',
    blastMarkers: 1,
    units: [
      { name: 'Guardsmen', count: 3, armour: 6, cc: 6, ff: 5, cover: 4 },
      { name: 'Commissar', armour: 5, cc: 4, ff: 5, inspiring: true, fearless: true },
    ],
  },
};

/** What every system must show (core/systems/conformance.ts), for epic-armageddon. */
export const conformance: SystemConformance = {
  examples: ['examples/epic-armageddon-marines-vs-orks.json', 'examples/epic-armageddon-entered-dice.json'],
  combats: { small, club },
  // Banshees and Guardians assault Guardsmen in cover led by a Fearless, Inspiring Commissar
  // (examples/epic-armageddon-entered-dice.json): First Strike kills a Guardsman, the main wave two
  // more and a Banshee; A6 12 against 8; the extra hits find only the Fearless Commissar.
  stored: {
    record: storedRecord('epic-armageddon', 'Eldar vs Imperial Guard', storedSetup, 7, [
      entered('attack.0', [6, 6]),
      chosen('allocate.1', 'rest'),
      entered('save.2', [6, 3]),
      entered('attack.3', [4, 5, 3, 6, 2, 6, 5]),
      entered('save.4', [2, 3, 6, 2]),
      entered('a6.5', [1, 5, 6, 6]),
      chosen('withdraw.6', 'none'),
    ]),
    expected: {
      steps: 16,
      modelsLost: { attacker: 1, defender: 3 },
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
