import type { Dispatch } from '../../../core/api/dispatch';
import { changesOf, isChannel } from '../../../core/api/contract';
import type { StoreArea } from '../../../core/api/channel';
import { isHostRequest, type HostEvent, type HostResponse } from './messages';

/** The part of a worker's global scope the host uses (a fake stands in for it in tests). */
export interface HostScope {
  postMessage(message: HostResponse | HostEvent): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

/**
 * The browser host: answers the page's requests through the same contract dispatch the desktop
 * host uses, so each channel is validated the same way before the backend sees it.
 */
export function serveContract(
  scope: HostScope,
  dispatch: Dispatch,
  onChanged?: (areas: readonly StoreArea[]) => void,
): void {
  scope.addEventListener('message', (event) => {
    const data = event.data;
    // A message that is not a request has no id to answer to; there is nobody to tell.
    if (!isHostRequest(data)) return;
    void dispatch(data.channel, data.payload).then((reply) => {
      scope.postMessage({ id: data.id, reply });
      const areas = reply.ok && isChannel(data.channel) ? changesOf(data.channel) : [];
      if (areas.length > 0) onChanged?.(areas);
    });
  });
}

/**
 * Other tabs of the app have their own worker on the same IndexedDB: a write here is announced
 * on a BroadcastChannel, and one announced there is passed to this tab's page so it refreshes
 * (last write wins per unit; nobody keeps editing a stale copy unknowingly).
 */
export function shareChanges(
  scope: HostScope,
  channel: {
    postMessage(m: unknown): void;
    addEventListener(type: 'message', l: (e: { data: unknown }) => void): void;
  },
) {
  channel.addEventListener('message', ({ data }) => {
    const areas = (data as { areas?: unknown }).areas;
    if (Array.isArray(areas)) scope.postMessage({ event: 'store-changed', areas: areas as StoreArea[] });
  });
  return (areas: readonly StoreArea[]) => channel.postMessage({ areas: [...areas] });
}
