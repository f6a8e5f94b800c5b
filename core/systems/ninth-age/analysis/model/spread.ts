import { spend } from '../../../../analysis/budget';
import type { ModelContext } from './context';
import type { NodeTable } from './nodeTable';
import type { Damage } from './steps';

/**
 * The round's dynamic programme over nodes — (allocation memory, HP left per pool), one number:
 * memory × size + code — one Agility step at a time: every node spread over the unsaved wounds the
 * step deals each pool, capped at what the pool has left (seed 004, Health Pools: loss beyond a
 * pool is lost, never moved to another).
 */

/** What a step does from a node: the damage to each pool, and the memory after its allocations. */
export interface StepEffect {
  damages: readonly Damage[];
  memory: number;
}

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

/** Every node of `from` spread over what the step (`effectAt` the node) deals, into `to` (emptied first). */
export function spread(
  ctx: ModelContext,
  from: NodeTable,
  to: NodeTable,
  effectAt: (memory: number, code: number) => StepEffect,
): void {
  to.clear();
  const { size, pools } = ctx;
  let work = 0;
  for (let n0 = 0; n0 < from.count; n0++) {
    const node = from.keys[n0]!;
    const memory = Math.floor(node / size);
    const code = node - memory * size;
    const effect = effectAt(memory, code);
    let outcomes = 1;
    for (const d of effect.damages) outcomes *= d.dist.length;
    room(outcomes);
    let { keys, probs, keys2, probs2 } = scratch;
    keys[0] = code;
    probs[0] = from.probs[n0]!;
    let count = 1;
    for (const d of effect.damages) {
      const pool = pools[d.pool]!;
      const left = Math.floor(code / pool.stride) % (pool.full + 1);
      const cap = Math.min(left, d.dist.length - 1);
      if (cap <= 0) continue;
      let n = 0;
      for (let k = 0; k < count; k++) {
        for (let j = 0; j <= cap; j++) {
          // The last outcome the pool can take gathers every larger one: what it cannot take is lost.
          const q = j < cap ? d.dist[j]! : d.tail[j]!;
          if (q === 0) continue;
          keys2[n] = keys[k]! - j * pool.stride;
          probs2[n++] = probs[k]! * q;
        }
      }
      work += count * (cap + 1);
      [keys, keys2, probs, probs2] = [keys2, keys, probs2, probs];
      count = n;
    }
    const base = effect.memory * size;
    for (let k = 0; k < count; k++) to.add(base + keys[k]!, probs[k]!);
    work += count + 1;
  }
  spend(work);
}
