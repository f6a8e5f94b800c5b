import { registry } from '../../core/systems';
import { vi, type Mock } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { channels, createBackend, type Backend, type Channel } from '../../core/api';
import { CompanionDb } from '../../core/store/db';
import { createRepository } from '../../core/store/repo';

export type SpiedBackend = Backend & { calls: Record<Channel, Mock> };

/** The real backend (on an empty in-memory store) with a spy on every channel, to prove what was (and was not) called. */
export function spiedBackend(host: 'desktop' | 'browser' = 'desktop'): SpiedBackend {
  let ids = 0;
  const newId = () => `id-${++ids}`;
  const clock = () => '2026-11-22T12:00:00.000Z';
  const db = new CompanionDb({ indexedDB: new IDBFactory(), IDBKeyRange }, { registry });
  const real = createBackend({
    registry,
    appName: 'Combat Companion',
    version: '9.9.9',
    host,
    store: {
      repo: createRepository(db, { clock, newId }),
      status: () => ({ state: 'ready', message: 'in memory (test)' }),
    },
    clock,
    newId,
    newSeed: () => 1,
  });
  const spied = {} as Record<Channel, Mock>;
  for (const channel of channels) spied[channel] = vi.fn(real[channel] as (request: unknown) => Promise<unknown>);
  return Object.assign(spied as unknown as Backend, { calls: spied });
}
