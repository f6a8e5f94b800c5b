import { settle } from '../engine';
import { beginRound } from '../flow';
import { breakChance, breakStandingOf, breakTestFor, type BreakStanding } from '../morale';
import { scoreParts, totalOf } from '../score';
import { CATCH_CHANCE } from '../tables';
import { otherRole, poolHp, poolKey, profileOf, roles, wipedOut, type Role, type Standing, type State } from '../state';
import { endFromState, type RoundEnd } from './fates';
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

/** What the score and the break test read of a pair of units (the models left and the standing characters). */
interface Pair {
  standing: Record<Role, Standing>;
  /** Each side's score before the HP the enemy lost. */
  fixed: Record<Role, number>;
  wiped: Record<Role, boolean>;
  /** What the loser's break test reads of the pair, once it is needed, and P(it breaks) by the difference (signed: the sign says who lost). */
  test: Partial<Record<Role, BreakStanding>>;
  breaks: Map<number, number>;
}

/** The pair of units standing: each side's Combat Score before the HP lost this round (score.ts scoreParts), and who is wiped out. */
function pairOf(state: State, standing: Record<Role, Standing>): Pair {
  const { setup, round } = state;
  return {
    standing,
    fixed: {
      attacker: totalOf(scoreParts(setup, round, 'attacker', standing.attacker, standing.defender)),
      defender: totalOf(scoreParts(setup, round, 'defender', standing.defender, standing.attacker)),
    },
    wiped: { attacker: wipedOut(standing.attacker), defender: wipedOut(standing.defender) },
    test: {},
    breaks: new Map(),
  };
}

/** The round's end for a pair of units and the HP each side lost this round. */
function endOfPair(state: State, pair: Pair, hpLost: Record<Role, number>): RoundEnd {
  // RULES §5: each side scores +1 per HP the enemy lost this round; the higher score wins the round.
  const difference = pair.fixed.attacker + hpLost.defender - (pair.fixed.defender + hpLost.attacker);
  const breaks = { attacker: 0, defender: 0 };
  const caught = { attacker: 0, defender: 0 };
  const winner: Role | null = difference > 0 ? 'attacker' : difference < 0 ? 'defender' : null;
  // Equal scores: both win, nobody tests (RULES §5). A loser with no model left takes no test.
  if (winner !== null && !pair.wiped[otherRole(winner)]) {
    const loser = otherRole(winner);
    let chance = pair.breaks.get(difference);
    if (chance === undefined) {
      // The loser tests 2D6 against its Discipline less the difference (morale.ts: Steady, Insane Courage).
      const test = (pair.test[loser] ??= breakStandingOf(state.setup, loser, pair.standing));
      pair.breaks.set(difference, (chance = breakChance(breakTestFor(test, Math.abs(difference)))));
    }
    breaks[loser] = chance;
    // The winner with models left always pursues (SCENARIOS §3): a tie of the two 2D6 catches.
    caught[loser] = pair.wiped[winner] ? 0 : chance * CATCH_CHANCE;
  }
  return { difference, hpLost: { ...hpLost }, wipedOut: pair.wiped, breaks, caught };
}

/** The pools as a node's digits are read: whose, HP per model, HP lost this round before the analysis starts, HP left then. */
function poolsRead(state: State, index: PoolIndex) {
  const { setup } = state;
  return index.pools.map((p, i) => ({
    role: p.role,
    who: p.who,
    hp: profileOf(setup, p).healthPoints,
    // HP lost this round before the analysis starts (losses before the round are not counted).
    already: index.base[i]! - Math.min(poolHp(setup, p), state.roundStart[poolKey(p)] ?? 0),
    left: index.left[i]!,
  }));
}

/**
 * The end of the round at every node, with the engine's Combat Score (score.ts scoreParts) and
 * break test (morale.ts). A node is read straight from its digits with the engine's arithmetic
 * (state.ts standingOf: whole models from the rear; HP lost this round). What the models left and
 * the standing characters decide is worked out once per distinct pair of units: the HP lost only
 * adds to the enemy's score, and the break test then depends on the difference alone.
 */
function endsOf(state: State, index: PoolIndex, nodes: Nodes): Array<{ end: RoundEnd; p: number }> {
  const { setup } = state;
  const pools = poolsRead(state, index);
  const count = { attacker: setup.attacker.unit.characters.length, defender: setup.defender.unit.characters.length };
  const span = (setup.defender.unit.models + 1) << count.defender;
  const pairs = new Map<number, Pair>();
  const ends = new Map<number, { end: RoundEnd; p: number }>();
  const hpLost = { attacker: 0, defender: 0 };
  const rf = { attacker: 0, defender: 0 };
  const mask = { attacker: 0, defender: 0 };
  const standingOfSide = (role: Role): Standing => ({
    rankAndFile: rf[role],
    characters: Array.from({ length: count[role] }, (_, j) => ((mask[role] >> j) & 1) === 1),
    hpLost: 0,
  });
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
    const key =
      (rf.attacker * (1 << count.attacker) + mask.attacker) * span +
      rf.defender * (1 << count.defender) +
      mask.defender;
    let pair = pairs.get(key);
    if (!pair) {
      pair = pairOf(state, { attacker: standingOfSide('attacker'), defender: standingOfSide('defender') });
      pairs.set(key, pair);
    }
    // HP lost by a side is at most 200 × 20 + 4 × 20 < 4096.
    const id = (key * 4096 + hpLost.attacker) * 4096 + hpLost.defender;
    const seen = ends.get(id);
    if (seen) seen.p += nodes.p[node]!;
    else ends.set(id, { end: endOfPair(state, pair, hpLost), p: nodes.p[node]! });
  }
  return [...ends.values()];
}

/** The odds of the current round from any state (a state past the attacks has a known score). */
export function analyzeRound(state: State): RoundOdds {
  if (state.phase !== 'strikes') return collect(state.round, [{ end: endFromState(state), p: 1 }]);
  const index = indexPools(state);
  return collect(state.round, endsOf(state, index, strikeEnds(state, index)));
}

/** The state at the start of the current round, as flow.ts beginRound made it: the round's odds "before any die was rolled". */
export function roundStartOf(state: State): State {
  return settle(
    beginRound({ ...state, lost: state.roundStart, status: { attacker: 'fighting', defender: 'fighting' } }),
  );
}
