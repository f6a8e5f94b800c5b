import { settle } from '../../engine';
import type { State } from '../../state';
import { oldWorldKey } from '../key';
import { canonicalLost, codeInfo, codeOf, type CodeInfo } from './codes';
import { contextOf, idOf, sideOf, type Context, type Side } from './context';
import { lostVector, statusVector } from './records';
import { tiedAcrossSides } from './strikes';
import { orderMatters } from './ties';

/**
 * Where a round starts, whatever the round (seed 002, RULES §3: what the rules carry from one round
 * to the next): the wounds lost by every pool (a unit's rank-and-file, each character: casualties
 * from the rear rank, partial wounds kept) as one number, every unit's status (fighting, destroyed,
 * fled, caught, pursuing, overran) as one number, who won the last round where an Initiative tie
 * reads it, and whether a side has won a round where a defended obstacle reads it. One record per
 * combat for each (Context.starts): the positions of every round starting there, and the round
 * worked out from there (round.ts), hang on it.
 */
export interface Start {
  /** Its number among the combat's starts (Context.startList), for the chances a round leads to. */
  index: number;
  /** The generation of the combat's starts it belongs to (Context.generation). */
  generation: number;
  /** Its key without the round (`positionKey`). */
  key: number | string;
  lostId: number;
  code: number;
  /** Who won the last round (-1: nobody, or nobody needs to know). */
  previousWinner: Side | -1;
  hasWonRound: readonly [boolean, boolean];
  /** The position of each round starting here, and its key, built once (keys[0]: the start's own key as text — rounds count from 1). */
  byRound: Array<Position | null>;
  keys: string[];
  /** The round worked out from here: the first round, a later one, the game's last (round.ts Worked). */
  worked: [unknown, unknown, unknown];
}

/**
 * A position of the compact model: a round's start, or a state part-way through its round (`mid`),
 * which the model finishes from the engine's own state (mid.ts). `run`: the chain's run over
 * whole rounds it was handed out in (layer.ts), which charges each start's round once.
 */
export interface Position {
  ctx: Context;
  round: number;
  start: Start | null;
  mid: State | null;
  key: string;
  run: object | null;
}

/** The position of a round's start without its round, as one number where it stays exact (else a string). */
export function positionKey(
  ctx: Context,
  lostId: number,
  code: number,
  previousWinner: Side | -1,
  won0: boolean,
  won1: boolean,
): number | string {
  const rest = (previousWinner + 1) * 4 + (won0 ? 2 : 0) + (won1 ? 1 : 0);
  return ctx.nextKeyFits ? (lostId * ctx.codeSpace + code) * 12 + rest : `${lostId}|${code}|${rest}`;
}

/** The combat's record of a round's start (its parts already as the rules read them: see `startPosition`). */
export function startOf(
  ctx: Context,
  lostId: number,
  code: number,
  previousWinner: Side | -1,
  won0: boolean,
  won1: boolean,
): Start {
  const key = positionKey(ctx, lostId, code, previousWinner, won0, won1);
  let start = ctx.starts.get(key) as Start | undefined;
  if (!start) {
    start = {
      index: ctx.startList.length,
      generation: ctx.generation,
      key,
      lostId,
      code,
      previousWinner,
      hasWonRound: [won0, won1],
      byRound: [],
      keys: [],
      worked: [null, null, null],
    };
    ctx.starts.set(key, start);
    ctx.startList.push(start);
  }
  return start;
}

/** The start as the combat's starts know it now: looked up again if they were forgotten since (`forgetStarts`). */
export const currentStart = (ctx: Context, start: Start): Start =>
  start.generation === ctx.generation
    ? start
    : startOf(ctx, start.lostId, start.code, start.previousWinner, start.hasWonRound[0], start.hasWonRound[1]);

/**
 * Starts remembered per combat, at most: past it they are forgotten (with the rounds worked out from
 * them) before the next run of the chain — never during one, whose numbers they are.
 */
const MAX_STARTS = 200_000;

/** Forgets the combat's starts if there are too many (see MAX_STARTS); a new generation begins. */
export function forgetStartsIfMany(ctx: Context): void {
  if (ctx.startList.length < MAX_STARTS) return;
  ctx.starts.clear();
  ctx.startList.length = 0;
  // The closes name starts by number: forgotten with them.
  for (const info of ctx.codeInfos ?? ctx.codes.values()) if (info) (info as CodeInfo).closes = null;
  ctx.closesMemo = null; // closes.ts: its entries name starts by number too
  ctx.generation++;
}

/** The key of the position at round `round` of a start (model.ts key: the round, then the start's key). */
export function keyAt(start: Start, round: number): string {
  while (start.keys.length <= round) start.keys.push('');
  // The start's key as text once (a number of ten digits is slow to write), each round's key from it.
  const text = start.keys[0] || (start.keys[0] = `:${start.key}`);
  return start.keys[round] || (start.keys[round] = round + text);
}

/** The position at round `round` of a start. */
export function positionAt(ctx: Context, start: Start, round: number): Position {
  while (start.byRound.length <= round) start.byRound.push(null);
  return (start.byRound[round] ??= { ctx, round, start, mid: null, key: keyAt(start, round), run: null });
}

/**
 * The position a round starts from, with only what the rules read: who won the last round only
 * where pools of both sides strike at the same Initiative and their order matters (ties.ts: it
 * orders them, and with no winner the players roll off), whether a side has won a round only where it faces a defended
 * obstacle (strikes.ts hitTest), the wounds of units out of the combat only as far as they are read
 * (codes.ts canonicalLost) — two starts that differ in nothing else play out alike.
 */
export function startPosition(
  ctx: Context,
  round: number,
  lostId: number,
  status: readonly number[],
  previousWinner: Side | -1,
  hasWonRound: readonly [boolean, boolean],
): Position {
  const code = codeOf(ctx, status);
  const info = codeInfo(ctx, code);
  const lost = canonicalLost(ctx, lostId, info);
  const tied = tiedAcrossSides(ctx, { round, status, code });
  const pw = previousWinner !== -1 && tied && orderMatters(ctx, round, lost, info) ? previousWinner : -1;
  const won0 = ctx.facesObstacle[0] && hasWonRound[0];
  const won1 = ctx.facesObstacle[1] && hasWonRound[1];
  return positionAt(ctx, startOf(ctx, lost, code, pw, won0, won1), round);
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
  // Entered where a run of the chain begins: a good moment to forget what a long session piled up.
  forgetStartsIfMany(ctx);
  if (atRoundStart(state)) {
    const begin = state.roundBegin;
    return startPosition(
      ctx,
      state.round,
      idOf(ctx, lostVector(ctx, state.roundStart)),
      statusVector(ctx, state.statusAtStart),
      sideOrNone(begin.previousWinner),
      [begin.hasWonRound.attacker, begin.hasWonRound.defender],
    );
  }
  return { ctx, round: state.round, start: null, mid: state, key: `m${oldWorldKey(state)}`, run: null };
}
