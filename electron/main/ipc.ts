import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { channels, fail, type Channel } from '../../core/api';
import type { WireReply } from './hostThread';
import type { Route } from './route';

export type SenderCheck = (event: IpcMainInvokeEvent) => boolean;

/**
 * Registers one `ipcMain.handle` per contract channel, each through `handle()`, which refuses a
 * sender that is not the app's own page and hands the request to the route (route.ts: measured
 * against the caps, then to the dialogs here or the host thread, where the contract dispatch
 * validates it before the backend is called).
 */
export function registerContractHandlers(
  ipcMain: Pick<IpcMain, 'handle'>,
  route: Route,
  isTrusted: SenderCheck,
): Channel[] {
  const handle = (channel: Channel) =>
    ipcMain.handle(channel, async (event, request: unknown): Promise<WireReply> => {
      if (!isTrusted(event)) return fail('forbidden', 'This request did not come from the Combat Companion window.');
      // The calling page goes along: print channels print the page that asked.
      return route(channel, request, { page: event.sender });
    });
  for (const channel of channels) handle(channel);
  return [...channels];
}
