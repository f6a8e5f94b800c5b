import type { StoreStatus } from '../../../core/api/channels/app';
import { ApiFailure } from '../../../core/api/reply';
import {
  CompanionDb,
  createRepository,
  writeMethods,
  type IndexedDbFactory,
  type RosterRepository,
} from '../../../core/api/store';
import type { Registry } from '../../../core/api';

/**
 * The browser host's roster store, on this browser's IndexedDB, and what it does when the browser
 * will not keep data (issue 26):
 * - Site data blocked (or a private window that refuses IndexedDB): the store cannot open. The app
 *   then runs on a store in memory, as the desktop app does when its folder cannot be opened:
 *   combats are playable, rosters can be made, and About and the warning on every screen say that
 *   nothing is kept once the tab closes.
 * - Storage full: a write fails with the browser's QuotaExceededError. That change is refused in
 *   words (nothing half-written: each write is one transaction), About says the storage is full,
 *   and a combat in progress goes on in memory instead of stopping at its next step.
 */

export const messages = {
  ready: "Rosters and combats are kept in this browser's storage for this site.",
  blocked: (why: string) =>
    `This browser does not let the app keep data for this site (${why}): site data may be blocked, or this is a private window. Combats work, but nothing you do is kept once this tab is closed.`,
  full: "This browser's storage for this site is full: new changes are not kept. Combats go on, but they are not added to History. Delete old combats, or free space on the device, then reload.",
  fullRefused:
    "This browser's storage for this site is full: this change was not saved. Delete old combats, or free space on the device, and try again.",
} as const;

export interface BrowserStore {
  repo: RosterRepository;
  status(): StoreStatus;
}

/** Whether an error (Dexie wraps the browser's) is the storage quota running out. */
export function isQuotaError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { inner?: unknown }).inner, depth++) {
    const name = (e as { name?: unknown }).name;
    if (name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED') return true;
  }
  return false;
}

const reason = (error: unknown) => {
  const name = (error as { name?: unknown })?.name;
  return typeof name === 'string' && name !== 'Error'
    ? `the browser said ${name}`
    : 'the browser refused to open its database';
};

/**
 * Opens the store on `idb`; when that fails, on `memory()` (fake-indexeddb, loaded only then).
 * `clock` and `newId` are the host's.
 */
export async function openBrowserStore(deps: {
  idb: IndexedDbFactory;
  memory: () => Promise<IndexedDbFactory>;
  clock: () => string;
  newId: () => string;
  /** The rule systems whose rosters the store keeps (the host's registry). */
  registry: Registry;
}): Promise<BrowserStore> {
  const { clock, newId } = deps;
  let status: StoreStatus = { state: 'ready', message: messages.ready };
  let db = new CompanionDb(deps.idb, { registry: deps.registry });
  try {
    await db.open();
  } catch (error) {
    db.close();
    db = new CompanionDb(await deps.memory(), { registry: deps.registry });
    await db.open();
    status = { state: 'unavailable', message: messages.blocked(reason(error)) };
  }
  const inner = createRepository(db, { clock, newId });
  const repo = { ...inner } as RosterRepository;
  const markFull = () => {
    if (status.state === 'ready') status = { state: 'full', message: messages.full };
  };
  for (const method of writeMethods) {
    const original = inner[method] as (...args: unknown[]) => Promise<unknown>;
    (repo as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>)[method] = async (...args) => {
      try {
        return await original(...args);
      } catch (error) {
        if (!isQuotaError(error)) throw error;
        markFull();
        throw new ApiFailure('internal', messages.fullRefused);
      }
    };
  }
  // A combat's log is saved at every step: on a full storage the combat goes on in memory (the
  // combat backend keeps the session) rather than stopping the table mid-fight.
  const inMemoryOnly = new Set<string>();
  repo.saveCombat = async (input) => {
    try {
      if (input.id === undefined || !inMemoryOnly.has(input.id)) return await inner.saveCombat(input);
    } catch (error) {
      if (!isQuotaError(error)) throw error;
      markFull();
    }
    // Not kept: the combat goes on under an id of its own, which later steps do not try to store.
    const id = input.id ?? newId();
    inMemoryOnly.add(id);
    const now = clock();
    return {
      id,
      system: input.system,
      title: input.title,
      startedAt: now,
      updatedAt: now,
      finishedAt: input.finished ? now : null,
      seed: input.seed,
      summary: input.summary,
      rosterIds: input.rosterIds,
      inputCount: input.inputs.length,
    };
  };
  return { repo, status: () => status };
}
