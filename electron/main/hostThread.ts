import type { Dispatch } from '../../core/api';
import { fail, type Reply } from '../../core/api/reply';
import { readReply, transferableBuffer, type WireReply } from '../wire';

export type { WireReply } from '../wire';

/**
 * The desktop host's contract work runs on a worker thread (hostWorker.ts), so no request, however
 * heavy (a roster import of thousands of units, a club night's report), blocks the main process's
 * event loop: the window keeps painting and answering while it runs (issue 26: a valid 16 MB import
 * froze every window for 23.5 s). The main process keeps only what needs Electron itself: the
 * native file dialogs and printing the page that asked (`mainChannels`, route.ts). A large request
 * or reply crosses as JSON bytes, transferred, never copied value by value (electron/wire.ts).
 */

/** What the main process needs of a worker_threads Worker (a fake or a MessagePort stands in for it in tests). */
export interface ThreadLike {
  postMessage(message: ThreadRequest, transfer?: ArrayBuffer[]): void;
  on(event: 'message', listener: (message: ThreadMessage) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  on(event: 'exit', listener: (code: number) => void): void;
}

/** A request as the main process hands it on: the payload as an object, or its JSON text's bytes. */
export type ThreadPayload = { payload: unknown } | { bytes: Uint8Array };
export type ThreadRequest =
  | { id: number; channel: string; payload: unknown }
  | { id: number; channel: string; bytes: ArrayBuffer }
  | { id: number; close: true };
export type ThreadMessage =
  { id: number; reply: Reply<unknown> } | { id: number; bytes: ArrayBuffer } | { id: number; closed: true };

export interface HostThread {
  /** A request handed on as it came (bytes transferred), its reply as it came back (bytes unread). */
  forward(channel: string, request: ThreadPayload): Promise<WireReply>;
  /** A request as an object, its reply read: for callers in the main process that need the reply itself (tests). */
  dispatch: Dispatch;
  /** Asks the thread to close its store (pending writes reach the disk), then resolves. */
  close(): Promise<void>;
}

/**
 * Talks to the host thread: one id per call; every call is answered, with an error reply in words
 * once the thread has stopped (a crash, out of memory), never left waiting.
 */
export function connectHostThread(thread: ThreadLike): HostThread {
  let nextId = 1;
  const pending = new Map<number, (message: ThreadMessage) => void>();
  let stopped: string | null = null;
  const stop = (why: string) => {
    stopped ??= `The app's host stopped (${why}). Restart Combat Companion; what was saved before is kept.`;
    const reply = fail('internal', stopped);
    for (const [id, resolve] of pending) resolve({ id, reply });
    pending.clear();
  };
  thread.on('message', (message) => {
    const resolve = pending.get(message.id);
    if (!resolve) return;
    pending.delete(message.id);
    resolve(message);
  });
  thread.on('error', (error) => stop(error.message));
  thread.on('exit', (code) => stop(`it exited with code ${code}`));

  const send = (request: ThreadRequestBody, transfer: ArrayBuffer[] = []) =>
    new Promise<ThreadMessage>((resolve) => {
      const id = nextId++;
      if (stopped) return resolve({ id, reply: fail('internal', stopped) });
      pending.set(id, resolve);
      try {
        thread.postMessage({ id, ...request } as ThreadRequest, transfer);
      } catch (error) {
        pending.delete(id);
        resolve({ id, reply: notPassed(error) });
      }
    });

  const forward = async (channel: string, request: ThreadPayload): Promise<WireReply> => {
    const message =
      'bytes' in request
        ? await sendBytes(send, channel, request.bytes)
        : await send({ channel, payload: request.payload });
    if ('reply' in message) return message.reply;
    if ('bytes' in message) return new Uint8Array(message.bytes);
    return fail('internal', 'The host closed.');
  };

  return {
    forward,
    dispatch: async (channel, payload) => readReply(await forward(channel, { payload })),
    close: async () => {
      if (stopped) return;
      await send({ close: true });
    },
  };
}

type ThreadRequestBody =
  { channel: string; payload: unknown } | { channel: string; bytes: ArrayBuffer } | { close: true };

/** The bytes handed to the thread by transfer: the main process neither copies nor keeps them. */
function sendBytes(
  send: (request: ThreadRequestBody, transfer?: ArrayBuffer[]) => Promise<ThreadMessage>,
  channel: string,
  bytes: Uint8Array,
): Promise<ThreadMessage> {
  const buffer = transferableBuffer(bytes);
  return send({ channel, bytes: buffer }, [buffer]);
}

function notPassed(error: unknown): Reply<never> {
  return fail(
    'internal',
    `The request could not be passed to the app's host: ${error instanceof Error ? error.message : String(error)}`,
  );
}
