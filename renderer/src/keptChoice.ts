/**
 * A player's choice kept in the browser's storage under `key` (local storage, for this device, unless
 * `storage` names another): read back only while it is still one of the values `isValue` knows, and
 * null when none is kept or the storage is refused (a locked-down browser), so a bad or blocked
 * storage never breaks the page. A write the storage refuses is let go: the choice still holds
 * where it was made.
 */
export function keptChoice<T extends string>(
  key: string,
  isValue: (value: string | null) => value is T,
  storage: () => Pick<Storage, 'getItem' | 'setItem'> | undefined = () => globalThis.localStorage,
) {
  return {
    read(): T | null {
      try {
        const saved = storage()?.getItem(key) ?? null;
        return isValue(saved) ? saved : null;
      } catch {
        return null;
      }
    },
    write(value: T): void {
      try {
        storage()?.setItem(key, value);
      } catch {
        // Not kept: the choice still holds for now.
      }
    },
  };
}
