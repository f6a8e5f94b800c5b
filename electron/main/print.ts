import { basename } from 'node:path';
import type { BrowserWindow, Dialog, WebContents } from 'electron';
import writeFileAtomic from 'write-file-atomic';
import type { Caller } from '../../core/api/backend';
import type { HostPrint } from '../../core/api/backends/print';
import type { Paper } from '../../core/api/channels/print';
import { ApiFailure } from '../../core/api/reply';
import { askWhereToSave } from './files';

/** What of a WebContents printing uses (a fake stands in for it in tests). */
export type PrintablePage = Pick<WebContents, 'print' | 'printToPDF'>;

const pageSizes: Record<Paper, 'A4' | 'Letter'> = { a4: 'A4', letter: 'Letter' };

/**
 * The desktop host's printing, of the page that asked (ipc.ts passes `event.sender` as the
 * caller). The print view's CSS already sets the paper (`@page size`), the margins and the page
 * numbers (`@page` margin boxes), so the PDF keeps them (`preferCSSPageSize`) and Chromium's own
 * header and footer stay off: they would print over the CSS page numbers. `pageSize` is passed as
 * well, for the print dialog's default and for a page without CSS sizes.
 */
export function createDesktopPrint(deps: {
  dialog: Pick<Dialog, 'showSaveDialog'>;
  documentsDir: string;
  /** The window showing the page, so the save dialog is attached to it. */
  windowOf?: (page: PrintablePage) => BrowserWindow | null;
}): HostPrint {
  const pageOf = (caller: Caller | undefined): PrintablePage => {
    const page = caller?.page as Partial<PrintablePage> | undefined;
    if (!page || typeof page.print !== 'function' || typeof page.printToPDF !== 'function') {
      throw new ApiFailure('unsupported', 'Only a page of the app window can be printed.');
    }
    return page as PrintablePage;
  };

  return {
    async print({ paper }, caller) {
      const page = pageOf(caller);
      return new Promise((resolve, reject) => {
        page.print({ silent: false, printBackground: true, pageSize: pageSizes[paper] }, (success, failureReason) => {
          if (success) resolve({ printed: true });
          // Cancelling the dialog is an answer, not a failure.
          else if (/cancel/i.test(failureReason)) resolve({ printed: false });
          else reject(new ApiFailure('internal', `The page could not be printed: ${failureReason}`));
        });
      });
    },

    async savePdf({ paper, suggestedName }, caller) {
      const page = pageOf(caller);
      const name = basename(suggestedName).replace(/(\.pdf)?$/i, '.pdf');
      // Ask first: a cancelled dialog costs no rendering and writes nothing.
      const path = await askWhereToSave(deps.dialog, deps.windowOf?.(page) ?? null, deps.documentsDir, name, 'pdf');
      if (path === null) return { saved: false };
      const pdf = await page.printToPDF({
        pageSize: pageSizes[paper],
        printBackground: true,
        preferCSSPageSize: true,
        displayHeaderFooter: false,
      });
      await writeFileAtomic(path, pdf);
      return { saved: true, path };
    },
  };
}
