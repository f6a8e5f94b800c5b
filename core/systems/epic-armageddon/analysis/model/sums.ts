import { attackerOf, defenderOf, type Context } from './context';
import { axpy } from './kernel';
import { labelLayout } from './labels';
import type { SideOutcome } from './side';
import { CALL, charge, MAP_ADD } from './work';

/**
 * A round's layer sums its positions by pair of codes, stage by stage (layer.ts): a stage's sums
 * are dense — each pair the assault has met is numbered once (a slot, kept with the assault's
 * context), and a stage holds each slot's chance and its labels (labels.ts: the chances of which
 * of alike units is which, times the chance) at the slot's own place in one array. So a stage
 * adds a position's sums into another's with no map and no object made: a layer moves tens of
 * thousands of sums.
 *
 * In a stage a labelled class's labels are kept as a band: units keep their order and only fall,
 * so the unit at rank r (of c standing, f = n − c fallen) is unit r + d, d the fallen before it,
 * 0 ≤ d ≤ f — a c × (f + 1) array B[r][d] = v[r + d][r] holds every chance of the n × c labels that
 * can be other than 0 (the 4 of a class of 4 standing rather than 16, the 6 of 6 rather than 36).
 */

/** Pair spaces up to this size number their slots by an array indexed by pair, larger ones by a map. */
const DENSE_PAIRS = 1 << 16;

/** The attacker's side is 0, the defender's 1 (where a slot's labels are laid out by side). */
export type Side = 0 | 1;

/** The pairs of an assault's context met so far, each a slot: its codes, and where its labels sit. */
export class Slots {
  readonly xa: number[] = [];
  readonly xd: number[] = [];
  readonly pair: number[] = [];
  /** Where each slot's labels start in a stage's array, and how many there are. */
  readonly base: number[] = [];
  readonly size: number[] = [];
  /** Per slot and side (2 × slot + side): where the side's labels start, from the slot's base, and how many. */
  readonly sideStart: number[] = [];
  readonly sideLength: number[] = [];
  /** Per slot and labelled class (classes × slot + k; the attacker's classes first): its band's offset from the slot's base, and its count. */
  readonly classAt: number[] = [];
  readonly count: number[] = [];
  /** Per slot and labelled class: its offset in a position's labels (labels.ts labelLayout, n × c), and per slot their size. */
  readonly labelAt: number[] = [];
  readonly labelSize: number[] = [];
  /** Per labelled class k: its units (a label's rows). */
  readonly units: number[];
  /** The labelled classes: the attacker's first (as many as `split`), then the defender's. */
  readonly classes: number;
  readonly split: number;
  /** All slots' labels. */
  labels = 0;
  private readonly dense: Int32Array | null;
  private readonly byPair = new Map<number, number>();
  private readonly free: Stage[] = [];

  constructor(readonly ctx: Context) {
    const pairs = ctx.sides.attacker.size * ctx.sides.defender.size;
    this.dense = pairs <= DENSE_PAIRS ? new Int32Array(pairs).fill(-1) : null;
    this.units = [...ctx.sides.attacker.labelled, ...ctx.sides.defender.labelled].map((c) => c.units.length);
    this.classes = this.units.length;
    this.split = ctx.sides.attacker.labelled.length;
  }

  /** The slot of `pair`, numbered now if it is new. */
  slotOf(pair: number): number {
    const slot = this.dense ? this.dense[pair]! : (this.byPair.get(pair) ?? -1);
    return slot >= 0 ? slot : this.added(pair);
  }

  private added(pair: number): number {
    const slot = this.pair.length;
    if (this.dense) this.dense[pair] = slot;
    else this.byPair.set(pair, slot);
    const lay = labelLayout(this.ctx, pair);
    this.pair.push(pair);
    this.xa.push(attackerOf(this.ctx, pair));
    this.xd.push(defenderOf(this.ctx, pair));
    this.base.push(this.labels);
    this.labelSize.push(lay.size);
    let at = 0;
    for (let k = 0; k < this.classes; k++) {
      const side = k < this.split ? 'attacker' : 'defender';
      const j = k < this.split ? k : k - this.split;
      if (k === this.split) this.sideStart.push(0, at);
      const c = lay.c[side][j]!;
      this.classAt.push(at);
      this.count.push(c);
      this.labelAt.push(lay.off[side][j]!);
      at += c * (this.units[k]! - c + 1);
    }
    if (this.split === this.classes) this.sideStart.push(0, at);
    const split = this.sideStart[2 * slot + 1]!;
    this.sideLength.push(split, at - split);
    this.size.push(at);
    this.labels += at;
    return slot;
  }

  /** An empty stage (one given back before, cleared, or a new one). */
  stage(): Stage {
    const s = this.free.pop() ?? new Stage(this);
    s.clear();
    return s;
  }

  /** Gives a stage back once it has been read: a later `stage()` clears it (so one dropped part-way does no harm). */
  release(s: Stage): void {
    this.free.push(s);
  }
}

const slotsOf = new WeakMap<Context, Slots>();

/** The slots of a context, kept with it (a pair keeps its slot for every layer and run of the assault). */
export function slotsFor(ctx: Context): Slots {
  let s = slotsOf.get(ctx);
  if (!s) slotsOf.set(ctx, (s = new Slots(ctx)));
  return s;
}

/** One stage's sums: per slot its chance (`mass`) and its labels times the chance (`v`, at the slot's base); `list` the slots it holds. */
export class Stage {
  mass: Float64Array;
  v: Float64Array;
  readonly list: number[] = [];
  private has: Uint8Array;

  /** Made with room for every slot numbered so far (a layer's stages meet much the same pairs). */
  constructor(readonly slots: Slots) {
    const n = Math.max(64, slots.pair.length);
    this.mass = new Float64Array(n);
    this.has = new Uint8Array(n);
    this.v = new Float64Array(Math.max(1024, slots.labels));
  }

  /** Makes room for `slot` and marks it held (its sums zero if it was not). */
  touch(slot: number): void {
    if (slot >= this.mass.length) this.growSlots(slot);
    const end = this.slots.base[slot]! + this.slots.size[slot]!;
    if (end > this.v.length) this.v = grown(this.v, end);
    if (this.has[slot] === 0) {
      this.has[slot] = 1;
      this.list.push(slot);
    }
  }

  private growSlots(slot: number): void {
    this.mass = grown(this.mass, slot + 1);
    const has = new Uint8Array(this.mass.length);
    has.set(this.has);
    this.has = has;
  }

  /** Zeroes what it holds. */
  clear(): void {
    const { base, size } = this.slots;
    for (const slot of this.list) {
      this.mass[slot] = 0;
      this.has[slot] = 0;
      this.v.fill(0, base[slot]!, base[slot]! + size[slot]!);
    }
    this.list.length = 0;
  }
}

/** `a` copied into an array of at least `n` (twice as long, at least). */
function grown(a: Float64Array, n: number): Float64Array {
  const out = new Float64Array(Math.max(n, 2 * a.length));
  out.set(a);
  return out;
}

/** Adds w × the sums at `slot` of `from` into `into` (at the same slot). */
export function addSlot(into: Stage, from: Stage, slot: number, w: number): void {
  into.touch(slot);
  charge(MAP_ADD);
  into.mass[slot]! += w * from.mass[slot]!;
  const b = from.slots.base[slot]!;
  axpy(into.v, b, from.v, b, from.slots.size[slot]!, w);
}

/**
 * Adds the sums at slot `s` of `from`, moved by one side's outcome `o`, into slot `t` of `into`:
 * the chance multiplies, the side's labels move by the outcome's rank matrices (the matrix of a
 * class carries the outcome's chance; none where nobody of it fell), the other side's labels are
 * scaled by its chance. The layer's innermost step (tens of thousands a layer): its loops inline,
 * its work charged once, as a slot's lookup and each loop's call and multiply-adds (kernel.ts).
 */
export function addMoved(into: Stage, t: number, from: Stage, s: number, side: Side, o: SideOutcome): void {
  const slots = from.slots;
  into.touch(t);
  const out = into.v;
  const v = from.v;
  const w = o.p;
  into.mass[t]! += from.mass[s]! * w;
  const tb = slots.base[t]!;
  const sb = slots.base[s]!;
  const other = 1 - side;
  const to = tb + slots.sideStart[2 * t + other]!;
  const at = sb + slots.sideStart[2 * s + other]!;
  const length = slots.sideLength[2 * s + other]!;
  for (let i = 0; i < length; i++) out[to + i]! += w * v[at + i]!;
  let work = MAP_ADD + CALL + length;
  const k0 = side === 0 ? 0 : slots.split;
  const k1 = side === 0 ? slots.split : slots.classes;
  const K = slots.classes;
  for (let k = k0; k < k1; k++) {
    const n = slots.units[k]!;
    const c = slots.count[K * s + k]!;
    const kTo = tb + slots.classAt[K * t + k]!;
    const kAt = sb + slots.classAt[K * s + k]!;
    const mat = o.mats[k - k0];
    if (mat) work += CALL + n + bandMove(out, kTo, v, kAt, n, c, mat, slots.count[K * t + k]!);
    else {
      const size = c * (n - c + 1);
      for (let i = 0; i < size; i++) out[kTo + i]! += w * v[kAt + i]!;
      work += CALL + size;
    }
  }
  charge(work);
}

/**
 * A class's band (c × (n − c + 1) at `vo`, see above) moved by a rank matrix (c × c′, the unit at
 * rank r to rank r′ ≤ r, kernel.ts) into `out` (c′ × (n − c′ + 1) at `o`): the unit r + d at rank r
 * goes to rank r′ with d + r − r′ fallen before it, so each chance of the matrix moves one row of
 * the band. Returns the multiply-adds made.
 */
export function bandMove(
  out: Float64Array,
  o: number,
  v: Float64Array,
  vo: number,
  n: number,
  c: number,
  mat: Float64Array,
  c2: number,
): number {
  const w = n - c + 1;
  const w2 = n - c2 + 1;
  let work = 0;
  for (let r = 0; r < c; r++) {
    const row = vo + r * w;
    const top = r < c2 ? r : c2 - 1;
    for (let r2 = r > c - c2 ? r - (c - c2) : 0; r2 <= top; r2++) {
      const m = mat[r * c2 + r2]!;
      if (m === 0) continue;
      const dst = o + r2 * w2 + (r - r2);
      for (let d = 0; d < w; d++) out[dst + d]! += m * v[row + d]!;
      work += w;
    }
  }
  return work;
}

/** A class's labels (n × c at `vo` of `v`, labels.ts) times `m`, added into its band at `o` of `out`. */
export function bandFrom(
  out: Float64Array,
  o: number,
  v: Float64Array,
  vo: number,
  n: number,
  c: number,
  m: number,
): void {
  const w = n - c + 1;
  for (let r = 0; r < c; r++) for (let d = 0; d < w; d++) out[o + r * w + d]! += m * v[vo + (r + d) * c + r]!;
  charge(CALL + c * w);
}

/** A class's band at `o` of `v` as its labels (n × c) at `lo` of `labels`, divided by `mass`. */
export function labelsFrom(
  labels: Float64Array,
  lo: number,
  v: Float64Array,
  o: number,
  n: number,
  c: number,
  mass: number,
): void {
  const w = n - c + 1;
  for (let r = 0; r < c; r++)
    for (let d = 0; d < w; d++) labels[lo + (r + d) * c + r] = mass > 0 ? v[o + r * w + d]! / mass : 0;
}
