import type { Caller, Dispatch } from '../../core/api';
import { fail, type Reply } from '../../core/api/reply';

/**
 * The desktop host's contract work runs on a worker thread (hostWorker.ts), so no request, however
 * heavy (a roster import of thousands of units, a club night's report), blocks the main process's
 * event loop: the window keeps painting and answering while it runs (issue 26: a valid 16 MB import
 * froze every window for 23.5 s). The main process keeps only what needs Electron itself: the
 * native file dialogs and printing the page that asked (`mainChannels`).
 */

/** What the main process needs of a worker_threads Worker (a fake stands in for it in tests). */
export interface ThreadLike {
  postMessage(message: ThreadRequest): void;
  on(event: 'message', listener: (message: ThreadMessage) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  on(event: 'exit', listener: (code: number) => void): void;
}

export type ThreadRequest = { id: number; channel: string; payload: unknown } | { id: number; close: true };
export type ThreadMessage = { id: number; reply: Reply<unknown> } | { id: number; closed: true };

/** Channels answered in the main process: they open native dialogs or print the calling page. */
export const mainChannels: ReadonlySet<string> = new Set(['file.save', 'file.open', 'print.print', 'print.savePdf']);

export interface HostThread {
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

  const send = (request: Omit<ThreadRequest, 'id'>) =>
    new Promise<ThreadMessage>((resolve) => {
      const id = nextId++;
      if (stopped) return resolve({ id, reply: fail('internal', stopped) });
      pending.set(id, resolve);
      try {
        thread.postMessage({ id, ...request } as ThreadRequest);
      } catch (error) {
        pending.delete(id);
        resolve({
          id,
          reply: fail(
            'internal',
            `The request could not be passed to the app's host: ${error instanceof Error ? error.message : String(error)}`,
          ),
        });
      }
    });

  return {
    dispatch: async (channel, payload) => {
      const message = await send({ channel, payload });
      return 'reply' in message ? message.reply : fail('internal', 'The host closed.');
    },
    close: async () => {
      if (stopped) return;
      await send({ close: true });
    },
  };
}

/** The main process's dispatch: dialogs and printing here, everything else on the host thread. */
export function routedDispatch(main: Dispatch, thread: Dispatch): Dispatch {
  return (channel: string, payload: unknown, caller?: Caller) =>
    mainChannels.has(channel) ? main(channel, payload, caller) : thread(channel, payload);
}
