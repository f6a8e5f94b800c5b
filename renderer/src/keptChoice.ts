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

/**
 * A choice a player makes for this device, as Settings and the print toolbar offer it: its values in
 * words (in the order offered), which strings are its values, the one in force, and remembering
 * another.
 */
export interface DeviceChoice<T extends string> {
  labels: Readonly<Record<T, string>>;
  isValue: (value: string | null) => value is T;
  current: () => T;
  remember: (value: T) => void;
}

/** A choice's values for a segmented control: in the order given, else in the order of its labels. */
export function offered<T extends string>(
  choice: DeviceChoice<T>,
  order: readonly T[] = Object.keys(choice.labels) as T[],
): Array<{ value: T; label: string }> {
  return order.map((value) => ({ value, label: choice.labels[value] }));
}
