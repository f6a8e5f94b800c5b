import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { channels, fail, type Channel, type Dispatch, type Reply } from '../../core/api';

export type SenderCheck = (event: IpcMainInvokeEvent) => boolean;

/**
 * Registers one `ipcMain.handle` per contract channel, each through `handle()`, which refuses a
 * sender that is not the app's own page and hands the payload to the contract dispatch (which
 * validates it before the backend is called).
 */
export function registerContractHandlers(
  ipcMain: Pick<IpcMain, 'handle'>,
  dispatch: Dispatch,
  isTrusted: SenderCheck,
): Channel[] {
  const handle = (channel: Channel) =>
    ipcMain.handle(channel, async (event, payload: unknown): Promise<Reply<unknown>> => {
      if (!isTrusted(event)) return fail('forbidden', 'This request did not come from the Combat Companion window.');
      // The calling page goes along: print channels print the page that asked.
      return dispatch(channel, payload, { page: event.sender });
    });
  for (const channel of channels) handle(channel);
  return [...channels];
}
