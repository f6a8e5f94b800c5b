import { z } from 'zod';
import { matchupModeSchema, matchupTableSchema } from '../../matchups/types';
import { idSchema } from '../../roster/documents';
import { channel } from '../channel';
import { rosterExampleIds } from './roster';

/** Units a side of the matchup table may have: a 30 × 30 table is 900 combats, a few minutes at most. */
export const MAX_MATCHUP_UNITS = 30;

/**
 * "Compare with…" (issue 37): which of my units should charge which of theirs. The table is worked
 * out a few cells per call, so the host answers everything else between them: the screen asks
 * again until `finished`, showing `done` of `total` meanwhile, and Cancel is simply asking no more
 * (`stop` ends a call still working at once). Cells are remembered per unit version: asking again
 * gives what was worked out at once, and an edited unit's cells are worked out afresh.
 */
export const matchupChannels = {
  'roster.matchups': channel({
    summary:
      'The matchup table of two rosters of one game, a few more cells each call: each of my units charging each of theirs, with the whole combat’s odds.',
    request: z
      .object({
        mine: idSchema.describe('my roster’s id'),
        theirs: idSchema.describe('their roster’s id'),
        mode: matchupModeSchema.optional(),
        /** Stop working out this table now: the call still working answers with the cells it has. */
        stop: z.boolean().default(false),
      })
      .strict(),
    response: z.object({
      table: matchupTableSchema,
      /** Whether the game asks if my units fight or shoot (40k 10th edition). */
      modes: z.boolean(),
      done: z.number().int().min(0),
      total: z.number().int().min(0),
      finished: z.boolean(),
    }),
    example: { mine: rosterExampleIds.roster, theirs: rosterExampleIds.roster, stop: false },
  }),
  'roster.matchupSetup': channel({
    summary:
      'The setup of one cell of the matchup table — my unit charging theirs, filled as "Pick from roster" fills it — for "Start this combat".',
    request: z
      .object({
        mine: idSchema.describe('my roster’s id'),
        theirs: idSchema.describe('their roster’s id'),
        mineUnit: idSchema.describe('my unit’s id'),
        theirsUnit: idSchema.describe('their unit’s id'),
        mode: matchupModeSchema.optional(),
      })
      .strict(),
    response: z.object({
      system: z.string(),
      setup: z.record(z.string(), z.unknown()),
      rosterIds: z.array(z.string()),
    }),
    example: {
      mine: rosterExampleIds.roster,
      theirs: rosterExampleIds.roster,
      mineUnit: rosterExampleIds.unit,
      theirsUnit: rosterExampleIds.unit,
    },
  }),
} as const;
