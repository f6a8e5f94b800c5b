import { z } from 'zod';
import { flag, listOf, nameText, oneOf, optionalRoll, strictObject, wholeNumber } from '../../validation/fields';

/**
 * The Ninth Age melee (seed 004, RULES.md §5): what one round of melee between two units starts
 * from. The scenario format of SCENARIOS.md §3 minus `seed` / `dice`: each side one unit of
 * rank-and-file models (one health pool) with characters joined to its front rank (each his own
 * health pool). The attacker is the side whose turn it is (it usually charged).
 */

/** The most characters a unit may carry: each is a health pool of his own, and a pool is a dimension of the exact analysis. */
export const MAX_CHARACTERS = 4;

/** Height as a number (SCENARIOS §3): 0–1 standard, 2 large, 3 gigantic. */
export const MAX_HEIGHT = 3;

/** A model part's profile as it fights: one offensive and one defensive line (SCENARIOS §3). */
export const profileSchema = strictObject({
  offensiveSkill: wholeNumber(0, 10).meta({
    title: 'Offensive Skill (OS)',
    description: 'against the target’s Defensive Skill on the to-hit table',
  }),
  defensiveSkill: wholeNumber(0, 10).meta({
    title: 'Defensive Skill (DS)',
    description: 'what the enemy’s Offensive Skill is compared with',
  }),
  strength: wholeNumber(0, 10).meta({
    title: 'Strength (S)',
    description: 'against the target’s Resilience on the to-wound table',
  }),
  armourPenetration: wholeNumber(0, 10).meta({
    title: 'Armour Penetration (AP)',
    description: 'taken off the target’s Armour',
  }),
  agility: wholeNumber(0, 10).meta({ title: 'Agility (Agi)', description: 'higher strikes first; +1 for chargers' }),
  attacks: wholeNumber(0, 20).meta({ title: 'Attack Value (Att)', description: 'attacks per model' }),
  healthPoints: wholeNumber(1, 20).meta({ title: 'Health Points (HP)', description: 'per model' }),
  resilience: wholeNumber(0, 10).meta({
    title: 'Resilience (Res)',
    description: 'what the enemy’s Strength is compared with',
  }),
  armour: wholeNumber(0, 6).meta({ title: 'Armour (Arm)', description: 'the armour save needs 7 − (Armour − AP)' }),
  discipline: wholeNumber(0, 10).meta({
    title: 'Discipline (Dis)',
    description: 'the break test rolls 2D6 against it',
  }),
  aegis: optionalRoll(2, 6).meta({ title: 'Aegis save', description: '4 means 4+; empty for none' }),
  fortitude: optionalRoll(2, 6).meta({ title: 'Fortitude save', description: '4 means 4+; empty for none' }),
  hitModifier: wholeNumber(-3, 3)
    .default(0)
    .meta({ title: 'To-hit modifier', description: '+1 makes hitting easier, −1 harder' }),
});
export type Profile = z.infer<typeof profileSchema>;

/** An attachable model joined to the front rank: his own health pool (seed 004, Health Pools). */
export const characterSchema = strictObject({
  name: nameText().meta({ title: 'Name', description: 'e.g. Baron' }),
  profile: profileSchema.meta({ title: 'Profile', description: 'the character’s own characteristics' }),
  battleStandard: flag().meta({ title: 'Battle Standard Bearer', description: '+1 Combat Score while he survives' }),
  attacksAtCharacters: listOf(wholeNumber(0, 20), 0, MAX_CHARACTERS, 'allocations').default([]).meta({
    title: 'Attacks at enemy characters',
    description:
      'one number per enemy character, in order: his attacks aimed at that character; the rest go at the rank and file',
  }),
}).meta({ title: 'Character', description: 'an attachable model in the front rank' });
export type Character = z.infer<typeof characterSchema>;

export const facings = ['front', 'flank', 'rear'] as const;
export type Facing = (typeof facings)[number];

export const unitSchema = strictObject({
  name: nameText().meta({ title: 'Unit name', description: 'e.g. Knights' }),
  models: wholeNumber(0, 200).meta({ title: 'Rank-and-file models', description: 'characters not included' }),
  width: wholeNumber(1, 30).meta({ title: 'Width', description: 'models per rank' }),
  height: wholeNumber(0, MAX_HEIGHT)
    .default(1)
    .meta({ title: 'Height', description: '1 Standard (0 too), 2 Large, 3 Gigantic' }),
  profile: profileSchema.meta({
    title: 'Rank-and-file profile',
    description: 'the characteristics of every rank-and-file model',
  }),
  charged: flag().meta({ title: 'Charged', description: '+1 Agility and +1 Combat Score in the round of the charge' }),
  facing: oneOf(facings)
    .default('front')
    .meta({ title: 'Fights in the enemy’s', description: 'front, flank or rear (flank or rear: +2 Combat Score)' }),
  standard: flag().meta({ title: 'Standard', description: '+1 Combat Score while rank-and-file models survive' }),
  fighting: wholeNumber(0, 30).nullable().default(null).meta({
    title: 'Rank and file in the front rank',
    description: 'models fighting in base contact; empty: the width less the characters',
  }),
  supporting: wholeNumber(0, 200)
    .nullable()
    .default(null)
    .meta({ title: 'Supporting models', description: 'models making supporting attacks; empty: the width' }),
  supportingAttacks: wholeNumber(0, 10)
    .default(1)
    .meta({ title: 'Supporting attacks', description: 'attacks per supporting model' }),
  attacksAtCharacters: listOf(wholeNumber(0, 400), 0, MAX_CHARACTERS, 'allocations').default([]).meta({
    title: 'Attacks at enemy characters',
    description:
      'one number per enemy character, in order: the rank and file’s attacks aimed at that character; the rest go at the rank and file',
  }),
  characters: listOf(characterSchema, 0, MAX_CHARACTERS, 'characters')
    .default([])
    .meta({ title: 'Characters', description: 'attachable models in the front rank, each his own health pool' }),
});
export type Unit = z.infer<typeof unitSchema>;

export const sideSchema = strictObject({
  name: nameText().meta({ title: 'Player or army', description: 'e.g. Kingdom of Equitaine' }),
  unit: unitSchema.meta({ title: 'Unit', description: 'the unit in the melee' }),
});
export type Side = z.infer<typeof sideSchema>;

/**
 * The rank and file's fighting models: `fighting`, or the width less the characters in the front
 * rank (SCENARIOS §3), never more than are left.
 */
export const fightingOf = (unit: Pick<Unit, 'fighting' | 'width' | 'characters'>, left: number) =>
  Math.min(left, unit.fighting ?? Math.max(0, unit.width - unit.characters.length));

/** Supporting models: `supporting` (default the width), never more than are left behind the fighting ones (SCENARIOS §3). */
export const supportingOf = (unit: Pick<Unit, 'supporting' | 'width'>, behind: number) =>
  Math.min(Math.max(0, behind), unit.supporting ?? unit.width);

/** The rank and file's attacks with `left` models standing (SCENARIOS §3, "Who attacks"). */
export function rankAndFileAttacks(unit: Unit, left: number): number {
  const fighting = fightingOf(unit, left);
  return fighting * unit.profile.attacks + supportingOf(unit, left - fighting) * unit.supportingAttacks;
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** A count that passed its own field's check (whole, not negative): what the cross-field checks may build on. */
const countable = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= 0;

/** Every number the rank and file's attacks are counted from is itself valid. */
const rankAndFileCounted = (unit: Unit) =>
  [unit.models, unit.width, unit.profile.attacks, unit.supportingAttacks].every(countable) &&
  unit.width >= 1 &&
  [unit.fighting, unit.supporting].every((n) => n === null || countable(n));

const roles = ['attacker', 'defender'] as const;

export const setupSchema = strictObject({
  system: z
    .literal('ninth-age', { error: 'expected "ninth-age"' })
    .meta({ title: 'Rule system', description: 'The Ninth Age' }),
  insaneCourage: z
    .boolean({ error: 'expected true or false' })
    .default(true)
    .meta({ title: 'Insane Courage', description: 'a natural double 1 always passes the break test' }),
  attacker: sideSchema.meta({ title: 'Attacker', description: 'the side whose turn it is' }),
  defender: sideSchema.meta({ title: 'Defender', description: 'the other side' }),
}).superRefine((setup, ctx) => {
  for (const role of roles) {
    const other = role === 'attacker' ? 'defender' : 'attacker';
    const unit = setup[role].unit;
    const foe = setup[other].unit;
    const path = [role, 'unit'];
    if (unit.models === 0 && unit.characters.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: [...path, 'models'],
        message: 'expected at least one rank-and-file model or one character',
      });
    }
    if (unit.fighting !== null && unit.fighting > unit.width) {
      ctx.addIssue({
        code: 'custom',
        path: [...path, 'fighting'],
        message: `expected at most ${unit.width} models in the front rank (the width)`,
      });
    }
    // SCENARIOS §3: an allocation to a character the enemy does not have is an error.
    const checkAllocation = (list: readonly number[], at: Array<string | number>, who: string, attacks: number) => {
      list.forEach((n, j) => {
        if (j >= foe.characters.length) {
          const has =
            foe.characters.length === 0
              ? `${foe.name} have no characters`
              : `${foe.name} have ${foe.characters.length === 1 ? 'only character 0' : `characters 0 to ${foe.characters.length - 1}`}`;
          ctx.addIssue({
            code: 'custom',
            path: [...at, j],
            message: `expected no allocation to enemy character ${j}: ${has}`,
          });
        }
      });
      // The issue's "more attacks allocated than the part has": more than it makes at full strength.
      if (sum(list) > attacks) {
        ctx.addIssue({
          code: 'custom',
          path: at,
          message: `expected at most ${attacks === 1 ? '1 attack' : `${attacks} attacks`} allocated: ${who} ${attacks === 1 ? '1 attack' : `${attacks} attacks`} at full strength, ${sum(list)} ${sum(list) === 1 ? 'is' : 'are'} allocated`,
        });
      }
    };
    // One clear message per bad field: a count that is itself out of range has its own message, so the totals built on it are not checked.
    if (rankAndFileCounted(unit))
      checkAllocation(
        unit.attacksAtCharacters,
        [...path, 'attacksAtCharacters'],
        `the rank and file of ${unit.name} have`,
        rankAndFileAttacks(unit, unit.models),
      );
    unit.characters.forEach((c, i) => {
      if (countable(c.profile.attacks))
        checkAllocation(
          c.attacksAtCharacters,
          [...path, 'characters', i, 'attacksAtCharacters'],
          `${c.name} has`,
          c.profile.attacks,
        );
    });
  }
});
export type Setup = z.infer<typeof setupSchema>;
export type SetupInput = z.input<typeof setupSchema>;
