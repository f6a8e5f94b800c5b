import { registry } from '../../core/systems';
import { IDBFactory, IDBKeyRange, IDBObjectStore } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { contract, createBackend, createDispatch, type Reply, type ResponseOf } from '../../core/api';
import { messages, openBrowserStore } from '../../renderer/src/host/browserStore';

// Issue 26, item 9: the browser host on blocked or full storage says so in words, keeps combats
// playable in memory with a clear warning, and About shows the real state.

let n = 0;
const clock = () => '2024-05-01T18:30:00.000Z';
const newId = () => `id-${++n}`;
const memory = async () => ({ indexedDB: new IDBFactory(), IDBKeyRange });

async function host(idb: { indexedDB: IDBFactory; IDBKeyRange: typeof IDBKeyRange }) {
  const store = await openBrowserStore({ idb, memory, clock, newId, registry });
  const dispatch = createDispatch(
    createBackend({
      registry,
      appName: 'Combat Companion',
      version: '0',
      host: 'browser',
      store,
      clock,
      newId,
      newSeed: () => 1,
    }),
  );
  const call = async <T>(channel: string, payload: unknown) => (await dispatch(channel, payload)) as Reply<T>;
  return { store, call };
}

/** A browser that refuses IndexedDB, as with site data blocked: every open fails with UnknownError. */
function blockedIndexedDb() {
  const factory = new IDBFactory();
  factory.open = () => {
    throw new DOMException('The user denied permission to access the database.', 'UnknownError');
  };
  return { indexedDB: factory, IDBKeyRange };
}

/** Makes every write of fake-indexeddb fail as a browser's does when the site's quota is used up. */
function fillStorage(): () => void {
  const { put, add } = IDBObjectStore.prototype;
  const full = () => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  };
  IDBObjectStore.prototype.put = full;
  IDBObjectStore.prototype.add = full;
  return () => Object.assign(IDBObjectStore.prototype, { put, add });
}
let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

const exampleStart = contract['combat.start'].example;

describe('site data blocked', () => {
  it('runs on a store in memory: About says nothing is kept, a combat starts and plays, a roster can be made', async () => {
    const { call } = await host(blockedIndexedDb());
    const info = await call<ResponseOf<'app.info'>>('app.info', {});
    expect(info.ok && info.value.store).toEqual({
      state: 'unavailable',
      message: messages.blocked('the browser said UnknownError'),
    });
    expect(info.ok && info.value.store.message).toMatch(/nothing you do is kept once this tab is closed/);
    const started = await call<ResponseOf<'combat.start'>>('combat.start', exampleStart);
    if (!started.ok) expect.fail(started.error.message);
    const rolled = await call<ResponseOf<'combat.roll'>>('combat.roll', {
      id: started.value.id,
      stepId: started.value.step.id,
    });
    expect(rolled.ok).toBe(true);
    const roster = await call('roster.save', { name: 'Kept in memory', system: 'wh40k-10e' });
    expect(roster.ok).toBe(true);
  });
});

describe('storage full', () => {
  it('a roster write is refused in words, nothing of it is kept, and About says the storage is full', async () => {
    const { call } = await host({ indexedDB: new IDBFactory(), IDBKeyRange });
    const before = await call<ResponseOf<'roster.save'>>('roster.save', { name: 'Before', system: 'wh40k-10e' });
    expect(before.ok).toBe(true);
    restore = fillStorage();
    const refused = await call('roster.save', { name: 'After', system: 'wh40k-10e' });
    expect(refused).toEqual({ ok: false, error: { code: 'internal', message: messages.fullRefused } });
    restore();
    restore = null;
    const list = await call<ResponseOf<'roster.list'>>('roster.list', {});
    expect(list.ok && list.value.rosters.map((r) => r.name)).toEqual(['Before']);
    const info = await call<ResponseOf<'app.info'>>('app.info', {});
    expect(info.ok && info.value.store).toEqual({ state: 'full', message: messages.full });
  });

  it('a combat goes on in memory, step after step, when its log can no longer be stored', async () => {
    const { call } = await host({ indexedDB: new IDBFactory(), IDBKeyRange });
    restore = fillStorage();
    const started = await call<ResponseOf<'combat.start'>>('combat.start', exampleStart);
    if (!started.ok) expect.fail(started.error.message);
    let snapshot = started.value;
    for (let i = 0; i < 3 && !snapshot.finished; i++) {
      const next =
        snapshot.step.kind === 'roll'
          ? await call<ResponseOf<'combat.roll'>>('combat.roll', { id: snapshot.id, stepId: snapshot.step.id })
          : await call<ResponseOf<'combat.advance'>>('combat.advance', {
              id: snapshot.id,
              input:
                snapshot.step.kind === 'choose'
                  ? { kind: 'choose', stepId: snapshot.step.id, option: snapshot.step.options[0]!.id }
                  : { kind: 'continue', stepId: snapshot.step.id },
            });
      if (!next.ok) expect.fail(next.error.message);
      expect(next.value.inputs.length).toBe(snapshot.inputs.length + 1);
      snapshot = next.value;
    }
    const info = await call<ResponseOf<'app.info'>>('app.info', {});
    expect(info.ok && info.value.store.state).toBe('full');
  });
});
