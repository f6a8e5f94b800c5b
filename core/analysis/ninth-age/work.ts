import { agilityOf, allPools, attacksOf, otherRole, poolKey, type State } from '../../systems/ninth-age/state';
import { indexPools } from './pools';

/**
 * The cost model of the exact analysis (strikes.ts), as an upper bound computed before any work:
 * a step from N nodes costs N × Π over the pools it can hit of (1 + the most it can take there);
 * the nodes after a step are at most Π over pools of (1 + the most lost so far), and never more than
 * the index size (pools.ts). Every node at the end is scored once. On a two-core laptop about
 * 2·10⁷ units of this take a second (test/bench/ninthAge.bench.ts measures the bench case).
 */
export const WORK_LIMIT = 2e7;

/** Work to score one end node (Combat Score, break test) in units of one spread. */
const END_COST = 20;

export function workOf(state: State): number {
  if (state.phase !== 'strikes') return 1;
  const { setup } = state;
  const index = indexPools(state);
  const n = index.pools.length;
  // The most each pool has lost so far in the analysis, beyond the losses now.
  const sofar = new Array<number>(n).fill(0);
  let nodes = 1;
  let work = 0;
  const step = (dealt: (i: number) => number) => {
    let outcomes = 1;
    for (let i = 0; i < n; i++) {
      const d = Math.min(index.left[i]! - sofar[i]!, dealt(i));
      if (d > 0) outcomes *= d + 1;
    }
    work += nodes * outcomes;
    let after = 1;
    for (let i = 0; i < n; i++) {
      sofar[i] = Math.min(index.left[i]!, sofar[i]! + dealt(i));
      after *= sofar[i]! + 1;
    }
    nodes = Math.min(after, index.size);
  };
  if (state.agility !== null) {
    // The current step: dice already allocated, each to its own pool.
    const dice = new Array<number>(n).fill(0);
    for (const t of state.queue) if (t.kind === 'strike') dice[index.at.get(poolKey(t.target))!]! += t.dice;
    if (state.queue.some((t) => t.kind === 'rolls')) {
      // Not yet allocated in full: any enemy pool could take every attack of the step.
      const total = { attacker: 0, defender: 0 };
      for (const s of state.parts) total[s.part.role] += s.attacks;
      step((i) => total[otherRole(index.pools[i]!.role)]);
    } else {
      step((i) => dice[i]!);
    }
  }
  for (const task of state.queue) {
    if (task.kind !== 'agility') continue;
    const total = { attacker: 0, defender: 0 };
    for (const p of allPools(setup)) if (agilityOf(setup, state.round, p) === task.agility) total[p.role] += attacksOf(setup, state.lost, p);
    step((i) => total[otherRole(index.pools[i]!.role)]);
  }
  return work + nodes * END_COST;
}
