import type { Role } from '../../state';
import { arena, type Entries, type Frame, type Layout } from './entries';
import type { EndEntry } from './roundEnds';
import { charge, MAP_ADD } from './work';

/**
 * What a round from a start found, out of the round's scratch arena (entries.ts) into an array of
 * its own: it is remembered with the assault's context (work.ts `kept`) and read by every layer
 * whose positions start there (layer.ts).
 */

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

/** The round's findings, out of the arena. */
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
