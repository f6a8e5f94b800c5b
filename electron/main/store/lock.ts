import { randomUUID } from 'node:crypto';
import {
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  rmdir,
  stat,
  utimes,
  writeFile,
  type FileHandle,
} from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { stillRuns, thisProcess, type ProcessIdentity } from './process';

/**
 * One process per store folder. Two processes writing the same journal and snapshots would lose
 * each other's acknowledged writes (each prunes and renames files the other relies on), so the
 * store takes a lock on its folder before it reads anything.
 *
 * The lock is the folder `store.lock`, with one entry per process that holds or wants it,
 * `<token>.owner`: its first line says who the process is (host, pid, start time: process.ts), its
 * second the number it drew. Who gets the store is decided as in Lamport's bakery: a process
 * puts its entry in place (renamed in whole, under a name of its own), draws one more than the
 * highest number it sees, and then gets the store only if no live entry drew a lower number (the
 * token breaks a tie), waiting while an entry has not drawn yet. A latecomer draws above the
 * holder and is refused; of any number of processes starting at once, exactly one gets it. The
 * last to leave removes the folder: a closed store leaves no lock behind.
 *
 * Why not one lock file taken with `wx` or `mkdir` (proper-lockfile): taking over a crashed
 * owner's lock means removing it, and a process that judged it stale can then remove the fresh
 * lock a faster one has just made, so both believe they own the store. An entry here is removed
 * only by its own name, once its process is seen to have ended: no one removes an entry they did
 * not judge. Earlier versions wrote an owner file first and refused when they saw another live
 * one: after a crash, processes starting together all refused.
 *
 * An entry has ended when its process has (this machine: its pid no longer runs, or runs a process
 * with another start time, a reused pid), and is removed by whoever finds it. An entry of another
 * machine, which cannot be checked from here, counts as ended when its owner has not refreshed it
 * for `staleMs`. A live owner of this machine keeps the store however long it is silent (a frozen
 * owner: a long task, a debugger, a suspended laptop).
 */

export class StoreLockedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreLockedError';
  }
}

export interface FolderLock {
  /** Gives the lock up (on close); the folder is free for the next process. */
  release(): Promise<void>;
  /**
   * Whether this process still holds the lock: the holder file names it. Asked before a write is
   * acknowledged, so a process that was frozen while another took the folder over finds out
   * before it tells anyone a write was kept (issue 26).
   */
  stillHeld(): Promise<boolean>;
}

export interface LockOptions {
  /** An entry of another machine not refreshed for this long has ended (at least 2 s). */
  staleMs?: number;
  /** Called if this process's entry is removed while it holds the lock: stop writing. */
  onLost?: (error: Error) => void;
}

const LOCK = 'store.lock';
/** Who holds the lock now: a token the holder writes as soon as it has the lock, before it reads anything. */
const HOLDER = 'store.lock.holder';
const entryPattern = /^([0-9a-f-]{36})\.owner$/;
/** Owner files of the lock before this one (proper-lockfile plus a file per pid): removed when the store is taken. */
const legacyOwnerPattern = /^store\.lock\.owner-\d+$/;

const identitySchema = z.object({ host: z.string(), pid: z.number().int().positive(), start: z.string().nullable() });

/** One process's entry as read: who it is and its number, each once written in full. */
interface Entry {
  name: string;
  token: string;
  identity: ProcessIdentity | null;
  number: number | null;
  modifiedMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function lockStoreFolder(dir: string, options: LockOptions = {}): Promise<FolderLock> {
  const staleMs = Math.max(2000, options.staleMs ?? 10_000);
  const me = await thisProcess();
  const token = randomUUID();
  const folder = join(dir, LOCK);
  const entry = await enter(folder, token, me);
  try {
    const number = 1 + Math.max(0, ...(await liveEntries(folder, token, me, staleMs)).map((e) => e.number ?? 0));
    await draw(entry, number);
    await contend(folder, { token, number }, me, staleMs);
    await tidyUp(dir, staleMs);
  } catch (error) {
    await leave(folder, entry);
    throw error;
  }
  // Written before the store reads a file: a process that still sees its own token after a journal
  // append knows nobody had taken over (and loaded the store) before that append.
  const holderToken = `${me.host} ${me.pid} ${token}`;
  await writeFile(join(dir, HOLDER), holderToken);
  const stillHeld = async () => (await readFile(join(dir, HOLDER), 'utf8').catch(() => '')) === holderToken;
  const refresh = keepFresh(entry, staleMs, options.onLost);
  return {
    release: async () => {
      clearInterval(refresh);
      // Ours only while it names this process: a newcomer's token is left alone.
      if (await stillHeld()) await rm(join(dir, HOLDER), { force: true });
      await leave(folder, entry);
    },
    stillHeld,
  };
}

function locked(): StoreLockedError {
  return new StoreLockedError('The roster store is open in another window or program: nothing here will be kept.');
}

/**
 * Creates this process's entry, saying who it is: written aside and renamed into place, so an
 * entry is never seen without its owner (one that was could not be judged, only waited out).
 */
async function enter(folder: string, token: string, me: ProcessIdentity): Promise<string> {
  const entry = join(folder, `${token}.owner`);
  const draft = join(folder, `${token}.draft`);
  // The folder is removed by the last process to leave: one that left between our mkdir and our
  // write is told by ENOENT, and the folder is made again.
  for (let attempt = 0; ; attempt++) {
    await mkdir(folder, { recursive: true });
    try {
      await writeFile(draft, `${JSON.stringify(me)}\n`);
      await rename(draft, entry);
      return entry;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt >= 5) throw error;
    }
  }
}

/** Adds the number drawn to our entry; never re-creates an entry another process found ended and removed. */
async function draw(entry: string, number: number): Promise<void> {
  let handle: FileHandle;
  try {
    handle = await open(entry, 'r+');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw locked();
    throw error;
  }
  try {
    await handle.write(`${number}\n`, (await handle.stat()).size);
  } finally {
    await handle.close();
  }
}

/** Removes this process's entry, and the lock folder if it was the last. */
async function leave(folder: string, entry: string): Promise<void> {
  await rm(entry, { force: true });
  await rmdir(folder).catch(() => undefined);
}

/**
 * Waits until every other live entry has drawn its number; refuses if one drew before ours. An
 * entry still drawing belongs to a process in the middle of its first steps, so the wait is short;
 * one that stays undrawn past `staleMs` (its process frozen mid-draw) makes this one give up: two
 * processes never both hold the store, even if then neither does.
 */
async function contend(
  folder: string,
  mine: { token: string; number: number },
  me: ProcessIdentity,
  staleMs: number,
): Promise<void> {
  // An entry that does not say who it is (damaged) has ended once `staleMs` old: the wait outlasts
  // that, so such an entry does not make this process give up.
  const deadline = Date.now() + staleMs + 2000;
  for (;;) {
    const others = await liveEntries(folder, mine.token, me, staleMs);
    // Ours removed: another process found it ended (another machine's view of a long stall).
    if (!others.ours) throw locked();
    const ahead = others.some(
      (e) => e.number !== null && (e.number < mine.number || (e.number === mine.number && e.token < mine.token)),
    );
    if (ahead) throw locked();
    if (others.every((e) => e.number !== null)) return;
    if (Date.now() > deadline) throw locked();
    await sleep(10);
  }
}

/**
 * The entries other than ours whose processes may still run (those that surely do not are
 * removed), and whether ours is still there.
 */
async function liveEntries(
  folder: string,
  token: string,
  me: ProcessIdentity,
  staleMs: number,
): Promise<Entry[] & { ours: boolean }> {
  const live = Object.assign([] as Entry[], { ours: false });
  for (const name of await readdir(folder)) {
    const match = entryPattern.exec(name);
    if (!match) continue;
    if (match[1] === token) {
      live.ours = true;
      continue;
    }
    const entry = await readEntry(folder, name, match[1]!);
    if (!entry) continue;
    if (await hasEnded(entry, me, staleMs)) await rm(join(folder, name), { force: true });
    else live.push(entry);
  }
  return live;
}

async function readEntry(folder: string, name: string, token: string): Promise<Entry | null> {
  let text: string;
  let modifiedMs: number;
  try {
    text = await readFile(join(folder, name), 'utf8');
    modifiedMs = (await stat(join(folder, name))).mtimeMs;
  } catch {
    // Removed meanwhile: its process left, or was found to have ended.
    return null;
  }
  // Each line counts only once written in full: a number read half-written could be too low.
  const lines = text.split('\n').slice(0, -1);
  const identity = lines[0] === undefined ? null : parseIdentity(lines[0]);
  const number = lines[1] !== undefined && /^[1-9]\d{0,14}$/.test(lines[1]) ? Number(lines[1]) : null;
  return { name, token, identity, number: identity ? number : null, modifiedMs };
}

function parseIdentity(line: string): ProcessIdentity | null {
  try {
    return identitySchema.parse(JSON.parse(line));
  } catch {
    return null;
  }
}

/**
 * Whether an entry's process has surely ended. One of this machine is asked directly; one whose
 * owner cannot be checked (another machine, or an entry too damaged to say) has ended when it has not
 * been refreshed for `staleMs`.
 */
async function hasEnded(entry: Entry, me: ProcessIdentity, staleMs: number): Promise<boolean> {
  if (entry.identity && entry.identity.host === me.host) return !(await stillRuns(entry.identity));
  return Date.now() - entry.modifiedMs > staleMs;
}

/** Touches our entry while we hold the lock, so another machine sees it is alive; reports its loss. */
function keepFresh(entry: string, staleMs: number, onLost?: (error: Error) => void): NodeJS.Timeout {
  const timer = setInterval(() => {
    const now = new Date();
    utimes(entry, now, now).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') return;
      clearInterval(timer);
      onLost?.(new Error('its lock entry was removed by another process'));
    });
  }, staleMs / 2);
  timer.unref();
  return timer;
}

/**
 * Removes what crashes left: owner files of the earlier lock, and drafts of entries never renamed
 * into place (a draft lives for a moment; one older than `staleMs` was abandoned).
 */
async function tidyUp(dir: string, staleMs: number): Promise<void> {
  for (const name of await readdir(dir)) if (legacyOwnerPattern.test(name)) await rm(join(dir, name), { force: true });
  const folder = join(dir, LOCK);
  for (const name of await readdir(folder)) {
    if (!name.endsWith('.draft')) continue;
    const modifiedMs = await stat(join(folder, name)).then(
      (s) => s.mtimeMs,
      () => Date.now(),
    );
    if (Date.now() - modifiedMs > staleMs) await rm(join(folder, name), { force: true });
  }
}
