/**
 * The chances of the nodes of a round's dynamic programme (spread.ts), by node number (a whole
 * number below 2⁵³): an open-addressing hash table over typed arrays, the numbers of its entries in
 * the order they were first met. A Map of numbers costs some 30 ns an entry; the programme adds
 * millions of them in a large combat.
 */
export class NodeTable {
  keys: Float64Array;
  probs: Float64Array;
  /** Slot + 1 of each key (0: empty). */
  private slots: Int32Array;
  private mask: number;
  count = 0;

  constructor(capacity = 64) {
    let size = 16;
    while (size < capacity * 2) size *= 2;
    this.slots = new Int32Array(size);
    this.mask = size - 1;
    this.keys = new Float64Array(size >> 1);
    this.probs = new Float64Array(size >> 1);
  }

  /** Empties the table, keeping its room. */
  clear(): this {
    if (this.count > 0) this.slots.fill(0);
    this.count = 0;
    return this;
  }

  /** Adds `p` to the chance of `key`. */
  add(key: number, p: number): void {
    const mask = this.mask;
    let h = Math.imul((key | 0) ^ ((key / 4294967296) | 0), 0x9e3779b1) & mask;
    for (;;) {
      const at = this.slots[h]!;
      if (at === 0) break;
      if (this.keys[at - 1] === key) {
        this.probs[at - 1]! += p;
        return;
      }
      h = (h + 1) & mask;
    }
    if (this.count >= this.keys.length) {
      this.grow();
      this.add(key, p);
      return;
    }
    this.keys[this.count] = key;
    this.probs[this.count] = p;
    this.slots[h] = ++this.count;
  }

  private grow(): void {
    const { keys, probs, count } = this;
    const size = this.slots.length * 2;
    this.slots = new Int32Array(size);
    this.mask = size - 1;
    this.keys = new Float64Array(size >> 1);
    this.probs = new Float64Array(size >> 1);
    this.count = 0;
    for (let i = 0; i < count; i++) this.add(keys[i]!, probs[i]!);
  }
}
