/**
 * Sums of chances by end number (ends.ts), for one round at a time: a template's ends (close.ts)
 * or a whole layer's (layer.ts). Reusable: taking the sums empties it.
 */
export class EndSums {
  private sums = new Float64Array(64);
  private touched = new Int32Array(64);
  /** The ends touched since the last take. */
  count = 0;

  /** Adds `weight` × ps[k] to the sum of ids[k], for k from `from` to `to` (excluded). */
  add(ids: Int32Array, ps: Float64Array, weight: number, from = 0, to = ids.length): void {
    for (let k = from; k < to; k++) {
      const id = ids[k]!;
      if (id >= this.sums.length) this.grow(id);
      // Touched twice where a sum stays 0 (chances too small for a double): the second take adds 0.
      if (this.sums[id] === 0) this.touched[this.count++] = id;
      this.sums[id]! += weight * ps[k]!;
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

  private grow(id: number): void {
    const size = Math.max(2 * this.sums.length, id + 1);
    const sums = new Float64Array(size);
    sums.set(this.sums);
    this.sums = sums;
    const touched = new Int32Array(size);
    touched.set(this.touched);
    this.touched = touched;
  }
}
