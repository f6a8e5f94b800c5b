import { z } from 'zod';
import { isDiceExpression } from '../../dice/expression';
import {
  flag,
  listOf,
  nameText,
  oneOf,
  rollNeeded,
  saveOrNone,
  strictObject,
  wholeNumber,
} from '../../validation/fields';

/**
 * Warhammer 40,000 10th edition profiles: the scenario a combat starts from (one attacking unit's
 * weapon profiles against one target unit), as in the scenario file of the CLI and the wizard's
 * setup. Rules: seed 001 and RULES.md §1.
 */

const diceWords = 'expected a whole number from 0 to 100, or dice such as D6, 2D6, D6+1, 2D3+2';

/** A number (0–100) or dice such as D6, 2D6, D6+1: attacks, damage, Sustained Hits X… Kept as text ("2", "D6"). */
const diceOrNumber = () =>
  z.union(
    [
      z.number().int().min(0).max(100).transform(String),
      z.string().trim().refine(isDiceExpression, { message: diceWords }),
    ],
    { error: diceWords },
  );

export const rerolls = ['none', 'ones', 'failed', 'all'] as const;
export const rerollSchema = oneOf(rerolls);
export type Reroll = z.infer<typeof rerollSchema>;

/** WH40K10-MODIFIERS.md: the weapon's random Damage re-rolled once — its 1s, or the whole roll when below average. */
export const damageRerolls = ['none', 'ones', 'all'] as const;
export type DamageReroll = (typeof damageRerolls)[number];

/** WH40K10-MODIFIERS.md: the target's saving throw re-rolled once — an unmodified 1, or any failed save. */
export const saveRerolls = ['none', 'ones', 'failed'] as const;
export type SaveReroll = (typeof saveRerolls)[number];

const none = (what: string) => `${what}; empty for none`;

export const abilitiesSchema = strictObject({
  /** A Critical Hit wounds automatically. */
  lethalHits: flag().meta({ title: 'Lethal Hits' }),
  /** A Critical Hit scores X extra hits (X may be dice, e.g. "D3"); null = none. */
  sustainedHits: diceOrNumber()
    .nullable()
    .default(null)
    .meta({ title: 'Sustained Hits X', description: none('extra hits on a Critical Hit: a number or dice') }),
  /** A Critical Wound: no save, mortal wounds equal to D after normal damage, excess lost. */
  devastatingWounds: flag().meta({ title: 'Devastating Wounds' }),
  /** Re-roll the wound roll. */
  twinLinked: flag().meta({ title: 'Twin-linked' }),
  /** Hits automatically: no hit roll, so no Critical Hits. */
  torrent: flag().meta({ title: 'Torrent' }),
  /** Anti-KEYWORD X+: an unmodified wound roll of X+ against that keyword is a Critical Wound. */
  anti: strictObject({
    keyword: z
      .string({ error: 'expected a keyword' })
      .trim()
      .min(1, 'expected a keyword')
      .max(120, 'expected a keyword of at most 120 characters')
      .toLowerCase()
      .meta({ title: 'Keyword', description: 'e.g. infantry' }),
    threshold: rollNeeded(2, 6).meta({ title: 'Critical Wound on (X+)', description: '4 means 4+' }),
  })
    .nullable()
    .default(null)
    .meta({ title: 'Anti-KEYWORD X+' }),
  /** +1 attack per 5 models in the target unit. */
  blast: flag().meta({ title: 'Blast' }),
  /** +X attacks within half range. */
  rapidFire: diceOrNumber()
    .nullable()
    .default(null)
    .meta({ title: 'Rapid Fire X', description: none('extra attacks within half range') }),
  /** +X damage within half range. */
  melta: diceOrNumber()
    .nullable()
    .default(null)
    .meta({ title: 'Melta X', description: none('extra damage within half range') }),
  /** +1 to wound if the bearer charged. */
  lance: flag().meta({ title: 'Lance' }),
  /** +1 to hit if the unit remained stationary. */
  heavy: flag().meta({ title: 'Heavy' }),
  /** The target gets no Benefit of Cover. */
  ignoresCover: flag().meta({ title: 'Ignores Cover' }),
  /** Wounds may be allocated to a Character in the target unit. */
  precision: flag().meta({ title: 'Precision' }),
  /** After attacking, a D6 per model; on a 1 that model takes 3 mortal wounds. */
  hazardous: flag().meta({ title: 'Hazardous' }),
});
export type Abilities = z.infer<typeof abilitiesSchema>;

export const weaponSchema = strictObject({
  name: nameText().meta({ title: 'Name', description: 'e.g. Bolt rifle' }),
  /** How many models fire/fight with this profile; attacks, Blast, Rapid Fire and Hazardous are per model. */
  models: wholeNumber(1, 100).default(1).meta({ title: 'Models', description: 'models firing or fighting with it' }),
  /** Attacks per model: a number or dice. */
  attacks: diceOrNumber().meta({ title: 'Attacks (A)', description: 'per model: a number or dice such as D6' }),
  /** BS (ranged) or WS (melee): hits on this or more. */
  skill: rollNeeded(2, 6).meta({ title: 'Skill (BS / WS)', description: '3 means 3+' }),
  strength: wholeNumber(1, 30).meta({ title: 'Strength (S)' }),
  /** Armour Penetration, 0 or negative (e.g. -2). */
  ap: wholeNumber(-6, 0).meta({ title: 'Armour Penetration (AP)', description: '0 or less, e.g. -2' }),
  damage: diceOrNumber().meta({ title: 'Damage (D)', description: 'a number or dice such as D3' }),
  hitModifier: wholeNumber(-3, 3)
    .default(0)
    .meta({ title: 'Hit roll modifier', description: '-3 to +3; the net hit modifier counts at most ±1' }),
  woundModifier: wholeNumber(-3, 3)
    .default(0)
    .meta({ title: 'Wound roll modifier', description: '-3 to +3; the net wound modifier counts at most ±1' }),
  hitReroll: rerollSchema
    .default('none')
    .meta({ title: 'Hit re-roll', description: 'a die is re-rolled once, before modifiers' }),
  woundReroll: rerollSchema
    .default('none')
    .meta({ title: 'Wound re-roll', description: 'a die is re-rolled once, before modifiers' }),
  /** WH40K10-MODIFIERS.md: an unmodified hit roll of this or more is a Critical Hit (6 = only a 6). */
  criticalHitOn: rollNeeded(2, 6)
    .default(6)
    .meta({ title: 'Critical Hit on', description: 'unmodified roll: 6 means only a 6, 5 means 5+' }),
  /** WH40K10-MODIFIERS.md: an unmodified wound roll of this or more is a Critical Wound (Anti-X+ may lower it against its keyword). */
  criticalWoundOn: rollNeeded(2, 6)
    .default(6)
    .meta({ title: 'Critical Wound on', description: 'unmodified roll: 6 means only a 6, 5 means 5+' }),
  /** WH40K10-MODIFIERS.md: re-roll the random Damage once ('ones': each die showing 1; 'all': the whole roll when below its average). */
  damageReroll: oneOf(damageRerolls)
    .default('none')
    .meta({ title: 'Damage re-roll', description: 'random Damage only; Melta is never re-rolled' }),
  abilities: abilitiesSchema.default(abilitiesSchema.parse({})).meta({ title: 'Weapon abilities' }),
});
export type Weapon = z.infer<typeof weaponSchema>;
export type WeaponInput = z.input<typeof weaponSchema>;

export const attackerSchema = strictObject({
  name: nameText().meta({ title: 'Unit name', description: 'e.g. Intercessors' }),
  weapons: listOf(weaponSchema.meta({ title: 'Weapon' }), 1, 20, 'weapons', 'weapon').meta({ title: 'Weapons' }),
  charged: flag().meta({ title: 'Charged this turn' }),
  remainedStationary: flag().meta({ title: 'Remained stationary' }),
  halfRange: flag().meta({ title: 'Within half range' }),
  /** Shooting (BS, cover applies) rather than fighting (WS). */
  ranged: flag().meta({ title: 'Shooting or fighting' }),
  /**
   * Mortal wounds inflicted on the target by other rules of the attacking unit (e.g. a
   * psychic power), resolved after all attacks, one at a time, spilling over (seed 001).
   */
  mortalWounds: wholeNumber(0, 100)
    .default(0)
    .meta({ title: 'Mortal wounds from other rules', description: 'e.g. a psychic power; after all attacks' }),
});
export type Attacker = z.infer<typeof attackerSchema>;

export const modelGroupSchema = strictObject({
  /** Shown in the wizard, e.g. "Sergeant"; defaults to the unit's name. */
  name: z
    .string({ error: 'expected a name' })
    .trim()
    .max(80, 'expected a name of at most 80 characters')
    .optional()
    .meta({ title: 'Name', description: "e.g. Sergeant; empty: the unit's name" }),
  count: wholeNumber(1, 100).meta({ title: 'Number of models' }),
  toughness: wholeNumber(1, 30).meta({ title: 'Toughness (T)' }),
  /** Sv, as the number before the "+" (7 = no save). */
  save: saveOrNone(2).meta({ title: 'Save (Sv)', description: '3 means 3+; 7 for none' }),
  invulnerable: saveOrNone(2)
    .nullable()
    .default(null)
    .meta({ title: 'Invulnerable save', description: none('4 means 4+') }),
  wounds: wholeNumber(1, 100).meta({ title: 'Wounds (W)' }),
  feelNoPain: saveOrNone(2)
    .nullable()
    .default(null)
    .meta({ title: 'Feel No Pain', description: none('5 means 5+') }),
  /** WH40K10-MODIFIERS.md: a Feel No Pain that works only against mortal wounds (the better of the two is used against them). */
  feelNoPainMortal: saveOrNone(2)
    .nullable()
    .default(null)
    .meta({ title: 'Feel No Pain vs mortal wounds', description: none('only against mortal wounds, e.g. 5 means 5+') }),
  /** Deadly Demise x (dice allowed); null = none. */
  deadlyDemise: diceOrNumber()
    .nullable()
    .default(null)
    .meta({ title: 'Deadly Demise X', description: none('a number or dice') }),
  /** A CHARACTER model: only Precision attacks may be allocated to it while others remain. */
  character: flag().meta({ title: 'Character', description: 'only Precision attacks reach it while others remain' }),
});
export type ModelGroup = z.infer<typeof modelGroupSchema>;

const keyword = z
  .string({ error: 'expected a keyword' })
  .trim()
  .min(1, 'expected a keyword, not an empty entry')
  .max(120, 'expected a keyword of at most 120 characters')
  .toLowerCase()
  .meta({ title: 'Keyword' });

export const defenderSchema = strictObject({
  name: nameText().meta({ title: 'Unit name', description: 'e.g. Boyz' }),
  keywords: listOf(keyword, 0, 40, 'keywords')
    .default([])
    .meta({ title: 'Keywords', description: 'e.g. infantry, vehicle' }),
  models: listOf(modelGroupSchema.meta({ title: 'Model profile' }), 1, 20, 'model profiles', 'model profile').meta({
    title: 'Model profiles',
  }),
  /** Benefit of Cover (ranged attacks only). */
  cover: flag().meta({ title: 'Benefit of Cover', description: 'ranged attacks only' }),
  // The target unit's defensive modifiers (WH40K10-MODIFIERS.md); every default is "none".
  /** −1 to the hit roll of ranged attacks (inside the ±1 cap). */
  stealth: flag().meta({ title: 'Stealth', description: '−1 to be hit by ranged attacks' }),
  /** Added to armour and invulnerable saving throws; with cover, at most +1 in all. */
  saveModifier: wholeNumber(-1, 1)
    .default(0)
    .meta({ title: 'Save modifier', description: '−1, 0 or +1 to armour and invulnerable saves' }),
  saveReroll: oneOf(saveRerolls).default('none').meta({ title: 'Save re-roll', description: 'the saving throw, once' }),
  /** The attack's AP worsened by this much, towards 0 (AP −2 becomes −1). */
  apReduction: wholeNumber(0, 1)
    .default(0)
    .meta({ title: 'AP reduction', description: "each attack's AP worsened by 1, never above 0" }),
  /** Halve the Damage of each attack, rounding up. */
  halfDamage: flag().meta({ title: 'Half damage', description: 'halve the Damage of each attack, rounding up' }),
  /** −1 Damage per attack, to a minimum of 1, after any halving. */
  damageReduction: wholeNumber(0, 1)
    .default(0)
    .meta({ title: '−1 Damage', description: '−1 to the Damage of each attack, to a minimum of 1' }),
});
export type Defender = z.infer<typeof defenderSchema>;

export const setupSchema = strictObject({
  system: z.literal('wh40k-10e', { error: 'expected "wh40k-10e"' }),
  attacker: attackerSchema.meta({ title: 'Attacker' }),
  defender: defenderSchema.meta({ title: 'Target' }),
});
export type Setup = z.infer<typeof setupSchema>;
export type SetupInput = z.input<typeof setupSchema>;
