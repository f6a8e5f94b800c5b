import { APP_NAME, createBackend, createDispatch, fail } from '../../../core/api';
import { openBrowserStore } from './browserStore';
import { startOddsWorker } from './oddsOnWorker';
import { messagePause } from './pause';
import { registry } from './registry';
import { serveContract, shareChanges, type HostScope } from './workerHost';

// The browser host's entry: the same backend as the desktop host, running in a Web Worker, with
// the roster store on this browser's own IndexedDB.
const clock = () => new Date().toISOString();
const newId = () => crypto.randomUUID();
// Between chunks of a long analysis the worker takes the page's waiting requests first (pause.ts).
const pause = messagePause();
// The odds on a worker of their own: a step is answered at once, whatever odds are being worked out.
const odds = startOddsWorker(pause);
// The store opens once; requests that arrive meanwhile wait for it (the listener is registered at
// once, so no message posted by the page is missed).
const dispatch = openBrowserStore({
  idb: { indexedDB, IDBKeyRange },
  // Only when this browser refuses IndexedDB: the app then runs on a store in memory.
  memory: async () => {
    const { IDBFactory, IDBKeyRange: MemoryKeyRange } = await import('fake-indexeddb');
    return { indexedDB: new IDBFactory(), IDBKeyRange: MemoryKeyRange };
  },
  clock,
  newId,
  registry,
}).then((store) =>
  createDispatch(
    createBackend({
      registry,
      appName: APP_NAME,
      version: __APP_VERSION__,
      host: 'browser',
      store,
      clock,
      newId,
      newSeed: () => crypto.getRandomValues(new Uint32Array(1))[0]! >>> 1,
      pause,
      odds,
    }),
  ),
);
const scope = self as unknown as HostScope;
serveContract(
  scope,
  async (channel, payload) => {
    let ready: Awaited<typeof dispatch>;
    try {
      ready = await dispatch;
    } catch (error) {
      // Not even a store in memory opened: every call says so, none hangs.
      return fail(
        'internal',
        `The app's store could not be opened in this browser (${error instanceof Error ? error.message : String(error)}). Reload the page to try again.`,
      );
    }
    return ready(channel, payload);
  },
  shareChanges(scope, new BroadcastChannel('combat-companion-store')),
);
