/**
 * Sums of chances by end number (ends.ts), for one round at a time: a template's ends (close.ts)
 * or a whole layer's (layer.ts). Reusable: taking the sums empties it.
 */
export class EndSums {
  /** The sums by end number, and the ends whose sum is above 0 (the first `count` of `touched`): a round's close adds to them in its own loop. */
  sums = new Float64Array(64);
  touched = new Int32Array(64);
  count = 0;

  /**
   * Adds weights[w] × ps[k] to the sum of ids[k], for k from `from` to `to` (excluded). The weight
   * comes by its place in an array: a chance handed to a function the engine does not inline is
   * boxed, and a round's close hands a million.
   */
  add(ids: Int32Array, ps: Float64Array, from: number, to: number, weights: Float64Array, w: number): void {
    const weight = weights[w]!;
    for (let k = from; k < to; k++) {
      const id = ids[k]!;
      if (id >= this.sums.length) this.reserve(id);
      const before = this.sums[id]!;
      const after = before + weight * ps[k]!;
      this.sums[id] = after;
      // A sum is touched once: when it leaves 0 (chances are never below 0).
      if (before === 0 && after !== 0) this.touched[this.count++] = id;
    }
  }

  /** Writes the sums above 0 into `ids` and `ps` from `at` (room for `count` there), the table left empty; where the writing stopped. */
  takeInto(ids: Int32Array, ps: Float64Array, at: number): number {
    for (let k = 0; k < this.count; k++) {
      const id = this.touched[k]!;
      const p = this.sums[id]!;
      if (p > 0) {
        ids[at] = id;
        ps[at++] = p;
      }
      this.sums[id] = 0;
    }
    this.count = 0;
    return at;
  }

  /** The sums above 0 as arrays, the table left empty. */
  take(): { ids: Int32Array; p: Float64Array } {
    const ids = new Int32Array(this.count);
    const p = new Float64Array(this.count);
    const n = this.takeInto(ids, p, 0);
    return { ids: ids.subarray(0, n), p: p.subarray(0, n) };
  }

  /** Room for end number `id`. */
  reserve(id: number): void {
    if (id < this.sums.length) return;
    const size = Math.max(2 * this.sums.length, id + 1);
    const sums = new Float64Array(size);
    sums.set(this.sums);
    this.sums = sums;
    const touched = new Int32Array(size);
    touched.set(this.touched);
    this.touched = touched;
  }
}
