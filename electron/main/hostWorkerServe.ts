import type { Dispatch } from '../../core/api';
import { fail, type Reply } from '../../core/api/reply';
import { crossesAsBytes, decodeJson, encodeJson, transferableBuffer } from '../wire';
import type { ThreadMessage, ThreadRequest } from './hostThread';

/**
 * The thread's side: each request through the contract dispatch, answered by its id; `close` closes
 * the store. A request that came as JSON bytes is parsed here, off the main process; a reply of
 * more values than an object should carry goes back as JSON bytes, transferred (electron/wire.ts).
 */
export function serveThread(
  port: {
    on(event: 'message', listener: (message: ThreadRequest) => void): void;
    postMessage(message: ThreadMessage, transfer?: ArrayBuffer[]): void;
  },
  dispatch: Dispatch,
  close: () => Promise<void>,
): void {
  port.on('message', (message) => {
    if ('close' in message) {
      void close().finally(() => port.postMessage({ id: message.id, closed: true }));
      return;
    }
    void answer(message, dispatch).then((reply) => {
      if (!crossesAsBytes(reply)) return port.postMessage({ id: message.id, reply });
      const bytes = transferableBuffer(encodeJson(reply));
      port.postMessage({ id: message.id, bytes }, [bytes]);
    });
  });
}

/** The request's reply; bytes that are not a JSON text are refused in words. */
function answer(message: Exclude<ThreadRequest, { close: true }>, dispatch: Dispatch): Promise<Reply<unknown>> {
  if (!('bytes' in message)) return dispatch(message.channel, message.payload);
  const read = decodeJson(new Uint8Array(message.bytes));
  if (!read.ok) return Promise.resolve(fail('invalid_input', `The request was refused: ${read.reason}.`));
  return dispatch(message.channel, read.value);
}
