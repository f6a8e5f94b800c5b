import { chosen, entered, storedRecord, type SystemConformance } from '../conformance';

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

/**
 * The club-size melee (`combats.club`; issue 34: its exact odds in a second at most): 25 infantry
 * with a character on each side, five wide — the size of a game at a club night. Men-at-arms with a Captain charge
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

const clubSetup = {
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
};

/** What every system must show (core/systems/conformance.ts), for ninth-age. */
export const conformance: SystemConformance = {
  examples: ['examples/ninth-age-knights-vs-spearmen.json', 'examples/ninth-age-entered-dice.json'],
  combats: {
    small: {
      system: 'ninth-age',
      attacker: {
        name: 'Kingdom of Equitaine',
        unit: {
          name: 'Knights',
          models: 1,
          width: 1,
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
          },
          charged: true,
        },
      },
      defender: {
        name: 'Empire of Sonnstahl',
        unit: {
          name: 'Spearmen',
          models: 3,
          width: 3,
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
        },
      },
    },
    club: clubSetup,
  },
  // Charging Knights send one attack at the Spearmen's Captain and slay him, kill two Spearmen, and
  // take nothing back (seed 004, RULES §5): 3 HP + 1 charge + 1 rank against 1 rank; the Spearmen
  // lose by 4, break on a double 6 (2D6 ≤ 7 − 4), flee 7" and are caught by a pursuit of exactly 7".
  stored: {
    record: storedRecord(
      'ninth-age',
      'Knights vs Spearmen',
      {
        system: 'ninth-age',
        attacker: {
          name: 'Red',
          unit: {
            name: 'Knights',
            models: 5,
            width: 5,
            charged: true,
            attacksAtCharacters: [1],
            profile: {
              offensiveSkill: 3,
              defensiveSkill: 3,
              strength: 3,
              armourPenetration: 0,
              agility: 3,
              attacks: 1,
              healthPoints: 1,
              resilience: 3,
              armour: 0,
              discipline: 7,
            },
          },
        },
        defender: {
          name: 'Blue',
          unit: {
            name: 'Spearmen',
            models: 10,
            width: 5,
            profile: {
              offensiveSkill: 3,
              defensiveSkill: 3,
              strength: 3,
              armourPenetration: 0,
              agility: 3,
              attacks: 1,
              healthPoints: 1,
              resilience: 3,
              armour: 0,
              discipline: 7,
            },
            characters: [
              {
                name: 'Captain',
                profile: {
                  offensiveSkill: 4,
                  defensiveSkill: 4,
                  strength: 4,
                  armourPenetration: 0,
                  agility: 3,
                  attacks: 1,
                  healthPoints: 1,
                  resilience: 3,
                  armour: 0,
                  discipline: 8,
                },
              },
            ],
          },
        },
      },
      7,
      [
        chosen('allocate.0', 'parts'),
        chosen('allocate.1', '1'),
        entered('strikes.2', [4, 4, 4, 1, 5, 6, 1, 6, 6]),
        entered('strikes.3', [1, 1, 1, 1, 1, 1, 1, 1]),
        entered('break.4', [6, 6]),
        chosen('pursue.5', 'pursue'),
        entered('flee.6', [3, 4, 5, 2]),
      ],
    ),
    expected: {
      steps: 12,
      modelsLost: {
        attacker: 0,
        defender: 11,
      },
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
  threeRoundSeed: 4,
  guide: 'core/systems/ninth-age/GUIDE.md',
};
