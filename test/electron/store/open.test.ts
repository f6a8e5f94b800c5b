import { registry } from '../../../core/systems';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDesktopStore } from '../../../electron/main/store/open';

const deps = {
  clock: () => '2026-11-22T12:00:00.000Z',
  newId: (() => {
    let i = 0;
    return () => `id-${++i}`;
  })(),
};

describe('the desktop host opening its store', () => {
  it('opens the durable store in the given folder and keeps what is written', async () => {
    const dir = join(await mkdtemp(join(tmpdir(), 'cc-open-')), 'store');
    const first = await openDesktopStore({ registry, dir, ...deps });
    expect(first.status().state).toBe('ready');
    await first.repo.saveRoster({ name: 'Kept', system: 'old-world', pointsLimit: null, notes: '' });
    await first.close();
    const again = await openDesktopStore({ registry, dir, ...deps });
    expect((await again.repo.listRosters()).map((r) => r.name)).toEqual(['Kept']);
    await again.close();
  });

  it('still runs, on a store that keeps nothing, when the folder cannot be used — and says so', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'cc-open-'));
    const notAFolder = join(parent, 'store');
    await writeFile(notAFolder, 'this is a file, not a folder');
    const store = await openDesktopStore({ registry, dir: notAFolder, ...deps });
    expect(store.status()).toMatchObject({
      state: 'unavailable',
      message: expect.stringContaining('Nothing you change now will be kept'),
    });
    await store.repo.saveRoster({ name: 'Lost on exit', system: 'old-world', pointsLimit: null, notes: '' });
    expect(await store.repo.listRosters()).toHaveLength(1);
    await store.close();
  });
});
