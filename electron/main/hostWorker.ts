import { randomInt, randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { APP_NAME, createBackend, createDispatch, registry } from '../../core/api';
import { serveThread } from './hostWorkerServe';
import { startOddsThread } from './oddsThread';
import { openDesktopStore } from './store/open';

// The desktop host's worker thread (hostThread.ts): the durable store and every contract channel
// but the dialogs and printing, off the main process's event loop.

const { dir, version } = workerData as { dir: string; version: string };
const clock = () => new Date().toISOString();
// Between chunks of a long analysis the thread takes the window's waiting requests first (setImmediate runs after them).
const pause = () => new Promise<void>((resolve) => setImmediate(resolve));
const store = await openDesktopStore({ dir, clock, newId: randomUUID, registry });
// The odds on a thread of their own: a step is answered at once, whatever odds are being worked out.
const odds = startOddsThread(pause);
const dispatch = createDispatch(
  createBackend({
    registry,
    appName: APP_NAME,
    version,
    host: 'desktop',
    store,
    clock,
    newId: randomUUID,
    newSeed: () => randomInt(2 ** 31 - 1),
    pause,
    odds,
  }),
);
serveThread(parentPort!, dispatch, () => store.close());
