import { spend } from '../../../../analysis/budget';

/**
 * The round model's work, as the host's budget counts it (budget.ts: about 5 ns a unit), measured
 * over whole assaults (test/bench/epic-armageddon.model.bench.ts prints units and time: the
 * example's 28,401 positions 2 to 3 ns a unit on the shared two-core machine): what the model's
 * steps cost is mostly maps of chances. A cold start costs more than it is charged (the shared
 * values worked out for the first time, and the code itself warming up): the example's first
 * hundred positions take about a second.
 */

/** One chance added into a map of codes, pairs or ends (about 100 ns with what goes with it: the lists and maps are made and dropped). */
export const MAP_ADD = 20;
/** One chance pushed onto a list (about 10 ns). */
export const LIST_ADD = 2;
/** One call into the engine's own rules — an allocation of hits worked out here (about 5 µs). */
export const RULES_CALL = 1000;
/**
 * Each next position and end a transition hands on: the chain adds it to its layer or its tally
 * (modelChain.ts), after the model has built it — about 1.5 µs each.
 */
export const HANDED_ON = 300;

/** All the work the model has charged, metered or not: a remembered value's work is read off it. */
let counted = 0;
/** Inside a shared value's first working-out: nothing is charged (its price is, by whoever asks for it). */
let quiet = 0;

/** Charges `units` of work to the current meter (budget.ts), and counts them. */
export function charge(units: number): void {
  counted += units;
  if (quiet === 0) spend(units);
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

/** A value the rounds of an assault share, remembered. */
export interface Shared<V> {
  value: V;
}

/**
 * A value the rounds of an assault share (a side after some hits, the dice of its units, an end…),
 * remembered in `memo` and charged `price` each time it is asked for, found or worked out: the
 * price of working it out the first time is spread over the many times rounds find it (the prices
 * above are measured that way, over whole assaults), so a round is charged the same, first asked or
 * not. Its first working-out charges nothing of its own.
 */
export function shared<K, V>(memo: Map<K, Shared<V>>, key: K, make: () => V, price: number): V {
  let entry = memo.get(key);
  if (!entry) {
    const before = counted;
    quiet++;
    try {
      entry = { value: make() };
    } finally {
      quiet--;
      counted = before;
    }
    memo.set(key, entry);
  }
  charge(price);
  return entry.value;
}

/** As `shared`, in a memo of memos (by code, then by what the code meets). */
export function sharedIn<V>(
  memo: Map<number, Map<number, Shared<V>>>,
  outer: number,
  inner: number,
  make: () => V,
  price: number,
): V {
  let byInner = memo.get(outer);
  if (!byInner) memo.set(outer, (byInner = new Map()));
  return shared(byInner, inner, make, price);
}
