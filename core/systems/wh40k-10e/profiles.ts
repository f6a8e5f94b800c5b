import { z } from 'zod';
import { isDiceExpression } from '../../dice/expression';

/**
 * Warhammer 40,000 10th edition profiles: the scenario a combat starts from (one attacking unit's
 * weapon profiles against one target unit), as in the scenario file of the CLI and the wizard's
 * setup. Rules: seed 001 and RULES.md §1.
 */

const dice = (what: string) =>
  z
    .string()
    .trim()
    .refine(isDiceExpression, { message: `${what}: expected a number or dice such as D6, 2D6, D6+1, 2D3+2` });

const diceOrNumber = (what: string) =>
  z.union([z.number().int().min(0).max(100).transform(String), dice(what)]);

const characteristic = (min: number, max: number, what: string) =>
  z.number({ error: `expected ${what} as a number from ${min} to ${max}` }).int().min(min, `expected a number from ${min} to ${max}`).max(max, `expected a number from ${min} to ${max}`);

/** "2+" … "6+" written as the number 2…6 (7 = no save / never). */
const target = (what: string) => characteristic(2, 7, what);

export const rerollSchema = z.enum(['none', 'ones', 'failed', 'all']);
export type Reroll = z.infer<typeof rerollSchema>;

export const abilitiesSchema = z
  .object({
    /** A Critical Hit wounds automatically. */
    lethalHits: z.boolean().default(false),
    /** A Critical Hit scores X extra hits (X may be dice, e.g. "D3"); null = none. */
    sustainedHits: diceOrNumber('sustainedHits').nullable().default(null),
    /** A Critical Wound: no save, mortal wounds equal to D after normal damage, excess lost. */
    devastatingWounds: z.boolean().default(false),
    /** Re-roll the wound roll. */
    twinLinked: z.boolean().default(false),
    /** Hits automatically: no hit roll, so no Critical Hits. */
    torrent: z.boolean().default(false),
    /** Anti-KEYWORD X+: an unmodified wound roll of X+ against that keyword is a Critical Wound. */
    anti: z
      .object({ keyword: z.string().trim().min(1).toLowerCase(), threshold: characteristic(2, 6, 'anti threshold') })
      .nullable()
      .default(null),
    /** +1 attack per 5 models in the target unit. */
    blast: z.boolean().default(false),
    /** +X attacks within half range. */
    rapidFire: diceOrNumber('rapidFire').nullable().default(null),
    /** +X damage within half range. */
    melta: diceOrNumber('melta').nullable().default(null),
    /** +1 to wound if the bearer charged. */
    lance: z.boolean().default(false),
    /** +1 to hit if the unit remained stationary. */
    heavy: z.boolean().default(false),
    /** The target gets no Benefit of Cover. */
    ignoresCover: z.boolean().default(false),
    /** Wounds may be allocated to a Character in the target unit. */
    precision: z.boolean().default(false),
    /** After attacking, a D6 per model; on a 1 that model takes 3 mortal wounds. */
    hazardous: z.boolean().default(false),
  })
  .strict();
export type Abilities = z.infer<typeof abilitiesSchema>;

export const weaponSchema = z
  .object({
    name: z.string().trim().min(1, 'expected a name').max(80),
    /** How many models fire/fight with this profile; attacks, Blast, Rapid Fire and Hazardous are per model. */
    models: characteristic(1, 100, 'models').default(1),
    /** Attacks per model: a number or dice. */
    attacks: diceOrNumber('attacks'),
    /** BS (ranged) or WS (melee): hits on this or more. */
    skill: characteristic(2, 6, 'BS/WS'),
    strength: characteristic(1, 30, 'strength'),
    /** Armour Penetration, 0 or negative (e.g. -2). */
    ap: z.number().int().min(-6, 'expected AP from -6 to 0').max(0, 'expected AP from -6 to 0'),
    damage: diceOrNumber('damage'),
    hitModifier: z.number().int().min(-3).max(3).default(0),
    woundModifier: z.number().int().min(-3).max(3).default(0),
    hitReroll: rerollSchema.default('none'),
    woundReroll: rerollSchema.default('none'),
    abilities: abilitiesSchema.default(abilitiesSchema.parse({})),
  })
  .strict();
export type Weapon = z.infer<typeof weaponSchema>;
export type WeaponInput = z.input<typeof weaponSchema>;

export const attackerSchema = z
  .object({
    name: z.string().trim().min(1, 'expected a name').max(80),
    weapons: z.array(weaponSchema).min(1, 'expected at least one weapon').max(20),
    charged: z.boolean().default(false),
    remainedStationary: z.boolean().default(false),
    halfRange: z.boolean().default(false),
    /** Shooting (BS, cover applies) rather than fighting (WS). */
    ranged: z.boolean().default(false),
    /**
     * Mortal wounds inflicted on the target by other rules of the attacking unit (e.g. a
     * psychic power), resolved after all attacks, one at a time, spilling over (seed 001).
     */
    mortalWounds: z.number().int().min(0).max(100).default(0),
  })
  .strict();
export type Attacker = z.infer<typeof attackerSchema>;

export const modelGroupSchema = z
  .object({
    /** Shown in the wizard, e.g. "Sergeant"; defaults to the unit's name. */
    name: z.string().trim().max(80).optional(),
    count: characteristic(1, 100, 'count'),
    toughness: characteristic(1, 30, 'toughness'),
    /** Sv, as the number before the "+" (7 = no save). */
    save: target('save'),
    invulnerable: target('invulnerable save').nullable().default(null),
    wounds: characteristic(1, 100, 'wounds'),
    feelNoPain: target('Feel No Pain').nullable().default(null),
    /** Deadly Demise x (dice allowed); null = none. */
    deadlyDemise: diceOrNumber('deadlyDemise').nullable().default(null),
    /** A CHARACTER model: only Precision attacks may be allocated to it while others remain. */
    character: z.boolean().default(false),
  })
  .strict();
export type ModelGroup = z.infer<typeof modelGroupSchema>;

export const defenderSchema = z
  .object({
    name: z.string().trim().min(1, 'expected a name').max(80),
    keywords: z.array(z.string().trim().min(1).toLowerCase()).max(40).default([]),
    models: z.array(modelGroupSchema).min(1, 'expected at least one model').max(20),
    /** Benefit of Cover (ranged attacks only). */
    cover: z.boolean().default(false),
  })
  .strict();
export type Defender = z.infer<typeof defenderSchema>;

export const setupSchema = z
  .object({
    system: z.literal('wh40k-10e'),
    attacker: attackerSchema,
    defender: defenderSchema,
  })
  .strict();
export type Setup = z.infer<typeof setupSchema>;
export type SetupInput = z.input<typeof setupSchema>;
