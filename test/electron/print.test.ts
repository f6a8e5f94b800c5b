import { mkdtemp, readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDispatch, type Reply } from '../../core/api';
import { registerContractHandlers } from '../../electron/main/ipc';
import { APP_ORIGIN } from '../../electron/main/protocol';
import { createDesktopPrint } from '../../electron/main/print';
import { spiedBackend } from '../support/backendSpy';
import { eventFrom, fakeIpcMain } from '../support/fakeElectron';

const pdfBytes = Buffer.from('%PDF-1.7\n% a printed summary\n%%EOF\n');

/** A page's WebContents at the edge: records what it was asked to print and answers like Electron. */
function fakePage(printAnswer: { success: boolean; failureReason: string } = { success: true, failureReason: '' }) {
  const calls: { print: unknown[]; printToPDF: unknown[] } = { print: [], printToPDF: [] };
  return {
    calls,
    print(options: unknown, callback: (success: boolean, failureReason: string) => void) {
      calls.print.push(options);
      callback(printAnswer.success, printAnswer.failureReason);
    },
    async printToPDF(options: unknown) {
      calls.printToPDF.push(options);
      return pdfBytes;
    },
  };
}

function fakeDialog(answer: string | null) {
  const calls: Array<Record<string, unknown>> = [];
  return {
    calls,
    dialog: {
      showSaveDialog: async (...args: unknown[]) => {
        calls.push(args.at(-1) as Record<string, unknown>);
        return answer ? { canceled: false, filePath: answer } : { canceled: true, filePath: '' };
      },
    } as never,
  };
}

describe('desktop printing', () => {
  it('prints the calling page with the system dialog, on the chosen paper', async () => {
    const page = fakePage();
    const print = createDesktopPrint({ ...fakeDialog(null), documentsDir: '/tmp' });
    expect(await print.print({ paper: 'letter' }, { page })).toEqual({ printed: true });
    expect(page.calls.print).toEqual([{ silent: false, printBackground: true, pageSize: 'Letter' }]);
  });

  it('reports a cancelled print dialog as not printed, and a failed print as an error', async () => {
    const print = createDesktopPrint({ ...fakeDialog(null), documentsDir: '/tmp' });
    expect(
      await print.print({ paper: 'a4' }, { page: fakePage({ success: false, failureReason: 'cancelled' }) }),
    ).toEqual({ printed: false });
    await expect(
      print.print({ paper: 'a4' }, { page: fakePage({ success: false, failureReason: 'Print job failed' }) }),
    ).rejects.toMatchObject({ code: 'internal' });
  });

  it('writes nothing (and renders nothing) when the save dialog is cancelled', async () => {
    const page = fakePage();
    const print = createDesktopPrint({ ...fakeDialog(null), documentsDir: '/tmp' });
    expect(await print.savePdf({ paper: 'a4', suggestedName: 'x.pdf' }, { page })).toEqual({ saved: false });
    expect(page.calls.printToPDF).toEqual([]);
  });

  it('writes the PDF atomically where the user chose, sized to the paper', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cc-print-'));
    const target = join(dir, 'club night.pdf');
    const page = fakePage();
    const { dialog, calls } = fakeDialog(target);
    const print = createDesktopPrint({ dialog, documentsDir: '/home/me/Documents' });
    expect(await print.savePdf({ paper: 'a4', suggestedName: '../../club night' }, { page })).toEqual({
      saved: true,
      path: target,
    });
    expect(await readFile(target)).toEqual(pdfBytes);
    // Only the file itself is left: the temp file was renamed into place.
    expect(await readdir(dir)).toEqual(['club night.pdf']);
    expect(page.calls.printToPDF).toEqual([
      { pageSize: 'A4', printBackground: true, preferCSSPageSize: true, displayHeaderFooter: false },
    ]);
    // The suggested name cannot point the dialog outside Documents, and it is a .pdf.
    expect(calls[0]?.['defaultPath']).toBe('/home/me/Documents/club night.pdf');
  });

  it('refuses a caller that is not a page', async () => {
    const print = createDesktopPrint({ ...fakeDialog('/tmp/x.pdf'), documentsDir: '/tmp' });
    await expect(print.print({ paper: 'a4' }, undefined)).rejects.toMatchObject({ code: 'unsupported' });
    await expect(print.savePdf({ paper: 'a4', suggestedName: 'x.pdf' }, { page: {} })).rejects.toMatchObject({
      code: 'unsupported',
    });
  });
});

describe('print channels over IPC', () => {
  it('hand the calling page (event.sender) to the backend', async () => {
    const ipcMain = fakeIpcMain();
    const backend = spiedBackend();
    registerContractHandlers(ipcMain, createDispatch(backend), () => true);
    const sender = fakePage();
    const event = { ...eventFrom(`${APP_ORIGIN}/index.html#/print/combat/1`), sender } as never;
    const reply = (await ipcMain.invoke('print.print', event, { paper: 'a4' })) as Reply<unknown>;
    expect(backend.calls['print.print']).toHaveBeenCalledWith({ paper: 'a4' }, { page: sender });
    // The spied backend has no desktop printing: the reply says so.
    expect(reply).toMatchObject({ ok: false, error: { code: 'unsupported' } });
  });
});
