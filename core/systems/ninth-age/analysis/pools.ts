import { allocationOf } from '../flow';
import { sharesOf, targetAt } from '../allocation';
import {
  agilityOf,
  allPools,
  attacksOf,
  hpLeft,
  otherRole,
  poolKey,
  type PoolRef,
  type State,
  type Task,
} from '../state';

/**
 * The exact analysis's view of a round: every health pool of the melee as one digit of a
 * mixed-radix number (the HP each pool has lost beyond the losses now), so a node of the dynamic
 * programme is one integer. A pool's digit runs from 0 to the most it can still lose this round,
 * bounded before any work (below); their product bounds the nodes.
 *
 * Cost model (strikes.ts follows it step by step): a step from N nodes costs N × Π over the pools
 * it can hit of (1 + the most it can deal there), plus a fixed cost per node; after it there are at most Π over pools of (1 +
 * the most lost so far) nodes. The analysis sends every attack still to allocate where the default
 * does (SCENARIOS §3), so a part can reach: the rank and file; an enemy character it sends attacks
 * at (at most that many); and, once the rank and file could be gone, any enemy character (the
 * rest go to the first one standing). Every node at the end is scored once (END_COST).
 */
export interface PoolIndex {
  pools: readonly PoolRef[];
  /** Losses per pool when the analysis starts. */
  base: number[];
  /** HP each pool has left at the start. */
  left: number[];
  /** The digit's range: 1 + the most the pool can lose in the rest of the round. */
  range: number[];
  stride: number[];
  /** Π range: the nodes the programme could ever hold. */
  size: number;
  /** Pool index by poolKey. */
  at: Map<string, number>;
  /** The cost model's bound on the work, in units of one outcome spread from one node. */
  work: number;
}

/** Work to score one end node (Combat Score, break test) in units of one outcome spread. */
export const END_COST = 30;
/** Work to visit one node in a step (what decides its attacks, the damage it takes) in the same units. */
export const NODE_COST = 30;

interface Bound {
  left: number[];
  at: Map<string, number>;
  /** The most each pool may have lost so far, beyond the losses now. */
  sofar: number[];
  nodes: number;
  work: number;
}

/** One step: `dealt[i]` the most pool i can take in it. */
function step(b: Bound, dealt: number[]) {
  let outcomes = 1;
  let after = 1;
  for (let i = 0; i < dealt.length; i++) {
    const d = Math.min(b.left[i]! - b.sofar[i]!, dealt[i]!);
    if (d > 0) outcomes *= d + 1;
    b.sofar[i] = Math.min(b.left[i]!, b.sofar[i]! + dealt[i]!);
    after *= b.sofar[i]! + 1;
  }
  b.work += b.nodes * (outcomes + NODE_COST);
  b.nodes = after;
}

/** The most a part's `attacks` can deal to each pool at a later step, under the default allocation. */
function reach(state: State, b: Bound, part: PoolRef, attacks: number, dealt: number[]) {
  const foe = otherRole(part.role);
  const foeRf = b.at.get(poolKey({ role: foe, who: 'rf' }));
  // The enemy rank and file could be gone by now: then the rest of the attacks may reach any character.
  const rfMayBeGone = foeRf === undefined || b.sofar[foeRf]! >= b.left[foeRf]!;
  const shares = sharesOf(state, part);
  if (foeRf !== undefined) dealt[foeRf]! += attacks;
  state.setup[foe].unit.characters.forEach((_, j) => {
    const i = b.at.get(poolKey(targetAt(part, j + 1)))!;
    dealt[i]! += rfMayBeGone ? attacks : Math.min(shares[j] ?? 0, attacks);
  });
}

/** The bound's pass over the rest of the round: the current step as allocated, then every later step. */
function bound(state: State, b: Bound) {
  const { setup } = state;
  const n = b.left.length;
  if (state.agility !== null) {
    // The current step: every allocation is fixed (made, or the default the analysis follows).
    const dealt = new Array<number>(n).fill(0);
    for (const s of state.parts) {
      const task = state.queue.find(
        (t): t is Extract<Task, { kind: 'allocate' }> =>
          t.kind === 'allocate' && t.part.role === s.part.role && t.part.who === s.part.who,
      );
      (s.allocation ?? allocationOf(state, task!)).forEach((count, i) => {
        if (count > 0) dealt[b.at.get(poolKey(targetAt(s.part, i)))!]! += count;
      });
    }
    step(b, dealt);
  }
  for (const task of state.queue) {
    if (task.kind !== 'agility') continue;
    const dealt = new Array<number>(n).fill(0);
    // Attacks only fall as models die (SCENARIOS §3: counted at the start of each step), so today's count bounds them.
    for (const p of allPools(setup))
      if (agilityOf(setup, state.round, p) === task.agility) reach(state, b, p, attacksOf(setup, state.lost, p), dealt);
    step(b, dealt);
  }
  b.work += b.nodes * END_COST;
}

export function indexPools(state: State): PoolIndex {
  const pools = allPools(state.setup);
  const base = pools.map((p) => state.lost[poolKey(p)] ?? 0);
  const left = pools.map((p) => hpLeft(state.setup, state.lost, p));
  const at = new Map(pools.map((p, i) => [poolKey(p), i]));
  const b: Bound = { left, at, sofar: new Array<number>(pools.length).fill(0), nodes: 1, work: 0 };
  if (state.phase === 'strikes') bound(state, b);
  const range = b.sofar.map((s) => s + 1);
  const stride: number[] = [];
  let size = 1;
  for (const r of range) {
    stride.push(size);
    size *= r;
  }
  return { pools, base, left, range, stride, size, at, work: b.work };
}

/** The losses record (as the engine keeps it) of a node. */
export function lostOf(index: PoolIndex, node: number, start: Record<string, number>): Record<string, number> {
  const lost: Record<string, number> = { ...start };
  index.pools.forEach((p, i) => {
    lost[poolKey(p)] = index.base[i]! + (Math.floor(node / index.stride[i]!) % index.range[i]!);
  });
  return lost;
}

/** HP a pool has lost at a node beyond `base`. */
export const digit = (index: PoolIndex, node: number, i: number) =>
  Math.floor(node / index.stride[i]!) % index.range[i]!;
