import { z } from 'zod';
import { channel } from '../channel';

/** What a file is, for the dialog's filters and default folder. */
export const fileKinds = ['roster', 'markdown', 'json', 'pdf'] as const;
const fileKindSchema = z.enum(fileKinds, { error: 'expected roster, markdown, json or pdf' });

/**
 * Files through the desktop host's native open/save dialogs. The browser host has none (it says
 * `unsupported`); the renderer's host layer then uses the browser's own download and file input.
 */
export const fileChannels = {
  'file.save': channel({
    summary: 'Asks where to save (native dialog) and writes the text there atomically.',
    request: z
      .object({
        suggestedName: z.string().min(1, 'expected a file name').max(200),
        kind: fileKindSchema,
        content: z.string().max(50_000_000, 'the file is too large (50 MB at most)'),
      })
      .strict(),
    response: z.object({ saved: z.boolean(), path: z.string().optional() }),
    example: { suggestedName: 'my-army.ccroster.json', kind: 'roster', content: '{}' },
  }),
  'file.open': channel({
    summary:
      "Asks which file to open (native dialog) and returns its text; null if cancelled. A roster editor's roster (.ros, .rosz: a .rosz is a ZIP) comes as its bytes in base64.",
    request: z.object({ kind: fileKindSchema }).strict(),
    response: z.object({
      file: z
        .object({ name: z.string(), content: z.string(), encoding: z.enum(['text', 'base64']).default('text') })
        .nullable(),
    }),
    example: { kind: 'roster' },
  }),
} as const;
