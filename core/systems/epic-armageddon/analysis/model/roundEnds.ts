import { otherRole, roles, type Role } from '../../state';
import { endClassOf } from './ends';
import { arena, blockOf, type Entry, type Frame } from './entries';
import { axpy } from './kernel';
import type { Lost } from './side';
import { charge, MAP_ADD } from './work';

/**
 * The ends of the assault a round reaches (RULES §4 A4, A5, A6-A7): each end class's chance, and
 * each labelled class's start ranks' chances to stand at it — the round's matrices (entries.ts)
 * summed over the ranks that still stand after the loser's losses.
 */

/** An end of the assault reached in the round: its chance, and (at `off` in the arena: the attacker's, then the defender's) each labelled class's start ranks' chances to stand at the end. */
export interface EndEntry {
  mass: number;
  off: number;
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
