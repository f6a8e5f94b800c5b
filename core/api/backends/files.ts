import type { ParsedRequestOf, ResponseOf } from '../contract';
import { ApiFailure } from '../reply';

/** Native file dialogs, which only the desktop host has. */
export interface HostFiles {
  save(request: ParsedRequestOf<'file.save'>): Promise<ResponseOf<'file.save'>>;
  open(request: ParsedRequestOf<'file.open'>): Promise<ResponseOf<'file.open'>>;
}

export function createFileBackend(files: HostFiles | undefined) {
  const unsupported = (): never => {
    throw new ApiFailure('unsupported', 'There are no file dialogs here: the page saves and opens files itself.');
  };
  return {
    'file.save': async (request: ParsedRequestOf<'file.save'>) => (files ? files.save(request) : unsupported()),
    'file.open': async (request: ParsedRequestOf<'file.open'>) => (files ? files.open(request) : unsupported()),
  };
}
