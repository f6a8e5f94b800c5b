import { z } from 'zod';
import { combatViewSchema } from '../../combat/view';
import { inputSchema, stepSchema } from '../../combat/steps';
import { setupLayoutSchema } from '../../combat/setupLayout';
import { channel } from '../channel';
import { exampleSetup, exampleSystemId } from './examples';
import { wholeNumber } from '../../validation/fields';
import { oddsSchema, type Odds } from '../../analysis/odds';
import { wholeCombatOddsSchema } from '../../analysis/combat/types';

const combatId = z.string().min(1, 'expected a combat id').max(100);

export { oddsSchema, type Odds };

/** A combat as the wizard shows it: the step it is at, the units, the log, the odds. */
export const combatSnapshotSchema = z.object({
  id: z.string(),
  system: z.string(),
  systemName: z.string(),
  seed: z.number().int(),
  step: stepSchema,
  view: combatViewSchema,
  inputs: z.array(inputSchema),
  canUndo: z.boolean(),
  finished: z.boolean(),
  /** Something the players must know about this combat as it opens (a stored combat that replayed only in part), in words. */
  notice: z.string().optional(),
});
export type CombatSnapshot = z.infer<typeof combatSnapshotSchema>;

/**
 * The exact odds of a combat at a step, asked for after the step itself (`combat.odds`): the step
 * answers first and never waits for an analysis. `odds` is null where the system has no analysis
 * or the state is too large to count exactly; `unavailable` then says why in words.
 */
export const combatOddsSchema = z.object({
  /** How many inputs the combat had when these odds were worked out (the caller matches it to its step). */
  at: z.number().int().min(0),
  odds: oddsSchema.nullable(),
  unavailable: z.string().nullable(),
  /**
   * At a choose step: for each option, the main figure if it is taken ("1.20 models destroyed
   * expected", "Empire win the round: 62.0%"), from the state it leads to; null where that state
   * has no odds. Empty at other steps.
   */
  choices: z
    .array(
      z.object({
        option: z.string(),
        figure: z.string().nullable(),
        /**
         * Asked with `whole`: the chooser's chance to win the whole combat if this option is taken
         * ("Empire win the combat: 62.0%", an estimate "≈ 62% ± 3%"), when the options change it;
         * null when they do not (the choice only matters for this round) or there are no odds.
         */
        whole: z.string().nullable().optional(),
      }),
    )
    .default([]),
  /**
   * Asked with `whole` (a second, slower request: the round's odds never wait for it): the odds of
   * the whole combat, round after round, at its start and now — exact, or estimated from seeded
   * play-outs and marked so. Absent when not asked or for a system whose combat is one round
   * (40k 10th edition: its round's odds are the whole combat's); `unavailable` says why when there are none.
   */
  whole: z
    .object({
      start: wholeCombatOddsSchema.nullable(),
      now: wholeCombatOddsSchema.nullable(),
      /** The whole fight from now in one line, as the top of the step reads it ("Space Marines win the fight 65.6% · Orks 34.4% · most likely over in round 1"). */
      headline: z.string().optional(),
      unavailable: z.string().nullable(),
    })
    .optional(),
  /**
   * At a choose step: the option best for the chooser, which the wizard then suggests — asked with
   * `whole`, by their chance to win the whole combat after each option (issue 34: "every choice
   * weighed by the fight"; ties go to the rules' default); without it, for a combat of one round,
   * by the round's figure. Null where the figures cannot tell the options apart (the system's own
   * suggestion stands).
   */
  best: z.string().nullable().default(null),
  /** Asked with `whole`, at a choice whose options all leave the same chance to win the fight: that, said once in words. */
  choiceNote: z.string().optional(),
});
export type CombatOdds = z.infer<typeof combatOddsSchema>;

export const combatChannels = {
  'combat.systems': channel({
    summary: 'The rule systems a combat can be resolved in.',
    request: z.object({}).strict(),
    response: z.array(z.object({ id: z.string(), name: z.string() })),
    example: {},
  }),
  'combat.setupForm': channel({
    summary:
      "A system's setup as JSON Schema (its zod schema, input side, with the label of every field), a typical setup to start from and the system's layout hint, so one setup screen serves every system.",
    request: z.object({ system: z.string().min(1, 'expected a rule system id').max(40) }).strict(),
    response: z.object({
      system: z.string(),
      name: z.string(),
      schema: z.record(z.string(), z.unknown()),
      example: z.record(z.string(), z.unknown()).nullable(),
      /** What the screen needs beyond the schema (order, groups, "Pick from roster"…), the system's own; null: the plain screen. */
      layout: setupLayoutSchema.nullable(),
    }),
    example: { system: exampleSystemId },
  }),
  'combat.start': channel({
    changes: ['combats'],
    summary: "Starts a combat from a system's setup (validated by that system's schema).",
    request: z
      .object({
        system: z.string().min(1, 'expected a rule system id').max(40),
        setup: z.record(z.string(), z.unknown()),
        /** Seeds "Roll for me"; the host picks one when absent. */
        seed: wholeNumber(0, 2 ** 31 - 1).optional(),
        /** The rosters the sides were picked from ("Pick from roster"), kept with the stored combat. */
        rosterIds: z
          .array(z.string().min(1, 'expected a roster id').max(100), { error: 'expected a list of roster ids' })
          .max(10)
          .default([]),
      })
      .strict(),
    response: combatSnapshotSchema,
    example: { system: exampleSystemId, setup: exampleSetup, seed: 1 },
  }),
  'combat.preview': channel({
    summary:
      "The whole fight of a setup before it starts (the setup screen shows it as it is filled in): the attacker's and the defender's chances to win it, exact where the work allows, else estimated and marked so, and the first round's odds before any dice (a system whose combat is one round has only these). The combat started from the same setup finds its first figure already worked out.",
    request: z
      .object({
        system: z.string().min(1, 'expected a rule system id').max(40),
        setup: z.record(z.string(), z.unknown()),
      })
      .strict(),
    response: z.object({
      odds: wholeCombatOddsSchema.nullable(),
      /** The fight in one line, as the top of a step reads it ("Space Marines win the fight 65.6% · Orks 34.4% · most likely over in round 1"). */
      headline: z.string().nullable(),
      /** Why there are no figures, where a system fights rounds but this setup is too large even to estimate. */
      unavailable: z.string().nullable(),
      /** The first round's odds before any dice (a game of one round, 40k 10th edition: its whole fight); null where there are none. */
      round: oddsSchema.nullable(),
    }),
    example: { system: exampleSystemId, setup: exampleSetup },
  }),
  'combat.sideFromRoster': channel({
    summary:
      "One side of a combat setup filled from a stored roster unit (40k 10e: the attacker's weapons or the target's models; old world: `{ name, units: [unit] }`, one unit of that side; 40k 7e: the whole side; The Ninth Age: `{ name, unit }`; Epic Armageddon: the whole formation, `{ name, formation, blastMarkers, broken, units, support }`).",
    request: z
      .object({
        rosterId: z.string().min(1, 'expected a roster id').max(100),
        unitId: z.string().min(1, 'expected a unit id').max(100),
        side: z.enum(['attacker', 'defender'], { error: 'expected attacker or defender' }),
        /** 40k 10e: shooting takes the unit's ranged weapons, fighting its melee weapons (required there). Other systems ignore it. */
        ranged: z.boolean({ error: 'expected true or false' }).optional(),
        /**
         * Fill the setup being edited: the part the button sits on (`path`, e.g. "attacker.units[1]",
         * under the layout's `fromRoster` rule `at`) and the setup as it stands. The reply's `setup`
         * is then that setup with the part filled and every reference set right.
         */
        fill: z
          .object(
            { at: z.string().min(1).max(200), path: z.string().min(1).max(200) },
            { error: 'expected where to fill: { at, path }' },
          )
          .strict()
          .optional(),
        setup: z.record(z.string(), z.unknown(), { error: 'expected the setup as it stands' }).optional(),
        /** 40k 10e, shooting: which ranged weapons fire together (the Pistol rule: a model shoots its Pistols or its other ranged weapons); the first of `weaponSets` when absent. */
        weaponSet: z.enum(['all', 'others', 'pistols'], { error: 'expected all, others or pistols' }).optional(),
      })
      .strict(),
    response: z.object({
      system: z.string(),
      name: z.string(),
      side: z.record(z.string(), z.unknown()),
      /** What the conversion decided that the player may want to check or change (e.g. which of several melee weapons a group fights with), in words; shown on the setup screen. */
      notes: z.array(z.string()).optional(),
      /** With `fill`: the whole setup with the part filled (each filled field checked against the system's setup schema) and its references right; the screen takes it as it is. */
      setup: z.record(z.string(), z.unknown()).optional(),
      /** 40k 10e, shooting: the sets of ranged weapons the unit may fire when it has a choice, and which one `side` holds; ask again with `weaponSet` for another. */
      weaponSets: z
        .array(z.object({ id: z.enum(['all', 'others', 'pistols']), label: z.string(), selected: z.boolean() }))
        .optional(),
    }),
    example: { rosterId: 'example-roster', unitId: 'example-unit', side: 'attacker', ranged: true },
  }),
  'combat.get': channel({
    summary: 'The combat as it stands (a stored one is reopened from its log).',
    request: z.object({ id: combatId }).strict(),
    response: combatSnapshotSchema,
    example: { id: 'c-1' },
  }),
  'combat.at': channel({
    summary: 'Read-only replay: the combat as it was after its first `at` inputs (History uses it to step through).',
    request: z.object({ id: combatId, at: wholeNumber(0, 100_000) }).strict(),
    response: combatSnapshotSchema,
    example: { id: 'c-1', at: 0 },
  }),
  'combat.odds': channel({
    summary:
      "The exact odds of an open or stored combat after its first `at` inputs (default: where it stands now), or why there are none; with `whole`, also the odds of the whole combat (slower: asked separately); with `quick` too, a first figure of the whole combat from part of the work (exact where that is enough, else an estimate; no options' figures), refined by asking again without it.",
    request: z
      .object({
        id: combatId,
        at: wholeNumber(0, 100_000).optional(),
        whole: z.boolean().optional(),
        quick: z.boolean().optional(),
      })
      .strict(),
    response: combatOddsSchema,
    example: { id: 'c-1' },
  }),
  'combat.advance': channel({
    changes: ['combats'],
    summary: 'Answers the current step: dice entered, a choice, or acknowledging an outcome.',
    request: z.object({ id: combatId, input: inputSchema }).strict(),
    response: combatSnapshotSchema,
    example: { id: 'c-1', input: { kind: 'continue', stepId: 'start' } },
  }),
  'combat.roll': channel({
    changes: ['combats'],
    summary: '"Roll for me": the host rolls the current step\'s dice with the seeded generator.',
    request: z
      .object({
        id: combatId,
        stepId: z
          .string({ error: 'expected a step id' })
          .min(1, 'expected a step id')
          .max(200, 'expected a step id of at most 200 characters'),
      })
      .strict(),
    response: combatSnapshotSchema,
    example: { id: 'c-1', stepId: 'w0:hit' },
  }),
  'combat.undo': channel({
    changes: ['combats'],
    summary: 'Takes back the last input.',
    request: z.object({ id: combatId }).strict(),
    response: combatSnapshotSchema,
    example: { id: 'c-1' },
  }),
} as const;
