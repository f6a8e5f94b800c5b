import { z } from 'zod';

/**
 * Building blocks for every schema a player's input meets: rule-system setups, scenario files,
 * roster profiles and imports. Every message is in words and names the range ("expected a number
 * from 1 to 14"), never a bare "Invalid input", because the player reads it next to the field's
 * label. Give a field its label with `.meta({ title, description })` as its last call; the shared
 * forms and the error wording read it from there.
 */

const between = (min: number, max: number) => `expected a number from ${min} to ${max}`;

/** A whole number in [min, max]. */
export const wholeNumber = (min: number, max: number) =>
  z
    .number({ error: between(min, max) })
    .int(`expected a whole number from ${min} to ${max}`)
    .min(min, between(min, max))
    .max(max, between(min, max));

/** A roll needed on a D6, written as the number before the "+" (4 for 4+). */
export const rollNeeded = (min = 2, max = 6) =>
  z
    .number({ error: `expected a roll from ${min}+ to ${max}+, written as ${min} to ${max}` })
    .int(`expected a whole number from ${min} to ${max}`)
    .min(min, `expected a roll from ${min}+ to ${max}+, written as ${min} to ${max}`)
    .max(max, `expected a roll from ${min}+ to ${max}+, written as ${min} to ${max}`);

/** A save: min…6 for min+…6+, 7 for no save at all. */
export const saveOrNone = (min = 2) =>
  z
    .number({ error: `expected a save from ${min} to 6, or 7 for none` })
    .int(`expected a whole number from ${min} to 7`)
    .min(min, `expected a save from ${min} to 6, or 7 for none`)
    .max(7, `expected a save from ${min} to 6, or 7 for none`);

/** An optional roll (invulnerable, ward, Feel No Pain, aegis): null when the model has none. */
export const optionalRoll = (min = 2, max = 6) => rollNeeded(min, max).nullable().default(null);

export const nameText = () =>
  z
    .string({ error: 'expected a name' })
    .trim()
    .min(1, 'expected a name')
    .max(80, 'expected a name of at most 80 characters');

/** Keywords or special rules as written on the datasheet, e.g. "Macro-weapon", "First Strike". */
export const labelList = () =>
  z
    .array(
      z
        .string({ error: 'expected text' })
        .trim()
        .min(1, 'expected text, not an empty entry')
        .max(120, 'expected at most 120 characters'),
      {
        error: 'expected a list of names',
      },
    )
    .max(80, 'expected at most 80 entries')
    .default([]);

/** On or off. */
export const flag = () => z.boolean({ error: 'expected true or false' }).default(false);

export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `expected one of ${values.join(', ')}` });

/** A list of min…max items; `what` names them ("weapons"), `one` names one ("weapon") for "expected at least one weapon". */
export const listOf = <T extends z.ZodType>(item: T, min: number, max: number, what: string, one?: string) =>
  z
    .array(item, { error: `expected a list of ${what}` })
    .min(min, min === 1 && one ? `expected at least one ${one}` : `expected at least ${min} ${what}`)
    .max(max, `expected at most ${max} ${what}`);

/** A strict object whose wrong type reads in words; unknown keys are reported by name. */
export const strictObject = <S extends z.ZodRawShape>(shape: S) =>
  z.object(shape, { error: 'expected an object' }).strict();

/** The longest notes a roster unit keeps (the roster documents' field, and the import that writes them). */
export const NOTES_MAX = 10_000;
