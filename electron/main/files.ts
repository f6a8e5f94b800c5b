import { readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { BrowserWindow, Dialog, FileFilter } from 'electron';
import writeFileAtomic from 'write-file-atomic';
import type { HostFiles } from '../../core/api/backends/files';
import type { fileKinds } from '../../core/api/channels/files';
import { ApiFailure } from '../../core/api/reply';

type Kind = (typeof fileKinds)[number];

const filters: Record<Kind, FileFilter[]> = {
  roster: [
    {
      name: 'Rosters (Combat Companion, BattleScribe, New Recruit)',
      extensions: ['ccroster.json', 'json', 'ros', 'rosz'],
    },
  ],
  markdown: [{ name: 'Markdown', extensions: ['md'] }],
  json: [{ name: 'JSON', extensions: ['json'] }],
  pdf: [{ name: 'PDF', extensions: ['pdf'] }],
};

/** Larger files are refused before they are read: a roster file is kilobytes. */
const maxOpenBytes = 50_000_000;

/**
 * Asks where to save, attached to `window` when there is one: the chosen path, or null when the
 * dialog was cancelled. Shared by the file channels and "Save as PDF…".
 */
export async function askWhereToSave(
  dialog: Pick<Dialog, 'showSaveDialog'>,
  window: BrowserWindow | null,
  documentsDir: string,
  suggestedName: string,
  kind: Kind,
): Promise<string | null> {
  const options = { defaultPath: join(documentsDir, basename(suggestedName)), filters: filters[kind] };
  const choice = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
  return choice.canceled || !choice.filePath ? null : choice.filePath;
}

/**
 * The desktop host's file dialogs: native save/open dialogs from the main process, attached to
 * the app window; writes are atomic (temp file, fsync, rename) so a crash never leaves half a file.
 */
export function createDesktopFiles(deps: {
  dialog: Pick<Dialog, 'showSaveDialog' | 'showOpenDialog'>;
  window: () => BrowserWindow | null;
  documentsDir: string;
}): HostFiles {
  return {
    async save({ suggestedName, kind, content }) {
      const path = await askWhereToSave(deps.dialog, deps.window(), deps.documentsDir, suggestedName, kind);
      if (path === null) return { saved: false };
      await writeFileAtomic(path, content, { encoding: 'utf8' });
      return { saved: true, path };
    },
    async open({ kind }) {
      const options = { properties: ['openFile' as const], filters: filters[kind] };
      const window = deps.window();
      const choice = window
        ? await deps.dialog.showOpenDialog(window, options)
        : await deps.dialog.showOpenDialog(options);
      const path = choice.filePaths[0];
      if (choice.canceled || !path) return { file: null };
      if ((await stat(path)).size > maxOpenBytes)
        throw new ApiFailure(
          'invalid_input',
          `${basename(path)} is larger than 50 MB: it is not a roster file.`,
          'file',
        );
      // A roster editor's file is read as bytes (a .rosz is a ZIP); the host converts it.
      if (/\.rosz?$/i.test(path))
        return {
          file: {
            name: basename(path),
            content: (await readFile(path)).toString('base64'),
            encoding: 'base64' as const,
          },
        };
      return { file: { name: basename(path), content: await readFile(path, 'utf8'), encoding: 'text' as const } };
    },
  };
}
