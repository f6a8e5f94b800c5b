import { z } from 'zod';

/**
 * The matchup table (issue 37): "which of my units should charge which of theirs". Each cell is
 * my unit charging (or, in 40k 10th edition, shooting or fighting) theirs, filled exactly as the
 * setup screen fills a combat picked from the roster, with the whole combat's odds worked out.
 */

/** 40k 10th edition: my unit fights (melee weapons) or shoots (ranged weapons). Other games charge. */
export const matchupModeSchema = z.enum(['fighting', 'shooting']);
export type MatchupMode = z.infer<typeof matchupModeSchema>;

/** A roster unit as the table takes it: its id, name and stored profile (checked when it fills a combat). */
export interface MatchupUnit {
  id: string;
  name: string;
  profile: unknown;
}

/** One side of the table: a roster's name and its units, in the roster's order. */
export interface MatchupSide {
  name: string;
  units: readonly MatchupUnit[];
}

const p = z.number().min(0).max(1);

/** How one unit can end the fight: wiped out, broken and got away, broken and caught by the pursuit. */
export const fightFateSchema = z.object({
  /** The unit, as the combat names it. */
  unit: z.string(),
  destroyed: p,
  flees: p,
  caught: p,
});
export type FightFate = z.infer<typeof fightFateSchema>;

/**
 * My unit's odds against theirs. `whole`: the whole combat, round after round — I win, they win,
 * a draw, still fighting after the last round counted. `attack` (one attack, 40k 10th edition):
 * `win` is wiping their unit out, `unfinished` their unit still standing; nothing strikes back.
 */
export const matchupOddsSchema = z.object({
  kind: z.enum(['whole', 'attack']),
  win: p,
  lose: p,
  draw: p,
  unfinished: p,
  exact: z.boolean(),
  /** An estimate's standard error (its figures come from play-outs: past the cell's work cap). */
  standardError: z.number().min(0).optional(),
  /** One attack: the models of their unit destroyed on average, of how many it has. */
  meanModelsDestroyed: z.number().min(0).optional(),
  targetModels: z.number().int().min(0).optional(),
  /** The whole fight in one line, as the top of every step of a combat reads it. */
  headline: z.string(),
  /** A whole fight: the chance it is over in each round, round 1 first (what is left after the last is `unfinished`). */
  rounds: z.array(p).optional(),
  /** A whole fight: how my unit and theirs can end it (who breaks, who is caught, who is wiped out). */
  fates: z.object({ mine: fightFateSchema, theirs: fightFateSchema }).optional(),
});
export type MatchupOdds = z.infer<typeof matchupOddsSchema>;

/**
 * One cell: my unit (row) charging theirs (column); its odds, or why there are none, in words. In a
 * whole fight, also the same pair the other way round — their unit charging mine — with its odds
 * still told from my side (`win` is my unit winning), or why there are none.
 */
export const matchupCellSchema = z.object({
  mine: z.string(),
  theirs: z.string(),
  odds: matchupOddsSchema.nullable(),
  /** Why the cell has no odds (the unit cannot fill this combat, the combat is too large even to estimate). */
  why: z.string().optional(),
  /** Their unit charging mine (whole fights only): `win` is my chance, `lose` theirs. */
  defending: matchupOddsSchema.nullable().optional(),
  /** Why their charge has no odds. */
  defendingWhy: z.string().optional(),
});
export type MatchupCell = z.infer<typeof matchupCellSchema>;

const unitRefSchema = z.object({ id: z.string(), name: z.string() });

/**
 * The whole table: my units as rows, best first (by the best chance each has against any of theirs),
 * their units as columns in their roster's order; each row's cells in the columns' order.
 */
export const matchupTableSchema = z.object({
  system: z.string(),
  mode: matchupModeSchema.optional(),
  mine: z.object({ name: z.string(), units: z.array(unitRefSchema) }),
  theirs: z.object({ name: z.string(), units: z.array(unitRefSchema) }),
  rows: z.array(
    z.object({
      unit: unitRefSchema,
      /** The column of this row's best cell (null: no cell of the row has odds). */
      best: z.string().nullable(),
      cells: z.array(matchupCellSchema),
    }),
  ),
  /** Cells whose odds are an estimate (past the cell's work cap): said once under the table. */
  estimates: z.number().int().min(0),
});
export type MatchupTable = z.infer<typeof matchupTableSchema>;
