import { z } from 'zod';
import { channel } from '../channel';
import { idSchema } from '../../roster/documents';
import { reportSchema, summarySchema } from '../../summary/schema';
import { rosterExampleIds } from './roster';

/**
 * Printable summaries of stored combats and club-night reports (issue 6), built in the host by
 * replaying each stored log through its rule system.
 */

const instant = (what: string) =>
  z.iso.datetime({ offset: true, error: `expected the ${what} as an ISO date and time` });

/** Which combats a report takes: by ids, or those started in [from, to), and/or with a roster. */
const reportRequest = z.object({
  from: instant('start').optional(),
  to: instant('end').optional(),
  rosterId: idSchema.optional(),
  ids: z
    .array(idSchema, { error: 'expected a list of combat ids' })
    .min(1, 'expected at least one combat')
    .max(100, 'at most 100 combats in one report')
    .optional(),
});

/** A file for the renderer to save (file.save on the desktop, a download in the browser). */
const exportedFile = z.object({ fileName: z.string(), kind: z.enum(['markdown', 'json']), content: z.string() });

export const summaryChannels = {
  'history.summary': channel({
    summary:
      'One stored combat as a printable summary: sides and profiles, every step, casualties, the outcome and the odds.',
    request: z.object({ id: idSchema }).strict(),
    response: z.object({ summary: summarySchema }),
    example: { id: rosterExampleIds.combat },
  }),
  'history.report': channel({
    summary:
      'A club-night report: the chosen combats (by ids, or those started in [from, to) and/or with a roster), oldest first, with contents and a per-roster tally.',
    request: reportRequest.strict(),
    response: z.object({ report: reportSchema }),
    example: { from: '2024-05-03T17:00:00.000Z', to: '2024-05-04T02:00:00.000Z' },
  }),
  'history.exportReport': channel({
    summary: 'The same club-night report as a Markdown file, for a club forum or chat.',
    request: reportRequest.extend({ format: z.literal('markdown', { error: 'expected markdown' }) }).strict(),
    response: exportedFile,
    example: { from: '2024-05-03T17:00:00.000Z', to: '2024-05-04T02:00:00.000Z', format: 'markdown' },
  }),
  'history.export': channel({
    summary: 'One stored combat as a file to share: its summary as Markdown, or as JSON with the stored log.',
    request: z
      .object({ id: idSchema, format: z.enum(['markdown', 'json'], { error: 'expected markdown or json' }) })
      .strict(),
    response: exportedFile,
    example: { id: rosterExampleIds.combat, format: 'markdown' },
  }),
} as const;
