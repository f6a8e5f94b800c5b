import { APP_NAME, createBackend, createDispatch, fail } from '../../../core/api';
import { openBrowserStore } from './browserStore';
import { registry } from './registry';
import { serveContract, shareChanges, type HostScope } from './workerHost';

// The browser host's entry: the same backend as the desktop host, running in a Web Worker, with
// the roster store on this browser's own IndexedDB.
const clock = () => new Date().toISOString();
const newId = () => crypto.randomUUID();
// Between chunks of a long analysis the worker takes the page's waiting requests first: a message
// on a channel of its own queues a task behind them (a resolved promise alone would not let them
// in, and chained timers are slowed to 4 ms each).
const pauses = new MessageChannel();
const waiting: Array<() => void> = [];
pauses.port1.onmessage = () => waiting.shift()?.();
const pause = () =>
  new Promise<void>((resolve) => {
    waiting.push(resolve);
    pauses.port2.postMessage(null);
  });
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
