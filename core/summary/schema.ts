import { z } from 'zod';
import { wholeCombatOddsSchema } from '../analysis/combat/types';
import { oddsSchema } from '../analysis/odds';
import { reasonSchema, roleSchema } from '../combat/steps';
import { unitViewSchema } from '../combat/view';

/**
 * A stored combat as a printable summary: plain data, the same for every rule system, rendered by
 * the print view, as Markdown and kept in the JSON export. Built in the host (summary.ts) by
 * replaying the stored log, so it says exactly what the wizard said at the table.
 */

export const profileLineSchema = z.object({ label: z.string(), text: z.string() });

export const rosterRefSchema = z.object({ id: z.string(), name: z.string() });
export type RosterRef = z.infer<typeof rosterRefSchema>;

export const summarySideSchema = z.object({
  role: roleSchema,
  /** The side's name as the combat shows it (the unit's name). */
  name: z.string(),
  /** The roster the unit came from, where it is known. */
  roster: rosterRefSchema.nullable(),
  /** The profiles used, one line each. */
  profile: z.array(profileLineSchema),
  /** Every model as the combat ended, with its wounds left. */
  units: z.array(unitViewSchema),
  models: z.number().int(),
  modelsLost: z.number().int(),
});
export type SummarySide = z.infer<typeof summarySideSchema>;

export const summaryStepSchema = z.object({
  /** 1, 2, 3… in the order things happened. */
  n: z.number().int(),
  /**
   * The players' step it came of, counted as the app counts them (the wizard's "step 3", "finished
   * after 6 steps"): the step answered and what the rules then did by themselves. Absent: the rules
   * did it before the first step.
   */
  taken: z.number().int().optional(),
  stepId: z.string(),
  /**
   * roll: dice were rolled; choose: a player decided; outcome: a result was shown and
   * acknowledged (a round's combat result, a break test's outcome); auto: the rules did it.
   */
  kind: z.enum(['roll', 'choose', 'outcome', 'auto']),
  actor: roleSchema.nullable(),
  /** The name of the side that acted. */
  actorName: z.string().nullable(),
  title: z.string(),
  /** What each die needed, e.g. "3+" (roll steps). */
  needs: z.string().nullable(),
  dice: z.array(z.number().int()).nullable(),
  /** Where the players rolled D6s and halved them for D3s: the D6 faces as typed (`dice` has the D3 results). */
  typed: z.array(z.number().int()).optional(),
  rolledBy: z.enum(['entered', 'rolled']).nullable(),
  /** Dice at or above the target / at or above the critical face, where the step had them. */
  successes: z.number().int().nullable(),
  criticals: z.number().int().nullable(),
  /** The option chosen (choose steps). */
  choice: z.string().nullable(),
  result: z.string(),
  /** An outcome step's lines (the arithmetic). */
  lines: z.array(z.string()),
  why: z.array(reasonSchema),
});
export type SummaryStep = z.infer<typeof summaryStepSchema>;

export const summaryOddsSchema = oddsSchema.extend({
  /** Where the combat ended, when it has (the bar to mark): index into `before`, and its value. */
  actual: z.object({ index: z.number().int(), value: z.number().int() }).nullable(),
});
export type SummaryOdds = z.infer<typeof summaryOddsSchema>;

export const summarySchema = z.object({
  id: z.string(),
  title: z.string(),
  system: z.object({ id: z.string(), name: z.string() }),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  seed: z.number(),
  finished: z.boolean(),
  sides: z.object({ attacker: summarySideSchema, defender: summarySideSchema }),
  steps: z.array(summaryStepSchema),
  /** The final result and its arithmetic (null while the combat is unfinished). */
  outcome: z.object({ title: z.string(), lines: z.array(z.string()) }).nullable(),
  /**
   * Paused between rounds to be fought on in a later turn, in the players' words ("paused after
   * round 1 — round 2 next turn"): unfinished and undecided. Absent otherwise.
   */
  paused: z.string().optional(),
  /** The step the combat waits at, while unfinished. */
  pending: z.string().nullable(),
  /** From the rule system; null when it names no winner (or the combat is unfinished). */
  winner: z.enum(['attacker', 'defender', 'draw']).nullable(),
  /** The exact odds of the main outcome beside the luck; null for a system without analysis or a combat too large to count. */
  odds: summaryOddsSchema.nullable(),
  /** Why there are no odds, in words, when the analysis refused a combat this large. */
  oddsUnavailable: z.string().nullable().default(null),
  /**
   * The odds of the whole combat, round after round (core/analysis/combat): before any die, and
   * where the fight ended (certain once it is over) or stands. Absent for a system whose combat is
   * one round, and in a report of many combats (each would take its own second).
   */
  wholeCombat: z.object({ start: wholeCombatOddsSchema, end: wholeCombatOddsSchema }).nullable().optional(),
});
export type Summary = z.infer<typeof summarySchema>;

export const tallyRowSchema = z.object({
  /** The roster's id, or "unit:<name>" for a side not traced to a roster. */
  key: z.string(),
  name: z.string(),
  rosterId: z.string().nullable(),
  combats: z.number().int(),
  won: z.number().int(),
  lost: z.number().int(),
  drawn: z.number().int(),
  /** Enemy models this force destroyed, and its own models lost. */
  modelsDestroyed: z.number().int(),
  modelsLost: z.number().int(),
});
export type TallyRow = z.infer<typeof tallyRowSchema>;

export const reportSchema = z.object({
  title: z.string(),
  /** The period asked for (ISO timestamps; from inclusive, to exclusive). */
  from: z.string().nullable(),
  to: z.string().nullable(),
  roster: rosterRefSchema.nullable(),
  contents: z.array(
    z.object({
      n: z.number().int(),
      id: z.string(),
      title: z.string(),
      system: z.string(),
      startedAt: z.string(),
      result: z.string(),
      winner: z.string().nullable(),
    }),
  ),
  tally: z.array(tallyRowSchema),
  combats: z.array(summarySchema),
});
export type Report = z.infer<typeof reportSchema>;
