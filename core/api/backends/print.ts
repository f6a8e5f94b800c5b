import type { Caller } from '../caller';
import type { ParsedRequestOf, ResponseOf } from '../contract';
import { ApiFailure } from '../reply';

/**
 * Printing, which only the desktop host can do itself. Both calls print the page that asked
 * (`caller`), so the print view prints itself, not whatever window happens to be in front.
 */
export interface HostPrint {
  print(request: ParsedRequestOf<'print.print'>, caller: Caller | undefined): Promise<ResponseOf<'print.print'>>;
  savePdf(request: ParsedRequestOf<'print.savePdf'>, caller: Caller | undefined): Promise<ResponseOf<'print.savePdf'>>;
}

export function createPrintBackend(print: HostPrint | undefined) {
  const unsupported = (): never => {
    throw new ApiFailure(
      'unsupported',
      "This app cannot print by itself here: use the browser's print dialog (it can also save a PDF).",
    );
  };
  return {
    'print.print': async (request: ParsedRequestOf<'print.print'>, caller?: Caller) =>
      print ? print.print(request, caller) : unsupported(),
    'print.savePdf': async (request: ParsedRequestOf<'print.savePdf'>, caller?: Caller) =>
      print ? print.savePdf(request, caller) : unsupported(),
  };
}
