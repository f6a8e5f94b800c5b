import { perOwner } from '../../../../combat/memo';
import type { ModelContext } from './context';
import type { EndSums } from './endSums';
import { NodeTable } from './nodeTable';

/**
 * Where a combat keeps its templates (transition.ts: a round's outcome from one of its starts):
 * every template's next-round nodes and ends in a few long arrays, each template a range of them,
 * and every node a template leads to numbered once (its entry in `nodes`), so a round's layer is
 * summed into an array by entry (layer.ts) — thousands of templates, no array of their own each.
 * Replaced, not emptied, when the templates are forgotten (transition.ts templatesIn): a template
 * always reads the store it was made in.
 */

export interface Template {
  store: TemplateStore;
  /** Its next-round nodes: store.next (entries of store.nodes) and store.p, from `from` to `to` (excluded). */
  from: number;
  to: number;
  /** Its ends: store.endIds (ends.ts numbers) and store.endP, from `endFrom` to `endTo`. */
  endFrom: number;
  endTo: number;
}

export class TemplateStore {
  /** Every node a template leads to (memory × size + code), in the order first met: its entry is its place. */
  readonly nodes: NodeTable;
  next = new Int32Array(4096);
  p = new Float64Array(4096);
  size = 0;
  endIds = new Int32Array(1024);
  endP = new Float64Array(1024);
  endSize = 0;

  constructor(range: number) {
    this.nodes = new NodeTable(1024).clear(range);
  }

  /** Room for `n` more next-round nodes: where they start (a round's close appends them, close.ts, and sets `size`). */
  open(n: number): number {
    this.room(this.size + n);
    return this.size;
  }

  /** The template of the nodes appended since `from`, with the ends summed in `ends` (emptied). */
  close(from: number, ends: EndSums): Template {
    const endFrom = this.endSize;
    this.endRoom(endFrom + ends.count);
    this.endSize = ends.takeInto(this.endIds, this.endP, endFrom);
    return { store: this, from, to: this.size, endFrom, endTo: this.endSize };
  }

  private room(size: number): void {
    if (size <= this.next.length) return;
    const length = Math.max(size, 2 * this.next.length);
    const next = new Int32Array(length);
    next.set(this.next);
    this.next = next;
    const p = new Float64Array(length);
    p.set(this.p);
    this.p = p;
  }

  private endRoom(size: number): void {
    if (size <= this.endIds.length) return;
    const length = Math.max(size, 2 * this.endIds.length);
    const ids = new Int32Array(length);
    ids.set(this.endIds);
    this.endIds = ids;
    const p = new Float64Array(length);
    p.set(this.endP);
    this.endP = p;
  }
}

const storesOf = perOwner((ctx: ModelContext) => ({ store: new TemplateStore(ctx.nodes) }));

/** The combat's store of templates. */
export const storeOf = (ctx: ModelContext): TemplateStore => storesOf(ctx).store;

/** A new, empty store for the combat (its templates forgotten). */
export function renewStore(ctx: ModelContext): void {
  storesOf(ctx).store = new TemplateStore(ctx.nodes);
}
