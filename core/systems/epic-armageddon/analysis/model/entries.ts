import { otherRole, roles, type Role } from '../../state';
import { attackerOf, defenderOf, labelledCounts, pairOf, type Context } from './context';
import { endClassOf } from './ends';
import { axpy, moveInto } from './kernel';
import type { Lost, SideOutcome } from './side';
import { charge, MAP_ADD } from './work';

/**
 * A round worked out from where it starts (its start position, or a state part-way through it),
 * stage by stage, as entries: where the round stands now (a pair of codes), its chance, and per
 * labelled class of each side the matrix K (c₀ × c) of P(here and the unit at rank r₀ when the
 * round began is at rank r now) — left out while nobody of the class has fallen (the identity times
 * the chance). Entries at the same pair are one (their chances and matrices add), so a stage's work
 * grows with the pairs the round can reach, not the paths to them.
 *
 * The matrices of a round's entries live in one scratch array (an arena, reset as each round
 * begins: rounds are worked out one at a time); what the round found is copied out once it is done
 * (`compact`).
 */

/** Where each labelled class's matrix sits in a side's block at one code. */
export interface Layout {
  /** Per labelled class: its offset in the block, or −1 where nobody of it has fallen since the round began (the identity). */
  off: Int32Array;
  /** Per labelled class: its count now. */
  c: Int32Array;
  size: number;
}

export interface Entry {
  x: Record<Role, number>;
  mass: number;
  layout: Record<Role, Layout>;
  /** Where its matrices start in the arena: the attacker's block, then the defender's. */
  off: number;
}

/** An end of the assault reached in the round: its chance, and (at `off`: the attacker's, then the defender's) each labelled class's start ranks' chances to stand at the end. */
export interface EndEntry {
  mass: number;
  off: number;
}

export type Entries = Map<number, Entry>;

/** A growing scratch array of chances, handed out in blocks. */
class Arena {
  buf = new Float64Array(1 << 16);
  top = 0;

  alloc(n: number): number {
    if (this.top + n > this.buf.length) {
      const bigger = new Float64Array(Math.max(2 * this.buf.length, this.top + n));
      bigger.set(this.buf.subarray(0, this.top));
      this.buf = bigger;
    }
    const at = this.top;
    this.top += n;
    this.buf.fill(0, at, this.top);
    return at;
  }
}

const arena = new Arena();

/** Where the round began: each labelled class's count then (the rows of every matrix), and the layouts by code. */
export interface Frame {
  ctx: Context;
  c0: Record<Role, Int32Array>;
  /** Per labelled class: where its start ranks sit in an end's block (the attacker's classes, then the defender's). */
  endOff: Record<Role, Int32Array>;
  endSize: number;
  layouts: Record<Role, Map<number, Layout>>;
}

/** A round's frame; the arena is cleared for it. */
export function frameAt(ctx: Context, pair: number): Frame {
  arena.top = 0;
  const c0 = {
    attacker: labelledCounts(ctx.sides.attacker, attackerOf(ctx, pair)),
    defender: labelledCounts(ctx.sides.defender, defenderOf(ctx, pair)),
  };
  let at = 0;
  const offsets = (counts: Int32Array) => counts.map((c) => (at += c) - c);
  const endOff = { attacker: offsets(c0.attacker), defender: offsets(c0.defender) };
  // Layouts depend on the codes the round began at and stands at: shared by every round from the same codes.
  const layouts = (role: Role, x0: number) => {
    const memo = ctx.sides[role].memo.layouts;
    let byX = memo.get(x0) as Map<number, Layout> | undefined;
    if (!byX) memo.set(x0, (byX = new Map()));
    return byX;
  };
  return {
    ctx,
    c0,
    endOff,
    endSize: at,
    layouts: {
      attacker: layouts('attacker', attackerOf(ctx, pair)),
      defender: layouts('defender', defenderOf(ctx, pair)),
    },
  };
}

/** The layout of a side's matrices at code x. */
export function layoutOf(frame: Frame, role: Role, x: number): Layout {
  let l = frame.layouts[role].get(x);
  if (!l) {
    const c = labelledCounts(frame.ctx.sides[role], x);
    const c0 = frame.c0[role];
    let size = 0;
    const off = c.map((n, j) => {
      if (n === c0[j]) return -1;
      size += c0[j]! * n;
      return size - c0[j]! * n;
    });
    frame.layouts[role].set(x, (l = { off, c, size }));
  }
  return l;
}

/** The entry at codes (xa, xd) in `entries`, made empty (its matrices zero) if there is none. */
export function entryAt(frame: Frame, entries: Entries, xa: number, xd: number): Entry {
  const pair = pairOf(frame.ctx, xa, xd);
  let e = entries.get(pair);
  charge(MAP_ADD);
  if (e) return e;
  const layout = { attacker: layoutOf(frame, 'attacker', xa), defender: layoutOf(frame, 'defender', xd) };
  const off = arena.alloc(layout.attacker.size + layout.defender.size);
  entries.set(pair, (e = { x: { attacker: xa, defender: xd }, mass: 0, layout, off }));
  return e;
}

/** The round's first entries: where it begins, for certain. */
export function startEntries(frame: Frame, pair: number): Entries {
  const entries: Entries = new Map();
  entryAt(frame, entries, attackerOf(frame.ctx, pair), defenderOf(frame.ctx, pair)).mass = 1;
  return entries;
}

/** Where a side's block of an entry starts. */
const blockOf = (e: Entry, role: Role) => (role === 'attacker' ? e.off : e.off + e.layout.attacker.size);

/**
 * Adds `from` moved by one side's outcome `o` into `into`: the chances multiply, the side's
 * matrices are multiplied by the outcome's, the other side's scaled by its chance.
 */
export function addMoved(frame: Frame, into: Entry, from: Entry, role: Role, o: SideOutcome): void {
  const buf = arena.buf;
  into.mass += from.mass * o.p;
  const other = otherRole(role);
  axpy(buf, blockOf(into, other), buf, blockOf(from, other), from.layout[other].size, o.p);
  const before = from.layout[role];
  const after = into.layout[role];
  const dst = blockOf(into, role);
  const src = blockOf(from, role);
  const c0s = frame.c0[role];
  for (let j = 0; j < c0s.length; j++) {
    const ao = after.off[j]!;
    if (ao < 0) continue;
    const c0 = c0s[j]!;
    const c2 = after.c[j]!;
    const mat = o.mats[j]!;
    const bo = before.off[j]!;
    // Nobody of the class had fallen before (c = c₀): the outcome's matrix times the chance so far.
    if (bo < 0) axpy(buf, dst + ao, mat!, 0, c0 * c2, from.mass);
    // Nobody of it fell now (c′ = c): its matrix times the outcome's chance.
    else if (!mat) axpy(buf, dst + ao, buf, src + bo, c0 * c2, o.p);
    else moveInto(buf, dst + ao, buf, src + bo, c0, before.c[j]!, mat, 0, c2, 1);
  }
}

/** Adds w × `from` into the entry at the same codes in `entries`. */
export function addEntry(frame: Frame, entries: Entries, from: Entry, w = 1): void {
  const into = entryAt(frame, entries, from.x.attacker, from.x.defender);
  into.mass += w * from.mass;
  axpy(arena.buf, into.off, arena.buf, from.off, from.layout.attacker.size + from.layout.defender.size, w);
}

/** A scratch vector of an end's block (grown as needed): one entry's chances to stand, every unit. */
let standing = new Float64Array(64);

/**
 * Adds w × the side's part of an end's block for entry `from` into `out` at `base`: each labelled
 * class's start ranks' chances to stand, Σ_r K[r₀][r] × stands[r] (every rank standing where
 * `stands` is null).
 */
function standInto(
  frame: Frame,
  role: Role,
  from: Entry,
  stands: Lost | undefined,
  out: Float64Array,
  base: number,
  w: number,
): void {
  const buf = arena.buf;
  const layout = from.layout[role];
  const c0s = frame.c0[role];
  const k = blockOf(from, role);
  for (let j = 0; j < c0s.length; j++) {
    const c0 = c0s[j]!;
    const c = layout.c[j]!;
    const at = base + frame.endOff[role][j]!;
    const st = stands?.alive[j] ?? null;
    const bo = layout.off[j]!;
    if (bo < 0) {
      const m = w * from.mass;
      if (st) for (let r = 0; r < c0; r++) out[at + r]! += m * st[r]!;
      else for (let r = 0; r < c0; r++) out[at + r]! += m;
      continue;
    }
    for (let r0 = 0; r0 < c0; r0++) {
      let sum = 0;
      const row = k + bo + r0 * c;
      if (st) for (let r = 0; r < c; r++) sum += buf[row + r]! * st[r]!;
      else for (let r = 0; r < c; r++) sum += buf[row + r]!;
      out[at + r0]! += w * sum;
    }
    charge(c0 * c);
  }
}

/** The end of class `id` in `ended`, its chances zero if it is new. */
function endAt(frame: Frame, ended: Map<number, EndEntry>, id: number): EndEntry {
  let e = ended.get(id);
  charge(MAP_ADD);
  if (!e) ended.set(id, (e = { mass: 0, off: arena.alloc(frame.endSize) }));
  return e;
}

/**
 * Adds the entry `from` ending the assault, won by `winner`, each side's units after its losses
 * (`lost`, where extra hits or a Broken formation's destruction took some), with weight `w`.
 */
export function addEnd(
  frame: Frame,
  ended: Map<number, EndEntry>,
  winner: Role,
  from: Entry,
  lost: Partial<Record<Role, Lost>> = {},
  w = 1,
): void {
  const id = endClassOf(frame.ctx, winner, lost.attacker?.x ?? from.x.attacker, lost.defender?.x ?? from.x.defender);
  const e = endAt(frame, ended, id);
  e.mass += w * from.mass;
  for (const role of roles) standInto(frame, role, from, lost[role], arena.buf, e.off, w);
}

/**
 * Adds the entry `from` ending the assault in each of `ends` (its chance `q` of each): the winner's
 * units all standing — worked out once for the entry — and the loser's after its losses.
 */
export function addEnds(
  frame: Frame,
  ended: Map<number, EndEntry>,
  from: Entry,
  ends: ReadonlyArray<{ winner: Role; lost: Lost; id: number; q: number }>,
): void {
  if (standing.length < frame.endSize) standing = new Float64Array(2 * frame.endSize);
  standing.fill(0, 0, frame.endSize);
  for (const role of roles) standInto(frame, role, from, undefined, standing, 0, 1);
  const split = frame.endOff.defender[0] ?? frame.endSize;
  for (const { winner, lost, id, q } of ends) {
    const e = endAt(frame, ended, id);
    e.mass += q * from.mass;
    if (winner === 'attacker') axpy(arena.buf, e.off, standing, 0, split, q);
    else axpy(arena.buf, e.off + split, standing, split, frame.endSize - split, q);
    standInto(frame, otherRole(winner), from, lost, arena.buf, e.off, q);
  }
}

/** Entries copied out of the arena: where each stands, its chance, and its matrices in the round's `buf`. */
export type Copied = Array<{ pair: number; mass: number; layout: Record<Role, Layout>; off: Record<Role, number> }>;

/** What a round found, copied out of the arena: the next round's starts, where it stands before the result roll, and the ends. */
export interface Worked {
  c0: Record<Role, Int32Array>;
  endOff: Record<Role, Int32Array>;
  buf: Float64Array;
  next: Copied;
  toSupport: Copied;
  toResult: Copied;
  ended: Array<{ id: number; mass: number; off: number }>;
}

/** The round's findings, out of the arena (a round from a start is remembered for the run's later rounds). */
export function compact(
  frame: Frame,
  found: { next: Entries; toSupport: Entries; toResult: Entries; ended: Map<number, EndEntry> },
): Worked {
  let size = found.ended.size * frame.endSize;
  for (const e of [...found.next.values(), ...found.toSupport.values(), ...found.toResult.values()])
    size += e.layout.attacker.size + e.layout.defender.size;
  const buf = new Float64Array(size);
  let at = 0;
  const copy = (from: number, n: number) => {
    buf.set(arena.buf.subarray(from, from + n), at);
    at += n;
    return at - n;
  };
  const copied = (entries: Entries): Copied =>
    [...entries].map(([pair, e]) => {
      const off = copy(e.off, e.layout.attacker.size + e.layout.defender.size);
      return { pair, mass: e.mass, layout: e.layout, off: { attacker: off, defender: off + e.layout.attacker.size } };
    });
  const next = copied(found.next);
  const toSupport = copied(found.toSupport);
  const toResult = copied(found.toResult);
  const ended = [...found.ended].map(([id, e]) => ({ id, mass: e.mass, off: copy(e.off, frame.endSize) }));
  charge(size + MAP_ADD * (next.length + toSupport.length + toResult.length + ended.length));
  return { c0: frame.c0, endOff: frame.endOff, buf, next, toSupport, toResult, ended };
}
