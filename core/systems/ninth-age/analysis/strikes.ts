import { allocationOf, strikersAt } from '../flow';
import { allocationPlan, completeAllocation, targetAt } from '../allocation';
import { unsavedChance } from '../attacks';
import { rankAndFileAttacks } from '../setup';
import { agilityOf, poolKey, profileOf, type PoolRef, type State, type Task } from '../state';
import { binomial as binomialRow, convolve } from '../../../dice/probability';
import { outcomeScratch } from './scratch';
import { digit, lostOf, type PoolIndex } from './pools';

/**
 * The round's remaining attacks as an exact distribution over where they can end (seed 004,
 * RULES §5, SCENARIOS §3): a dynamic programme over the HP every pool has lost, one Agility step
 * at a time. Every decision is the engine's own (core/systems/ninth-age): who strikes at a step and
 * with how many attacks (flow.ts strikersAt), where the attacks go (allocation.ts, the default
 * choice where the player has not chosen yet), what each die needs (attacks.ts). Attacks of one
 * step are simultaneous and every attack is allocated before any die, so the unsaved wounds on a
 * pool are a sum of independent binomials (each Ninth Age wound is 1 HP), capped at the HP the
 * pool has left (loss beyond a pool is lost).
 *
 * Cost model: nodes ≤ Π over pools of (1 + the most HP it can still lose) (pools.ts); a step costs,
 * per node, the product of the outcomes of the pools it hits. Nothing is pruned.
 */

/** One part's attacks at one pool: `dice` dice, each an unsaved wound with probability `p`. */
interface Group {
  target: number;
  dice: number;
  p: number;
}

/** The total unsaved wounds on one pool, and P(at least j) for capping. */
interface Damage {
  target: number;
  dist: readonly number[];
  tail: Float64Array;
}

const rows = new Map<string, readonly number[]>();
function binomial(n: number, p: number): readonly number[] {
  const key = `${n}:${p}`;
  let row = rows.get(key);
  if (!row) {
    row = binomialRow(n, p);
    if (rows.size > 10_000) rows.clear();
    rows.set(key, row);
  }
  return row;
}

function damagesOf(groups: readonly Group[]): Damage[] {
  const byTarget = new Map<number, readonly number[]>();
  for (const g of groups) {
    if (g.dice === 0 || g.p === 0) continue;
    const row = binomial(g.dice, g.p);
    const seen = byTarget.get(g.target);
    byTarget.set(g.target, seen ? convolve(seen, row) : row);
  }
  return [...byTarget.entries()].map(([target, dist]) => {
    const tail = new Float64Array(dist.length + 1);
    for (let j = dist.length - 1; j >= 0; j--) tail[j] = tail[j + 1]! + dist[j]!;
    return { target, dist, tail };
  });
}

/**
 * The nodes of the programme: a dense array over the whole index (its size is bounded by the work
 * limit, work.ts) and the list of nodes that hold any probability.
 */
export interface Nodes {
  p: Float64Array;
  active: number[];
}

/** Scratch space for the outcomes of one node's step (scratch.ts). */
const room = outcomeScratch(1024);

/** Spreads every node over the damage its step deals there. */
function spread(index: PoolIndex, nodes: Nodes, damagesAt: (node: number) => Damage[]): Nodes {
  const next: Nodes = { p: new Float64Array(index.size), active: [] };
  for (const node of nodes.active) {
    const damages = damagesAt(node);
    let outcomes = 1;
    for (const d of damages) outcomes *= d.dist.length + 1;
    let { keys, probs, keys2, probs2 } = room(outcomes);
    keys[0] = node;
    probs[0] = nodes.p[node]!;
    let count = 1;
    for (const d of damages) {
      const i = d.target;
      // What the pool can still take at this node: the rest of its HP (loss beyond a pool is lost, seed 004).
      const lost = digit(index, node, i);
      const cap = Math.min(index.left[i]! - lost, d.dist.length - 1);
      if (cap <= 0) continue;
      // The cost model's bound on each pool's losses is the digit's range (pools.ts): it must hold.
      if (lost + cap >= index.range[i]!) throw new Error(`the analysis bound on ${poolKey(index.pools[i]!)} is broken`);
      const stride = index.stride[i]!;
      let n = 0;
      for (let k = 0; k < count; k++) {
        for (let j = 0; j <= cap; j++) {
          const q = j < cap ? d.dist[j]! : d.tail[j]!;
          if (q === 0) continue;
          keys2[n] = keys[k]! + j * stride;
          probs2[n++] = probs[k]! * q;
        }
      }
      [keys, keys2, probs, probs2] = [keys2, keys, probs2, probs];
      count = n;
    }
    for (let k = 0; k < count; k++) {
      const key = keys[k]!;
      if (next.p[key] === 0) next.active.push(key);
      next.p[key]! += probs[k]!;
    }
  }
  return next;
}

const refOf = (index: PoolIndex, p: PoolRef) => {
  const i = index.at.get(poolKey(p));
  if (i === undefined) throw new Error(`no pool ${poolKey(p)}`);
  return i;
};

/** The current step's attacks, none rolled yet: allocations made (the default for those still to make). */
function currentGroups(state: State, index: PoolIndex): Group[] {
  const groups: Group[] = [];
  const { setup } = state;
  // The step's dice are rolled in one step once every allocation is made (steps/strikes.ts): until then, every part's whole allocation, to hit.
  for (const s of state.parts) {
    const task = state.queue.find(
      (t): t is Extract<Task, { kind: 'allocate' }> =>
        t.kind === 'allocate' && t.part.role === s.part.role && t.part.who === s.part.who,
    );
    const counts = s.allocation ?? allocationOf(state, task!);
    counts.forEach((n, i) => {
      const target = targetAt(s.part, i);
      if (n > 0) groups.push({ target: refOf(index, target), dice: n, p: unsavedChance(setup, s.part, target, 'hit') });
    });
  }
  return groups;
}

/** A later Agility step's attacks from a node: who strikes, and where the default allocation sends them. */
function stepGroups(state: State, index: PoolIndex, agility: number, node: number): Group[] {
  const lost = lostOf(index, node, state.lost);
  const groups: Group[] = [];
  for (const s of strikersAt({ setup: state.setup, lost, round: state.round }, agility)) {
    const plan = allocationPlan(state.setup, lost, s.part)!;
    completeAllocation(state, s.part, s.attacks, plan, []).forEach((n, i) => {
      const target = targetAt(s.part, i);
      if (n > 0)
        groups.push({ target: refOf(index, target), dice: n, p: unsavedChance(state.setup, s.part, target, 'hit') });
    });
  }
  return groups;
}

/**
 * What decides a step's attacks at a node, as one number: for each part striking at that Agility,
 * its attacks (the rank and file's follow from its models left, SCENARIOS §3 "Who attacks"), and
 * for every pool whether it stands (who can be a target). Nodes that differ only in what the step
 * does not read share their work.
 */
function signatureOf(state: State, index: PoolIndex, agility: number): (node: number) => number {
  const { setup } = state;
  const parts = index.pools.map((p) => {
    const hp = profileOf(setup, p).healthPoints;
    const strikes = agilityOf(setup, state.round, p) === agility;
    const unit = setup[p.role].unit;
    // Attacks by models left, for the rank and file: a table, since many counts give the same attacks.
    const table =
      p.who === 'rf' ? Array.from({ length: unit.models + 1 }, (_, m) => rankAndFileAttacks(unit, m)) : null;
    const most = strikes ? (table ? Math.max(...table) : profileOf(setup, p).attacks) : 0;
    return { hp, strikes, table, own: p.who === 'rf' ? 0 : profileOf(setup, p).attacks, radix: most + 2 };
  });
  return (node) => {
    let sig = 0;
    for (let i = parts.length - 1; i >= 0; i--) {
      const part = parts[i]!;
      const left = index.left[i]! - digit(index, node, i);
      let value = left > 0 ? 1 : 0;
      if (part.strikes && left > 0) value += part.table ? part.table[Math.ceil(left / part.hp)]! : part.own;
      sig = sig * part.radix + value;
    }
    return sig;
  };
}

/** The nodes where the round's attacks end, from a state in the strikes phase, with their probabilities. */
export function strikeEnds(state: State, index: PoolIndex): Nodes {
  let nodes: Nodes = { p: new Float64Array(index.size), active: [0] };
  nodes.p[0] = 1;
  if (state.phase !== 'strikes') return nodes;
  if (state.agility !== null) {
    const damages = damagesOf(currentGroups(state, index));
    nodes = spread(index, nodes, () => damages);
  }
  for (const task of state.queue) {
    if (task.kind !== 'agility') continue;
    const signature = signatureOf(state, index, task.agility);
    const cache = new Map<number, Damage[]>();
    nodes = spread(index, nodes, (node) => {
      const sig = signature(node);
      let damages = cache.get(sig);
      if (!damages) cache.set(sig, (damages = damagesOf(stepGroups(state, index, task.agility, node))));
      return damages;
    });
  }
  return nodes;
}
