/**
 * The chances of the nodes of a round's dynamic programme (spread.ts), by node number (a whole
 * number below 2⁵³), the nodes in the order they were first met. Where the numbers are few (below
 * `DIRECT`: the example's are under 20,000) a node's entry is found by its number; else an
 * open-addressing hash table over typed arrays. A Map of numbers costs some 30 ns an entry, and
 * the programme adds millions of them in a large combat.
 */
export class NodeTable {
  keys: Float64Array;
  probs: Float64Array;
  /** Entry + 1 of each hash slot (0: empty); a power of two at least twice the entries. */
  private slots: Int32Array;
  /** Entry + 1 of each number, in the direct mode: grown as larger numbers come, up to `direct`. */
  private byNumber = new Int32Array(0);
  /** Numbers below this are looked up directly (0: the hash table). */
  private direct = 0;
  count = 0;

  constructor(capacity = 64) {
    let size = 16;
    while (size < capacity * 2) size *= 2;
    this.slots = new Int32Array(size);
    this.keys = new Float64Array(size >> 1);
    this.probs = new Float64Array(size >> 1);
  }

  /** Empties the table, keeping its room; `range`: every number to come is below it (direct lookup when small enough). */
  clear(range = Infinity): this {
    if (this.direct > 0) for (let i = 0; i < this.count; i++) this.byNumber[this.keys[i]!] = 0;
    else if (this.count > 0) this.slots.fill(0);
    this.count = 0;
    this.direct = range <= DIRECT ? range : 0;
    // The hash table's numbers are never in the direct array: it stays empty.
    if (this.direct === 0 && this.byNumber.length > 0) this.byNumber = new Int32Array(0);
    return this;
  }

  /**
   * Adds `p` to the chance of `key`. (The programme's inner loops write `probs[indexOf(key)] += p`
   * themselves: a chance handed to a function the engine does not inline is boxed, and they hand
   * millions.)
   */
  add(key: number, p: number): void {
    const at = this.indexOf(key);
    this.probs[at]! += p;
  }

  /**
   * Entry + 1 by number where the table looks numbers up directly (0: not met; empty in the hash
   * mode): for a loop that finds its entries itself, calling `indexOf` where it reads 0 or past the
   * end, and reading this (and `probs`) again after every such call.
   */
  numbers(): Int32Array {
    return this.byNumber;
  }

  /** The entry of `key` (its place in `keys` and `probs`), made with a chance of 0 where it is new. Small, to be inlined: the rest in `place`. */
  indexOf(key: number): number {
    if (key < this.byNumber.length) {
      const at = this.byNumber[key]!;
      if (at > 0) return at - 1;
      // A new number of the direct mode, where there is room: here, inlined (a round's programme
      // meets a new node in every fourth of its outcomes, a million a combat), not in `place`.
      if (this.count < this.keys.length) {
        this.keys[this.count] = key;
        this.probs[this.count] = 0;
        this.byNumber[key] = ++this.count;
        return this.count - 1;
      }
    }
    return this.place(key);
  }

  /** The entry of `key` where it is not a number already met of the direct mode: a new one there, or the hash table's. */
  private place(key: number): number {
    if (this.direct > 0) {
      if (key >= this.byNumber.length) {
        if (key >= this.direct) this.toHash();
        else this.growDirect(key);
        return this.indexOf(key);
      }
      if (this.count >= this.keys.length) this.room();
      this.keys[this.count] = key;
      this.probs[this.count] = 0;
      this.byNumber[key] = ++this.count;
      return this.count - 1;
    }
    const mask = this.slots.length - 1;
    let h = Math.imul((key | 0) ^ ((key / 4294967296) | 0), 0x9e3779b1) & mask;
    for (;;) {
      const at = this.slots[h]!;
      if (at === 0) break;
      if (this.keys[at - 1] === key) return at - 1;
      h = (h + 1) & mask;
    }
    if (2 * this.count >= this.slots.length) {
      this.grow();
      return this.place(key);
    }
    if (this.count >= this.keys.length) this.room();
    this.keys[this.count] = key;
    this.probs[this.count] = 0;
    this.slots[h] = ++this.count;
    return this.count - 1;
  }

  /** More room for entries. */
  private room(): void {
    const keys = new Float64Array(2 * this.keys.length);
    const probs = new Float64Array(2 * this.keys.length);
    keys.set(this.keys);
    probs.set(this.probs);
    this.keys = keys;
    this.probs = probs;
  }

  /** Room in the direct mode for numbers up to `key`. */
  private growDirect(key: number): void {
    const byNumber = new Int32Array(Math.min(this.direct, Math.max(2 * this.byNumber.length, key + 1, 1024)));
    byNumber.set(this.byNumber);
    this.byNumber = byNumber;
  }

  /** From the direct mode to the hash table (a number past the range given). */
  private toHash(): void {
    for (let i = 0; i < this.count; i++) this.byNumber[this.keys[i]!] = 0;
    this.direct = 0;
    this.byNumber = new Int32Array(0);
    this.slots.fill(0);
    this.grow(this.slots.length);
  }

  /** A hash table of `size` slots (by default twice as large), every entry placed again. */
  private grow(size = this.slots.length * 2): void {
    while (size < 2 * this.count + 2) size *= 2;
    this.slots = new Int32Array(size);
    const mask = this.slots.length - 1;
    for (let i = 0; i < this.count; i++) {
      const key = this.keys[i]!;
      let h = Math.imul((key | 0) ^ ((key / 4294967296) | 0), 0x9e3779b1) & mask;
      while (this.slots[h] !== 0) h = (h + 1) & mask;
      this.slots[h] = i + 1;
    }
  }
}

/** Node numbers below this are looked up directly: an array of 2²¹ entries (8 MB) at most per table. */
export const DIRECT = 1 << 21;
