import { spend } from '../../../../analysis/budget';

/**
 * The round model's work, as the host's budget counts it (budget.ts: about 5 ns a unit), measured
 * on the example (test/bench/epic-armageddon.model.bench.ts prints units and time): what the
 * model's steps cost is mostly maps of chances and calls into the engine's own rules.
 */

/** One chance added into a map of codes, pairs or ends (about 100 ns). */
export const MAP_ADD = 20;
/** One chance pushed onto a list (about 10 ns). */
export const LIST_ADD = 2;
/** One call into the engine's own rules — allocation, dice, the A6 modifiers, the fates (about 5 µs). */
export const RULES_CALL = 1000;
/**
 * Each next position and end a transition hands on: the chain adds it to its layer or its tally
 * (modelChain.ts), after the model has built it — about 1.5 µs each.
 */
export const HANDED_ON = 300;

/** All the work the model has charged, metered or not: a remembered round's work is read off it. */
let counted = 0;
/** Inside a remembered value's first working-out: its price is charged by the caller instead. */
let quiet = 0;

/** Charges `units` of work to the current meter (budget.ts), and counts them. */
export function charge(units: number): void {
  if (quiet > 0) return;
  counted += units;
  spend(units);
}

/** A remembered value and the work it took. */
export interface Charged<V> {
  value: V;
  work: number;
}

/**
 * `make()`'s value remembered in `memo` under `key`, and the work it took charged again whenever it
 * is found there: what a round is charged never depends on what an earlier one left behind, so
 * whether the odds are exact within a budget is the same for the same state, first asked or not.
 */
export function charged<K, V>(memo: Map<K, Charged<V>>, key: K, make: () => V): V {
  const seen = memo.get(key);
  if (seen) {
    charge(seen.work);
    return seen.value;
  }
  const before = counted;
  const value = make();
  memo.set(key, { value, work: counted - before });
  return value;
}

/**
 * A value the rounds of an assault share (a side after some hits, the dice of its units, an end…),
 * remembered in `memo` and charged `price(value)` each time it is asked for, found or worked out:
 * so the same round is always charged the same, and the price of working a value out the first
 * time is spread over the many times it is found (the prices above are measured that way).
 */
export function shared<K, V>(memo: Map<K, V>, key: K, make: () => V, price: (value: V) => number): V {
  let value = memo.get(key);
  if (value === undefined) {
    quiet++;
    try {
      value = make();
    } finally {
      quiet--;
    }
    memo.set(key, value);
  }
  charge(price(value));
  return value;
}

/** As `shared`, in a memo of memos (by code, then by what the code meets). */
export function sharedIn<V>(
  memo: Map<number, Map<number, V>>,
  outer: number,
  inner: number,
  make: () => V,
  price: (value: V) => number,
): V {
  let byInner = memo.get(outer);
  if (!byInner) memo.set(outer, (byInner = new Map()));
  return shared(byInner, inner, make, price);
}
