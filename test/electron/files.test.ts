import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileBackend } from '../../core/api/backends/files';
import { ApiFailure } from '../../core/api/reply';
import { createDesktopFiles } from '../../electron/main/files';

/** Electron's dialog at the edge: answers with the path (or cancel) it is given. */
function fakeDialog(answer: { save?: string | null; open?: string | null }) {
  const calls: Array<{ kind: 'save' | 'open'; options: Record<string, unknown> }> = [];
  return {
    calls,
    dialog: {
      showSaveDialog: async (...args: unknown[]) => {
        calls.push({ kind: 'save', options: args.at(-1) as Record<string, unknown> });
        return answer.save ? { canceled: false, filePath: answer.save } : { canceled: true, filePath: '' };
      },
      showOpenDialog: async (...args: unknown[]) => {
        calls.push({ kind: 'open', options: args.at(-1) as Record<string, unknown> });
        return answer.open ? { canceled: false, filePaths: [answer.open] } : { canceled: true, filePaths: [] };
      },
    } as never,
  };
}

describe('desktop file dialogs', () => {
  it('saves where the user chose, starting in Documents with the suggested name and a roster filter', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cc-files-'));
    const target = join(dir, 'army.ccroster.json');
    const { dialog, calls } = fakeDialog({ save: target });
    const files = createDesktopFiles({ dialog, window: () => null, documentsDir: '/home/me/Documents' });
    expect(await files.save({ suggestedName: '../../army.ccroster.json', kind: 'roster', content: '{"a":1}' })).toEqual(
      { saved: true, path: target },
    );
    expect(await readFile(target, 'utf8')).toBe('{"a":1}');
    // The suggested name cannot point the dialog outside Documents.
    expect(calls[0]?.options['defaultPath']).toBe('/home/me/Documents/army.ccroster.json');
    expect(JSON.stringify(calls[0]?.options['filters'])).toContain('ccroster.json');
  });

  it('writes nothing when the user cancels', async () => {
    const files = createDesktopFiles({ ...fakeDialog({ save: null }), window: () => null, documentsDir: '/tmp' });
    expect(await files.save({ suggestedName: 'x.md', kind: 'markdown', content: '#' })).toEqual({ saved: false });
  });

  it('opens the chosen file, or returns null when cancelled', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cc-files-'));
    const source = join(dir, 'club.ccroster.json');
    await writeFile(source, '{"format":"x"}');
    expect(
      await createDesktopFiles({ ...fakeDialog({ open: source }), window: () => null, documentsDir: dir }).open({
        kind: 'roster',
      }),
    ).toEqual({
      file: { name: 'club.ccroster.json', content: '{"format":"x"}', encoding: 'text' },
    });
    expect(
      await createDesktopFiles({ ...fakeDialog({ open: null }), window: () => null, documentsDir: dir }).open({
        kind: 'roster',
      }),
    ).toEqual({ file: null });
  });

  it('offers BattleScribe and New Recruit rosters too, and opens a .rosz (a ZIP) as its bytes in base64', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cc-files-'));
    const source = join(dir, 'Necrons.rosz');
    const bytes = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0xff, 0x10]);
    await writeFile(source, bytes);
    const { dialog, calls } = fakeDialog({ open: source });
    expect(
      await createDesktopFiles({ dialog, window: () => null, documentsDir: dir }).open({ kind: 'roster' }),
    ).toEqual({
      file: { name: 'Necrons.rosz', content: bytes.toString('base64'), encoding: 'base64' },
    });
    expect(JSON.stringify(calls[0]?.options['filters'])).toContain('"rosz"');
  });
});

describe('file channels without dialogs (the browser host)', () => {
  it('answer unsupported, so the page uses its own download and file picker', async () => {
    const backend = createFileBackend(undefined);
    await expect(backend['file.save']({ suggestedName: 'a.json', kind: 'json', content: '' })).rejects.toMatchObject({
      code: 'unsupported',
    });
    await expect(backend['file.open']({ kind: 'roster' })).rejects.toBeInstanceOf(ApiFailure);
  });
});
