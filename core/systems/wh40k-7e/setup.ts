import { z } from 'zod';
import { flag, nameText, optionalRoll, rollNeeded, wholeNumber } from '../../validation/fields';

/**
 * Warhammer 40,000 7th edition close combat (seed 000, RULES.md §2): what one combat starts from.
 * Exactly the scenario format of SCENARIOS.md §2 without `seed` / `dice`: two units, each a list of
 * groups of identical models in ALLOCATION ORDER (the defender's default puts wounds on the first
 * surviving model of this list).
 */

const STRENGTH_WORDS =
  'expected a Strength: "user", a number from 1 to 10, "+1" to "+9", "x1" to "x10" or "D" for a Destroyer weapon';

/** A weapon's Strength (RULES §2): the bearer's, a number, +N or ×N of the bearer's (capped at 10), or D (Destroyer). */
export const weaponStrengthSchema = z
  .union(
    [
      z.number({ error: STRENGTH_WORDS }).int(STRENGTH_WORDS).min(1, STRENGTH_WORDS).max(10, STRENGTH_WORDS),
      z.literal('user'),
      z.literal('D'),
      z.string().regex(/^\+[1-9]$/),
      z.string().regex(/^x([1-9]|10)$/),
    ],
    { error: STRENGTH_WORDS },
  )
  .meta({
    title: 'Strength (S)',
    description:
      '"user" = the model\'s own; 6 = S6; "+1" = the model\'s +1; "x2" = double (at most 10); "D" = Destroyer',
  });
export type WeaponStrength = z.infer<typeof weaponStrengthSchema>;

const AP_WORDS = 'expected an AP from 1 to 6, or null for "–"';

export const weaponSchema = z
  .object(
    {
      name: nameText().default('Close combat weapon').meta({ title: 'Weapon', description: 'e.g. Power fist' }),
      strength: weaponStrengthSchema.default('user'),
      ap: z
        .number({ error: AP_WORDS })
        .int(AP_WORDS)
        .min(1, AP_WORDS)
        .max(6, AP_WORDS)
        .nullable()
        .default(null)
        .meta({ title: 'AP', description: '2 = AP2; empty = "–" (never beats a save)' }),
      unwieldy: flag().meta({ title: 'Unwieldy', description: 'strikes at Initiative 1' }),
    },
    { error: 'expected a weapon: { "name", "strength", "ap", "unwieldy" }' },
  )
  .strict()
  .meta({ title: 'Close combat weapon', description: 'the weapon the models fight with' });
export type Weapon = z.infer<typeof weaponSchema>;

/** A group of identical models (RULES §2: the characteristic line, saves and its close combat weapon). */
export const modelGroupSchema = z
  .object(
    {
      name: nameText().meta({ title: 'Name', description: 'e.g. Space Marine' }),
      count: wholeNumber(1, 100).default(1).meta({ title: 'Models', description: 'identical models in this group' }),
      weaponSkill: wholeNumber(1, 10).meta({ title: 'Weapon Skill (WS)' }),
      strength: wholeNumber(1, 10).meta({ title: 'Strength (S)' }),
      toughness: wholeNumber(1, 10).meta({ title: 'Toughness (T)' }),
      wounds: wholeNumber(1, 10).meta({ title: 'Wounds (W)' }),
      initiative: wholeNumber(1, 10).meta({ title: 'Initiative (I)' }),
      attacks: wholeNumber(0, 10).meta({ title: 'Attacks (A)' }),
      leadership: wholeNumber(1, 10).meta({ title: 'Leadership (Ld)' }),
      save: rollNeeded(2, 6).nullable().meta({ title: 'Armour save (Sv)', description: '3 means 3+; empty = none' }),
      invulnerable: optionalRoll(2, 6).meta({ title: 'Invulnerable save', description: '4 means 4++; ignores AP' }),
      feelNoPain: optionalRoll(2, 6).meta({
        title: 'Feel No Pain',
        description: '5 means 5+ for each unsaved wound; not against Destroyer wounds',
      }),
      eternalWarrior: flag().meta({
        title: 'Eternal Warrior',
        description: 'Instant Death takes 1 wound instead of all',
      }),
      twoWeapons: flag().meta({ title: 'Two close combat weapons', description: '+1 Attack' }),
      weapon: weaponSchema.default({ name: 'Close combat weapon', strength: 'user', ap: null, unwieldy: false }),
    },
    { error: 'expected a model group: { "name", "count", "weaponSkill", … }' },
  )
  .strict()
  .meta({ title: 'Model group', description: 'a group of identical models' });
export type ModelGroup = z.infer<typeof modelGroupSchema>;

/** Most attack dice one group may roll at once (a roll step takes at most 200 dice). */
export const MAX_GROUP_DICE = 200;
/** Most models in a unit. */
export const MAX_UNIT_MODELS = 100;

export const sideSchema = z
  .object(
    {
      name: nameText().meta({ title: 'Unit', description: 'e.g. Assault Squad' }),
      charged: flag().meta({ title: 'Charged', description: '+1 Attack for every model in the first round' }),
      fearless: flag().meta({ title: 'Fearless', description: 'passes Morale automatically' }),
      stubborn: flag().meta({ title: 'Stubborn', description: 'tests Morale on its unmodified Leadership' }),
      atsknf: flag().meta({
        title: 'And They Shall Know No Fear',
        description: 'never destroyed by a Sweeping Advance',
      }),
      allocateByHand: flag().meta({
        title: 'Allocate wounds by hand',
        description:
          'ask which model takes the wounds this unit suffers, and in which order its own wound pools go; off: in the order of the list, the most wounded model first',
      }),
      models: z
        .array(modelGroupSchema, { error: 'expected a list of model groups' })
        .min(1, 'expected at least one model group: a unit with no models cannot fight')
        .max(10, 'expected at most 10 model groups in a unit')
        .meta({
          title: 'Models',
          description: 'groups of identical models, in the order wounds are allocated to them',
        }),
    },
    { error: 'expected a unit: { "name", "models", … }' },
  )
  .strict()
  .meta({ title: 'Unit' });
export type Side = z.infer<typeof sideSchema>;

export const setupSchema = z
  .object({
    system: z.literal('wh40k-7e', { error: 'expected "wh40k-7e"' }).meta({ title: 'Rule system' }),
    attacker: sideSchema.meta({ title: 'Attacker', description: 'the unit whose turn it is (it usually charged)' }),
    defender: sideSchema.meta({ title: 'Defender' }),
    sixthEditionFeelNoPain: flag().meta({
      title: 'Feel No Pain as in 6th edition',
      description:
        'no Feel No Pain roll against a wound that inflicts Instant Death (7th edition allows one; off: 7th edition)',
    }),
  })
  .strict()
  .superRefine((setup, ctx) => {
    for (const role of ['attacker', 'defender'] as const) {
      const side = setup[role];
      const models = side.models.reduce((n, g) => n + g.count, 0);
      if (models > MAX_UNIT_MODELS) {
        ctx.addIssue({
          code: 'custom',
          path: [role, 'models'],
          message: `expected at most ${MAX_UNIT_MODELS} models in a unit, not ${models}`,
        });
      }
      side.models.forEach((g, i) => {
        // RULES §2: +1 Attack on the charge, +1 for two close combat weapons.
        const perModel = g.attacks + (side.charged ? 1 : 0) + (g.twoWeapons ? 1 : 0);
        if (g.count * perModel > MAX_GROUP_DICE) {
          ctx.addIssue({
            code: 'custom',
            path: [role, 'models', i, 'count'],
            message: `expected at most ${MAX_GROUP_DICE} attack dice from one group: ${g.count} models × ${perModel} attacks = ${g.count * perModel}; split the group`,
          });
        }
      });
    }
  });
export type Setup = z.infer<typeof setupSchema>;
export type SetupInput = z.input<typeof setupSchema>;
