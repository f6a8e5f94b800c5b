import { chosen, entered, storedRecord, without, type SystemConformance } from '../conformance';
import { exampleSetup, hero } from './example';

// The declarations below are the setup screen's example (example.ts: 20 Halberdiers charge 20 Orc
// Boyz) and what each changes of it, so the profiles are written once: the example's own values
// feed `analyze` and `resolve` and stay as they are.
const halberdiers = exampleSetup.attacker.units[0]!;
const boyz = exampleSetup.defender.units[0]!;
/** The human rank and file without the Halberdiers' halberd (M4 WS3 S3 T3 … Ld7, 6+ armour). */
const human = without(halberdiers.profile, 'weapon');
/** The eight characteristics of a line, without its armour, ward and troop type. */
const statsOf = (profile: typeof human) => without(profile, 'armour', 'ward', 'troopType');

/**
 * The example's Halberdiers as a roster keeps them (defaults left out): a 5+ save, the halberd a
 * weapon with its bonuses.
 */
const validProfile = {
  ...human,
  models: halberdiers.models,
  ballisticSkill: 3,
  armour: 5,
  rankWidth: halberdiers.rankWidth,
  standard: true,
  musician: true,
  weapons: [{ name: 'Halberd', strengthBonus: 1, armourPiercing: 1 }],
  specialRules: ['Close Order'],
};

/** The profile with one characteristic far out of its range: the check names that field. */
const invalidProfile = { ...validProfile, toughness: 40 };

/**
 * Small enough for the engine's walk of the whole combat to finish: two models a side, two wide,
 * both unbreakable (no break test to branch on). The Halberdiers' line at S4 with a hand weapon
 * (no weapon named) and no musician; the Boyz' line as in the example, without a standard.
 */
const small = {
  ...exampleSetup,
  attacker: {
    ...exampleSetup.attacker,
    units: [
      {
        ...halberdiers,
        profile: { ...human, strength: 4 },
        models: 2,
        rankWidth: 2,
        musician: false,
        unbreakable: true,
      },
    ],
  },
  defender: {
    ...exampleSetup.defender,
    units: [{ ...boyz, models: 2, rankWidth: 2, standard: false, unbreakable: true }],
  },
};

/** Every flag of a unit written out as the setup screen sends it: none of them set. */
const noSpecialRules = {
  battleStandard: false,
  highGround: false,
  defendedObstacle: false,
  noRankBonus: false,
  causesFear: false,
  causesTerror: false,
  stubborn: false,
  unbreakable: false,
  immuneToPsychology: false,
};

/** The example's hero of the human line (WS5 S4 T4 W2 I5 A3 Ld8) in heavier armour: 4+. */
const captain = { ...hero, armour: 4 };

/**
 * A unit of the example grown to club size: 30 models five wide, standard and musician, a character
 * in its front rank and every flag written out; `charged` as given (the Boyz had none in the example).
 */
function clubUnit(
  unit: typeof halberdiers,
  profile: typeof halberdiers.profile,
  character: { name: string; profile: typeof human },
  charged: boolean,
) {
  return {
    ...unit,
    profile,
    models: 30,
    characters: [character],
    standard: true,
    musician: true,
    ...noSpecialRules,
    charged,
  };
}

/**
 * Club-night size: 30 Halberdiers (5 wide, halberds, standard, musician, a Captain) charge 30 Orc
 * Boyz (5 wide, hand weapon and shield over 6+ armour, standard, musician, a Big Boss); neither
 * unbreakable: a break test every round.
 */
const club = {
  ...exampleSetup,
  attacker: {
    ...exampleSetup.attacker,
    units: [clubUnit(halberdiers, halberdiers.profile, { name: 'Captain', profile: captain }, true)],
  },
  defender: {
    ...exampleSetup.defender,
    units: [
      clubUnit(
        boyz,
        { ...boyz.profile, armour: 6, shield: true },
        { name: 'Big Boss', profile: { ...captain, strength: 5, toughness: 5, initiative: 3 } },
        false,
      ),
    ],
  },
};

/**
 * The stored combat's setup (`stored` below): 10 Swordsmen charge 10 Boyz, both lines the example's
 * with no armour, ward or troop type given (their defaults).
 */
const storedSetup = {
  system: 'old-world',
  attacker: {
    name: 'Empire',
    units: [{ name: 'Swordsmen', models: 10, rankWidth: 5, charged: true, profile: statsOf(human) }],
  },
  defender: {
    name: 'Orcs',
    units: [{ name: 'Boyz', models: 10, rankWidth: 5, profile: statsOf(boyz.profile) }],
  },
};

/** What every system must show (core/systems/conformance.ts), for old-world. */
export const conformance: SystemConformance = {
  examples: ['examples/old-world-swordsmen-vs-orcs.json'],
  combats: { small, club },
  // Swordsmen charge Boyz (seed 002): 2 wounds + 1 rank + 1 outnumber against 1 rank, the Boyz
  // lose by 3, break on a double 6, flee 7" and are caught by a pursuit of exactly 7".
  stored: {
    record: storedRecord('old-world', 'Empire vs Orcs', storedSetup, 7, [
      entered('hit.0', [4, 4, 4, 1, 1]),
      entered('wound.1', [5, 6, 1]),
      entered('hit.2', [1, 1, 1, 1, 1]),
      entered('break.3', [6, 6]),
      chosen('pursue.4', 'pursue'),
      entered('flee.5', [3, 4, 5, 2]),
    ]),
    expected: {
      steps: 7,
      modelsLost: { attacker: 0, defender: 10 },
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
  pausesBetweenRounds: true,
  threeRoundSeed: 17,
  guide: 'core/systems/old-world/GUIDE.md',
};
