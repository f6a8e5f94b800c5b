import type { Dispatch } from '../../core/api';
import type { ThreadMessage, ThreadRequest } from './hostThread';

/** The thread's side: each request through the contract dispatch, answered by its id; `close` closes the store. */
export function serveThread(
  port: {
    on(event: 'message', listener: (message: ThreadRequest) => void): void;
    postMessage(message: ThreadMessage): void;
  },
  dispatch: Dispatch,
  close: () => Promise<void>,
): void {
  port.on('message', (message) => {
    if ('close' in message) {
      void close().finally(() => port.postMessage({ id: message.id, closed: true }));
      return;
    }
    void dispatch(message.channel, message.payload).then((reply) => port.postMessage({ id: message.id, reply }));
  });
}
