import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../../core/api';
import type { Input } from '../../core/combat/steps';
import { CompanionDb } from '../../core/store/db';
import { createRepository } from '../../core/store/repo';
import { kitRegistry, systemsUnderTest } from './systems';

/**
 * Every system's combat in History, through the whole backend on a store of its own: its stored
 * combat's steps taken one by one are kept as they are taken, listed as finished, reopened at its
 * end, stepped through from the start, and summed up for print.
 */
function backendOnAFreshStore(): Backend {
  let ids = 0;
  const newId = () => `id-${++ids}`;
  const clock = () => '2026-11-28T19:00:00.000Z';
  const db = new CompanionDb({ indexedDB: new IDBFactory(), IDBKeyRange }, { registry: kitRegistry });
  return createBackend({
    registry: kitRegistry,
    appName: 'Combat Companion',
    version: '0.0.0-test',
    host: 'browser',
    store: { repo: createRepository(db, { clock, newId }), status: () => ({ state: 'ready', message: 'in memory' }) },
    clock,
    newId,
    newSeed: () => 1,
  });
}

describe.each(systemsUnderTest)('$id: a combat in History', ({ id, conformance }) => {
  const { record, expected } = conformance.stored;

  it('is kept step by step, listed as finished, reopened, stepped through and summed up', async () => {
    const b = backendOnAFreshStore();
    let snap = await b['combat.start']({
      system: id,
      setup: record.setup as Record<string, unknown>,
      seed: record.seed,
      rosterIds: [],
    });
    for (const input of record.inputs as Input[]) snap = await b['combat.advance']({ id: snap.id, input });
    expect(snap.finished).toBe(true);

    const { combats } = await b['combat.history']({ limit: 10, before: null });
    expect(combats).toHaveLength(1);
    expect(combats[0]).toMatchObject({ id: snap.id, system: id, inputCount: record.inputs.length });
    expect(combats[0]!.finishedAt).not.toBeNull();

    const reopened = await b['combat.get']({ id: snap.id });
    expect([reopened.step, reopened.inputs]).toEqual([snap.step, snap.inputs]);
    const first = await b['combat.at']({ id: snap.id, at: 0 });
    expect(first.inputs).toEqual([]);

    const { summary } = await b['history.summary']({ id: snap.id });
    expect(summary.steps).toHaveLength(expected.steps);
    expect(summary.outcome?.lines).toEqual(expected.outcome);
    expect(summary.winner).toBe(expected.winner);
  });
});
