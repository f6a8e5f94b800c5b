/**
 * Per-setup memory for the exact analysis: what depends only on the setup (a weapon's hit and wound
 * outcomes, its joint over all its attacks, its damage kernels) is worked out once per setup and
 * shared by every state of the combat — each step, and each option of a choice, is analysed from
 * the same setup object. A cache only remembers: every value is a pure function of its key and is
 * never mutated by its users, so the analysis stays a pure function of the state.
 */
const memory = new WeakMap<object, Map<string, unknown>>();

export function remembered<T>(owner: object, key: string, make: () => T): T {
  let byKey = memory.get(owner);
  if (!byKey) {
    byKey = new Map();
    memory.set(owner, byKey);
  }
  if (byKey.has(key)) return byKey.get(key) as T;
  const value = make();
  byKey.set(key, value);
  return value;
}
