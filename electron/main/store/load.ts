import { readdir, readFile, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { LATEST_SCHEMA_VERSION } from '../../../core/store/db';
import { tableNames } from '../../../core/store/rows';
import { generationsOf, putAside } from './files';
import {
  anyGenerationPattern,
  applyOps,
  DamagedFileError,
  decodeSnapshot,
  journalName,
  journalPattern,
  mapsOf,
  readJournal,
  salvageSnapshot,
  snapshotName,
  snapshotPattern,
  TooNewError,
  type Tables,
} from './format';

/**
 * Loading the store's files: the newest snapshot that reads, then everything after it in
 * generation order. A snapshot of generation g is the state after every journal before g, so
 * each damaged snapshot newer than the one loaded gives its intact rows at its own place in that
 * order (after the journals before it, before its own journal): a row it holds is kept even when
 * the journal record that wrote it is damaged too. Damaged files are set aside, never deleted.
 */

export type Maps = ReturnType<typeof mapsOf>;

export class StoreTooNewError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreTooNewError';
  }
}

/** A snapshot's rows and its place in the order of generations. */
interface SnapshotRows {
  generation: number;
  schemaVersion: number;
  tables: Tables;
}

export interface LoadedStore {
  maps: Maps;
  /** The lowest schema version among what was loaded: everything is upgraded from it. */
  minVersion: number;
  /** The highest journal sequence number read. */
  seq: number;
  /** The journal writes go on in, and how much it holds already. */
  journal: { generation: number; bytes: number; records: number };
  /** The highest generation of any file of ours, set aside or not: it is never reused. */
  maxGeneration: number;
  /** Whether any snapshot gave rows (a brand-new store has none). */
  hasSnapshot: boolean;
  /** Each file set aside, in words. */
  setAside: string[];
}

export async function loadStore(dir: string): Promise<LoadedStore> {
  const names = await readdir(dir);
  const snapshots = await readSnapshots(dir, generationsOf(names, snapshotPattern));
  const start = snapshots.base?.generation ?? 0;
  const journals = generationsOf(names, journalPattern).filter((g) => g >= start);
  const loaded: LoadedStore = {
    maps: mapsOf(snapshots.base?.tables ?? { rosters: [], units: [], combats: [], settings: [] }),
    minVersion: snapshots.base?.schemaVersion ?? LATEST_SCHEMA_VERSION,
    seq: 0,
    journal: { generation: start, bytes: 0, records: 0 },
    maxGeneration: Math.max(0, ...generationsOf(names, anyGenerationPattern)),
    hasSnapshot: snapshots.base !== undefined,
    setAside: snapshots.setAside,
  };
  const steps = [...new Set([...snapshots.newer.map((s) => s.generation), ...journals])].sort((a, b) => a - b);
  for (const generation of steps) {
    const snapshot = snapshots.newer.find((s) => s.generation === generation);
    if (snapshot) layOver(loaded, snapshot);
    if (journals.includes(generation)) await replayJournal(dir, generation, generation === journals.at(-1), loaded);
  }
  return loaded;
}

/**
 * The newest intact snapshot (the base) and the rows of the damaged ones newer than it, oldest
 * first. When none is intact, the oldest damaged one that gives rows is the base.
 */
async function readSnapshots(
  dir: string,
  generations: readonly number[],
): Promise<{ base: SnapshotRows | undefined; newer: SnapshotRows[]; setAside: string[] }> {
  const damaged: SnapshotRows[] = [];
  const setAside: string[] = [];
  for (const generation of [...generations].reverse()) {
    const file = snapshotName(generation);
    const data = await readFile(join(dir, file));
    try {
      return { base: intactSnapshot(file, data, generation), newer: damaged.reverse(), setAside };
    } catch (error) {
      if (!(error instanceof DamagedFileError) && !(error instanceof SyntaxError)) throw error;
      const rows = salvageSnapshot(data);
      if (rows && rows.header.schemaVersion <= LATEST_SCHEMA_VERSION)
        damaged.push({ generation, schemaVersion: rows.header.schemaVersion, tables: rows.tables });
      setAside.push(`${file} (${error.message}) → ${await putAside(dir, file)}`);
    }
  }
  damaged.reverse();
  return { base: damaged.shift(), newer: damaged, setAside };
}

function intactSnapshot(file: string, data: Buffer, generation: number): SnapshotRows {
  try {
    const { header, tables } = decodeSnapshot(data);
    if (header.schemaVersion > LATEST_SCHEMA_VERSION) throw new TooNewError(`schema version ${header.schemaVersion}`);
    return { generation, schemaVersion: header.schemaVersion, tables };
  } catch (error) {
    if (!(error instanceof TooNewError)) throw error;
    throw new StoreTooNewError(
      `${file} was written by a newer Combat Companion (${error.message}); update the app to open this store.`,
    );
  }
}

/** A damaged snapshot's intact rows, over what the journals before it left: each is that row as of its generation. */
function layOver(loaded: LoadedStore, snapshot: SnapshotRows): void {
  applyOps(
    loaded.maps,
    tableNames.map((t) => ({ t, put: snapshot.tables[t] })),
  );
  loaded.minVersion = Math.min(loaded.minVersion, snapshot.schemaVersion);
}

async function replayJournal(dir: string, generation: number, last: boolean, loaded: LoadedStore): Promise<void> {
  const file = journalName(generation);
  const read = readJournal(await readFile(join(dir, file)));
  for (const record of read.records) {
    if (record.v > LATEST_SCHEMA_VERSION)
      throw new StoreTooNewError(`${file} was written by a newer Combat Companion; update the app to open this store.`);
    loaded.minVersion = Math.min(loaded.minVersion, record.v);
    applyOps(loaded.maps, record.ops);
    loaded.seq = Math.max(loaded.seq, record.seq);
  }
  if (read.damage !== null || (read.tornTail && !last)) {
    // Damaged: every intact record was read; the file is set aside for inspection, and the fresh
    // snapshot written on opening holds what it gave.
    loaded.setAside.push(`${file} (${read.damage ?? 'cut short'}) → ${await putAside(dir, file)}`);
  } else if (last) {
    // An unfinished last record is a write the crash cut short: it was never acknowledged, holds
    // no whole record, and is cut; the journal goes on after the last whole record.
    if (read.tornTail) await truncate(join(dir, file), read.validBytes);
    loaded.journal = { generation, bytes: read.validBytes, records: read.records.length };
  }
}
