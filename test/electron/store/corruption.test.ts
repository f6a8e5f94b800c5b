import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDurableStore, type DurableStore } from '../../../electron/main/store';
import { encodeSnapshotV1 } from '../../../electron/main/store/format';
import { validProfiles } from '../../core/store/fixtures';

// Issue 26, item 8: every record and every snapshot row has its own checksum, and every intact
// one is kept. One flipped byte used to drop every later record of its journal; one in each of
// the two snapshots left 20 of 35 writes unloaded.

const dirs: string[] = [];
const stores: DurableStore[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close().catch(() => undefined);
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});
async function tempDir() {
  const dir = await mkdtemp(join(tmpdir(), 'cc-corrupt-'));
  dirs.push(dir);
  return dir;
}
async function openStore(dir: string, options: { compactAfterRecords?: number } = {}) {
  let n = 0;
  const store = await openDurableStore({
    dir,
    newId: () => `id-${++n}-${Math.random().toString(36).slice(2, 8)}`,
    ...options,
  });
  stores.push(store);
  return store;
}
async function closeStore(store: DurableStore) {
  stores.splice(stores.indexOf(store), 1);
  await store.close();
}
const unitInput = (name: string) => ({ name, points: 1, profile: validProfiles['wh40k-10e'] });
const files = async (dir: string) => (await readdir(dir)).sort();

/** Flips one bit inside the JSON of the line of `path` that contains `needle`. */
async function flipInLineWith(path: string, needle: string) {
  const data = await readFile(path);
  const at = data.indexOf(needle);
  expect(at, `${needle} in ${path}`).toBeGreaterThan(0);
  data.writeUInt8(data.readUInt8(at) ^ 0x01, at);
  await writeFile(path, data);
}

describe('a damaged journal record costs that record only', () => {
  it('every intact record after a flipped byte is kept; the file is set aside; the next start is clean', async () => {
    const dir = await tempDir();
    const a = await openStore(dir);
    const roster = await a.repo.saveRoster({ name: 'A', system: 'wh40k-10e', pointsLimit: null, notes: '' });
    const units = [];
    for (let i = 0; i < 6; i++) units.push(await a.repo.saveUnit(roster.id, unitInput(`unit-${i}`)));
    await closeStore(a);
    const journal = (await files(dir)).find((f) => f.startsWith('journal-'))!;
    await flipInLineWith(join(dir, journal), 'unit-1');

    const b = await openStore(dir);
    expect(b.status().state).toBe('recovered');
    expect(b.status().message).toContain(journal);
    // Only unit-1's own record is gone: the four written after it are all here.
    expect((await b.repo.getRoster(roster.id))?.units.map((u) => u.name)).toEqual([
      'unit-0',
      'unit-2',
      'unit-3',
      'unit-4',
      'unit-5',
    ]);
    expect((await files(dir)).some((f) => f.startsWith(`${journal}.damaged-`))).toBe(true);
    await closeStore(b);
    const c = await openStore(dir);
    expect(c.status().state).toBe('ready');
    expect((await c.repo.getRoster(roster.id))?.units).toHaveLength(5);
  });
});

describe('damaged snapshots give every row they still hold', () => {
  it('one flipped byte in each of the two snapshots loses none of 35 writes', async () => {
    const dir = await tempDir();
    const a = await openStore(dir, { compactAfterRecords: 10 });
    const roster = await a.repo.saveRoster({ name: 'A', system: 'wh40k-10e', pointsLimit: null, notes: '' });
    for (let i = 0; i < 34; i++) await a.repo.saveUnit(roster.id, unitInput(`unit-${String(i).padStart(2, '0')}`));
    const expected = await a.repo.getRoster(roster.id);
    await closeStore(a);
    const snapshots = (await files(dir)).filter((f) => /^snapshot-\d+\.ccstore$/.test(f));
    expect(snapshots).toHaveLength(2);
    // A different unit's row in each: the older one's, and a row in the newer one the older lacks.
    await flipInLineWith(join(dir, snapshots[0]!), 'unit-03');
    await flipInLineWith(join(dir, snapshots[1]!), 'unit-25');

    const b = await openStore(dir);
    expect(b.status().state).toBe('recovered');
    expect(b.status().message).toContain(snapshots[0]);
    expect(b.status().message).toContain(snapshots[1]);
    expect(await b.repo.getRoster(roster.id)).toEqual(expected);
    await closeStore(b);
    const c = await openStore(dir);
    expect(c.status().state).toBe('ready');
    expect(await c.repo.getRoster(roster.id)).toEqual(expected);
  });

  it('a row deleted after the older snapshot stays deleted when both snapshots are damaged', async () => {
    const dir = await tempDir();
    const a = await openStore(dir, { compactAfterRecords: 5 });
    const roster = await a.repo.saveRoster({ name: 'A', system: 'wh40k-10e', pointsLimit: null, notes: '' });
    const units = [];
    for (let i = 0; i < 4; i++) units.push(await a.repo.saveUnit(roster.id, unitInput(`unit-${i}`)));
    // The first snapshot (after 5 writes) holds unit-0; it is deleted in the journal after it.
    await a.repo.deleteUnit(units[0]!.id);
    for (let i = 4; i < 9; i++) await a.repo.saveUnit(roster.id, unitInput(`unit-${i}`));
    const expected = await a.repo.getRoster(roster.id);
    await closeStore(a);
    const snapshots = (await files(dir)).filter((f) => /^snapshot-\d+\.ccstore$/.test(f));
    expect(snapshots).toHaveLength(2);
    await flipInLineWith(join(dir, snapshots[0]!), 'unit-2');
    await flipInLineWith(join(dir, snapshots[1]!), 'unit-3');
    const b = await openStore(dir);
    expect(b.status().state).toBe('recovered');
    expect(await b.repo.getRoster(roster.id)).toEqual(expected);
    expect(expected?.units.map((u) => u.name)).not.toContain('unit-0');
  });

  it('still reads a version 1 snapshot (the body one JSON document)', async () => {
    const dir = await tempDir();
    const roster = {
      id: 'r1',
      name: 'Old',
      system: 'wh40k-10e',
      pointsLimit: null,
      notes: '',
      createdAt: '2024-01-01T00:00:00.000Z',
      updatedAt: '2024-01-01T00:00:00.000Z',
      lastUsedAt: '2024-01-01T00:00:00.000Z',
    };
    await writeFile(
      join(dir, 'snapshot-00000001.ccstore'),
      encodeSnapshotV1(
        { rosters: [roster], units: [], combats: [], settings: [] },
        { schemaVersion: 2, generation: 1, savedAt: roster.updatedAt },
      ),
    );
    const store = await openStore(dir);
    expect(store.status().state).toBe('ready');
    expect((await store.repo.listRosters())[0]).toMatchObject({ id: 'r1', name: 'Old' });
  });
});
