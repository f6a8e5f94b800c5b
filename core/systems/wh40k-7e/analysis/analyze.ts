import { moraleFailChance, sweepChance } from '../morale';
import { winnerOf } from '../result';
import { otherRole, roles, type Role, type State } from '../state';
import { jointEntries, RoundContext, strikesEnd } from './round';

/**
 * The exact odds of the current round (SCENARIOS §2): the strikes (round.ts), then for every way
 * they can end the combat result, the loser's Morale check and the winner's Sweeping Advance,
 * respecting whatever is already rolled.
 */

export interface RoundOdds {
  round: number;
  /** P(a side's models cause k wounds this round), as they count for the result. */
  caused: Record<Role, number[]>;
  /** P(attacker's wounds − defender's = offset + k). */
  difference: { offset: number; dist: number[] };
  win: { attacker: number; draw: number; defender: number };
  /** P(no model of the unit left after the round's strikes). */
  wiped: Record<Role, number>;
  /** P(the unit loses and fails its Morale check). */
  breaks: Record<Role, number>;
  /** P(… and the Sweeping Advance destroys it). */
  swept: Record<Role, number>;
}

const add = (dist: number[], k: number, p: number) => {
  while (dist.length <= k) dist.push(0);
  dist[k]! += p;
};

/** P(the loser fails its Morale check) and P(it is then caught), from what the state already knows. */
function moraleAndSweep(
  ctx: RoundContext,
  state: State,
  loser: Role,
  u: Record<Role, number[]>,
  difference: number,
): { fails: number; caught: number } {
  const { setup } = ctx;
  const winner = otherRole(loser);
  const known = state.phase === 'sweep';
  let fails: number;
  if (known) fails = 1;
  else if (setup[loser].fearless) fails = 0;
  else
    fails = moraleFailChance({
      kind: 'roll',
      leadership: ctx.spaces[loser].leadership(u[loser]),
      modifier: setup[loser].stubborn ? 0 : difference,
      why: [],
    });
  const caught = sweepChance(
    ctx.spaces[winner].sweepInitiative(u[winner]),
    ctx.spaces[loser].sweepInitiative(u[loser]),
    known ? state.sweepRoll : null,
  );
  return { fails, caught };
}

export function analyzeRound(state: State): RoundOdds {
  const ctx = new RoundContext(state.setup, state.round);
  const start = {
    attacker: ctx.spaces.attacker.total(ctx.spaces.attacker.fromWounds(state.roundStart.attacker)),
    defender: ctx.spaces.defender.total(ctx.spaces.defender.fromWounds(state.roundStart.defender)),
  };
  const caused: Record<Role, number[]> = { attacker: [], defender: [] };
  const byDifference = new Map<number, number>();
  const win = { attacker: 0, draw: 0, defender: 0 };
  const wiped = { attacker: 0, defender: 0 };
  const breaks = { attacker: 0, defender: 0 };
  const swept = { attacker: 0, defender: 0 };
  const settled = state.phase === 'roundEnd' || state.phase === 'over';
  for (const { a, d, p } of jointEntries(ctx, strikesEnd(ctx, state))) {
    const u = { attacker: a, defender: d };
    const c = {
      attacker: start.defender - ctx.spaces.defender.total(d),
      defender: start.attacker - ctx.spaces.attacker.total(a),
    };
    const w = { attacker: !ctx.spaces.attacker.anyAlive(a), defender: !ctx.spaces.defender.anyAlive(d) };
    for (const role of roles) {
      add(caused[role], c[role], p);
      if (w[role]) wiped[role] += p;
    }
    const diff = c.attacker - c.defender;
    byDifference.set(diff, (byDifference.get(diff) ?? 0) + p);
    const r = winnerOf(c, w);
    win[r.winner ?? 'draw'] += p;
    if (settled) {
      // Everything is rolled: the state says what happened.
      for (const role of roles) {
        if (state.broken === role) breaks[role] += p;
        if (state.fate[role] === 'swept') swept[role] += p;
      }
      continue;
    }
    if (!r.winner) continue;
    const loser = otherRole(r.winner);
    // A wiped-out unit has nobody left to test (SCENARIOS §2).
    if (w[loser]) continue;
    const m = moraleAndSweep(ctx, state, loser, u, r.difference);
    breaks[loser] += p * m.fails;
    // And They Shall Know No Fear: caught, but not destroyed.
    if (!ctx.setup[loser].atsknf) swept[loser] += p * m.fails * m.caught;
  }
  const offset = Math.min(...byDifference.keys());
  const dist: number[] = [];
  byDifference.forEach((p, k) => add(dist, k - offset, p));
  return { round: state.round, caused, difference: { offset, dist }, win, wiped, breaks, swept };
}
