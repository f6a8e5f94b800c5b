import { chosen, entered, storedRecord, without, type SystemConformance } from '../conformance';
import { exampleSetup } from './example';
import { exampleProfile } from './roster/example';

/**
 * A Sergeant's line as a roster keeps it (defaults left out): the valid profile's first model, the
 * roster example's Intercessor line (M6 T4 Sv3+ W2 Ld6+ OC2).
 */
const sergeant = { ...exampleProfile.models[0]!, name: 'Sergeant', count: 1 };

/**
 * A valid unit profile, as a player would type it: a Sergeant and four Intercessors with a 6+ feel
 * no pain.
 */
const validProfile = {
  keywords: ['Infantry', 'Imperium'],
  models: [sergeant, { ...sergeant, name: 'Intercessor', count: 4, invulnerable: null, feelNoPain: 6 }],
  weapons: [
    {
      name: 'Bolt rifle',
      range: 24,
      attacks: 2,
      skill: 3,
      strength: 4,
      ap: -1,
      damage: 1,
      abilities: { rapidFire: 1 },
    },
    { name: 'Close combat weapon', range: 'melee', attacks: 3, skill: 3, strength: 4, ap: 0, damage: 1 },
  ],
  abilities: ['Oath of Moment'],
};

/** The profile with one characteristic far out of its range: the check names that field. */
const invalidProfile = {
  ...validProfile,
  models: validProfile.models.map((m, i) => (i === 0 ? { ...m, toughness: 40 } : m)),
};

// The combats below are the setup screen's example (example.ts: five Intercessors' bolt rifles into
// nine Boys and a Boss Nob) and what each changes of it, so the profiles are written once: the
// example's own values feed `analyze` and `resolve` and stay as they are.
const exampleRifle = exampleSetup.attacker.weapons[0]!;
const [boy, bossNob] = [exampleSetup.defender.models[0]!, exampleSetup.defender.models[1]!];
/**
 * The bolt rifle's line alone (five models, A2 BS3+ S4 AP-1 D1): re-rolls and abilities left to the
 * defaults.
 */
const boltRifle = without(exampleRifle, 'hitReroll', 'woundReroll', 'damageReroll', 'abilities');
/** A model group's name, count and T, Sv, W alone: the example's written-out defaults left out. */
const bare = (models: typeof boy) => without(models, 'invulnerable', 'feelNoPain', 'feelNoPainMortal', 'character');

/**
 * One bolt rifle shot (AP0) into five Marines (T4 Sv3+ W1): three rolls and a point mass, small
 * enough to walk whole.
 */
const small = {
  ...exampleSetup,
  attacker: {
    ...exampleSetup.attacker,
    name: 'Attacking unit',
    weapons: [{ ...exampleRifle, models: 1, attacks: '1', ap: 0 }],
  },
  defender: {
    ...exampleSetup.defender,
    name: 'Space Marines',
    keywords: [],
    models: [{ ...boy, name: '', count: 5, toughness: 4, save: 3, wounds: 1 }],
  },
};

/**
 * Ten Intercessors in rapid-fire range with a grenade launcher into twenty Boyz (nineteen Boys and
 * the Nob).
 */
const club = {
  system: exampleSetup.system,
  attacker: {
    name: exampleSetup.attacker.name,
    ranged: true,
    halfRange: true,
    weapons: [
      { ...boltRifle, models: 10, abilities: { rapidFire: 1 } },
      {
        ...boltRifle,
        name: 'Astartes grenade launcher (frag)',
        models: 1,
        attacks: 'D3',
        ap: 0,
        abilities: { blast: true },
      },
    ],
  },
  defender: {
    name: exampleSetup.defender.name,
    keywords: exampleSetup.defender.keywords,
    models: [{ ...bare(boy), count: 19 }, bare(bossNob)],
  },
};

/**
 * The stored combat's setup (`stored` below): the example's bolt rifle, its attacks and damage as
 * numbers with Sustained Hits 1, into its Boyz led by a Nob with a 6+ invulnerable save.
 */
const storedSetup = {
  system: 'wh40k-10e',
  attacker: {
    name: 'Intercessors',
    ranged: true,
    weapons: [{ ...boltRifle, attacks: 2, damage: 1, abilities: { sustainedHits: '1' } }],
  },
  defender: { name: 'Boyz', models: [{ ...bare(bossNob), name: 'Nob', invulnerable: 6 }, bare(boy)] },
};

/** What every system must show (core/systems/conformance.ts), for wh40k-10e. */
export const conformance: SystemConformance = {
  examples: [
    'examples/wh40k-10e-intercessors-vs-boyz.json',
    'examples/wh40k-10e-modifiers.json',
    'examples/wh40k-10e-entered-dice.json',
  ],
  combats: { small, club },
  // Ten bolt rifle shots into Boyz led by a Nob (6++): a Sustained Hit, a critical wound, the
  // defender allocating to the Nob, four failed saves.
  stored: {
    record: storedRecord('wh40k-10e', 'Intercessors vs Boyz', storedSetup, 7, [
      entered('w0.hit.0', [3, 4, 6, 2, 5, 5, 4, 1, 4, 5]),
      entered('w0.wound.1', [3, 5, 1, 2, 6, 1, 3, 5, 5]),
      chosen('w0.allocate.2', 'm0'),
      entered('w0.save.3', [4]),
      entered('w0.save.4', [3]),
      entered('w0.save.5', [5]),
      entered('w0.save.6', [4]),
    ]),
    expected: {
      steps: 8,
      modelsLost: { attacker: 0, defender: 3 },
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
