import type { Step } from './steps';

/**
 * Per-combat memory for the engine's hot paths. A combat's states all share one setup object, and
 * many of them ask the very same question (the same dice with the same needs, the same allocation
 * with the same odds) — a seeded play-out of the whole combat asks it thousands of times. What is a
 * pure function of the setup and a small key is worked out once per setup and shared: a memo only
 * remembers, and its values are never mutated by their users (steps and states are plain data,
 * never mutated), so the rules stay pure functions of the state. Entries go when the setup does (a
 * WeakMap); each memo's memory per setup is bounded, and starts afresh when full.
 */

/** Entries one memo keeps per setup before it starts afresh: far more than one combat's distinct questions of a kind, far less than the memory a host can spare. */
export const MEMO_ENTRIES = 4096;

/**
 * A memo of its own (one per kind of value, so that a kind with many entries never evicts
 * another's): `make()`'s value for an owner and a key, worked out once (a value of `undefined` is
 * never remembered: it is worked out again).
 */
export function memo<T>(): (owner: object, key: string, make: () => T) => T {
  const memory = new WeakMap<object, Map<string, T>>();
  return (owner, key, make) => {
    let byKey = memory.get(owner);
    if (!byKey) memory.set(owner, (byKey = new Map()));
    const seen = byKey.get(key);
    if (seen !== undefined) return seen;
    const value = make();
    if (byKey.size >= MEMO_ENTRIES) byKey.clear();
    byKey.set(key, value);
    return value;
  };
}

/** A memo of one value per owner (what depends on the setup alone). */
export function perOwner<O extends object, T>(make: (owner: O) => T): (owner: O) => T {
  const memory = new WeakMap<O, T>();
  return (owner) => {
    let value = memory.get(owner);
    if (value === undefined) memory.set(owner, (value = make(owner)));
    return value;
  };
}

/**
 * A memo of steps the players are asked, remembered by what they read (the key, with the owner:
 * the setup) and given the id this state names them by: a step's id is its tag and the input
 * counter (stepEngine.ts stepId), the only part of it that depends on how many steps came before.
 */
export function stepMemo<T extends Step>(): (owner: object, key: string, counter: number, make: () => T) => T {
  const remembered = memo<T>();
  return (owner, key, counter, make) => {
    const step = remembered(owner, key, make);
    const id = `${step.id.slice(0, step.id.lastIndexOf('.'))}.${counter}`;
    return id === step.id ? step : { ...step, id };
  };
}
