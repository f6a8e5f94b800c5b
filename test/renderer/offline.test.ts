import { describe, expect, it } from 'vitest';
import { createOfflineStatusStore, type OfflineStatus } from '../../renderer/src/offline/status';
import { codeLoadFailure, isStaleCodeError, OFFLINE_BEFORE_STORED } from '../../renderer/src/offline/staleCode';
import {
  askToKeepStorageOnce,
  describePersistence,
  describeUsage,
  formatBytes,
  readStorage,
} from '../../renderer/src/offline/storage';

/** A browser's StorageManager that grants persistence only when `grants` says so, counting the asks. */
function fakeStorage({ persisted = false, grants = false, usage = 1_234_567, quota = 10_000_000_000 } = {}) {
  const state = { persisted, asks: 0 };
  return {
    state,
    api: {
      persisted: async () => state.persisted,
      persist: async () => {
        state.asks++;
        if (grants) state.persisted = true;
        return state.persisted;
      },
      estimate: async () => ({ usage, quota }),
    },
  };
}

function memory() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('browser storage (issue 15, "Keep the data")', () => {
  it('asks the browser to keep the data once in a tab, not at every start', async () => {
    const { api, state } = fakeStorage({ grants: false });
    const remembered = memory();
    expect(await askToKeepStorageOnce(api, remembered, false)).toBe(false);
    expect(await askToKeepStorageOnce(api, remembered, false)).toBe(false);
    expect(state.asks).toBe(1);
  });

  it('asks once more the first time the app runs installed, since installing is what lets browsers say yes', async () => {
    const { api, state } = fakeStorage({ grants: false });
    const remembered = memory();
    await askToKeepStorageOnce(api, remembered, false);
    await askToKeepStorageOnce(api, remembered, true);
    await askToKeepStorageOnce(api, remembered, true);
    expect(state.asks).toBe(2);
  });

  it('does not ask when the data is kept already, and says so', async () => {
    const { api, state } = fakeStorage({ persisted: true });
    expect(await askToKeepStorageOnce(api, memory(), false)).toBe(true);
    expect(state.asks).toBe(0);
  });

  it('returns what the browser granted', async () => {
    const { api } = fakeStorage({ grants: true });
    expect(await askToKeepStorageOnce(api, memory(), false)).toBe(true);
  });

  it('without a Storage API (a page not served over HTTPS) asks nothing and reports nothing', async () => {
    expect(await askToKeepStorageOnce(null, memory(), false)).toBeNull();
    expect(await readStorage(null)).toEqual({ persistent: null, usage: null, quota: null });
  });

  it('reads persistence and the estimate the browser gives', async () => {
    const { api } = fakeStorage({ persisted: true, usage: 2_500_000, quota: 50_000_000_000 });
    expect(await readStorage(api)).toEqual({ persistent: true, usage: 2_500_000, quota: 50_000_000_000 });
  });

  it('says in words whether the data is kept', () => {
    expect(describePersistence(true)).toMatch(/^Kept: the browser will not clear/);
    expect(describePersistence(false)).toMatch(/^Not guaranteed: .* Export your rosters/);
    expect(describePersistence(null)).toMatch(/cannot say/);
  });

  it('says in words how much space is used, and of how much', () => {
    expect(describeUsage(1_234_567, 10_000_000_000)).toBe('1.2 MB used, of about 10 GB this browser allows the app.');
    expect(describeUsage(850_000, null)).toBe('850 kB used.');
    expect(describeUsage(null, 10)).toMatch(/cannot say/);
  });

  it('writes sizes in decimal units as browsers show them, never "1,000 kB"', () => {
    expect(formatBytes(0, 'en')).toBe('0 bytes');
    expect(formatBytes(1, 'en')).toBe('1 byte');
    expect(formatBytes(999, 'en')).toBe('999 bytes');
    expect(formatBytes(1000, 'en')).toBe('1 kB');
    expect(formatBytes(1_234_567, 'en')).toBe('1.2 MB');
    expect(formatBytes(999_999, 'en')).toBe('1 MB');
    expect(formatBytes(120_000_000_000, 'en')).toBe('120 GB');
  });
});

describe('offline status store', () => {
  it('tells every subscriber of a change until it unsubscribes', () => {
    const store = createOfflineStatusStore();
    expect(store.get()).toEqual({ kind: 'unavailable' });
    const seen: OfflineStatus['kind'][] = [];
    const unsubscribe = store.subscribe(() => seen.push(store.get().kind));
    store.set({ kind: 'storing' });
    store.set({ kind: 'ready' });
    unsubscribe();
    store.set({ kind: 'failed', message: 'no space' });
    expect(seen).toEqual(['storing', 'ready']);
    expect(store.get()).toEqual({ kind: 'failed', message: 'no space' });
  });
});

describe('a screen whose code is gone after an update', () => {
  it('is told apart from other failures, in the words each browser uses', () => {
    expect(
      isStaleCodeError(
        new TypeError('Failed to fetch dynamically imported module: https://x/assets/HistoryPage-abc.js'),
      ),
    ).toBe(true); // Chromium
    expect(isStaleCodeError(new TypeError('error loading dynamically imported module: https://x/a.js'))).toBe(true); // Firefox
    expect(isStaleCodeError(new TypeError('Importing a module script failed.'))).toBe(true); // Safari
    expect(isStaleCodeError(new Error('Unable to preload CSS for /assets/PrintFrame-x.css'))).toBe(true); // Vite's preloader
    expect(isStaleCodeError(new Error('The host did not answer'))).toBe(false);
    expect(isStaleCodeError('Failed to fetch dynamically imported module')).toBe(false);
  });
});

describe('a screen whose code cannot load while offline, before the app was stored (issue 36)', () => {
  const gone = new TypeError('Failed to fetch dynamically imported module: https://x/assets/RosterListPage-abc.js');

  it('says it works offline only after a first full load, not that a new version was installed', () => {
    // Service workers blocked, or the network dropped while the worker was still installing.
    expect(codeLoadFailure(gone, { online: false, controlled: false })).toBe('offline');
    expect(OFFLINE_BEFORE_STORED).toMatch(
      /^This screen could not be loaded: you are offline, and the app works offline only after it has been opened once with the network on/,
    );
  });

  it('still says an update replaced the code when the app is stored or the network is there', () => {
    expect(codeLoadFailure(gone, { online: false, controlled: true })).toBe('stale');
    expect(codeLoadFailure(gone, { online: true, controlled: false })).toBe('stale');
    expect(codeLoadFailure(new Error('The host did not answer'), { online: false, controlled: false })).toBeNull();
  });
});
