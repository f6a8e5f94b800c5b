import { perOwner } from '../../../../combat/memo';
import type { ModelContext } from './context';
import type { EndSums } from './endSums';
import { NodeTable } from './nodeTable';

/**
 * Where a combat keeps its templates (transition.ts: a round's outcome from one of its starts):
 * every template's next-round nodes and ends in a few long arrays ("chunks", each filled once and
 * never copied), each template a range of one, and every node a template leads to numbered once
 * (its entry in `nodes`), so a round's layer is summed into an array by entry (layer.ts) —
 * thousands of templates, no array of their own each.
 * Replaced, not emptied, when the templates are forgotten (transition.ts forgetIfFull): a template
 * always reads the store it was made in.
 */

/** One chunk: next-round nodes by entry (in `nodes`, its store's), their chances; ends by number, their chances. */
export interface Chunk {
  nodes: NodeTable;
  next: Int32Array;
  p: Float64Array;
  endIds: Int32Array;
  endP: Float64Array;
}

export interface Template {
  chunk: Chunk;
  /** Its next-round nodes: chunk.next (entries of the store's `nodes`) and chunk.p, from `from` to `to` (excluded). */
  from: number;
  to: number;
  /** Its ends: chunk.endIds (ends.ts numbers) and chunk.endP, from `endFrom` to `endTo`. */
  endFrom: number;
  endTo: number;
}

/**
 * Entries of the first chunk (each next one twice as many, up to `lastChunk`), and the entries a
 * store holds before its templates are forgotten (transition.ts forgetIfFull). Settable for the
 * tests, which hold small combats to the engine across chunks and forgetting.
 */
export const storeLimits = { firstChunk: 1 << 14, lastChunk: 1 << 21, entries: 4_000_000 };

export class TemplateStore {
  /** Every node a template leads to (memory × size + code), in the order first met: its entry is its place. */
  readonly nodes: NodeTable;
  /** The chunk being filled: the next-round nodes appended up to `size`, the ends up to `endSize`. */
  chunk: Chunk;
  size = 0;
  endSize = 0;
  /** Entries in the chunks filled before this one. */
  private before = 0;

  constructor(range: number) {
    this.nodes = new NodeTable(1024).clear(range);
    this.chunk = chunkOf(this.nodes, storeLimits.firstChunk);
  }

  /** Next-round nodes in the store, all chunks together (its bound on memory: transition.ts forgetIfFull). */
  get entries(): number {
    return this.before + this.size;
  }

  /** Room for `n` more next-round nodes in the chunk (a new chunk where they do not fit): where they start. */
  open(n: number): number {
    const { chunk } = this;
    if (this.size + n > chunk.next.length) {
      this.before += this.size;
      this.chunk = chunkOf(this.nodes, Math.max(Math.min(storeLimits.lastChunk, 2 * chunk.next.length), n));
      this.size = 0;
      this.endSize = 0;
    }
    return this.size;
  }

  /** The template of the nodes appended since `from` (up to `size`), with the ends summed in `ends` (emptied). */
  close(from: number, ends: EndSums): Template {
    const { chunk } = this;
    const endFrom = this.endSize;
    if (endFrom + ends.count > chunk.endIds.length) {
      // The chunk's ends grow in place: its templates read them through the chunk.
      const length = Math.max(2 * chunk.endIds.length, endFrom + ends.count);
      const ids = new Int32Array(length);
      ids.set(chunk.endIds);
      const p = new Float64Array(length);
      p.set(chunk.endP);
      chunk.endIds = ids;
      chunk.endP = p;
    }
    this.endSize = ends.takeInto(chunk.endIds, chunk.endP, endFrom);
    return { chunk, from, to: this.size, endFrom, endTo: this.endSize };
  }
}

function chunkOf(nodes: NodeTable, length: number, ends = length >> 3): Chunk {
  return {
    nodes,
    next: new Int32Array(length),
    p: new Float64Array(length),
    endIds: new Int32Array(ends),
    endP: new Float64Array(ends),
  };
}

const storesOf = perOwner((ctx: ModelContext) => ({ store: new TemplateStore(ctx.nodes) }));

/** The combat's store of templates. */
export const storeOf = (ctx: ModelContext): TemplateStore => storesOf(ctx).store;

/** A new, empty store for the combat (its templates forgotten). */
export function renewStore(ctx: ModelContext): void {
  storesOf(ctx).store = new TemplateStore(ctx.nodes);
}
