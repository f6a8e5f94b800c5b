import { beginRound, settle } from '../../systems/ninth-age/flow';
import { poolHp, poolKey, profileOf, roles, type Role, type Standing, type State } from '../../systems/ninth-age/state';
import { endFromStandings, endFromState, type RoundEnd } from './fates';
import { digit, indexPools, type PoolIndex } from './pools';
import { strikeEnds, type Nodes } from './strikes';

/**
 * The exact odds of the current round of a Ninth Age melee from any state of it: the attacks
 * still to come (strikes.ts), then the Combat Score, break test and pursuit of every way they can
 * end (fates.ts). SCENARIOS §3 names the figures.
 */

export interface RoundOdds {
  round: number;
  /** P(attacker's Combat Score − defender's = offset + k) at index k. */
  difference: { offset: number; dist: number[] };
  /** P(the side's unit lost k HP this round). */
  hpLost: Record<Role, number[]>;
  wipedOut: Record<Role, number>;
  breaks: Record<Role, number>;
  caught: Record<Role, number>;
  win: { attacker: number; draw: number; defender: number };
}

const add = (dist: number[], k: number, p: number) => {
  while (dist.length <= k) dist.push(0);
  dist[k]! += p;
};

function collect(round: number, ends: Iterable<{ end: RoundEnd; p: number }>): RoundOdds {
  const byDifference = new Map<number, number>();
  const odds: RoundOdds = {
    round,
    difference: { offset: 0, dist: [] },
    hpLost: { attacker: [], defender: [] },
    wipedOut: { attacker: 0, defender: 0 },
    breaks: { attacker: 0, defender: 0 },
    caught: { attacker: 0, defender: 0 },
    win: { attacker: 0, draw: 0, defender: 0 },
  };
  for (const { end, p } of ends) {
    byDifference.set(end.difference, (byDifference.get(end.difference) ?? 0) + p);
    odds.win[end.difference > 0 ? 'attacker' : end.difference < 0 ? 'defender' : 'draw'] += p;
    for (const role of roles) {
      add(odds.hpLost[role], end.hpLost[role], p);
      if (end.wipedOut[role]) odds.wipedOut[role] += p;
      odds.breaks[role] += p * end.breaks[role];
      odds.caught[role] += p * end.caught[role];
    }
  }
  const offset = Math.min(...byDifference.keys());
  byDifference.forEach((p, d) => add(odds.difference.dist, d - offset, p));
  odds.difference.offset = offset;
  return odds;
}

/**
 * The end of the round at every node (fates.ts endFromStandings: the engine's Combat Score and
 * break test). A node is read straight from its digits with the engine's arithmetic (state.ts
 * standingOf: whole models from the rear; HP lost this round). What the rank and file's models
 * left and the standing characters decide is worked out once per distinct pair; the HP lost only
 * adds to the enemy's score, so a pair's end is shifted by it.
 */
function endsOf(state: State, index: PoolIndex, nodes: Nodes): Array<{ end: RoundEnd; p: number }> {
  const { setup } = state;
  const pools = index.pools.map((p, i) => ({
    role: p.role,
    who: p.who,
    hp: profileOf(setup, p).healthPoints,
    // HP lost this round before the analysis starts (losses before the round are not counted).
    already: index.base[i]! - Math.min(poolHp(setup, p), state.roundStart[poolKey(p)] ?? 0),
    left: index.left[i]!,
  }));
  const count = { attacker: setup.attacker.unit.characters.length, defender: setup.defender.unit.characters.length };
  const span = { attacker: (setup.attacker.unit.models + 1) << count.attacker, defender: (setup.defender.unit.models + 1) << count.defender };
  const cache = new Map<number, RoundEnd>();
  const out: Array<{ end: RoundEnd; p: number }> = [];
  const sideKey = { attacker: 0, defender: 0 };
  const hpLost = { attacker: 0, defender: 0 };
  const rf = { attacker: 0, defender: 0 };
  const mask = { attacker: 0, defender: 0 };
  for (const node of nodes.active) {
    hpLost.attacker = hpLost.defender = rf.attacker = rf.defender = mask.attacker = mask.defender = 0;
    for (let i = 0; i < pools.length; i++) {
      const p = pools[i]!;
      const lostNow = digit(index, node, i);
      const left = p.left - lostNow;
      hpLost[p.role] += p.already + lostNow;
      if (p.who === 'rf') rf[p.role] = Math.ceil(left / p.hp);
      else if (left > 0) mask[p.role] |= 1 << p.who;
    }
    for (const role of roles) sideKey[role] = rf[role] * (1 << count[role]) + mask[role];
    // Everything but the HP lost, which is bounded by the pools' HP: one number per distinct end.
    const key = ((sideKey.attacker * span.defender + sideKey.defender) * 4096 + hpLost.attacker) * 4096 + hpLost.defender;
    let end = cache.get(key);
    if (!end) {
      const st: Record<Role, Standing> = {
        attacker: { rankAndFile: rf.attacker, characters: Array.from({ length: count.attacker }, (_, j) => ((mask.attacker >> j) & 1) === 1), hpLost: hpLost.attacker },
        defender: { rankAndFile: rf.defender, characters: Array.from({ length: count.defender }, (_, j) => ((mask.defender >> j) & 1) === 1), hpLost: hpLost.defender },
      };
      cache.set(key, (end = endFromStandings(setup, state.round, st)));
    }
    out.push({ end, p: nodes.p[node]! });
  }
  return out;
}

/** The odds of the current round from any state (a state past the attacks has a known score). */
export function analyzeRound(state: State): RoundOdds {
  if (state.phase !== 'strikes') return collect(state.round, [{ end: endFromState(state), p: 1 }]);
  const index = indexPools(state);
  return collect(state.round, endsOf(state, index, strikeEnds(state, index)));
}

/** The state at the start of the current round, as flow.ts beginRound made it: the round's odds "before any die was rolled". */
export function roundStartOf(state: State): State {
  return settle(beginRound({ ...state, lost: state.roundStart, status: { attacker: 'fighting', defender: 'fighting' } }));
}
