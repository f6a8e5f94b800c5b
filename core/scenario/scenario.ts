import { z } from 'zod';
import { fieldProblems, type FieldProblem } from '../validation/issues';
import type { RuleSystem } from '../combat/system';
import { listOf, wholeNumber } from '../validation/fields';
import { systemIds } from '../systems';

/**
 * A scenario file (used by the CLI): a system's setup, plus how its dice are found when resolving
 * — `"seed": n` for the app's seeded dice, or `"dice": [faces…]` consumed in order as if the
 * players had typed them. The rest of the file is the system's own setup, validated by its schema.
 */
export const scenarioExtrasSchema = z
  .object({
    system: z.string({ error: `expected the rule system id, e.g. "${systemIds[0]}"` }).min(1),
    seed: wholeNumber(0, 2 ** 31 - 1).optional(),
    dice: listOf(wholeNumber(1, 6), 0, 100_000, 'dice').optional(),
  })
  .passthrough();

export interface Scenario {
  system: RuleSystem;
  setup: unknown;
  seed?: number;
  dice?: number[];
}

export type ScenarioResult = { ok: true; scenario: Scenario } | { ok: false; problems: FieldProblem[] };

/** Validates a parsed scenario file against the chosen system's setup schema, naming every bad field. */
export function readScenario(json: unknown, systems: Readonly<Record<string, RuleSystem>>): ScenarioResult {
  const extras = scenarioExtrasSchema.safeParse(json);
  if (!extras.success) return { ok: false, problems: fieldProblems(extras.error) };
  const { system: id, seed, dice, ...rest } = extras.data;
  const system = Object.hasOwn(systems, id) ? systems[id] : undefined;
  if (!system) {
    return {
      ok: false,
      problems: [
        { field: 'system', message: `system: "${id}" is not a rule system here (${Object.keys(systems).join(', ')})` },
      ],
    };
  }
  const setup = system.setupSchema.safeParse({ system: id, ...rest });
  if (!setup.success) return { ok: false, problems: fieldProblems(setup.error) };
  return {
    ok: true,
    scenario: {
      system,
      setup: setup.data,
      ...(seed === undefined ? {} : { seed }),
      ...(dice === undefined ? {} : { dice }),
    },
  };
}
