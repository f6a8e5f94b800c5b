import { z } from 'zod';
import { channel } from '../channel';

export const paperSizes = ['a4', 'letter'] as const;
export const paperSchema = z.enum(paperSizes, { error: 'expected a4 or letter' });
export type Paper = z.infer<typeof paperSchema>;

/**
 * Printing the page that asks (the print view), through the desktop host: the system print dialog,
 * or a PDF written where the user chooses. The browser host has neither (it says `unsupported`);
 * the page then opens the browser's own print dialog, which can also save a PDF.
 */
export const printChannels = {
  'print.print': channel({
    summary: "Prints the calling page with the system's print dialog.",
    request: z.object({ paper: paperSchema }).strict(),
    response: z.object({ printed: z.boolean() }),
    example: { paper: 'a4' },
  }),
  'print.savePdf': channel({
    summary: 'Asks where to save (native dialog) and writes the calling page there as a PDF.',
    request: z
      .object({ paper: paperSchema, suggestedName: z.string().min(1, 'expected a file name').max(200) })
      .strict(),
    response: z.object({ saved: z.boolean(), path: z.string().optional() }),
    example: { paper: 'letter', suggestedName: 'club-night.pdf' },
  }),
} as const;
