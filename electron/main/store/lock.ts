import { randomUUID } from 'node:crypto';
import { readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';

/**
 * One process per store folder. Two processes writing the same journal and snapshots would lose
 * each other's acknowledged writes (each prunes and renames files the other relies on), so the
 * store takes a lock on its folder before it reads anything: proper-lockfile's lock directory,
 * kept fresh while the app runs, plus an owner file per process that wants or holds it
 * (`store.lock.owner-<pid>`, written before the lock is taken, so a holder always has one).
 *
 * After a crash the lock is left behind. It is taken back at once when every owner file names a
 * process of this machine that no longer runs (the app restarted after a crash); otherwise it
 * goes stale on its own once nobody has refreshed it for `staleMs` (a folder shared with another
 * machine). A live owner keeps it: the second process gets `StoreLockedError` and runs without a
 * store.
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
  /** A lock not refreshed for this long is stale (proper-lockfile's minimum is 2 s). */
  staleMs?: number;
  /** Called if the lock is lost while held (its directory removed or taken over): stop writing. */
  onLost?: (error: Error) => void;
}

const LOCK = 'store.lock';
/** Who holds the lock now: a token the holder writes as soon as it has the lock, before it reads anything. */
const HOLDER = 'store.lock.holder';
const ownerFile = (pid: number) => `store.lock.owner-${pid}`;
const ownerPattern = /^store\.lock\.owner-(\d+)$/;

/** Folders this process holds: its own owner file there is not removed by a second, refused attempt. */
const held = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The owner files of the folder: whether any names a process that may still run, whether one is a
 * process of this machine that does run, and those that surely do not.
 */
async function owners(dir: string): Promise<{ anyAlive: boolean; aliveHere: boolean; dead: string[] }> {
  const dead: string[] = [];
  let anyAlive = false;
  let aliveHere = false;
  for (const name of await readdir(dir)) {
    const match = ownerPattern.exec(name);
    if (!match) continue;
    // This process's own file was just written by the attempt under way; it holds the lock only if it says so.
    if (Number(match[1]) === process.pid) {
      if (held.has(dir)) anyAlive = true;
      continue;
    }
    const host = await readFile(join(dir, name), 'utf8').catch(() => '');
    // Another machine's process cannot be checked from here: it counts as alive.
    const here = host.trim() === hostname();
    if (here && isRunning(Number(match[1]))) aliveHere = anyAlive = true;
    else if (!here) anyAlive = true;
    else dead.push(name);
  }
  return { anyAlive, aliveHere, dead };
}

export async function lockStoreFolder(dir: string, options: LockOptions = {}): Promise<FolderLock> {
  const lockOptions = {
    lockfilePath: join(dir, LOCK),
    realpath: false,
    stale: Math.max(2000, options.staleMs ?? 10_000),
    onCompromised: (error: Error) => options.onLost?.(error),
  };
  const mine = join(dir, ownerFile(process.pid));
  await writeFile(mine, hostname());
  const refuse = async () => {
    if (!held.has(dir)) await rm(mine, { force: true });
    return new StoreLockedError('The roster store is open in another window or program: nothing here will be kept.');
  };
  // The takeover rule agrees with the owner files: a lock whose owner still runs on this machine is
  // never taken, however long it went without a refresh. A frozen owner (a long task, a debugger,
  // a suspended laptop) resumes and writes on; proper-lockfile alone declared its lock stale after
  // 10 s and let a second process in, whose compaction then dropped the owner's next write.
  if (await exists(join(dir, LOCK))) {
    if ((await owners(dir)).aliveHere) throw await refuse();
  }
  let unlock: () => Promise<void>;
  try {
    unlock = await lockfile.lock(dir, lockOptions);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    const { anyAlive, dead } = await owners(dir);
    if (anyAlive) throw await refuse();
    // Left behind by processes of this machine that crashed: clear their owner files, mark the lock stale and take it.
    for (const name of dead) await rm(join(dir, name), { force: true });
    await writeFile(mine, hostname());
    await utimes(join(dir, LOCK), 0, 0);
    unlock = await lockfile.lock(dir, lockOptions);
  }
  held.add(dir);
  // Written before the store reads a file: a process that still sees its own token after a journal
  // append knows nobody had taken over (and loaded the store) before that append.
  const token = `${hostname()} ${process.pid} ${randomUUID()}`;
  await writeFile(join(dir, HOLDER), token);
  const stillHeld = async () => (await readFile(join(dir, HOLDER), 'utf8').catch(() => '')) === token;
  return {
    release: async () => {
      held.delete(dir);
      // Ours only while it names this process: a newcomer's token is left alone.
      if (await stillHeld()) await rm(join(dir, HOLDER), { force: true });
      await rm(mine, { force: true });
      await unlock().catch(() => undefined);
    },
    stillHeld,
  };
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
