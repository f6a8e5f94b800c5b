import { registry } from '../../../core/systems';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openDurableStore, StoreLockedError } from '../../../electron/main/store';
import { openDesktopStore } from '../../../electron/main/store/open';
import { identityOf, type ProcessIdentity } from '../../../electron/main/store/process';
import { sized } from '../../support/exhaustive';

/**
 * Hardening: one process per store folder. Two processes on one folder used to both report
 * "ready" and lose each other's acknowledged writes; now the second is told the store is open
 * elsewhere and keeps nothing, and a lock left by a crashed process is taken back at once.
 */
const holder = fileURLToPath(new URL('./holder.ts', import.meta.url));
const dirs: string[] = [];
const children: ChildProcessWithoutNullStreams[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

async function tempDir() {
  const dir = await mkdtemp(join(tmpdir(), 'cc-lock-'));
  dirs.push(dir);
  return dir;
}

/** Starts a process holding the store open; resolves with it once it has opened and saved a roster. */
function startHolder(
  dir: string,
  tag: string,
): Promise<{ child: ChildProcessWithoutNullStreams; status: { state: string; message: string } }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', holder, dir, tag], { stdio: ['pipe', 'pipe', 'pipe'] });
    children.push(child);
    let out = '';
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      // Only whole lines: a line may arrive in two chunks.
      const line = out
        .split('\n')
        .slice(0, -1)
        .find((l) => l.startsWith('opened '));
      if (line)
        resolve({ child, status: JSON.parse(line.slice('opened '.length)) as { state: string; message: string } });
    });
    child.on('exit', (code) => reject(new Error(`holder exited (${code}) before opening: ${err}`)));
  });
}

function closeHolder(child: ChildProcessWithoutNullStreams): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', () => resolve());
    child.stdin.end('close\n');
  });
}

const rosterNames = async (dir: string) => {
  const store = await openDurableStore({ registry, dir });
  const names = (await store.repo.listRosters()).map((r) => r.name).sort();
  const state = store.status().state;
  await store.close();
  return { names, state };
};

describe('one process per store folder', () => {
  it(
    'a second process is told the store is open elsewhere, and nothing it does is kept',
    { timeout: 60_000 },
    async () => {
      const dir = await tempDir();
      const first = await startHolder(dir, 'first');
      expect(first.status.state).toBe('ready');

      const second = await startHolder(dir, 'second');
      expect(second.status).toEqual({
        state: 'unavailable',
        message: 'The roster store is open in another window or program: nothing here will be kept.',
      });
      await closeHolder(second.child);

      await closeHolder(first.child);
      // Only the first process's write is in the folder; the second wrote nothing there.
      expect(await rosterNames(dir)).toEqual({ names: ['first'], state: 'ready' });
    },
  );

  it('the same process cannot open one folder twice either', async () => {
    const dir = await tempDir();
    const a = await openDesktopStore({ registry, dir, clock: () => '2026-11-23T00:00:00.000Z', newId: () => 'a' });
    const b = await openDesktopStore({ registry, dir, clock: () => '2026-11-23T00:00:00.000Z', newId: () => 'b' });
    expect(a.status().state).toBe('ready');
    expect(b.status().state).toBe('unavailable');
    await b.close();
    await a.close();
    // Closed: the folder is free again.
    const c = await openDesktopStore({ registry, dir, clock: () => '2026-11-23T00:00:00.000Z', newId: () => 'c' });
    expect(c.status().state).toBe('ready');
    await c.close();
  });

  it('a lock left by a process that crashed is taken back at once, with its writes', { timeout: 60_000 }, async () => {
    const dir = await tempDir();
    const crashed = await startHolder(dir, 'crashed');
    crashed.child.removeAllListeners('exit');
    await new Promise<void>((resolve) => {
      crashed.child.on('exit', () => resolve());
      crashed.child.kill('SIGKILL');
    });
    expect(await readdir(dir)).toContain('store.lock');
    expect(await rosterNames(dir)).toEqual({ names: ['crashed'], state: 'ready' });
  });
});

// ---- The reliability audit: starts at the same moment after a crash, and a reused pid. ----

const starter = fileURLToPath(new URL('./starter.ts', import.meta.url));

/** A child process that opens the store each time it is told "go" (starter.ts), and what it has said. */
class Starter {
  readonly child: ChildProcessWithoutNullStreams;
  /** Said once, when its code has loaded. */
  readonly loaded: Promise<string>;
  private lines: string[] = [];
  private waiting: { prefix: string; resolve: (line: string) => void; reject: (error: Error) => void }[] = [];

  constructor(
    dir: string,
    readonly tag: string,
  ) {
    this.child = spawn(process.execPath, ['--import', 'tsx', starter, dir, tag], { stdio: ['pipe', 'pipe', 'pipe'] });
    children.push(this.child);
    let out = '';
    let err = '';
    this.child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    this.child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      // Only whole lines: a line may arrive in two chunks.
      const whole = out.split('\n');
      out = whole.pop()!;
      for (const line of whole) this.heard(line);
    });
    this.child.on('exit', (code) => {
      for (const w of this.waiting.splice(0)) w.reject(new Error(`${tag} exited (${code}): ${err}`));
    });
    this.loaded = this.said('loaded');
    // The last spare is killed at the end without ever being awaited: its exit is no error then.
    this.loaded.catch(() => undefined);
  }

  private heard(line: string) {
    const i = this.waiting.findIndex((w) => line.startsWith(w.prefix));
    if (i < 0) this.lines.push(line);
    else this.waiting.splice(i, 1)[0]!.resolve(line);
  }

  /** The next line starting with `prefix` (one already said, or one to come). */
  said(prefix: string): Promise<string> {
    const i = this.lines.findIndex((l) => l.startsWith(prefix));
    if (i >= 0) return Promise.resolve(this.lines.splice(i, 1)[0]!);
    return new Promise((resolve, reject) => this.waiting.push({ prefix, resolve, reject }));
  }

  tell(line: string) {
    this.child.stdin.write(`${line}\n`);
  }

  /** Kills it as a crash would, and waits until it is gone. */
  async crash() {
    this.child.removeAllListeners('exit');
    await new Promise<void>((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.kill('SIGKILL');
    });
  }
}

const STARTERS = 20;
// 20 starters every time; 5 runs of them in the everyday suite, the 20 under CC_EXHAUSTIVE=1.
const RUNS = sized(5, 20);

describe('processes starting at once after a crash', () => {
  it(
    `exactly one of ${STARTERS} gets the store, in each of ${RUNS} runs, and keeps what it saved`,
    { timeout: 900_000 },
    async () => {
      const dir = await tempDir();
      // The first crash: a holder killed with its lock in place.
      const crashed = await startHolder(dir, 'crashed');
      crashed.child.removeAllListeners('exit');
      await new Promise<void>((resolve) => {
        crashed.child.once('exit', () => resolve());
        crashed.child.kill('SIGKILL');
      });
      let started = 0;
      const starters = Array.from({ length: STARTERS }, () => new Starter(dir, `s${started++}`));
      // Loads while a run goes on, to take the place of the one that crashes.
      let spare = new Starter(dir, `s${started++}`);
      const kept = ['crashed'];
      for (let run = 0; run < RUNS; run++) {
        // Every one has loaded its code before any is told to open: the opens start together.
        await Promise.all(starters.map((s) => s.loaded));
        for (const s of starters) s.tell(`go ${run}`);
        const states = await Promise.all(starters.map(async (s) => (await s.said(`opened ${run} `)).split(' ')[2]));
        expect(
          states.filter((s) => s === 'ready'),
          `run ${run}: ${states.join(', ')}`,
        ).toHaveLength(1);
        expect(states.filter((s) => s === 'unavailable')).toHaveLength(STARTERS - 1);
        // The one that got it crashes, leaving its lock for the next run; the others close.
        const winner = starters[states.indexOf('ready')]!;
        kept.push(`${winner.tag} run ${run}`);
        const losers = starters.filter((s) => s !== winner);
        for (const s of losers) s.tell(`close ${run}`);
        await Promise.all(losers.map((s) => s.said(`closed ${run}`)));
        await winner.crash();
        starters[starters.indexOf(winner)] = spare;
        spare = new Starter(dir, `s${started++}`);
      }
      // Every winner's roster was acknowledged and is kept; nothing a refused process saved is.
      expect(await rosterNames(dir)).toEqual({ names: kept.sort(), state: 'ready' });
    },
  );
});

describe('an owner entry proves its process', () => {
  /** A process of this machine that has nothing to do with the store. */
  async function unrelatedProcess() {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60000)'], { stdio: ['pipe', 'pipe', 'pipe'] });
    children.push(child);
    await new Promise((resolve) => child.once('spawn', resolve));
    const identity = await identityOf(child.pid!);
    expect(identity, 'the unrelated process runs').not.toBeNull();
    return identity!;
  }

  /** An entry as a holder writes it (lock.ts): who it is, then its number; its last change `ageMs` ago. */
  async function writeEntry(dir: string, identity: ProcessIdentity, ageMs = 0) {
    await mkdir(join(dir, 'store.lock'), { recursive: true });
    const entry = join(dir, 'store.lock', `${randomUUID()}.owner`);
    await writeFile(entry, `${JSON.stringify(identity)}\n1\n`);
    const then = new Date(Date.now() - ageMs);
    await utimes(entry, then, then);
  }

  const open = (dir: string) => openDurableStore({ registry, dir, lockStaleMs: 2000 });

  it('an entry naming a live process that started at another time (a reused pid) is taken over', async () => {
    const dir = await tempDir();
    const reused = await unrelatedProcess();
    expect(reused.start, 'this platform gives start times').not.toBeNull();
    // The pid the crashed owner had, now another program's: it started later than the owner did.
    await writeEntry(dir, { ...reused, start: `${reused.start}-before` }, 15_000);
    const store = await open(dir);
    expect(store.status().state).toBe('ready');
    await store.close();
  });

  it('an entry naming that live process as it is keeps the store, however old the entry', async () => {
    const dir = await tempDir();
    // The frozen-owner case: a live owner that has not refreshed its entry for far past the staleness.
    await writeEntry(dir, await unrelatedProcess(), 45_000);
    await expect(open(dir)).rejects.toBeInstanceOf(StoreLockedError);
  });

  it('an owner file of the earlier lock naming a live, unrelated pid does not hold the store', async () => {
    const dir = await tempDir();
    const { pid } = await unrelatedProcess();
    // What the earlier lock left after a crash: its lock folder and an owner file per pid.
    await mkdir(join(dir, 'store.lock'));
    await writeFile(join(dir, `store.lock.owner-${pid}`), hostname());
    const store = await open(dir);
    expect(store.status().state).toBe('ready');
    await store.close();
    expect(await readdir(dir)).not.toContain(`store.lock.owner-${pid}`);
  });

  it("another machine's entry holds the store while it is refreshed, and is taken once stale", async () => {
    const dir = await tempDir();
    const elsewhere = { host: `not-${hostname()}`, pid: 4242, start: null };
    await writeEntry(dir, elsewhere, 0);
    await expect(open(dir)).rejects.toBeInstanceOf(StoreLockedError);
    const other = await tempDir();
    await writeEntry(other, elsewhere, 3000);
    const store = await open(other);
    expect(store.status().state).toBe('ready');
    await store.close();
  });

  it('leaves the folder as it found it once closed', async () => {
    const dir = await tempDir();
    const store = await open(dir);
    await store.close();
    expect((await readdir(dir)).filter((f) => f.startsWith('store.lock'))).toEqual([]);
  });
});
