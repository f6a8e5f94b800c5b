import { z } from 'zod';
import { defenderSchema, modelGroupSchema, weaponSchema } from '../profiles';
import { labels, list, record, stat } from '../../../validation/profileFields';

/**
 * A Warhammer 40,000 10th edition unit as kept in a roster. It reuses the engine's model and
 * weapon schemas (so a roster unit feeds a combat without conversion) and adds what a datasheet
 * has but a single combat does not need: M, Ld, OC and the weapon's range.
 */
export const wh40k10eModelSchema = modelGroupSchema.extend({
  movement: stat(0, 60).meta({ title: 'Move (M)', description: 'inches' }),
  /** Ld as the number before the "+" (6 for 6+). */
  leadership: stat(2, 12).meta({ title: 'Leadership (Ld)', description: '6 means 6+' }),
  objectiveControl: stat(0, 20).meta({ title: 'Objective Control (OC)' }),
});

export const wh40k10eWeaponSchema = weaponSchema.extend({
  /** Range in inches; "melee" for a melee weapon. */
  range: z
    .union([z.literal('melee'), stat(1, 300)], { error: 'expected "melee" or a range from 1 to 300 inches' })
    .meta({ title: 'Range', description: '"melee" or inches' }),
  /**
   * The datasheet's other weapon keywords, as written ("Assault", "Pistol", "Indirect Fire"): what
   * a combat does not resolve but a player reads. The ones it resolves are `abilities`.
   */
  keywords: labels().meta({
    title: 'Other keywords',
    description: 'as written on the datasheet, e.g. Assault, Pistol',
  }),
});

/**
 * What the unit has against attacks beyond its models' saves (WH40K10-MODIFIERS.md): the combat
 * setup's own target fields, kept with the unit so picking it as a target fills them. Every field
 * has its default, so rosters stored before these existed stay valid.
 */
export const wh40k10eDefensiveSchema = defenderSchema.pick({
  stealth: true,
  saveModifier: true,
  saveReroll: true,
  apReduction: true,
  halfDamage: true,
  damageReduction: true,
});
export type Wh40k10eDefensive = z.output<typeof wh40k10eDefensiveSchema>;

export const wh40k10eProfileSchema = record({
  keywords: defenderSchema.shape.keywords,
  models: list(wh40k10eModelSchema, 1, 20, 'model profiles'),
  weapons: list(wh40k10eWeaponSchema, 0, 30, 'weapons').default([]),
  /** Unit abilities by name (e.g. "Oath of Moment"). */
  abilities: labels().meta({ title: 'Abilities', description: 'e.g. Oath of Moment' }),
  defensiveModifiers: wh40k10eDefensiveSchema.default(wh40k10eDefensiveSchema.parse({})).meta({
    title: 'Defensive modifiers',
    description:
      'Stealth, save modifier and re-roll, AP reduction, half damage, −1 Damage: filled in when the unit is the target',
  }),
});
export type Wh40k10eProfile = z.output<typeof wh40k10eProfileSchema>;
