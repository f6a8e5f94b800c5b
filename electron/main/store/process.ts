import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { hostname } from 'node:os';

/**
 * Who a process is, so that a lock's owner file proves its process still runs. A pid alone does
 * not: pids are reused, and a lock naming a pid that an unrelated program got later kept the store
 * locked until that program ended. The start time tells a process from a later one with its pid:
 *
 * - Linux: field 22 of /proc/<pid>/stat (clock ticks after boot) with the boot id, so a pid started
 *   at the same tick after a restart is not mistaken for it either. A zombie has ended.
 * - macOS and other Unix: `ps -o lstart= -p <pid>` (its start date and time, to the second), in the
 *   C locale so every process writes it alike.
 * - Windows, or where neither answers: no start time. A running pid then counts as the owner: the
 *   store is never taken from a live owner, but a reused pid keeps it until that process ends.
 */
export interface ProcessIdentity {
  host: string;
  pid: number;
  /** The start time in the form above, or null where it cannot be read. */
  start: string | null;
}

interface Seen {
  running: boolean;
  start: string | null;
}

let bootId: Promise<string> | undefined;
let self: Promise<ProcessIdentity> | undefined;

/** This process, read once: its start time does not change. */
export function thisProcess(): Promise<ProcessIdentity> {
  self ??= identityOf(process.pid).then((identity) => identity!);
  return self;
}

/** The identity of a process of this machine that runs now; null when none has that pid. */
export async function identityOf(pid: number): Promise<ProcessIdentity | null> {
  const now = await seen(pid);
  return now.running ? { host: hostname(), pid, start: now.start } : null;
}

/**
 * Whether the process an identity names still runs on this machine: its pid runs and, where both
 * start times are known, it started when the identity says. Only for identities of this host.
 */
export async function stillRuns(identity: ProcessIdentity): Promise<boolean> {
  const now = await seen(identity.pid);
  if (!now.running) return false;
  if (identity.start !== null && now.start !== null) return identity.start === now.start;
  return true;
}

async function seen(pid: number): Promise<Seen> {
  if (process.platform === 'linux') {
    const fromProc = await seenInProc(pid);
    if (fromProc) return fromProc;
  }
  if (!signalReaches(pid)) return { running: false, start: null };
  return { running: true, start: process.platform === 'win32' ? null : await startFromPs(pid) };
}

/** From /proc; null when /proc cannot be read at all (not mounted), so the portable way is used. */
async function seenInProc(pid: number): Promise<Seen | null> {
  let stat: string;
  try {
    stat = await readFile(`/proc/${pid}/stat`, 'latin1');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return null;
    // No such process, if /proc itself is there.
    return (await readFile('/proc/self/stat').then(
      () => true,
      () => false,
    ))
      ? { running: false, start: null }
      : null;
  }
  // The command name (field 2) is in parentheses and may hold spaces or parentheses itself.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const state = fields[0];
  const ticks = fields[19];
  if (state === 'Z' || state === 'X') return { running: false, start: null };
  bootId ??= readFile('/proc/sys/kernel/random/boot_id', 'latin1').then(
    (text) => text.trim(),
    () => '',
  );
  return { running: true, start: ticks ? `${await bootId}:${ticks}` : null };
}

function signalReaches(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function startFromPs(pid: number): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(
      'ps',
      ['-o', 'lstart=', '-p', String(pid)],
      { timeout: 2000, env: { ...process.env, LC_ALL: 'C' } },
      (error, stdout) => resolve(error || stdout.trim() === '' ? null : stdout.trim()),
    );
  });
}
