import { registry } from '../../../core/systems';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { CompanionDb, createRepository, type RepoDeps } from '../../../core/store';
import type { SystemId } from '../../../core/roster';

/**
 * A valid unit profile of each system, as a player would type it (defaults left out): the one its
 * folder declares for the conformance kit (core/systems/<id>/conformance.ts, `profiles.valid`), so
 * a system's profile is written once and a new system brings its own. A copy: a test that changes
 * one changes neither the declaration nor the kit's view of it.
 */
export const validProfiles = Object.fromEntries(
  await Promise.all(
    registry.definitions.map(async (system) => [
      system.id,
      structuredClone((await system.conformance()).conformance.profiles.valid),
    ]),
  ),
) as Record<SystemId, Record<string, unknown>>;

/** A fresh in-memory store per test: its own IndexedDB factory, a fixed clock, counted ids. */
export function freshStore(options: { name?: string } = {}) {
  const idb = { indexedDB: new IDBFactory(), IDBKeyRange };
  let tick = 0;
  let id = 0;
  const deps: RepoDeps = {
    // Each call one second later, so sorting by time is deterministic.
    clock: () => new Date(Date.UTC(2024, 4, 1, 18, 0, tick++)).toISOString(),
    newId: () => `id-${++id}`,
  };
  const db = new CompanionDb(idb, { ...options, registry });
  const repo = createRepository(db, deps);
  return { idb, db, repo, deps };
}
