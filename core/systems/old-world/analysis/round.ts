import { beginRound, markDestroyed } from '../flow';
import { roundResult } from '../result';
import { roles, type Role, type State } from '../state';
import { mainUnitFates, type Fate } from './fates';
import { spend } from '../../../analysis/budget';
import { strikeEnds } from './strikeOutcomes';

/**
 * The exact odds of one combat round of the old world (seed 002, RULES §3), from any state of
 * it: the remaining strikes (strikeOutcomes.ts), the combat result of every way they can end
 * (result.ts, the engine's own), then each main unit's break test and pursuit (fates.ts).
 */

export interface RoundOdds {
  round: number;
  /** P(attacker's total − defender's total = offset + k) at index k. */
  difference: { offset: number; dist: number[] };
  /** P(a side causes k unsaved wounds this round), as they count for the result. */
  caused: Record<Role, number[]>;
  /** P(the attacker wins, a draw, the defender wins). */
  win: { attacker: number; draw: number; defender: number };
  /** Each side's main unit (unit 0). */
  fates: Record<Role, Fate>;
}

/** The state as the engine has it when the strikes are over and the result is shown. */
function resultState(state: State): State {
  const marked = markDestroyed(state);
  return { ...marked, result: roundResult(marked), phase: 'result', queue: [{ kind: 'result' }] };
}

const add = (dist: number[], k: number, p: number) => {
  while (dist.length <= k) dist.push(0);
  dist[k]! += p;
};

/** The odds of the current round from any state (a state past the strikes has a known result). */
export function analyzeRound(state: State): RoundOdds {
  const ends = state.result
    ? [{ state, p: 1 }]
    : strikeEnds(state).map((e) => ({
        state: resultState({ ...state, lost: e.lost, caused: e.caused, overkill: e.overkill }),
        p: e.p,
      }));
  const byDifference = new Map<number, number>();
  const caused: Record<Role, number[]> = { attacker: [], defender: [] };
  const win = { attacker: 0, draw: 0, defender: 0 };
  const fates: Record<Role, Fate> = { attacker: { breaks: 0, caught: 0 }, defender: { breaks: 0, caught: 0 } };
  for (const { state: s, p } of ends) {
    // Each end: its combat result and both main units' fates, built as objects — thousands of multiply-adds' worth.
    spend(5000);
    const r = s.result!;
    const difference = r.attacker.total - r.defender.total;
    byDifference.set(difference, (byDifference.get(difference) ?? 0) + p);
    for (const role of roles) add(caused[role], s.caused[role], p);
    win[r.winner ?? 'draw'] += p;
    const f = mainUnitFates(s);
    for (const role of roles) {
      fates[role].breaks += p * f[role].breaks;
      fates[role].caught += p * f[role].caught;
    }
  }
  const offset = Math.min(...byDifference.keys());
  const dist: number[] = [];
  byDifference.forEach((p, d) => add(dist, d - offset, p));
  return { round: state.round, difference: { offset, dist }, caused, win, fates };
}

/**
 * The state at the start of the current round, as flow.ts beginRound made it: the round's odds
 * "before any die was rolled" (the baseline of a ranks game's odds, core/analysis/system.ts).
 */
export function roundStartOf(state: State): State {
  return beginRound({
    ...state,
    lost: state.roundStart,
    status: state.statusAtStart,
    previousWinner: state.roundBegin.previousWinner,
    hasWonRound: state.roundBegin.hasWonRound,
  });
}
