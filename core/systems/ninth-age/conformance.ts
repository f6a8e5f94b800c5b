import { chosen, entered, storedRecord, without, type SystemConformance } from '../conformance';
import { exampleSetup } from './example';

/** A valid unit profile, as a player would type it (defaults left out). */
const validProfile = {
  models: 20,
  height: 'standard',
  type: 'infantry',
  global: {
    advanceRate: 4,
    marchRate: 8,
    discipline: 7,
  },
  defensive: {
    healthPoints: 1,
    defensiveSkill: 3,
    resilience: 3,
    armour: 1,
    aegis: null,
  },
  offensive: [
    {
      name: 'Spearman',
      attacks: 1,
      offensiveSkill: 3,
      strength: 3,
      armourPenetration: 0,
      agility: 3,
    },
  ],
  specialRules: ['Fight in Extra Rank'],
};

/** The profile with one characteristic far out of its range: the check names that field. */
const invalidProfile = { ...validProfile, defensive: { ...validProfile.defensive, resilience: 40 } };

// The combats below are the setup screen's example (example.ts: six Knights with their Baron charge
// 30 Spearmen with a Captain and a Standard Bearer) and what each changes of it, so the profiles are
// written once: the example's own values feed `analyze` and `resolve` and stay as they are.
const knights = exampleSetup.attacker.unit;
const spearmen = exampleSetup.defender.unit;
const captain = spearmen.characters![0]!;
const standardBearer = spearmen.characters![1]!;
/**
 * The Spearmen's line (OS3 DS3 S3 AP0 Ag3 A1 HP1 Res3 Arm2 Dis7): the club's soldiers and the
 * stored combat's too.
 */
const soldier = spearmen.profile;

/**
 * Small enough for the engine to walk whole: one Knight (without the aegis save, his standard and
 * his Baron) charging three Spearmen in one rank (no standard, supporting attacks or characters).
 */
const small = {
  ...exampleSetup,
  attacker: {
    ...exampleSetup.attacker,
    unit: {
      ...without(knights, 'standard', 'characters'),
      models: 1,
      width: 1,
      profile: without(knights.profile, 'aegis'),
    },
  },
  defender: {
    ...exampleSetup.defender,
    unit: { name: spearmen.name, models: 3, width: 3, profile: soldier },
  },
};

/**
 * The club-size melee (`combats.club`; issue 34: its exact odds in a second at most): 25 infantry
 * with a character on each side, five wide — the size of a game at a club night. Men-at-arms with a
 * Captain (the example's, without his fortitude) charge Halberdiers with a Sergeant who carries the
 * Battle Standard (the example's Standard Bearer, Res4); both units carry a standard, so Combat
 * Score, Steady and Solid (five ranks), break tests, flight and pursuit all come into play.
 */
const club = {
  ...exampleSetup,
  attacker: {
    ...exampleSetup.attacker,
    unit: {
      name: 'Men-at-arms',
      models: 25,
      width: 5,
      charged: true,
      standard: true,
      profile: soldier,
      characters: [{ name: captain.name, profile: without(captain.profile, 'fortitude'), attacksAtCharacters: [1] }],
    },
  },
  defender: {
    ...exampleSetup.defender,
    unit: {
      name: 'Halberdiers',
      models: 25,
      width: 5,
      standard: true,
      profile: { ...soldier, strength: 4, armourPenetration: 1, armour: 1 },
      characters: [{ name: 'Sergeant', battleStandard: true, profile: { ...standardBearer.profile, resilience: 4 } }],
    },
  },
};

/**
 * The soldiers' line without armour: the stored combat's Knights, Spearmen and their Captain fight
 * with it.
 */
const unarmoured = { ...soldier, armour: 0 };

/**
 * The stored combat's setup (`stored` below): 5 Knights charge 10 Spearmen and their Captain, every
 * line the example Spearmen's without armour; the Captain's a little better (OS, DS, S4, Dis8).
 */
const storedSetup = {
  system: 'ninth-age',
  attacker: {
    name: 'Red',
    unit: { name: 'Knights', models: 5, width: 5, charged: true, attacksAtCharacters: [1], profile: unarmoured },
  },
  defender: {
    name: 'Blue',
    unit: {
      name: 'Spearmen',
      models: 10,
      width: 5,
      profile: unarmoured,
      characters: [
        {
          name: 'Captain',
          profile: { ...unarmoured, offensiveSkill: 4, defensiveSkill: 4, strength: 4, discipline: 8 },
        },
      ],
    },
  },
};

/** What every system must show (core/systems/conformance.ts), for ninth-age. */
export const conformance: SystemConformance = {
  examples: ['examples/ninth-age-knights-vs-spearmen.json', 'examples/ninth-age-entered-dice.json'],
  combats: { small, club },
  // Charging Knights send one attack at the Spearmen's Captain and slay him, kill two Spearmen, and
  // take nothing back (seed 004, RULES §5): 3 HP + 1 charge + 1 rank against 1 rank; the Spearmen
  // lose by 4, break on a double 6 (2D6 ≤ 7 − 4), flee 7" and are caught by a pursuit of exactly 7".
  stored: {
    record: storedRecord('ninth-age', 'Knights vs Spearmen', storedSetup, 7, [
      chosen('allocate.0', 'parts'),
      chosen('allocate.1', '1'),
      entered('strikes.2', [4, 4, 4, 1, 5, 6, 1, 6, 6]),
      entered('strikes.3', [1, 1, 1, 1, 1, 1, 1, 1]),
      entered('break.4', [6, 6]),
      chosen('pursue.5', 'pursue'),
      entered('flee.6', [3, 4, 5, 2]),
    ]),
    expected: {
      steps: 12,
      modelsLost: { attacker: 0, defender: 11 },
      outcome: [
        'Red \u2014 Knights: won and pursued 7\u2033: 5 rank-and-file models left.',
        'Blue \u2014 Spearmen: broke, fled 7\u2033 and was caught by a pursuit of 7\u2033: destroyed.',
        'Round 1: Knights win by 4 (5 to 1).',
        'Knights 5: 3 HP lost by the enemy, +1 Charge, +1 Rank bonus',
        'Spearmen 1: +1 Rank bonus',
      ],
      actualValue: 4,
      winner: 'attacker',
      choices: ['Part by part\u2026', '1 at Captain', 'Pursue (2D6)'],
    },
  },
  profiles: { valid: validProfile, invalid: { profile: invalidProfile, field: 'profile.defensive.resilience' } },
  targets: { stepsPerRound: 10, printPagesPerRound: 2 },
  pausesBetweenRounds: true,
  threeRoundSeed: 3,
  guide: 'core/systems/ninth-age/GUIDE.md',
};
