import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { StoreStatus } from '../../../core/api/contract';
import { CompanionDb } from '../../../core/store/db';
import type { Registry } from '../../../core/systems/registry';
import { createRepository, type RosterRepository } from '../../../core/store/repo';
import { openDurableStore } from './durable';
import { StoreLockedError } from './lock';

export interface DesktopStore {
  repo: RosterRepository;
  status: () => StoreStatus;
  close: () => Promise<void>;
}

/**
 * The desktop host's store: the durable one in the user-data folder. If it cannot be opened
 * (written by a newer version, an unreadable folder) the app still runs for combats on an
 * in-memory store, and About says plainly that nothing will be kept — the files are left alone.
 */
export async function openDesktopStore(options: {
  dir: string;
  clock: () => string;
  newId: () => string;
  registry: Registry;
}): Promise<DesktopStore> {
  try {
    const store = await openDurableStore(options);
    return { repo: store.repo, status: () => store.status(), close: () => store.close() };
  } catch (error) {
    const db = new CompanionDb({ indexedDB: new IDBFactory(), IDBKeyRange }, { registry: options.registry });
    // Open in another window or program (lock.ts): said as it is, and this process writes nothing there.
    const message =
      error instanceof StoreLockedError
        ? error.message
        : `The roster store in ${options.dir} could not be opened (${error instanceof Error ? error.message : String(error)}). Nothing you change now will be kept; the files were not touched.`;
    return {
      repo: createRepository(db, options),
      status: () => ({ state: 'unavailable', message }),
      close: async () => db.close(),
    };
  }
}
