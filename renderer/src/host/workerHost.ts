import type { Dispatch } from '../../../core/api/dispatch';
import { isHostRequest, type HostResponse } from './messages';

/** The part of a worker's global scope the host uses (a fake stands in for it in tests). */
export interface HostScope {
  postMessage(message: HostResponse): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

/**
 * The browser host: answers the page's requests through the same contract dispatch the desktop
 * host uses, so each channel is validated the same way before the backend sees it.
 */
export function serveContract(scope: HostScope, dispatch: Dispatch): void {
  scope.addEventListener('message', (event) => {
    const data = event.data;
    // A message that is not a request has no id to answer to; there is nobody to tell.
    if (!isHostRequest(data)) return;
    void dispatch(data.channel, data.payload).then((reply) => scope.postMessage({ id: data.id, reply }));
  });
}
