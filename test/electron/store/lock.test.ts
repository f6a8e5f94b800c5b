import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openDurableStore } from '../../../electron/main/store';
import { openDesktopStore } from '../../../electron/main/store/open';

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
  const store = await openDurableStore({ dir });
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
    const a = await openDesktopStore({ dir, clock: () => '2026-11-23T00:00:00.000Z', newId: () => 'a' });
    const b = await openDesktopStore({ dir, clock: () => '2026-11-23T00:00:00.000Z', newId: () => 'b' });
    expect(a.status().state).toBe('ready');
    expect(b.status().state).toBe('unavailable');
    await b.close();
    await a.close();
    // Closed: the folder is free again.
    const c = await openDesktopStore({ dir, clock: () => '2026-11-23T00:00:00.000Z', newId: () => 'c' });
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
