import type { StoredCombatRecord } from '../../../core/summary';

/**
 * One stored combat per rule system, as History keeps it (setup, seed, the inputs with their
 * dice), with what its summary must say. Every system in core/systems/index.ts needs one here:
 * summary.test.ts fails for a registered system without a fixture.
 */
export interface SummaryFixture {
  record: StoredCombatRecord;
  expected: {
    /** Log lines (hence summary steps) the combat produces. */
    steps: number;
    modelsLost: { attacker: number; defender: number };
    /** The final outcome's lines, in order. */
    outcome: string[];
    /** Where the main measure ended (the bar marked on the chart). */
    actualValue: number;
    winner: 'attacker' | 'defender' | 'draw' | null;
    /** Labels of the options chosen, in order. */
    choices: string[];
  };
}

const record = (system: string, title: string, setup: unknown, inputs: unknown[]): StoredCombatRecord => ({
  id: `fixture-${system}`,
  system,
  title,
  startedAt: '2026-11-20T19:30:00.000Z',
  finishedAt: '2026-11-20T19:41:00.000Z',
  seed: 7,
  rosterIds: [],
  setup,
  inputs,
});

const roll = (stepId: string, dice: number[]) => ({ kind: 'roll', stepId, dice, by: 'entered' });

export const summaryFixtures: Record<string, SummaryFixture> = {
  // Ten bolt rifle shots into Boyz led by a Nob (6++): a Sustained Hit, a critical wound, the
  // defender allocating to the Nob, four failed saves.
  'wh40k-10e': {
    record: record(
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
              abilities: { sustainedHits: '1' },
            },
          ],
        },
        defender: {
          name: 'Boyz',
          models: [
            { name: 'Nob', count: 1, toughness: 5, save: 5, wounds: 2, invulnerable: 6 },
            { name: 'Boy', count: 9, toughness: 5, save: 5, wounds: 1 },
          ],
        },
      },
      [
        roll('w0.hit.0', [3, 4, 6, 2, 5, 5, 4, 1, 4, 5]),
        roll('w0.wound.1', [3, 5, 1, 2, 6, 1, 3, 5, 5]),
        { kind: 'choose', stepId: 'w0.allocate.2', option: 'm0' },
        roll('w0.save.3', [4]),
        roll('w0.save.4', [3]),
        roll('w0.save.5', [5]),
        roll('w0.save.6', [4]),
      ],
    ),
    expected: {
      steps: 8,
      modelsLost: { attacker: 0, defender: 3 },
      outcome: ['Boyz: 3 models destroyed of 10', 'Wounds lost: 4', '7 × Boy unharmed'],
      actualValue: 3,
      winner: null,
      choices: ['Nob'],
    },
  },
  // Swordsmen charge Boyz (seed 002): 2 wounds + 1 rank + 1 outnumber against 1 rank, the Boyz
  // lose by 3, break on a double 6, flee 7" and are caught by a pursuit of exactly 7".
  'old-world': {
    record: record(
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
      [
        roll('hit.0', [4, 4, 4, 1, 1]),
        roll('wound.1', [5, 6, 1]),
        roll('hit.2', [1, 1, 1, 1, 1]),
        // The combat result is shown on the break test's card (no step of its own); the flee and
        // pursuit dice are one step; where the pursuit ends is for the table, not asked.
        roll('break.3', [6, 6]),
        { kind: 'choose', stepId: 'pursue.4', option: 'pursue' },
        roll('flee.5', [3, 4, 5, 2]),
      ],
    ),
    expected: {
      steps: 7,
      modelsLost: { attacker: 0, defender: 10 },
      outcome: [
        'Empire — Swordsmen: won and pursued: 10 models.',
        'Orcs — Boyz: broke, fled and was caught: destroyed.',
        'Swordsmen pursue 7": if that reaches a fresh enemy unit, it is a new charge resolved next turn; off the table edge, they return where they left in their next turn.',
        'Round 1: Empire win by 3 (4 to 1).',
      ],
      actualValue: 3,
      winner: 'attacker',
      choices: ['Pursue (2D6")'],
    },
  },
  // Two charging Assault Marines against three Boyz (seed 000; RULES §2): 2 wounds, one saved on a
  // 6, one Boy slain; the Boyz miss; they lose by 1, fail Morale on 11 against 6 and escape the
  // Sweeping Advance, 6 + I2 = 8 against 3 + I4 = 7.
  'wh40k-7e': {
    record: record(
      'wh40k-7e',
      'Assault Squad vs Boyz',
      {
        system: 'wh40k-7e',
        attacker: {
          name: 'Assault Squad',
          charged: true,
          models: [
            {
              name: 'Assault Marine',
              count: 2,
              weaponSkill: 4,
              strength: 4,
              toughness: 4,
              wounds: 1,
              initiative: 4,
              attacks: 1,
              leadership: 8,
              save: 3,
            },
          ],
        },
        defender: {
          name: 'Boyz',
          models: [
            {
              name: 'Ork Boy',
              count: 3,
              weaponSkill: 4,
              strength: 3,
              toughness: 4,
              wounds: 1,
              initiative: 2,
              attacks: 2,
              leadership: 7,
              save: 6,
            },
          ],
        },
      },
      [
        // To hit, then a D6 to wound for each hit, in one roll (issue 22).
        roll('strike.0', [6, 6, 4, 1, 5, 4, 2]),
        roll('save.1', [1, 6]),
        roll('strike.2', [1, 2, 3, 1]),
        // The combat result needs no step; the Sweeping Advance is one roll-off, both dice at once.
        roll('morale.3', [6, 5]),
        roll('sweep.4', [3, 6]),
      ],
    ),
    expected: {
      steps: 9,
      modelsLost: { attacker: 0, defender: 1 },
      outcome: [
        'Assault Squad: won the combat: 2 × Assault Marine left.',
        'Boyz: lost, failed its Morale check and falls back: 2 × Ork Boy left.',
        'Boyz fall back toward their table edge; Assault Squad consolidate D6" (reminders: move them at the table).',
      ],
      actualValue: 1,
      winner: 'attacker',
      choices: [],
    },
  },
  // Charging Knights send one attack at the Spearmen's Captain and slay him, kill two Spearmen, and
  // take nothing back (seed 004, RULES §5): 3 HP + 1 charge + 1 rank against 1 rank; the Spearmen
  // lose by 4, break on a double 6 (2D6 ≤ 7 − 4), flee 7" and are caught by a pursuit of exactly 7".
  'ninth-age': {
    record: record(
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
      [
        // The Knights' side question, opened part by part: 1 at the Captain.
        { kind: 'choose', stepId: 'allocate.0', option: 'parts' },
        { kind: 'choose', stepId: 'allocate.1', option: '1' },
        // Agility 4 in one roll: 4 at the Spearmen (3 hits, 2 wounds), 1 at the Captain (hit, wound).
        roll('strikes.2', [4, 4, 4, 1, 5, 6, 1, 6, 6]),
        roll('strikes.3', [1, 1, 1, 1, 1, 1, 1, 1]),
        roll('break.4', [6, 6]),
        { kind: 'choose', stepId: 'pursue.5', option: 'pursue' },
        // Flee and pursuit in one roll.
        roll('flee.6', [3, 4, 5, 2]),
      ],
    ),
    expected: {
      // 7 inputs, plus the lines nobody answers: two casualty removals, the slain Captain, the Spearmen's only target, the Combat Score.
      steps: 12,
      modelsLost: { attacker: 0, defender: 11 },
      // The fates, then the last round's Combat Score (no step of its own).
      outcome: [
        'Red — Knights: won and pursued 7″: 5 rank-and-file models left.',
        'Blue — Spearmen: broke, fled 7″ and was caught by a pursuit of 7″: destroyed.',
        'Round 1: Knights win by 4 (5 to 1).',
        'Knights 5: 3 HP lost by the enemy, +1 Charge, +1 Rank bonus',
        'Spearmen 1: +1 Rank bonus',
      ],
      actualValue: 4,
      winner: 'attacker',
      choices: ['Part by part…', '1 at Captain', 'Pursue (2D6)'],
    },
  },
  // Banshees and Guardians assault Guardsmen in cover led by a Fearless, Inspiring Commissar
  // (examples/epic-armageddon-entered-dice.json): First Strike kills a Guardsman, the main wave two
  // more and a Banshee; A6 12 against 8; the extra hits find only the Fearless Commissar.
  'epic-armageddon': {
    record: record(
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
      },
      [
        // The same dice as before issue 22, in its fewer steps: both sides' attack dice, saves and result rolls together.
        roll('attack.0', [6, 6]),
        { kind: 'choose', stepId: 'allocate.1', option: 'rest' },
        roll('save.2', [6, 3]),
        roll('attack.3', [4, 5, 3, 6, 2, 6, 5]),
        // The Eldar's one hit can only go to a Howling Banshee (base contact before the Guardians' firefight): not asked.
        roll('save.4', [2, 3, 6, 2]),
        roll('a6.5', [1, 5, 6, 6]),
        { kind: 'choose', stepId: 'withdraw.6', option: 'none' },
      ],
    ),
    expected: {
      // 7 inputs and 9 lines the engine logs itself (casualties ×2, the A4 outcome and the A6 result, the ignored extra hits, A7, A8, the kept allocation, the Eldar's only legal allocation).
      steps: 16,
      modelsLost: { attacker: 1, defender: 3 },
      outcome: [
        'Eldar win the assault: 12 against 8.',
        'Eldar — Howling Banshees ×2: 1 left — Howling Banshees #1 destroyed (A4, round 1).',
        'Eldar — Guardians ×2: all 2 standing.',
        'Imperial Guard — Guardsmen ×3: all destroyed — Guardsmen #1 destroyed (A4, round 1), Guardsmen #2 destroyed (A4 First Strike, round 1), Guardsmen #3 destroyed (A4, round 1).',
        'Imperial Guard — Commissar: standing.',
        'Infantry company (Imperial Guard) is Broken and has withdrawn.',
        'Eldar: 1 Blast marker (1 unit lost in the assault).',
        'Eldar may consolidate: each unit moves up to 5cm.',
      ],
      // The main measure is the attacker's kills: three Guardsmen.
      actualValue: 3,
      winner: 'attacker',
      choices: [
        'Nearest first, as listed: Guardsmen #1, Guardsmen #2',
        'No more: the others ended more than 15cm from the enemy',
      ],
    },
  },
};
