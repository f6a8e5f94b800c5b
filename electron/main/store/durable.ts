// write-file-atomic ships no types: the reference brings our declaration into every program that
// imports the store (the test and bench builds include only test/**).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./write-file-atomic.d.ts" />
import { randomUUID } from 'node:crypto';
import { mkdir, open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { DBCore, DBCoreMutateRequest, DBCoreTable, Middleware } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import writeFileAtomic from 'write-file-atomic';
import { CompanionDb, LATEST_SCHEMA_VERSION, type SchemaVersion } from '../../../core/store/db';
import type { Registry } from '../../../core/systems/registry';
import { createRepository, writeMethods, type RosterRepository } from '../../../core/store/repo';
import { tableNames, type TableName } from '../../../core/store/rows';
import { fsyncDir, pruneOldFiles } from './files';
import {
  encodeRecord,
  encodeSnapshot,
  journalName,
  snapshotName,
  type JournalRecord,
  type Op,
  type Tables,
} from './format';
import { loadStore, StoreTooNewError, type LoadedStore } from './load';
import { lockStoreFolder, type FolderLock } from './lock';

/**
 * The roster store of the desktop host (ARCHITECTURE.md, "The store").
 *
 * Dexie runs on fake-indexeddb, in memory; this module makes it durable in the user-data folder.
 * Design: a journal plus snapshots. A full snapshot per write cannot meet the targets (a store
 * of 200 rosters × 40 units and 5,000 combats is ~30 MB of JSON: ~130 ms to serialise and as
 * much again to write, per write), so each committed write appends one record with the rows it
 * put or deleted to the journal (format.ts, frames.ts) and fdatasyncs it before the caller's promise resolves; every
 * `compactAfter` records or bytes the whole state is written as an atomic snapshot
 * (write-file-atomic: temp file, fsync, rename; then the folder is fsynced) and a new journal
 * begins. The two newest snapshots and the journals since the older of them are kept, so a
 * damaged newest snapshot falls back to the previous one plus its journals without losing a
 * write. Writes run one at a time; a damaged file is renamed aside, never deleted, and every
 * intact record and row in it is loaded (load.ts).
 */

export interface DurableStoreOptions {
  /** The folder to keep the store in (the app's user-data folder, or a temp folder in tests). */
  dir: string;
  /** The rule systems whose rosters the store keeps (the host's registry): it checks and upgrades their profiles. */
  registry: Registry;
  clock?: () => string;
  newId?: () => string;
  /** Compact after this many journalled writes (default 1,000)… */
  compactAfterRecords?: number;
  /** …or this many journal bytes (default 8 MB), whichever comes first. */
  compactAfterBytes?: number;
  /** Another machine's lock entry not refreshed for this long has ended (lock.ts); one of this machine is checked directly. */
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

type Maps = LoadedStore['maps'];

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
  const clock = options.clock ?? (() => new Date().toISOString());
  const loaded = await loadStore(options.dir);
  const { idb, upgraded } = await intoIndexedDb(loaded.maps, loaded.minVersion, options.registry);
  const db = new CompanionDb(idb, { registry: options.registry });
  const writer = new DurableWriter(db, loaded, {
    dir: options.dir,
    clock,
    compactAfterRecords: options.compactAfterRecords ?? 1000,
    compactAfterBytes: options.compactAfterBytes ?? 8 * 1024 * 1024,
    lock,
    lostLock,
  });
  // Every committed mutation is captured here, as whole rows, for the journal.
  db.use(captureMiddleware((op) => writer.capture(op)));
  await db.open();
  const repo = durableRepository(createRepository(db, { clock, newId: options.newId ?? (() => randomUUID()) }), writer);

  // A recovered, upgraded or brand-new store starts from a fresh snapshot, so the next start
  // does not depend on the files that were set aside.
  if (loaded.setAside.length > 0 || upgraded || !loaded.hasSnapshot || writer.due())
    await writer.serial(() => writer.compact());

  const status = statusOf(loaded.setAside, upgraded);
  return {
    repo,
    db,
    status: () => status,
    compact: () =>
      writer.serial(async () => {
        if (!(await lock.stillHeld())) throw lockTakenOver();
        await writer.compact();
      }),
    close: () =>
      writer.serial(async () => {
        await writer.closeJournal();
        db.close();
        await lock.release();
      }),
  };
}

/** The loaded rows into fake-indexeddb, upgraded from their schema version through Dexie's own migration. */
async function intoIndexedDb(maps: Maps, minVersion: number, registry: Registry) {
  const idb = { indexedDB: new IDBFactory(), IDBKeyRange };
  const loadVersion = Math.max(1, Math.min(minVersion, LATEST_SCHEMA_VERSION)) as SchemaVersion;
  const loader = new CompanionDb(idb, { version: loadVersion, registry });
  await loader.open();
  await loader.transaction('rw', tableNames.slice(), async () => {
    for (const table of tableNames) await loader.table(table).bulkAdd([...maps[table].values()]);
  });
  loader.close();
  return { idb, upgraded: loadVersion < LATEST_SCHEMA_VERSION };
}

/** The repository with each write method made durable: acknowledged only once on disk. */
function durableRepository(inner: RosterRepository, writer: DurableWriter): RosterRepository {
  const repo = { ...inner } as RosterRepository;
  for (const method of writeMethods) {
    const original = inner[method] as (...args: unknown[]) => Promise<unknown>;
    (repo as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>)[method] = (...args) =>
      writer.write(() => original(...args));
  }
  return repo;
}

function statusOf(setAside: readonly string[], upgraded: boolean): DurableStoreStatus {
  if (setAside.length > 0)
    return {
      state: 'recovered',
      message: `Some saved data was damaged and has been set aside; the last good state was loaded. Set aside: ${setAside.join('; ')}.`,
    };
  return {
    state: 'ready',
    message: upgraded ? 'The roster store was upgraded and is ready.' : 'The roster store is ready.',
  };
}

interface WriterSettings {
  dir: string;
  clock: () => string;
  compactAfterRecords: number;
  compactAfterBytes: number;
  lock: FolderLock;
  lostLock: () => Error | null;
}

/**
 * The write path: one write at a time, each committed write's rows appended to the journal and
 * fdatasynced before the caller is told, and a snapshot every `compactAfter…`.
 */
class DurableWriter {
  private journal: FileHandle | null = null;
  private journalGeneration: number;
  private journalBytes: number;
  private journalRecords: number;
  private nextGeneration: number;
  private seq: number;
  /** The operations of the write under way; null between writes. */
  private captured: Op[] | null = null;
  /** Memory holds a change the journal does not (a write outside the repository, or a failed append). */
  private strayWrite = false;
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: CompanionDb,
    loaded: LoadedStore,
    private readonly settings: WriterSettings,
  ) {
    this.journalGeneration = loaded.journal.generation;
    this.journalBytes = loaded.journal.bytes;
    this.journalRecords = loaded.journal.records;
    this.nextGeneration = Math.max(loaded.maxGeneration, loaded.journal.generation) + 1;
    this.seq = loaded.seq;
  }

  capture(op: Op): void {
    if (this.captured) this.captured.push(op);
    else this.strayWrite = true;
  }

  serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.tail.then(work, work);
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Whether the journal has grown enough for a snapshot. */
  due(): boolean {
    return (
      this.journalRecords >= this.settings.compactAfterRecords || this.journalBytes >= this.settings.compactAfterBytes
    );
  }

  write<T>(work: () => Promise<T>): Promise<T> {
    return this.serial(async () => {
      // The folder was taken from us (lock.ts): writing now could destroy another process's data.
      const lost = this.settings.lostLock();
      if (lost)
        throw new Error(`The roster store's folder lock was lost (${lost.message}); this change was not saved.`);
      this.captured = [];
      let result: T;
      let ops: Op[];
      try {
        result = await work();
      } finally {
        // A write that threw rolled its transaction back: nothing of it is journalled.
        ops = this.captured;
        this.captured = null;
      }
      await this.commit(ops);
      // Checked after the record is on disk and before anyone is told: if another process took the
      // folder over meanwhile (this one was frozen), it may have loaded the store before this
      // record and would drop it; the change is reported as not kept, never acknowledged.
      if (!(await this.settings.lock.stillHeld())) throw lockTakenOver();
      if (this.due()) await this.compact();
      return result;
    });
  }

  private async commit(ops: Op[]): Promise<void> {
    try {
      // Something wrote outside the repository, or the journal failed: only a full snapshot captures it.
      if (this.strayWrite) await this.compact();
      else if (ops.length > 0) await this.append({ seq: ++this.seq, v: LATEST_SCHEMA_VERSION, ops });
    } catch (error) {
      // Memory is now ahead of the disk: the next write must snapshot the whole state.
      this.strayWrite = true;
      throw error;
    }
  }

  private async append(record: JournalRecord): Promise<void> {
    const { dir } = this.settings;
    if (!this.journal) {
      this.journal = await open(join(dir, journalName(this.journalGeneration)), 'a');
      await fsyncDir(dir);
    }
    const line = encodeRecord(record);
    const { bytesWritten } = await this.journal.write(line);
    if (bytesWritten !== line.length)
      throw new Error(`The roster journal took ${bytesWritten} of ${line.length} bytes (disk full?).`);
    // fdatasync also flushes the new file length, which is all an append changes.
    await this.journal.datasync();
    this.journalBytes += line.length;
    this.journalRecords += 1;
  }

  /** Writes a snapshot of everything in memory and starts a new journal. */
  async compact(): Promise<void> {
    const { dir, clock } = this.settings;
    const generation = this.nextGeneration++;
    // The snapshot holds everything in memory, including any write the journal missed.
    this.strayWrite = false;
    const tables = await this.db.transaction('r', tableNames.slice(), async () => {
      const out = {} as Tables;
      for (const table of tableNames) out[table] = (await this.db.table(table).toArray()) as Record<string, unknown>[];
      return out;
    });
    await writeFileAtomic(
      join(dir, snapshotName(generation)),
      encodeSnapshot(tables, { schemaVersion: LATEST_SCHEMA_VERSION, generation, savedAt: clock() }),
    );
    await fsyncDir(dir);
    await this.closeJournal();
    this.journalGeneration = generation;
    this.journalBytes = 0;
    this.journalRecords = 0;
    await pruneOldFiles(dir);
  }

  async closeJournal(): Promise<void> {
    await this.journal?.close();
    this.journal = null;
  }
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

export { StoreTooNewError };
export type { Op, Tables };
