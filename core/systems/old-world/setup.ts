import { z } from 'zod';
import { weaponNames, weapons, weaponWords } from './weapons';
import {
  flag,
  listOf,
  nameText,
  oneOf,
  optionalRoll,
  saveOrNone,
  strictObject,
  wholeNumber,
} from '../../validation/fields';

/**
 * The "old world" ranks game (Warhammer Fantasy Battle 6th edition, seed 002 and RULES.md §3):
 * what a close combat starts from. Two sides, each with one or more units in the same combat
 * (the main unit first, then flankers), each unit a block of rank-and-file with characters in its
 * front rank. The attacker is the side whose turn it is (it usually charged).
 */

/** Unit Strength per model comes from the troop type (RULES §3). */
export const troopTypes = ['infantry', 'cavalry', 'large', 'monster'] as const;
export const troopTypeSchema = z.enum(troopTypes, {
  error: 'expected a troop type: infantry, cavalry, large or monster',
});
export type TroopType = z.infer<typeof troopTypeSchema>;

/** The troop types in the words every form shows them in (the combat's setup and the roster editor alike). */
export const troopTypeWords: Record<TroopType, string> = {
  infantry: 'Infantry (US 1)',
  cavalry: 'Cavalry (US 2)',
  large: 'Large: large infantry, chariot, war machine (US 3)',
  monster: 'Monster (US = Wounds)',
};

/** A model's profile: its own Strength; its close combat weapon and shield are chosen with it. */
export const profileSchema = strictObject({
  movement: wholeNumber(1, 12).meta({ title: 'Movement (M)' }),
  weaponSkill: wholeNumber(1, 10).meta({ title: 'Weapon Skill (WS)' }),
  strength: wholeNumber(1, 10).meta({
    title: 'Strength (S)',
    description: 'its own: the weapon chosen below adds its bonus',
  }),
  toughness: wholeNumber(1, 10).meta({ title: 'Toughness (T)' }),
  wounds: wholeNumber(1, 10).meta({ title: 'Wounds (W)' }),
  initiative: wholeNumber(1, 10).meta({ title: 'Initiative (I)' }),
  attacks: wholeNumber(0, 10).meta({ title: 'Attacks (A)' }),
  leadership: wholeNumber(1, 10).meta({ title: 'Leadership (Ld)' }),
  /** Armour save as the number before "+" (1 for 1+ with barding and shield; 7 = none). */
  armour: saveOrNone(1).default(7).meta({ title: 'Armour save', description: '5 means 5+; 7 for none' }),
  /** Ward save (never modified); null = none. */
  ward: optionalRoll(2, 6).meta({ title: 'Ward save', description: '5 means 5+; empty for none' }),
  troopType: troopTypeSchema
    .default('infantry')
    .meta({ title: 'Troop type', description: 'sets the Unit Strength', optionLabels: troopTypeWords }),
  /** The close combat weapon (weapons.ts): absent, a hand weapon. */
  weapon: z
    .enum(weapons, { error: `expected a close combat weapon: ${weapons.map((w) => weaponNames[w]).join(', ')}` })
    .optional()
    .meta({
      title: 'Close combat weapon',
      description: 'what it adds is applied when it counts',
      optionLabels: weaponWords,
    }),
  /** Carries a shield: +1 armour save in close combat with a hand weapon. */
  shield: z
    .boolean({ error: 'expected true or false' })
    .optional()
    .meta({ title: 'Shield', description: 'with a hand weapon: +1 armour save in close combat' }),
});
export type Profile = z.infer<typeof profileSchema>;

export const characterSchema = strictObject({
  name: nameText().meta({ title: 'Name', description: 'e.g. Captain' }),
  profile: profileSchema.meta({ title: 'Profile' }),
});
export type Character = z.infer<typeof characterSchema>;

export const facings = ['front', 'flank', 'rear'] as const;
export type Facing = (typeof facings)[number];

export const unitSchema = strictObject({
  name: nameText().meta({ title: 'Unit name', description: 'e.g. Halberdiers' }),
  /** The rank-and-file profile. */
  profile: profileSchema.meta({ title: 'Profile', description: 'the rank and file' }),
  /** Rank-and-file models at the start of the combat (0: a lone character or a monster with a rider counts as its characters). */
  models: wholeNumber(0, 200).meta({ title: 'Models', description: 'rank and file' }),
  /** Wounds already lost by the rank-and-file before this combat (a partly wounded model counts first). */
  woundsLost: wholeNumber(0, 2000)
    .default(0)
    .meta({ title: 'Wounds lost', description: 'already, before this combat' }),
  /** Models per rank. */
  rankWidth: wholeNumber(1, 20).default(5).meta({ title: 'Rank width', description: 'models per rank' }),
  characters: listOf(characterSchema.meta({ title: 'Character' }), 0, 4, 'characters in a unit')
    .default([])
    .meta({ title: 'Characters', description: 'in the front rank' }),
  standard: flag().meta({ title: 'Standard' }),
  musician: flag().meta({ title: 'Musician' }),
  /** The army's battle standard is carried in this unit (counts as a standard in the front rank). */
  battleStandard: flag().meta({ title: 'Battle standard' }),
  /** Charged this turn: strikes first in the first round (seed 002, Order of Combat). */
  charged: flag().meta({ title: 'Charged this turn' }),
  highGround: flag().meta({ title: 'Higher ground' }),
  /** Behind or in a defended obstacle: enemies hit it only on 6s until they win a round. */
  defendedObstacle: flag().meta({ title: 'Behind a defended obstacle' }),
  /** Fast cavalry or skirmishers: no rank bonus (RULES §3). */
  noRankBonus: flag().meta({ title: 'Fast cavalry / skirmishers (no ranks)' }),
  causesFear: flag().meta({ title: 'Causes fear' }),
  causesTerror: flag().meta({ title: 'Causes terror' }),
  stubborn: flag().meta({ title: 'Stubborn' }),
  unbreakable: flag().meta({ title: 'Unbreakable' }),
  immuneToPsychology: flag().meta({ title: 'Immune to psychology' }),
  /** Which enemy unit it fights (index into the other side's units). */
  target: wholeNumber(0, 7).default(0).meta({ title: 'Enemy unit', description: 'the enemy unit it fights' }),
  /** Which facing of that enemy unit it is in contact with. */
  facing: z
    .enum(facings, { error: 'expected front, flank or rear' })
    .default('front')
    .meta({ title: 'In its', description: 'the facing of the enemy unit it touches' }),
  /**
   * A character of the enemy unit it fights that its models direct their attacks at (index into
   * that unit's characters): models in base contact with a character may attack him rather than
   * the rank and file (6th edition). Null: the rank and file. Excess wounds on him are lost.
   */
  attacksAt: wholeNumber(0, 3).nullable().default(null).meta({
    title: 'Attacks go to',
    description: 'Models in base contact with a character may attack him instead (wounds beyond his are lost).',
  }),
  /** Rank-and-file models in base contact; null = a whole front rank. */
  inContact: wholeNumber(0, 20)
    .nullable()
    .default(null)
    .meta({ title: 'Models in contact', description: 'empty for a full front rank' }),
});
export type Unit = z.infer<typeof unitSchema>;

/** A friendly unit outside the combat that may have to test for panic (RULES §3). */
export const nearbySchema = strictObject({
  name: nameText().meta({ title: 'Name' }),
  leadership: wholeNumber(1, 10).meta({ title: 'Leadership (Ld)' }),
  movement: wholeNumber(1, 12).default(4).meta({ title: 'Movement (M)' }),
  immuneToPsychology: flag().meta({ title: 'Immune to psychology' }),
});
export type Nearby = z.infer<typeof nearbySchema>;

export const sideSchema = strictObject({
  /** The player or army, e.g. "Empire". */
  name: nameText().meta({ title: 'Side (player or army)', description: 'e.g. Empire' }),
  units: listOf(unitSchema.meta({ title: 'Unit' }), 1, 4, 'units a side', 'unit').meta({
    title: 'Units',
    description: 'the main unit first, then flankers',
  }),
  nearby: listOf(nearbySchema.meta({ title: 'Nearby unit' }), 0, 8, 'nearby units')
    .default([])
    .meta({
      title: 'Nearby friendly units',
      description: "outside the combat: they test for panic if one of this side's units breaks or is destroyed",
    }),
});
export type Side = z.infer<typeof sideSchema>;

const challenger = (title: string) =>
  strictObject({
    unit: wholeNumber(0, 3).meta({ title: 'Unit' }),
    character: wholeNumber(0, 3).meta({ title: 'Character' }),
  }).meta({ title });

/** A challenge between one character of each side (RULES §3: overkill counts only here). */
export const challengeSchema = strictObject({
  attacker: challenger("Attacker's challenger"),
  defender: challenger("Defender's challenger"),
});
export type Challenge = z.infer<typeof challengeSchema>;

export const setupSchema = strictObject({
  system: z.literal('old-world', { error: 'expected "old-world"' }),
  attacker: sideSchema.meta({ title: 'Attacker' }),
  defender: sideSchema.meta({ title: 'Defender' }),
  challenge: challengeSchema
    .nullable()
    .default(null)
    .meta({ title: 'A challenge', description: 'one character of each side' }),
  /** RULES §3 (choice): a break test of double 1 always holds. */
  insaneCourage: z
    .boolean({ error: 'expected true or false' })
    .default(true)
    .meta({ title: 'Insane courage', description: 'a double 1 always passes a break test' }),
  /** Starting round number (1 = the charge round: chargers strike first, overrun is possible). */
  round: wholeNumber(1, 20).default(1).meta({ title: 'Starting round', description: '1 = the charge round' }),
  /** Who won the previous round, for Initiative ties when the combat started earlier. */
  previousWinner: oneOf(['attacker', 'defender'])
    .nullable()
    .default(null)
    .meta({ title: 'Who won the previous round?', description: 'strikes first at equal Initiative' }),
}).superRefine((setup, ctx) => {
  for (const role of ['attacker', 'defender'] as const) {
    const other = role === 'attacker' ? 'defender' : 'attacker';
    setup[role].units.forEach((u, i) => {
      if (u.target >= setup[other].units.length) {
        ctx.addIssue({
          code: 'custom',
          path: [role, 'units', i, 'target'],
          message: `expected the number of an enemy unit from 0 to ${setup[other].units.length - 1}`,
        });
      }
      const foe = setup[other].units[u.target];
      if (u.attacksAt !== null && foe && !foe.characters[u.attacksAt]) {
        ctx.addIssue({
          code: 'custom',
          path: [role, 'units', i, 'attacksAt'],
          message: `expected a character of ${foe.name}`,
        });
      }
      if (u.models === 0 && u.characters.length === 0) {
        ctx.addIssue({
          code: 'custom',
          path: [role, 'units', i, 'models'],
          message: 'expected at least one model or one character',
        });
      }
      if (u.woundsLost >= u.models * u.profile.wounds && u.models > 0) {
        ctx.addIssue({
          code: 'custom',
          path: [role, 'units', i, 'woundsLost'],
          message: 'expected fewer wounds lost than the unit has',
        });
      }
    });
  }
  const c = setup.challenge;
  if (c) {
    for (const role of ['attacker', 'defender'] as const) {
      const unit = setup[role].units[c[role].unit];
      if (!unit || !unit.characters[c[role].character]) {
        ctx.addIssue({
          code: 'custom',
          path: ['challenge', role],
          message: 'expected a character of that side in the challenge',
        });
      }
    }
  }
});
export type Setup = z.infer<typeof setupSchema>;
export type SetupInput = z.input<typeof setupSchema>;
