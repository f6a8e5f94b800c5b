import { otherRole, type Role } from '../../state';
import { attackerOf, defenderOf, labelledCounts, pairOf, type Context } from './context';
import { axpy, moveInto } from './kernel';
import type { SideOutcome } from './side';
import { charge, MADE, MAP_ADD } from './work';

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

/** The round's scratch array: rounds are worked out one at a time, so one is enough. */
export const arena = new Arena();

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
  charge(MADE);
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
export const blockOf = (e: Entry, role: Role) => (role === 'attacker' ? e.off : e.off + e.layout.attacker.size);

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
