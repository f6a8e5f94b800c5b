import { settle } from '../../engine';
import type { State } from '../../state';
import { oldWorldKey } from '../key';
import { contextOf, sideOf, type Context, type Side } from './context';
import { lostVector, statusVector } from './records';
import { tiedAcrossSides } from './strikes';

/**
 * A position of the compact model: what the rules carry from one round of the old world to the
 * next (seed 002, RULES §3) — the round, the wounds lost by every pool (a unit's rank-and-file, each
 * character: casualties from the rear rank, partial wounds kept), every unit's status (fighting,
 * destroyed, fled, caught, pursuing, overran), who won the last round where an Initiative tie reads
 * it, and whether a side has won a round where a defended obstacle reads it. Or a state part-way
 * through its round (`mid`), which the model finishes from the engine's own state.
 */
export interface Position {
  ctx: Context;
  round: number;
  lost: readonly number[];
  status: readonly number[];
  /** Who won the last round (-1: nobody, or nobody needs to know). */
  previousWinner: Side | -1;
  hasWonRound: readonly [boolean, boolean];
  /** A state part-way through its round, or null at the start of one. */
  mid: State | null;
  key: string;
}

/**
 * The position a round starts from, with only what the rules read: who won the last round only
 * where pools of both sides strike at the same Initiative (strikes.ts: it orders them, and with no
 * winner the players roll off), whether a side has won a round only where it faces a defended
 * obstacle (strikes.ts hitTest) — two starts that differ in nothing else play out alike.
 */
export function startPosition(
  ctx: Context,
  round: number,
  lost: readonly number[],
  status: readonly number[],
  previousWinner: Side | -1,
  hasWonRound: readonly [boolean, boolean],
): Position {
  const pw = previousWinner !== -1 && tiedAcrossSides(ctx, { round, status }) ? previousWinner : -1;
  const won: [boolean, boolean] = [ctx.facesObstacle[0] && hasWonRound[0], ctx.facesObstacle[1] && hasWonRound[1]];
  const key = `${round}|${lost.join(',')}|${status.join('')}|${pw}|${won[0] ? 1 : 0}${won[1] ? 1 : 0}`;
  return { ctx, round, lost, status, previousWinner: pw, hasWonRound: won, mid: null, key };
}

/**
 * Whether nothing has been rolled or decided in the state's round yet: the engine, begun afresh
 * from how the round began (flow.ts beginRound, then every step that needs no player), stands
 * where the state stands. A round whose strikes nobody can make settles past them, so this is
 * asked of the state itself, not of its phase.
 */
export function atRoundStart(state: State): boolean {
  if (state.phase === 'over') return false;
  const begun = settle({
    ...state,
    lost: state.roundStart,
    status: state.statusAtStart,
    previousWinner: state.roundBegin.previousWinner,
    hasWonRound: state.roundBegin.hasWonRound,
    phase: 'end',
    queue: [],
  });
  return begun.round === state.round && oldWorldKey(begun) === oldWorldKey(state);
}

const sideOrNone = (role: State['previousWinner']): Side | -1 => (role === null ? -1 : sideOf(role));

/** The position an engine state stands at (model.ts enter): a round's start, or the state part-way through its round. */
export function positionOf(state: State): Position | null {
  if (state.phase === 'over') return null;
  const ctx = contextOf(state.setup);
  if (atRoundStart(state)) {
    const begin = state.roundBegin;
    return startPosition(
      ctx,
      state.round,
      lostVector(ctx, state.roundStart),
      statusVector(ctx, state.statusAtStart),
      sideOrNone(begin.previousWinner),
      [begin.hasWonRound.attacker, begin.hasWonRound.defender],
    );
  }
  return {
    ctx,
    round: state.round,
    lost: lostVector(ctx, state.lost),
    status: statusVector(ctx, state.status),
    previousWinner: sideOrNone(state.previousWinner),
    hasWonRound: [state.hasWonRound.attacker, state.hasWonRound.defender],
    mid: state,
    key: `m${oldWorldKey(state)}`,
  };
}
