/**
 * The browser's storage for this site, where the worker host keeps rosters and combats (IndexedDB).
 * Unless it is persistent, a browser may clear it when the device runs short of space.
 */
export interface StorageReport {
  /** null: this browser cannot say (no Storage API). */
  persistent: boolean | null;
  /** Bytes this site uses and may use, as the browser estimates them; null when it cannot say. */
  usage: number | null;
  quota: number | null;
}

type StorageApi = Pick<StorageManager, 'persist' | 'persisted' | 'estimate'>;
type Memory = Pick<Storage, 'getItem' | 'setItem'>;

/** `storage`: the browser's (navigator.storage); null where it has none (a page not served over HTTPS). */
export async function readStorage(storage: StorageApi | null = navigator.storage ?? null): Promise<StorageReport> {
  if (!storage) return { persistent: null, usage: null, quota: null };
  const [persistent, estimate] = await Promise.all([storage.persisted(), storage.estimate()]);
  return { persistent, usage: estimate.usage ?? null, quota: estimate.quota ?? null };
}

/**
 * Asks the browser once to keep the store (`persist()`): at the first start in a tab, and once more
 * the first time the app runs installed (standalone), since installing is what lets most browsers
 * say yes. About can ask again on the player's request. Returns whether storage is persistent now.
 */
export async function askToKeepStorageOnce(
  storage: StorageApi | null = navigator.storage ?? null,
  memory: Memory = localStorage,
  installed = window.matchMedia('(display-mode: standalone)').matches,
): Promise<boolean | null> {
  if (!storage) return null;
  if (await storage.persisted()) return true;
  const key = `combat-companion.asked-to-keep-storage.${installed ? 'installed' : 'tab'}`;
  if (memory.getItem(key)) return false;
  memory.setItem(key, new Date().toISOString());
  return storage.persist();
}

export function describePersistence(persistent: boolean | null): string {
  if (persistent === null) return 'This browser cannot say whether it keeps the data.';
  return persistent
    ? 'Kept: the browser will not clear rosters and combats to free space.'
    : 'Not guaranteed: the browser may clear rosters and combats when the device runs short of space. Export your rosters to keep a copy.';
}

export function describeUsage(usage: number | null, quota: number | null): string {
  if (usage === null) return 'This browser cannot say how much space the app uses.';
  const used = `${formatBytes(usage)} used`;
  return quota === null ? `${used}.` : `${used}, of about ${formatBytes(quota)} this browser allows the app.`;
}

const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** Bytes in decimal units, as browsers and file managers show them: "850 kB", "1.2 MB". */
export function formatBytes(bytes: number, locale?: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  // 999.5 kB would print as "1,000 kB": step up to "1 MB" instead.
  while (value >= 999.5 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: digits,
  }).format(value);
}
