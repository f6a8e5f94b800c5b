/**
 * Tables of whole numbers below 2^53 (the model's wounds and positions as numbers: context.ts),
 * open addressing over typed arrays: the model adds millions of chances a second by number, where a
 * Map of numbers past 2^31 hashes each as a boxed double and costs several times more.
 */

/** A set of numbers, each with its place (0, 1, … in the order added). */
export class NumberTable {
  /** The numbers in the order added. */
  ids = new Float64Array(64);
  size = 0;
  /** Each slot's place in `ids` (-1: empty), and each place's slot. */
  private slots = new Int32Array(128).fill(-1);
  private slotOf = new Int32Array(64);
  private mask = 127;

  private slot(id: number): number {
    const lo = id >>> 0;
    const hi = (id / 4294967296) >>> 0;
    let h = Math.imul(lo ^ Math.imul(hi, 0x85ebca6b), 0x9e3779b1);
    h ^= h >>> 15;
    let s = h & this.mask;
    for (let at = this.slots[s]!; at !== -1 && this.ids[at] !== id; at = this.slots[s]!) s = (s + 1) & this.mask;
    return s;
  }

  /** The place of `id`, -1 if it is not in the table. */
  placeOf(id: number): number {
    return this.slots[this.slot(id)]!;
  }

  /** The place of `id`, added at the end if it is not in the table yet. */
  add(id: number): number {
    let s = this.slot(id);
    const at = this.slots[s]!;
    if (at !== -1) return at;
    if (2 * (this.size + 1) > this.slots.length) {
      this.grow();
      s = this.slot(id);
    }
    const place = this.size++;
    if (place >= this.ids.length) this.widen();
    this.ids[place] = id;
    this.slots[s] = place;
    this.slotOf[place] = s;
    this.added(place);
    return place;
  }

  /** A new place was taken (for a table that keeps something more by place). */
  protected added(_place: number): void {}

  protected widen(): void {
    const ids = new Float64Array(2 * this.ids.length);
    ids.set(this.ids);
    this.ids = ids;
    const slotOf = new Int32Array(ids.length);
    slotOf.set(this.slotOf);
    this.slotOf = slotOf;
  }

  private grow(): void {
    this.slots = new Int32Array(2 * this.slots.length).fill(-1);
    this.mask = this.slots.length - 1;
    for (let place = 0; place < this.size; place++) {
      const s = this.slot(this.ids[place]!);
      this.slots[s] = place;
      this.slotOf[place] = s;
    }
  }

  /** Empties the table (its room kept). */
  clear(): void {
    for (let place = 0; place < this.size; place++) this.slots[this.slotOf[place]!] = -1;
    this.size = 0;
  }
}

/** Numbers with a value each (`ps` by place). */
export class NumberMap extends NumberTable {
  ps = new Float64Array(64);

  /** The value of `id` (NaN: none yet). */
  get(id: number): number {
    const place = this.placeOf(id);
    return place < 0 ? NaN : this.ps[place]!;
  }

  set(id: number, value: number): void {
    const place = this.add(id);
    this.ps[place] = value;
  }

  protected override added(place: number): void {
    this.ps[place] = 0;
  }

  protected override widen(): void {
    super.widen();
    const ps = new Float64Array(this.ids.length);
    ps.set(this.ps);
    this.ps = ps;
  }
}

/** Numbers with a chance each, chances of the same number added. */
export class Chances extends NumberMap {
  /** Adds `p` to the chance of `id`. */
  put(id: number, p: number): void {
    // The place first: adding may widen `ps`.
    const place = this.add(id);
    this.ps[place]! += p;
  }
}

/** Numbers with a whole number each (`values` by place): read back as small integers, never boxed. */
export class IndexMap extends NumberTable {
  values = new Int32Array(64);

  /** The value of `id` (`IndexMap.NONE`: none yet). */
  get(id: number): number {
    const place = this.placeOf(id);
    return place < 0 ? IndexMap.NONE : this.values[place]!;
  }

  set(id: number, value: number): void {
    const place = this.add(id);
    this.values[place] = value;
  }

  static readonly NONE = -0x80000000;

  protected override widen(): void {
    super.widen();
    const values = new Int32Array(this.ids.length);
    values.set(this.values);
    this.values = values;
  }
}
