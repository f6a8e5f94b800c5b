import { registry } from '../../../core/systems';
import { mkdtemp, rm } from 'node:fs/promises';
import type * as FsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBackend, createDispatch, type Reply, type ResponseOf } from '../../../core/api';
import { openDurableStore, type DurableStore } from '../../../electron/main/store';
import { validProfiles } from '../../core/store/fixtures';

// Issue 36, item 5: a full disk on the desktop. The file system is the real one, but while
// `disk.full` is set every journal append and every snapshot fails as a full disk does.
const disk = vi.hoisted(() => ({ full: false as false | 'ENOSPC' | 'EDQUOT' | 'short' | 'snapshots' }));
const noSpace = (code: string) =>
  Object.assign(new Error(`${code}: no space left on device, write`), { code, errno: -28, syscall: 'write' });

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof FsPromises>();
  const open: typeof real.open = async (...args) => {
    const handle = await real.open(...args);
    if (args[1] !== 'a') return handle;
    // The journal, opened to append: its writes fail while the disk is full.
    const write = handle.write.bind(handle) as (data: string) => Promise<{ bytesWritten: number }>;
    return Object.assign(handle, {
      write: async (data: string) => {
        if (!disk.full || disk.full === 'snapshots') return write(data);
        if (disk.full === 'short') return { bytesWritten: Math.floor(data.length / 2), buffer: data };
        throw noSpace(disk.full);
      },
    });
  };
  return { ...real, default: { ...real, open }, open };
});
vi.mock('write-file-atomic', async (importOriginal) => {
  const real = (await importOriginal<{ default: (...args: unknown[]) => Promise<void> }>()).default;
  return {
    default: async (...args: unknown[]) => {
      if (disk.full) throw noSpace('ENOSPC');
      return real(...args);
    },
  };
});

const dirs: string[] = [];
const stores: DurableStore[] = [];
afterEach(async () => {
  disk.full = false;
  for (const s of stores.splice(0)) await s.close().catch(() => undefined);
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

async function openStore(options: { compactAfterRecords?: number } = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'cc-full-'));
  dirs.push(dir);
  let n = 0;
  const store = await openDurableStore({ registry, dir, newId: () => `id-${++n}`, ...options });
  stores.push(store);
  return { dir, store };
}

/** The backend over the store, as the desktop host thread runs it. */
function hostOver(store: DurableStore) {
  const dispatch = createDispatch(
    createBackend({
      registry,
      appName: 'Combat Companion',
      version: '0',
      host: 'desktop',
      store: { repo: store.repo, status: () => store.status() },
      clock: () => '2026-01-01T00:00:00.000Z',
      newId: () => 'x',
      newSeed: () => 1,
    }),
  );
  return async <T>(channel: string, payload: unknown) => (await dispatch(channel, payload)) as Reply<T>;
}

const roster = (name: string) => ({ name, system: 'wh40k-10e', pointsLimit: null, notes: '' });
const DISK_FULL = /^The disk is full: this change was not saved\. Free some space on the disk, then try again/;

describe('a full disk on the desktop', () => {
  it.each(['ENOSPC', 'EDQUOT', 'short'] as const)(
    '%s: the save is refused in words, About says the store cannot write, the roster is not listed; kept once there is room',
    async (how) => {
      const { dir, store } = await openStore();
      const call = hostOver(store);
      expect((await call('roster.save', roster('Kept'))).ok).toBe(true);
      disk.full = how;
      const refused = await call('roster.save', roster('Not kept'));
      expect(refused).toEqual({ ok: false, error: { code: 'internal', message: expect.stringMatching(DISK_FULL) } });
      const info = (await call('app.info', {})) as Reply<ResponseOf<'app.info'>>;
      expect(info.ok && info.value.store).toEqual({
        state: 'full',
        message: expect.stringMatching(/^The disk is full: changes are not being saved\./),
      });
      const list = (await call('roster.list', {})) as Reply<ResponseOf<'roster.list'>>;
      expect(list.ok && list.value.rosters.map((r) => r.name)).toEqual(['Kept']);

      disk.full = false;
      expect((await call('roster.save', roster('Later'))).ok).toBe(true);
      expect(store.status().state).toBe('ready');
      await store.close();
      stores.splice(0);
      const again = await openDurableStore({ registry, dir });
      stores.push(again);
      expect((await again.repo.listRosters()).map((r) => r.name).sort()).toEqual(['Kept', 'Later']);
    },
  );

  it('an edit and a delete not written are undone in memory: the roster reads as it was saved', async () => {
    const { store } = await openStore();
    const saved = await store.repo.saveRoster(roster('As saved'));
    const unit = await store.repo.saveUnit(saved.id, {
      name: 'Squad',
      points: 80,
      profile: validProfiles['wh40k-10e'],
    });
    const before = await store.repo.getRoster(saved.id);
    disk.full = 'ENOSPC';
    await expect(store.repo.saveRoster({ ...roster('Renamed'), id: saved.id })).rejects.toThrow(DISK_FULL);
    await expect(store.repo.deleteUnit(unit.id)).rejects.toThrow(DISK_FULL);
    await expect(store.repo.deleteRoster(saved.id)).rejects.toThrow(DISK_FULL);
    expect(await store.repo.getRoster(saved.id)).toEqual(before);
    expect(store.status().state).toBe('full');
  });

  it('a snapshot that finds the disk full after a write is on disk does not refuse that write', async () => {
    const { dir, store } = await openStore({ compactAfterRecords: 2 });
    await store.repo.saveRoster(roster('One'));
    // The journal still takes the next record; the snapshot it makes due finds no room.
    disk.full = 'snapshots';
    await expect(store.repo.saveRoster(roster('Two'))).resolves.toMatchObject({ name: 'Two' });
    expect(store.status().state).toBe('full');
    disk.full = false;
    await store.close();
    stores.splice(0);
    const again = await openDurableStore({ registry, dir });
    stores.push(again);
    expect((await again.repo.listRosters()).map((r) => r.name).sort()).toEqual(['One', 'Two']);
  });
});
