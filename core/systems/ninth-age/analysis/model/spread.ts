import { spend } from '../../../../analysis/budget';
import { outcomeScratch } from '../scratch';
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
 *
 * Written for the millions of nodes of a large melee: typed arrays, no object or array per node or
 * per step, and every chance written into its table in place (a chance handed to a function the
 * engine does not inline is boxed).
 */

/** What a step does from a node: the damage to each pool, and the memory after its allocations. */
export interface StepEffect {
  damages: readonly Damage[];
  memory: number;
  /** Scratch of `spread`, grouping the nodes by effect without a map: the spread that last met the effect, and its group there. */
  mark: number;
  group: number;
}

/** A step's effect (see StepEffect). */
export const effectOf = (damages: readonly Damage[], memory: number): StepEffect => ({
  damages,
  memory,
  mark: 0,
  group: 0,
});

/** Where a step's effect at a node comes from: its StepKind (steps.ts), or one effect for every node. */
export interface EffectSource {
  at(memory: number, code: number): StepEffect;
}

/** The digit of `code` with place value `stride` and radix `radix` (codes are whole numbers below 2⁵³: no `%` on doubles). */
export function digitOf(code: number, stride: number, radix: number): number {
  const q = Math.floor(code / stride);
  return q - Math.floor(q / radix) * radix;
}

/** Scratch of the grouping by effect (one spread at a time): the effects met, and this spread's mark. */
const effects: StepEffect[] = [];
let spreads = 0;
let groupOfNode = new Int32Array(256);
let order = new Int32Array(256);
let starts = new Int32Array(256);

function roomForNodes(n: number): void {
  if (groupOfNode.length >= n) return;
  const size = Math.max(n, 2 * groupOfNode.length);
  groupOfNode = new Int32Array(size);
  order = new Int32Array(size);
  starts = new Int32Array(size + 1);
}

/** Every node of `from` spread over what the step (`source` at the node) deals, into `to` (emptied first). */
export function spread(ctx: ModelContext, from: NodeTable, to: NodeTable, source: EffectSource): void {
  to.clear(ctx.nodes);
  const { size } = ctx;
  const n = from.count;
  roomForNodes(n);
  if (n < BY_POOL) return spend(2 * oneByOne(ctx, from, to, source));
  // The nodes by the effect at them (an effect is its memory's: the nodes of one share it), in order of effect.
  const mark = ++spreads;
  for (let k = 0; k < n; k++) {
    const node = from.keys[k]!;
    const memory = Math.floor(node / size);
    const effect = source.at(memory, node - memory * size);
    if (effect.mark !== mark) {
      effect.mark = mark;
      effect.group = effects.length;
      starts[effects.length] = 0;
      effects.push(effect);
    }
    groupOfNode[k] = effect.group;
    starts[effect.group]!++;
  }
  let at = 0;
  for (let g = 0; g < effects.length; g++) {
    const count = starts[g]!;
    starts[g] = at;
    at += count;
  }
  starts[effects.length] = at;
  for (let k = 0; k < n; k++) order[starts[groupOfNode[k]!]!++] = k;
  // Each group's nodes are now order[end of the group before .. starts[g]).
  let work = n;
  let lo = 0;
  for (let g = 0; g < effects.length; g++) {
    const effect = effects[g]!;
    const hi = starts[g]!;
    work +=
      effect.damages.length > 1 && hi - lo >= BY_POOL
        ? byPool(ctx, effect, from, lo, hi, to)
        : byNode(ctx, effect, from, lo, hi, to);
    lo = hi;
  }
  effects.length = 0;
  // Work as the budget counts it (about 5 ns a unit): an outcome is a table lookup and an add, some 10 ns
  // (measured on the example: 6 million outcomes, a third of its 0.2 s).
  spend(2 * work);
}

/**
 * Fewer nodes than any group spread pool by pool (BY_POOL): each spread node by node in the order
 * met, with no grouping by effect (most of a template's steps: a few dozen nodes); the work done.
 */
function oneByOne(ctx: ModelContext, from: NodeTable, to: NodeTable, source: EffectSource): number {
  const { size } = ctx;
  const n = from.count;
  let work = n;
  for (let k = 0; k < n; k++) {
    const node = from.keys[k]!;
    const memory = Math.floor(node / size);
    order[0] = k;
    work += byNode(ctx, source.at(memory, node - memory * size), from, 0, 1, to);
  }
  return work;
}

/**
 * Nodes of one effect from which it is spread pool by pool (fewer: node by node, the pools' outcomes
 * multiplied): the passes' tables cost more than the products they save below some 30 nodes
 * (measured on the example and the club-size melee: 8 to 64 tried).
 */
const BY_POOL = 32;

/** Scratch space for one node's outcomes (scratch.ts). */
const room = outcomeScratch(256);

/** The effect's nodes (order[lo..hi)) spread one at a time over every combination of the pools' outcomes; the work done. */
function byNode(ctx: ModelContext, effect: StepEffect, from: NodeTable, lo: number, hi: number, to: NodeTable): number {
  if (effect.damages.length === 2) return byNodeTwo(ctx, effect, from, lo, hi, to);
  const { size, pools } = ctx;
  const base = effect.memory * size;
  const { damages } = effect;
  let outcomes = 1;
  for (const d of damages) outcomes *= d.dist.length;
  const scratch = room(outcomes);
  let work = 0;
  for (let i = lo; i < hi; i++) {
    const n = order[i]!;
    const node = from.keys[n]!;
    const code = node - Math.floor(node / size) * size;
    let keys = scratch.keys;
    let probs = scratch.probs;
    let keys2 = scratch.keys2;
    let probs2 = scratch.probs2;
    keys[0] = code;
    probs[0] = from.probs[n]!;
    let count = 1;
    for (let e = 0; e < damages.length; e++) {
      const d = damages[e]!;
      const pool = pools[d.pool]!;
      const cap = Math.min(digitOf(code, pool.stride, pool.full + 1), d.dist.length - 1);
      if (cap <= 0) continue;
      const { dist, tail } = d;
      const stride = pool.stride;
      let m = 0;
      for (let k = 0; k < count; k++) {
        const key = keys[k]!;
        const p = probs[k]!;
        for (let j = 0; j <= cap; j++) {
          // The last outcome the pool can take gathers every larger one: what it cannot take is lost.
          const q = j < cap ? dist[j]! : tail[j]!;
          if (q === 0) continue;
          keys2[m] = key - j * stride;
          probs2[m++] = p * q;
        }
      }
      work += count * (cap + 1);
      const tk = keys;
      keys = keys2;
      keys2 = tk;
      const tp = probs;
      probs = probs2;
      probs2 = tp;
      count = m;
    }
    for (let k = 0; k < count; k++) {
      const at = to.indexOf(base + keys[k]!);
      to.probs[at]! += probs[k]!;
    }
    work += count;
  }
  return work;
}

/**
 * byNode where the step hurts two pools (the commonest step: both rank and files at one Agility):
 * every pair of outcomes straight into `to`, without the scratch of the general case.
 */
function byNodeTwo(
  ctx: ModelContext,
  effect: StepEffect,
  from: NodeTable,
  lo: number,
  hi: number,
  to: NodeTable,
): number {
  const { size, pools } = ctx;
  const base = effect.memory * size;
  const [d1, d2] = effect.damages as [Damage, Damage];
  const { stride: stride1, full: full1 } = pools[d1.pool]!;
  const { stride: stride2, full: full2 } = pools[d2.pool]!;
  const { capped: capped1 } = d1;
  const { capped: capped2 } = d2;
  const n1 = d1.dist.length;
  const n2 = d2.dist.length;
  // The table's arrays, read again only after it grows (`indexOf` making room: a slow path).
  let index = to.numbers();
  let probs = to.probs;
  let work = 0;
  for (let i = lo; i < hi; i++) {
    const n = order[i]!;
    const node = from.keys[n]!;
    const code = node - Math.floor(node / size) * size;
    const p = from.probs[n]!;
    const cap1 = Math.min(digitOf(code, stride1, full1 + 1), n1 - 1);
    const cap2 = Math.min(digitOf(code, stride2, full2 + 1), n2 - 1);
    const row1 = cap1 * n1;
    const row2 = cap2 * n2;
    for (let j1 = 0; j1 <= cap1; j1++) {
      const q1 = capped1[row1 + j1]!;
      if (q1 === 0) continue;
      const key1 = base + code - j1 * stride1;
      const p1 = p * q1;
      for (let j2 = 0; j2 <= cap2; j2++) {
        const q2 = capped2[row2 + j2]!;
        if (q2 === 0) continue;
        const key = key1 - j2 * stride2;
        let at = key < index.length ? index[key]! - 1 : -1;
        if (at < 0) {
          at = to.indexOf(key);
          index = to.numbers();
          probs = to.probs;
        }
        probs[at]! += p1 * q2;
      }
    }
    work += (cap1 + 1) * (cap2 + 1);
  }
  return work;
}

/** Scratch tables of one effect's nodes, by code, pool after pool. */
const passes = { a: new NodeTable(256), b: new NodeTable(256) };

/** The effect's nodes (order[lo..hi)) spread one pool at a time, merged after each; the work done. */
function byPool(ctx: ModelContext, effect: StepEffect, from: NodeTable, lo: number, hi: number, to: NodeTable): number {
  const { size } = ctx;
  let cur = passes.a.clear(size);
  let other = passes.b;
  for (let i = lo; i < hi; i++) {
    const n = order[i]!;
    const node = from.keys[n]!;
    const at = cur.indexOf(node - Math.floor(node / size) * size);
    cur.probs[at]! += from.probs[n]!;
  }
  let work = hi - lo;
  for (const d of effect.damages) {
    work += pass(ctx, d, cur, other.clear(size));
    const t = cur;
    cur = other;
    other = t;
  }
  const base = effect.memory * size;
  for (let k = 0; k < cur.count; k++) {
    const at = to.indexOf(base + cur.keys[k]!);
    to.probs[at]! += cur.probs[k]!;
  }
  return work + cur.count;
}

/** One pool's damage over every node of `from` (codes), into `to`; the work done. */
function pass(ctx: ModelContext, d: Damage, from: NodeTable, to: NodeTable): number {
  const pool = ctx.pools[d.pool]!;
  const { stride } = pool;
  const radix = pool.full + 1;
  const last = d.dist.length - 1;
  const { dist, tail } = d;
  let work = 0;
  for (let k = 0; k < from.count; k++) {
    const code = from.keys[k]!;
    const p = from.probs[k]!;
    const cap = Math.min(digitOf(code, stride, radix), last);
    for (let j = 0; j <= cap; j++) {
      // The last outcome the pool can take gathers every larger one: what it cannot take is lost.
      const q = j < cap ? dist[j]! : tail[j]!;
      if (q !== 0) {
        const at = to.indexOf(code - j * stride);
        to.probs[at]! += p * q;
      }
    }
    work += cap + 1;
  }
  return work;
}
