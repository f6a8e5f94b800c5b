import { APP_NAME, createBackend, createDispatch } from '../../../core/api';
import { CompanionDb } from '../../../core/store/db';
import { createRepository } from '../../../core/store/repo';
import { serveContract, shareChanges, type HostScope } from './workerHost';

// The browser host's entry: the same backend as the desktop host, running in a Web Worker, with
// the roster store on this browser's own IndexedDB.
const clock = () => new Date().toISOString();
const newId = () => crypto.randomUUID();
const db = new CompanionDb({ indexedDB, IDBKeyRange });
const backend = createBackend({
  appName: APP_NAME,
  version: __APP_VERSION__,
  host: 'browser',
  store: {
    repo: createRepository(db, { clock, newId }),
    status: () => ({ state: 'ready', message: "Rosters and combats are kept in this browser's storage for this site." }),
  },
  clock,
  newId,
  newSeed: () => crypto.getRandomValues(new Uint32Array(1))[0]! >>> 1,
});
const scope = self as unknown as HostScope;
serveContract(scope, createDispatch(backend), shareChanges(scope, new BroadcastChannel('combat-companion-store')));
