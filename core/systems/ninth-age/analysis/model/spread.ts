import { spend } from '../../../../analysis/budget';
import type { ModelContext } from './context';
import { NodeTable } from './nodeTable';
import type { Damage } from './steps';

/**
 * The round's dynamic programme over nodes — (allocation memory, HP left per pool), one number:
 * memory × size + code — one Agility step at a time: every node spread over the unsaved wounds the
 * step deals each pool, capped at what the pool has left (seed 004, Health Pools: loss beyond a
 * pool is lost, never moved to another).
 *
 * The damage to each pool is independent of the others' once the step's attacks are allocated, so
 * the nodes where the step does the same (the same effect) are spread one pool at a time, merging
 * after each: the work grows with the sum of the pools' outcomes, not their product.
 */

/** What a step does from a node: the damage to each pool, and the memory after its allocations. */
export interface StepEffect {
  damages: readonly Damage[];
  memory: number;
}

/** Scratch tables of one effect's nodes, by code, pool after pool. */
const passes = { a: new NodeTable(256), b: new NodeTable(256) };

/** Every node of `from` spread over what the step (`effectAt` the node) deals, into `to` (emptied first). */
export function spread(
  ctx: ModelContext,
  from: NodeTable,
  to: NodeTable,
  effectAt: (memory: number, code: number) => StepEffect,
): void {
  to.clear(ctx.nodes);
  const { size } = ctx;
  // The nodes by the effect at them (an effect is its memory's: the nodes of one share it).
  const effects: StepEffect[] = [];
  const byEffect = new Map<StepEffect, number[]>();
  for (let n = 0; n < from.count; n++) {
    const node = from.keys[n]!;
    const memory = Math.floor(node / size);
    const effect = effectAt(memory, node - memory * size);
    let nodes = byEffect.get(effect);
    if (!nodes) {
      byEffect.set(effect, (nodes = []));
      effects.push(effect);
    }
    nodes.push(n);
  }
  let work = from.count;
  for (const effect of effects) {
    const nodes = byEffect.get(effect)!;
    work +=
      effect.damages.length > 1 && nodes.length >= BY_POOL
        ? byPool(ctx, effect, from, nodes, to)
        : byNode(ctx, effect, from, nodes, to);
  }
  spend(work);
}

/** Nodes of one effect from which it is spread pool by pool (fewer: node by node, the pools' outcomes multiplied). */
const BY_POOL = 8;

/** Scratch space for one node's outcomes (grown as needed, reused: no garbage per node). */
let scratch = {
  keys: new Float64Array(256),
  probs: new Float64Array(256),
  keys2: new Float64Array(256),
  probs2: new Float64Array(256),
};

function room(n: number) {
  if (scratch.keys.length >= n) return;
  const size = Math.max(n, 2 * scratch.keys.length);
  scratch = {
    keys: new Float64Array(size),
    probs: new Float64Array(size),
    keys2: new Float64Array(size),
    probs2: new Float64Array(size),
  };
}

/** The effect's nodes spread one at a time over every combination of the pools' outcomes; the work done. */
function byNode(
  ctx: ModelContext,
  effect: StepEffect,
  from: NodeTable,
  nodes: readonly number[],
  to: NodeTable,
): number {
  const { size, pools } = ctx;
  const base = effect.memory * size;
  let outcomes = 1;
  for (const d of effect.damages) outcomes *= d.dist.length;
  room(outcomes);
  let work = 0;
  for (const n of nodes) {
    const node = from.keys[n]!;
    const code = node - Math.floor(node / size) * size;
    let { keys, probs, keys2, probs2 } = scratch;
    keys[0] = code;
    probs[0] = from.probs[n]!;
    let count = 1;
    for (const d of effect.damages) {
      const pool = pools[d.pool]!;
      const cap = Math.min(Math.floor(code / pool.stride) % (pool.full + 1), d.dist.length - 1);
      if (cap <= 0) continue;
      let m = 0;
      for (let k = 0; k < count; k++) {
        for (let j = 0; j <= cap; j++) {
          // The last outcome the pool can take gathers every larger one: what it cannot take is lost.
          const q = j < cap ? d.dist[j]! : d.tail[j]!;
          if (q === 0) continue;
          keys2[m] = keys[k]! - j * pool.stride;
          probs2[m++] = probs[k]! * q;
        }
      }
      work += count * (cap + 1);
      [keys, keys2, probs, probs2] = [keys2, keys, probs2, probs];
      count = m;
    }
    for (let k = 0; k < count; k++) to.add(base + keys[k]!, probs[k]!);
    work += count;
  }
  return work;
}

/** The effect's nodes spread one pool at a time, merged after each; the work done. */
function byPool(
  ctx: ModelContext,
  effect: StepEffect,
  from: NodeTable,
  nodes: readonly number[],
  to: NodeTable,
): number {
  const { size } = ctx;
  let cur = passes.a.clear(size);
  let other = passes.b;
  for (const n of nodes) {
    const node = from.keys[n]!;
    cur.add(node - Math.floor(node / size) * size, from.probs[n]!);
  }
  let work = nodes.length;
  for (const d of effect.damages) {
    work += pass(ctx, d, cur, other.clear(size));
    [cur, other] = [other, cur];
  }
  const base = effect.memory * size;
  for (let k = 0; k < cur.count; k++) to.add(base + cur.keys[k]!, cur.probs[k]!);
  return work + cur.count;
}

/** One pool's damage over every node of `from` (codes), into `to`; the work done. */
function pass(ctx: ModelContext, d: Damage, from: NodeTable, to: NodeTable): number {
  const pool = ctx.pools[d.pool]!;
  const { stride } = pool;
  const radix = pool.full + 1;
  const last = d.dist.length - 1;
  let work = 0;
  for (let k = 0; k < from.count; k++) {
    const code = from.keys[k]!;
    const p = from.probs[k]!;
    const cap = Math.min(Math.floor(code / stride) % radix, last);
    for (let j = 0; j <= cap; j++) {
      // The last outcome the pool can take gathers every larger one: what it cannot take is lost.
      const q = j < cap ? d.dist[j]! : d.tail[j]!;
      if (q !== 0) to.add(code - j * stride, p * q);
    }
    work += cap + 1;
  }
  return work;
}
