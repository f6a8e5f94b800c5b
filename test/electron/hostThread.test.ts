import { EventEmitter } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import type { Reply, ResponseOf } from '../../core/api';
import { connectHostThread, type ThreadLike, type ThreadRequest } from '../../electron/main/hostThread';
import { mainChannels, mainRoute } from '../../electron/main/route';
import { badUnitsFile, nestedFileText } from '../support/hostile';
import { fail } from '../../core/api/reply';
import { encodeJson, readReply } from '../../electron/wire';

// Issue 26, item 6: the desktop host's contract work runs on a worker thread, so the main
// process's event loop (and every window) never waits for a heavy request. Its figures are in
// `npm run bench` (test/bench/hostile.bench.ts); here, what it does.

const bootstrap = fileURLToPath(new URL('./tsWorker.mjs', import.meta.url));
const entry = new URL('../../electron/main/hostWorker.ts', import.meta.url).href;
const dirs: string[] = [];
const workers: Worker[] = [];
afterEach(async () => {
  for (const w of workers.splice(0)) await w.terminate();
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

async function startThread() {
  const dir = await mkdtemp(join(tmpdir(), 'cc-thread-'));
  dirs.push(dir);
  const worker = new Worker(bootstrap, { workerData: { dir, version: '9.9.9', entry } });
  workers.push(worker);
  return { dir, worker, thread: connectHostThread(worker) };
}

describe('the host thread (the built app runs electron/main/hostWorker.ts on a worker thread)', () => {
  it(
    'answers through the contract, keeps what it writes across a close and a new thread, and checks a 2,000-unit file there',
    { timeout: 60_000 },
    async () => {
      const first = await startThread();
      const info = (await first.thread.dispatch('app.info', {})) as Reply<ResponseOf<'app.info'>>;
      expect(info).toMatchObject({ ok: true, value: { host: 'desktop', version: '9.9.9', store: { state: 'ready' } } });
      const saved = (await first.thread.dispatch('roster.save', { name: 'Kept', system: 'wh40k-10e' })) as Reply<
        ResponseOf<'roster.save'>
      >;
      expect(saved.ok).toBe(true);
      const checked = (await first.thread.dispatch('roster.checkImport', { file: badUnitsFile(4, 500) })) as Reply<
        ResponseOf<'roster.checkImport'>
      >;
      expect(checked.ok && checked.value.moreProblems).toBe(501 - 20);
      await first.thread.close();
      await first.worker.terminate();

      const worker = new Worker(bootstrap, { workerData: { dir: first.dir, version: '9.9.9', entry } });
      workers.push(worker);
      const again = connectHostThread(worker);
      const list = (await again.dispatch('roster.list', {})) as Reply<ResponseOf<'roster.list'>>;
      expect(list.ok && list.value.rosters.map((r) => r.name)).toEqual(['Kept']);
      await again.close();
    },
  );

  it(
    'a 2,000-unit import crosses as bytes and is stored; one nested 2,000 deep is refused before the thread and the store is untouched',
    { timeout: 60_000 },
    async () => {
      const { thread } = await startThread();
      const route = mainRoute(async () => fail('internal', 'no dialogs here'), thread);
      const file = badUnitsFile(4, 500);
      for (const roster of file.rosters)
        for (const unit of roster.units)
          (unit['profile'] as { models: Record<string, unknown>[] }).models[0]!['toughness'] = 4;
      const imported = readReply(await route('roster.import', encodeJson({ file }))) as Reply<
        ResponseOf<'roster.import'>
      >;
      expect(imported.ok && imported.value.rosters).toHaveLength(4);
      const deep = new TextEncoder().encode(`{"file":${nestedFileText(2000)}}`);
      await expect(route('roster.import', deep)).resolves.toMatchObject({
        ok: false,
        error: { code: 'invalid_input', message: expect.stringContaining('nested more than 64 levels deep') },
      });
      const list = (await thread.dispatch('roster.list', {})) as Reply<ResponseOf<'roster.list'>>;
      expect(list.ok && list.value.rosters).toHaveLength(4);
      await thread.close();
    },
  );

  it('when the thread dies, the waiting call and every later one fail in words', { timeout: 60_000 }, async () => {
    const { worker, thread } = await startThread();
    await thread.dispatch('app.info', {});
    const waiting = thread.dispatch('roster.list', {});
    await worker.terminate();
    const stopped = {
      ok: false,
      error: {
        code: 'internal',
        message: expect.stringMatching(/^The app's host stopped \(it exited with code 1\)\. Restart Combat Companion/),
      },
    };
    await expect(waiting).resolves.toMatchObject(stopped);
    await expect(thread.dispatch('app.info', {})).resolves.toMatchObject(stopped);
  });
});

/** A thread that records what it is sent and can be made to fail. */
function fakeThread() {
  const events = new EventEmitter();
  const sent: ThreadRequest[] = [];
  const thread = {
    postMessage: (m: ThreadRequest) => void sent.push(m),
    on: (event: string, l: (...args: unknown[]) => void) => void events.on(event, l),
  } as unknown as ThreadLike;
  return { thread, sent, events };
}

describe('routing between the main process and the host thread', () => {
  it('dialogs and printing stay in the main process (they need Electron and the calling page); every other channel goes to the thread', async () => {
    const seen: string[] = [];
    const dispatch = mainRoute(async (channel) => (seen.push(`main ${channel}`), { ok: true, value: null }), {
      forward: async (channel) => (seen.push(`thread ${channel}`), { ok: true, value: null }),
    });
    for (const channel of [
      'file.save',
      'file.open',
      'print.print',
      'print.savePdf',
      'roster.import',
      'app.info',
      'combat.roll',
      'no.such',
    ])
      await dispatch(channel, {});
    expect(seen).toEqual([
      'main file.save',
      'main file.open',
      'main print.print',
      'main print.savePdf',
      'thread roster.import',
      'thread app.info',
      'thread combat.roll',
      'thread no.such',
    ]);
    expect([...mainChannels].sort()).toEqual(['file.open', 'file.save', 'print.print', 'print.savePdf']);
  });

  it('a request that cannot be passed to the thread is an error reply, not a hang', async () => {
    const { thread, events } = fakeThread();
    thread.postMessage = () => {
      throw new Error('could not be cloned');
    };
    const host = connectHostThread(thread);
    await expect(host.dispatch('app.info', {})).resolves.toEqual({
      ok: false,
      error: { code: 'internal', message: "The request could not be passed to the app's host: could not be cloned" },
    });
    events.emit('error', new Error('out of memory'));
    await expect(host.dispatch('app.info', {})).resolves.toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('(out of memory)') },
    });
  });
});
