import { spend } from '../../../../analysis/budget';

/**
 * The round model's work, as the host's budget counts it (budget.ts: about 5 ns a unit): loops over
 * chances at a unit a multiply-add and a price a call, maps and entries at the prices below,
 * measured over whole assaults worked out afresh (test/bench/epic-armageddon.model.bench.ts prints
 * units and time: the example's 1.7e7 units and the club-size assault's 3.2e7 in about 110 and 160
 * ms of CPU, the medians, 5 to 7 ns a unit, on the two-core machine shared with several other runs).
 *
 * Values the rounds of an assault share are remembered with the assault (`kept`, `shared`), so
 * the odds asked again after a step find them; what a run is charged never depends on that.
 */

/** One chance added into a map of codes, pairs or ends (about 100 ns with what goes with it: the lists and maps are made and dropped). */
export const MAP_ADD = 20;
/** One call of a loop over chances (kernel.ts), besides its multiply-adds (about 50 ns). */
export const CALL = 10;
/** One entry of a round made: the object, its place in the map and its block of the arena (about 200 ns). */
export const MADE = 40;
/** One call into the engine's own rules — an allocation of hits worked out here (about 5 µs). */
export const RULES_CALL = 1000;
/** One hit placed on a unit by the round robin of an allocation (plans.ts planGiven: about 10 ns a hit and unit). */
export const PLACED = 2;
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

/** A value remembered across runs of the chain, the work of its own working-out (what it asked of other such values apart), and those values. */
export interface Kept<V> {
  value: V;
  own: number;
  deps: Array<Kept<unknown>>;
}

/** One run of the chain (from one state the model entered): the remembered values it has used, each charged once a run. */
export interface RunWork {
  used: Set<Kept<unknown>>;
}

/** The values being worked out, innermost last: what each asks of other remembered values, and the work that took. */
const making: Array<{ deps: Set<Kept<unknown>>; elsewhere: number }> = [];

/** Charges a remembered value's own work the first time a run uses it, and the values it used in turn. */
function use(run: RunWork, k: Kept<unknown>): void {
  if (run.used.has(k)) return;
  run.used.add(k);
  charge(k.own);
  for (const d of k.deps) use(run, d);
}

/**
 * `make()`'s value, remembered in `memo` under `key` for every later run (the assault's context
 * keeps it), and charged as if each run worked out afresh every value it uses, once: its own work
 * the first time a run uses it, with the values it used in turn — worked out now or found. So what
 * a run is charged is the same, found or worked out, while a run that finds the values takes far
 * less time (the odds are asked again after every step of the assault).
 */
export function kept<K, V>(run: RunWork, memo: Map<K, Kept<V>>, key: K, make: () => V): V {
  const parent = making[making.length - 1];
  let k = memo.get(key);
  const before = counted;
  if (k) use(run, k as Kept<unknown>);
  else {
    const frame = { deps: new Set<Kept<unknown>>(), elsewhere: 0 };
    making.push(frame);
    let value: V;
    try {
      value = make();
    } finally {
      making.pop();
    }
    k = { value, own: counted - before - frame.elsewhere, deps: [...frame.deps] };
    memo.set(key, k);
    run.used.add(k as Kept<unknown>);
  }
  if (parent) {
    parent.deps.add(k as Kept<unknown>);
    parent.elsewhere += counted - before;
  }
  return k.value;
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
