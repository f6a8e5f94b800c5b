import { registry } from '../../../core/systems';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDurableStore, type DurableStore } from '../../../electron/main/store';
import { LATEST_SCHEMA_VERSION } from '../../../core/store/db';
import { encodeRecordV2, encodeSnapshotV1, encodeSnapshotV2 } from '../../../electron/main/store/format';
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
    registry,
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

// ---- The reliability audit: damage to line ends, and two faults at once. ----

const tenNames = Array.from({ length: 10 }, (_, i) => `Roster-${String(i).padStart(2, '0')}`);
const rosterNames = async (store: DurableStore) => (await store.repo.listRosters()).map((r) => r.name).sort();
const lineEnds = (data: Buffer) => [...data.keys()].filter((i) => data[i] === 0x0a);
const journalOf = (saved: Map<string, Buffer>) => [...saved.keys()].find((f) => /^journal-\d+\.log$/.test(f))!;

/** Saves ten rosters, one write each, and returns the store's files. */
async function tenRosterFiles(options: { compactAfterRecords?: number } = {}) {
  const dir = await tempDir();
  const a = await openStore(dir, options);
  for (const name of tenNames) await a.repo.saveRoster({ name, system: 'wh40k-10e', pointsLimit: null, notes: '' });
  await closeStore(a);
  const saved = new Map<string, Buffer>();
  for (const f of await files(dir)) saved.set(f, await readFile(join(dir, f)));
  return saved;
}

/** A fresh folder holding `saved`, each file as `change` makes it. */
async function folderWith(saved: Map<string, Buffer>, change: (file: string, data: Buffer) => Buffer = (_, d) => d) {
  const dir = await tempDir();
  for (const [file, data] of saved) await writeFile(join(dir, file), change(file, Buffer.from(data)));
  return dir;
}

/** Opens a damaged folder: the exact rosters load, the file is named as set aside, and the next start is clean. */
async function expectRecovered(dir: string, setAside: string[], names: string[]) {
  const store = await openStore(dir);
  expect(await rosterNames(store)).toEqual(names);
  expect(store.status().state).toBe('recovered');
  for (const file of setAside) expect(store.status().message).toContain(file);
  await closeStore(store);
  for (const file of setAside) expect((await files(dir)).some((f) => f.startsWith(`${file}.damaged-`))).toBe(true);
  const again = await openStore(dir);
  expect(again.status().state).toBe('ready');
  expect(await rosterNames(again)).toEqual(names);
  await closeStore(again);
}

describe('damage to line ends costs no intact record', () => {
  it('a flipped line end between two records loses neither, at each of the 9 places in a 10-roster journal', async () => {
    const saved = await tenRosterFiles();
    const journal = journalOf(saved);
    const ends = lineEnds(saved.get(journal)!);
    expect(ends).toHaveLength(10);
    for (const [i, at] of ends.slice(0, -1).entries()) {
      // A different bit each time: the line end becomes a control character, '*', 'J' or a byte above 127.
      const dir = await folderWith(saved, (file, data) => {
        if (file === journal) data[at] = data[at]! ^ (1 << (i % 8));
        return data;
      });
      await expectRecovered(dir, [journal], tenNames);
    }
  });

  it('a flipped line end next to a damaged record costs that record only', async () => {
    const saved = await tenRosterFiles();
    const journal = journalOf(saved);
    const dir = await folderWith(saved, (file, data) => {
      if (file !== journal) return data;
      // The line end after Roster-03's record, and a byte of Roster-04's: only Roster-04 is lost.
      flip(data, lineEnds(data)[3]!);
      return flip(data, data.indexOf('Roster-04'));
    });
    await expectRecovered(
      dir,
      [journal],
      tenNames.filter((n) => n !== 'Roster-04'),
    );
  });

  it('a flipped last line end keeps the last record; the journal is set aside whole, not cut', async () => {
    const saved = await tenRosterFiles();
    const journal = journalOf(saved);
    const damaged = Buffer.from(saved.get(journal)!);
    damaged[damaged.length - 1] = 0x0b;
    const dir = await folderWith(saved, (file, data) => (file === journal ? damaged : data));
    await expectRecovered(dir, [journal], tenNames);
    const aside = (await files(dir)).find((f) => f.startsWith(`${journal}.damaged-`))!;
    expect(await readFile(join(dir, aside))).toEqual(damaged);
  });

  it('a last record whole but without its line end (a write cut just short) is kept, and the journal set aside', async () => {
    const saved = await tenRosterFiles();
    const journal = journalOf(saved);
    const dir = await folderWith(saved, (file, data) => (file === journal ? data.subarray(0, data.length - 1) : data));
    await expectRecovered(dir, [journal], tenNames);
  });

  it('an unfinished last record (a write cut short, never acknowledged) is cut, and the rest kept', async () => {
    const saved = await tenRosterFiles();
    const journal = journalOf(saved);
    const last = lineEnds(saved.get(journal)!).at(-2)! + 1;
    // The last record cut in the middle of its JSON: no whole record, no line end.
    const cut = saved.get(journal)!.subarray(0, last + 60);
    const dir = await folderWith(saved, (file, data) => (file === journal ? cut : data));
    const store = await openStore(dir);
    expect(store.status().state).toBe('ready');
    expect(await rosterNames(store)).toEqual(tenNames.slice(0, 9));
    expect((await readFile(join(dir, journal))).length).toBe(last);
  });

  it('a store whose line ends all became CRLF (a copy through another tool) loses nothing and writes on', async () => {
    const saved = await tenRosterFiles();
    const crlf = (data: Buffer) => Buffer.from(data.toString('latin1').replace(/\n/g, '\r\n'), 'latin1');
    const dir = await folderWith(saved, (_, data) => crlf(data));
    const store = await openStore(dir);
    expect(await rosterNames(store)).toEqual(tenNames);
    expect(store.status().state).toBe('ready');
    await store.repo.saveRoster({ name: 'Roster-10', system: 'wh40k-10e', pointsLimit: null, notes: '' });
    await closeStore(store);
    const again = await openStore(dir);
    expect(await rosterNames(again)).toEqual([...tenNames, 'Roster-10']);
    expect(again.status().state).toBe('ready');
  });
  it('a CRLF copy of a store with snapshots keeps every row: the snapshots, changed, are set aside', async () => {
    const saved = await tenRosterFiles({ compactAfterRecords: 5 });
    const dir = await folderWith(saved, (_, data) =>
      Buffer.from(data.toString('latin1').replace(/\n/g, '\r\n'), 'latin1'),
    );
    // Their whole checksums no longer match, but each row's record reads; the journal reads as it is.
    await expectRecovered(dir, ['snapshot-00000002.ccstore', 'snapshot-00000003.ccstore'], tenNames);
    expect((await files(dir)).filter((f) => f.startsWith('journal-00000002.log.damaged'))).toEqual([]);
  });
});

describe('two faults: a damaged snapshot and a damaged journal record', () => {
  it.each([
    ['a flipped byte in one of its rows', (data: Buffer) => flip(data, data.indexOf('Roster-01'))],
    [
      'a flipped line end after one of its rows',
      (data: Buffer) => flip(data, data.indexOf('\n', data.indexOf('Roster-01'))),
    ],
  ])('the newest snapshot (%s) gives its intact rows even though the older one reads', async (_, damageSnapshot) => {
    const saved = await tenRosterFiles({ compactAfterRecords: 5 });
    // Snapshot 2 holds Roster-00…04, journal 2 the next five, snapshot 3 all ten.
    expect([...saved.keys()]).toEqual([
      'journal-00000002.log',
      'snapshot-00000002.ccstore',
      'snapshot-00000003.ccstore',
    ]);
    const dir = await folderWith(saved, (file, data) => {
      if (file === 'snapshot-00000003.ccstore') return damageSnapshot(data);
      // Roster-07's record: the damaged snapshot still holds its row.
      if (file === 'journal-00000002.log') return flip(data, data.indexOf('Roster-07'));
      return data;
    });
    await expectRecovered(dir, ['snapshot-00000003.ccstore', 'journal-00000002.log'], tenNames);
  });
});

/** Flips one bit of the byte at `at`. */
function flip(data: Buffer, at: number): Buffer {
  expect(at).toBeGreaterThan(0);
  data[at] = data[at]! ^ 0x01;
  return data;
}

describe('a store written before records had a length (format version 2)', () => {
  const stamp = '2025-01-01T00:00:00.000Z';
  const row = (i: number) => ({
    id: `r${i}`,
    name: tenNames[i]!,
    system: 'wh40k-10e',
    pointsLimit: null,
    notes: '',
    createdAt: stamp,
    updatedAt: stamp,
    lastUsedAt: stamp,
  });
  /** Rosters 0–1 in the snapshot, 2–9 one journal record each, all framed as version 2 framed them. */
  const versionTwo = () =>
    new Map([
      [
        'snapshot-00000001.ccstore',
        encodeSnapshotV2(
          { rosters: [row(0), row(1)], units: [], combats: [], settings: [] },
          { schemaVersion: LATEST_SCHEMA_VERSION, generation: 1, savedAt: stamp },
        ),
      ],
      [
        'journal-00000001.log',
        Buffer.concat(
          Array.from({ length: 8 }, (_, k) =>
            encodeRecordV2({ seq: k + 1, v: LATEST_SCHEMA_VERSION, ops: [{ t: 'rosters', put: [row(k + 2)] }] }),
          ),
        ),
      ],
    ]);

  it('opens with every record, and writes on in the new format', async () => {
    const dir = await folderWith(versionTwo());
    const store = await openStore(dir);
    expect(store.status().state).toBe('ready');
    expect(await rosterNames(store)).toEqual(tenNames);
    await store.repo.saveRoster({ name: 'Roster-10', system: 'wh40k-10e', pointsLimit: null, notes: '' });
    await closeStore(store);
    const again = await openStore(dir);
    expect(again.status().state).toBe('ready');
    expect(await rosterNames(again)).toEqual([...tenNames, 'Roster-10']);
  });

  it('a flipped line end between two of its records loses neither, at each of the 7 places', async () => {
    const saved = versionTwo();
    const ends = lineEnds(saved.get('journal-00000001.log')!);
    expect(ends).toHaveLength(8);
    for (const [i, at] of ends.slice(0, -1).entries()) {
      const dir = await folderWith(saved, (file, data) => {
        if (file === 'journal-00000001.log') data[at] = data[at]! ^ (1 << (i % 8));
        return data;
      });
      await expectRecovered(dir, ['journal-00000001.log'], tenNames);
    }
  });

  it('its last record with a flipped line end is kept, not cut', async () => {
    const saved = versionTwo();
    const dir = await folderWith(saved, (file, data) =>
      file === 'journal-00000001.log' ? flip(data, data.length - 1) : data,
    );
    await expectRecovered(dir, ['journal-00000001.log'], tenNames);
  });
});
