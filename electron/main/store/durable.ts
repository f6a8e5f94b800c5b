// write-file-atomic ships no types: the reference brings our declaration into every program that
// imports the store (the test and bench builds include only test/**).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./write-file-atomic.d.ts" />
import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat, truncate, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { DBCore, DBCoreMutateRequest, DBCoreTable, Middleware } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import writeFileAtomic from 'write-file-atomic';
import { CompanionDb, LATEST_SCHEMA_VERSION, type SchemaVersion } from '../../../core/store/db';
import { createRepository, writeMethods, type RepoDeps, type RosterRepository } from '../../../core/store/repo';
import { tableNames, type TableName } from '../../../core/store/rows';
import { lockStoreFolder, type FolderLock } from './lock';
import {
  anyGenerationPattern,
  applyOps,
  DamagedFileError,
  decodeSnapshot,
  encodeRecord,
  encodeSnapshot,
  journalName,
  journalPattern,
  mapsOf,
  readJournal,
  salvageSnapshot,
  snapshotName,
  snapshotPattern,
  TooNewError,
  type JournalRecord,
  type Op,
  type Tables,
} from './format';

/**
 * The roster store of the desktop host (ARCHITECTURE.md, "The roster store in the desktop host").
 *
 * Dexie runs on fake-indexeddb, in memory; this module makes it durable in the user-data folder.
 * Design: a journal plus snapshots. A full snapshot per write cannot meet the targets (a store
 * of 200 rosters × 40 units and 5,000 combats is ~30 MB of JSON: ~130 ms to serialise and as
 * much again to write, per write), so each committed write appends one line with the rows it
 * put or deleted to the journal and fdatasyncs it before the caller's promise resolves; every
 * `compactAfter` records or bytes the whole state is written as an atomic snapshot
 * (write-file-atomic: temp file, fsync, rename; then the folder is fsynced) and a new journal
 * begins. The two newest snapshots and the journals since the older of them are kept, so a
 * damaged newest snapshot falls back to the previous one plus its journals without losing a
 * write. Writes run one at a time; a damaged file is renamed aside, never deleted.
 */

export interface DurableStoreOptions {
  /** The folder to keep the store in (the app's user-data folder, or a temp folder in tests). */
  dir: string;
  clock?: () => string;
  newId?: () => string;
  /** Compact after this many journalled writes (default 1,000)… */
  compactAfterRecords?: number;
  /** …or this many journal bytes (default 8 MB), whichever comes first. */
  compactAfterBytes?: number;
  /** A folder lock left by a process that stopped refreshing it is taken after this long (lock.ts). */
  lockStaleMs?: number;
}

export interface DurableStoreStatus {
  state: 'ready' | 'recovered';
  message: string;
}

export interface DurableStore {
  /** The repository with every write made durable before it resolves; the backend's `repo`. */
  repo: RosterRepository;
  db: CompanionDb;
  status(): DurableStoreStatus;
  /** Writes a snapshot now and starts a new journal (also done automatically). */
  compact(): Promise<void>;
  /** Waits for pending writes and closes the database; the files stay consistent. */
  close(): Promise<void>;
}

export class StoreTooNewError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreTooNewError';
  }
}

type Maps = ReturnType<typeof mapsOf>;

export async function openDurableStore(options: DurableStoreOptions): Promise<DurableStore> {
  const { dir } = options;
  await mkdir(dir, { recursive: true });
  // One process per folder (lock.ts): a second one fails here, before it reads or writes anything.
  let lost: Error | null = null;
  const lock = await lockStoreFolder(dir, {
    ...(options.lockStaleMs ? { staleMs: options.lockStaleMs } : {}),
    onLost: (error) => (lost = error),
  });
  try {
    return await openLocked(options, lock, () => lost);
  } catch (error) {
    // A store that could not be opened (too new, unreadable) leaves the folder free.
    await lock.release();
    throw error;
  }
}

async function openLocked(
  options: DurableStoreOptions,
  lock: FolderLock,
  lostLock: () => Error | null,
): Promise<DurableStore> {
  const { dir } = options;
  const clock = options.clock ?? (() => new Date().toISOString());
  const deps: RepoDeps = { clock, newId: options.newId ?? (() => randomUUID()) };
  const compactAfterRecords = options.compactAfterRecords ?? 1000;
  const compactAfterBytes = options.compactAfterBytes ?? 8 * 1024 * 1024;

  // ---- Load: the newest snapshot that reads, then the journals after it. ----
  const setAside: string[] = [];
  const names = await readdir(dir);
  let maxGeneration = 0;
  for (const name of names) {
    const match = anyGenerationPattern.exec(name);
    if (match) maxGeneration = Math.max(maxGeneration, Number(match[1]));
  }
  const generationsOf = (pattern: RegExp) =>
    names
      .map((name) => pattern.exec(name))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => Number(m[1]))
      .sort((a, b) => a - b);

  let base: { generation: number; schemaVersion: number; tables: Tables } | undefined;
  // Damaged snapshots newer than the one loaded, with the rows they still hold, newest first.
  const salvaged: { generation: number; schemaVersion: number; tables: Tables; damaged: number }[] = [];
  for (const generation of generationsOf(snapshotPattern).reverse()) {
    const file = snapshotName(generation);
    try {
      const { header, tables } = decodeSnapshot(await readFile(join(dir, file)));
      if (header.schemaVersion > LATEST_SCHEMA_VERSION) throw new TooNewError(`schema version ${header.schemaVersion}`);
      base = { generation, schemaVersion: header.schemaVersion, tables };
      break;
    } catch (error) {
      if (error instanceof TooNewError)
        throw new StoreTooNewError(
          `${file} was written by a newer Combat Companion (${error.message}); update the app to open this store.`,
        );
      if (!(error instanceof DamagedFileError) && !(error instanceof SyntaxError)) throw error;
      const rows = salvageSnapshot(await readFile(join(dir, file)));
      if (rows && rows.header.schemaVersion <= LATEST_SCHEMA_VERSION)
        salvaged.push({
          generation,
          schemaVersion: rows.header.schemaVersion,
          tables: rows.tables,
          damaged: rows.damaged,
        });
      setAside.push(`${file} (${error.message}) → ${await putAside(dir, file)}`);
    }
  }
  // No snapshot is intact: the damaged ones still hold their intact rows. Taken oldest first, a
  // newer one's rows over an older one's, then every journal from the oldest of them on is
  // replayed: a journal puts and deletes whole rows, so it brings each row it touched to its
  // latest state whatever the snapshot held.
  if (!base && salvaged.length > 0) base = mergeSalvaged(salvaged);
  const maps: Maps = mapsOf(base?.tables ?? { rosters: [], units: [], combats: [], settings: [] });
  let minVersion = base?.schemaVersion ?? LATEST_SCHEMA_VERSION;
  let seq = 0;
  let journalGeneration = base?.generation ?? 0;
  let journalBytes = 0;
  let journalRecords = 0;
  const journals = generationsOf(journalPattern).filter((g) => g >= (base?.generation ?? 0));
  for (const [index, generation] of journals.entries()) {
    const file = journalName(generation);
    const read = readJournal(await readFile(join(dir, file)));
    for (const record of read.records) {
      if (record.v > LATEST_SCHEMA_VERSION)
        throw new StoreTooNewError(
          `${file} was written by a newer Combat Companion; update the app to open this store.`,
        );
      minVersion = Math.min(minVersion, record.v);
      applyOps(maps, record.ops);
      seq = Math.max(seq, record.seq);
    }
    const last = index === journals.length - 1;
    if (read.damage !== null || (read.tornTail && !last)) {
      // Damaged mid-file: keep what read cleanly, set the file aside for inspection.
      setAside.push(`${file} (${read.damage ?? 'cut short'}) → ${await putAside(dir, file)}`);
    } else if (last) {
      // A partial last line is a write the crash cut short: it was never acknowledged, so it
      // is dropped and the journal continues after the last whole record.
      if (read.tornTail) await truncate(join(dir, file), read.validBytes);
      journalGeneration = generation;
      journalBytes = read.validBytes;
      journalRecords = read.records.length;
    }
  }

  // ---- Into fake-indexeddb, upgrading old data through Dexie's own migration. ----
  const idb = { indexedDB: new IDBFactory(), IDBKeyRange };
  const loadVersion = Math.max(1, Math.min(minVersion, LATEST_SCHEMA_VERSION)) as SchemaVersion;
  const loader = new CompanionDb(idb, { version: loadVersion });
  await loader.open();
  await loader.transaction('rw', tableNames.slice(), async () => {
    for (const table of tableNames) await loader.table(table).bulkAdd([...maps[table].values()]);
  });
  loader.close();
  const upgraded = loadVersion < LATEST_SCHEMA_VERSION;

  const db = new CompanionDb(idb);
  // Every committed mutation is captured here, as whole rows, for the journal.
  let captured: Op[] | null = null;
  let strayWrite = false;
  db.use(captureMiddleware((op) => (captured ? captured.push(op) : (strayWrite = true))));
  await db.open();

  // ---- The write path. ----
  let journal: FileHandle | null = null;
  const openJournal = async (generation: number) => {
    journal = await open(join(dir, journalName(generation)), 'a');
    await fsyncDir(dir);
  };
  const appendRecord = async (record: JournalRecord) => {
    if (!journal) await openJournal(journalGeneration);
    const line = encodeRecord(record);
    const { bytesWritten } = await journal!.write(line);
    if (bytesWritten !== line.length)
      throw new Error(`The roster journal took ${bytesWritten} of ${line.length} bytes (disk full?).`);
    // fdatasync also flushes the new file length, which is all an append changes.
    await journal!.datasync();
    journalBytes += line.length;
    journalRecords += 1;
  };

  let nextGeneration = Math.max(maxGeneration, journalGeneration) + 1;
  const compactNow = async () => {
    const generation = nextGeneration++;
    // The snapshot holds everything in memory, including any write the journal missed.
    strayWrite = false;
    const tables = await db.transaction('r', tableNames.slice(), async () => {
      const out = {} as Tables;
      for (const table of tableNames) out[table] = (await db.table(table).toArray()) as Record<string, unknown>[];
      return out;
    });
    await writeFileAtomic(
      join(dir, snapshotName(generation)),
      encodeSnapshot(tables, { schemaVersion: LATEST_SCHEMA_VERSION, generation, savedAt: clock() }),
    );
    await fsyncDir(dir);
    await journal?.close();
    journal = null;
    journalGeneration = generation;
    journalBytes = 0;
    journalRecords = 0;
    await pruneOldFiles(dir);
  };

  let tail: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };

  const durableWrite = <T>(work: () => Promise<T>): Promise<T> =>
    serial(async () => {
      // The folder was taken from us (lock.ts): writing now could destroy another process's data.
      const lost = lostLock();
      if (lost)
        throw new Error(`The roster store's folder lock was lost (${lost.message}); this change was not saved.`);
      captured = [];
      let result: T;
      let ops: Op[];
      try {
        result = await work();
      } finally {
        // A write that threw rolled its transaction back: nothing of it is journalled.
        ops = captured;
        captured = null;
      }
      try {
        if (strayWrite) {
          // Something wrote outside the repository, or the journal failed: only a full
          // snapshot captures it.
          await compactNow();
        } else if (ops.length > 0) {
          await appendRecord({ seq: ++seq, v: LATEST_SCHEMA_VERSION, ops });
        }
      } catch (error) {
        // Memory is now ahead of the disk: the next write must snapshot the whole state.
        strayWrite = true;
        throw error;
      }
      // Checked after the record is on disk and before anyone is told: if another process took the
      // folder over meanwhile (this one was frozen), it may have loaded the store before this
      // record and would drop it; the change is reported as not kept, never acknowledged.
      if (!(await lock.stillHeld())) throw lockTakenOver();
      if (journalRecords >= compactAfterRecords || journalBytes >= compactAfterBytes) await compactNow();
      return result;
    });

  const inner = createRepository(db, deps);
  const repo = { ...inner } as RosterRepository;
  for (const method of writeMethods) {
    const original = inner[method] as (...args: unknown[]) => Promise<unknown>;
    (repo as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>)[method] = (...args) =>
      durableWrite(() => original(...args));
  }

  // A recovered, upgraded or brand-new store starts from a fresh snapshot, so the next start
  // does not depend on the files that were set aside.
  if (
    setAside.length > 0 ||
    upgraded ||
    !base ||
    journalRecords >= compactAfterRecords ||
    journalBytes >= compactAfterBytes
  ) {
    await serial(compactNow);
  }

  const status: DurableStoreStatus =
    setAside.length > 0
      ? {
          state: 'recovered',
          message: `Some saved data was damaged and has been set aside; the last good state was loaded. Set aside: ${setAside.join('; ')}.`,
        }
      : {
          state: 'ready',
          message: upgraded ? 'The roster store was upgraded and is ready.' : 'The roster store is ready.',
        };

  return {
    repo,
    db,
    status: () => status,
    compact: () =>
      serial(async () => {
        if (!(await lock.stillHeld())) throw lockTakenOver();
        await compactNow();
      }),
    close: () =>
      serial(async () => {
        await journal?.close();
        journal = null;
        db.close();
        await lock.release();
      }),
  };
}

/** Records each successful put/add/delete as an Op, with whole rows (or keys). */
function captureMiddleware(record: (op: Op) => void): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'durable-journal',
    create: (down) => ({
      ...down,
      table: (name) => {
        const table: DBCoreTable = down.table(name);
        const t = name as TableName;
        return {
          ...table,
          mutate: async (req: DBCoreMutateRequest) => {
            let rangeKeys: string[] | undefined;
            if (req.type === 'deleteRange') {
              // Journal the keys the range covers, so replay needs no key ranges.
              const found = await table.query({
                trans: req.trans,
                values: false,
                query: { index: table.schema.primaryKey, range: req.range },
              });
              rangeKeys = found.result as string[];
            }
            const res = await table.mutate(req);
            const ok = (_: unknown, i: number) => !(i in res.failures);
            if (req.type === 'put' || req.type === 'add')
              record({ t, put: (req.values as Record<string, unknown>[]).filter(ok) });
            else if (req.type === 'delete') record({ t, del: (req.keys as string[]).filter(ok) });
            else if (rangeKeys) record({ t, del: rangeKeys });
            return res;
          },
        };
      },
    }),
  };
}

function lockTakenOver(): Error {
  return new Error(
    'Another Combat Companion took over the roster store while this one was not responding: this change was not saved. Close this window and use the other one.',
  );
}

/** The rows of damaged snapshots (newest first), as one base: a newer snapshot's row wins. */
function mergeSalvaged(salvaged: readonly { generation: number; schemaVersion: number; tables: Tables }[]): {
  generation: number;
  schemaVersion: number;
  tables: Tables;
} {
  const oldestFirst = [...salvaged].reverse();
  const maps = mapsOf({ rosters: [], units: [], combats: [], settings: [] });
  for (const snapshot of oldestFirst)
    applyOps(
      maps,
      tableNames.map((t) => ({ t, put: snapshot.tables[t] })),
    );
  const tables = Object.fromEntries(tableNames.map((t) => [t, [...maps[t].values()]])) as unknown as Tables;
  return {
    generation: oldestFirst[0]!.generation,
    schemaVersion: Math.min(...salvaged.map((s) => s.schemaVersion)),
    tables,
  };
}

/** Renames a damaged file with a timestamp suffix; it is never deleted. */
async function putAside(dir: string, file: string): Promise<string> {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  let target = `${file}.damaged-${stamp}`;
  for (let n = 2; await exists(join(dir, target)); n++) target = `${file}.damaged-${stamp}-${n}`;
  await rename(join(dir, file), join(dir, target));
  await fsyncDir(dir);
  return target;
}

/** Keeps the two newest snapshots and the journals from the older of them on. */
async function pruneOldFiles(dir: string): Promise<void> {
  const names = await readdir(dir);
  const snapshots = names
    .map((n) => snapshotPattern.exec(n))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => Number(m[1]))
    .sort((a, b) => b - a);
  const keepFrom = snapshots[1] ?? snapshots[0];
  if (keepFrom === undefined) return;
  for (const name of names) {
    const s = snapshotPattern.exec(name) ?? journalPattern.exec(name);
    if (s && Number(s[1]) < keepFrom) await rm(join(dir, name), { force: true });
  }
  // Leftover temp files of an interrupted write-file-atomic (snapshot-….ccstore.<hash>).
  for (const name of names) if (/^snapshot-\d{8}\.ccstore\.\d+$/.test(name)) await rm(join(dir, name), { force: true });
}

/** Makes a create, rename or delete in the folder itself durable. */
async function fsyncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

export type { Op, Tables };
