import { spend, workSpent } from '../../../../analysis/budget';
import type { CombatEnd } from '../../../../analysis/combat/tally';
import type { ModelTransition } from '../../../../analysis/combat/model';
import { roles } from '../../state';
import { LAST_ROUND } from '../../steps/pursuit';
import { rollOffChance } from '../strikeOutcomes';
import { codeInfo, codeOf, withUnit } from './codes';
import { decode, FLED, type Context, type Side } from './context';
import { closeRound, endOf, nothingFound, type Closing, type Found, type NextFound } from './end';
import { breakTests, testOf } from './morale';
import { positionAt, type Position, type Start } from './position';
import { flightPlan } from './pursuit';
import { ranksOf, resultOf, type RoundFrame } from './result';
import { orderOf, strike, tiedAcrossSides, type Layer, type Pending } from './strikes';
import { orderMatters } from './ties';

/**
 * One round of the old world in closed form (seed 002: strikes → combat result → break tests →
 * panic → flee and pursuit → overrun → the next round), from a position to the start of the next
 * round: the strikes as a distribution over the wounds lost by every pool (strikes.ts), then for
 * each way they end the result (result.ts), the losers' break tests (morale.ts), the flight and
 * pursuit (pursuit.ts) and the round's close (end.ts). Choices are the suggested options: pursue,
 * fight on. Two steps of the round change nothing the model carries, and are left out:
 *
 * - Panic tests (seed 002 "Panic"): a unit nearby that fails only flees in words, outside the combat;
 * - the overrun (seed 002 "The Overrun Rule"): only a unit that slew all its foes in the first round
 *   may overrun, so the combat is over, and a unit overrunning ends it as one still fighting does.
 */

/** The round's winner has won a round (defended obstacles no longer protect against it). */
function wonBy(hasWonRound: readonly [boolean, boolean], winner: Side | -1): [boolean, boolean] {
  return winner === -1
    ? [hasWonRound[0], hasWonRound[1]]
    : winner === 0
      ? [true, hasWonRound[1]]
      : [hasWonRound[0], true];
}

/** The broken units flee, pursued (each way the flight ends), then the round closes. */
export function fleeThenClose(
  ctx: Context,
  c: Closing,
  code: number,
  broke: readonly number[],
  p: number,
  found: Found,
): void {
  if (broke.length === 0 || c.winner === -1) return closeRound(ctx, c, code, p, found);
  for (const f of flightPlan(ctx, code, c.winner, broke)) closeRound(ctx, c, f.code, p * f.p, found);
}

/**
 * After the result, the losers' break tests (and the panic tests, which change nothing here): one
 * losing unit tests alone; several as the engine orders them (morale.ts breakTests).
 */
export function breakThenFlee(
  ctx: Context,
  c: Closing,
  code: number,
  difference: number,
  p: number,
  found: Found,
): void {
  if (c.winner === -1) return closeRound(ctx, c, code, p, found);
  const info = codeInfo(ctx, code);
  const pending = info.fighting[1 - c.winner]!;
  if (pending.length === 1) {
    const unit = pending[0]!;
    const test = testOf(ctx, c.lost, info, unit, difference);
    const breaks = test.auto ? (test.breaks ? 1 : 0) : test.p;
    if (breaks < 1) closeRound(ctx, c, code, p * (1 - breaks), found);
    if (breaks > 0) fleeThenClose(ctx, c, withUnit(ctx, code, info.status, unit, FLED), [unit], p * breaks, found);
    return;
  }
  const tested = breakTests(ctx, c.lost, { status: info.status, broke: [], p }, pending, difference);
  for (const t of tested) fleeThenClose(ctx, c, codeOf(ctx, t.status), t.broke, t.p, found);
}

/** The rest of a round from where its strikes ended (`id`: the wounds lost and the overkill; `p` its chance). */
export function afterStrikes(ctx: Context, frame: RoundFrame, id: number, p: number, found: Found): void {
  spend(20 + 4 * ctx.pools.length);
  const lost = decode(ctx, id);
  const outcome = resultOf(ctx, frame, lost, id);
  const closing: Closing = {
    round: frame.round,
    lost,
    lostId: id % ctx.lostSpace,
    winner: outcome.winner,
    hasWonRound: wonBy(frame.hasWonRound, outcome.winner),
  };
  breakThenFlee(ctx, closing, outcome.code, outcome.difference, p, found);
}

/** What a round found, ready to be read as a transition from any round that plays alike (see `roundFromStart`). */
interface Worked {
  next: NextFound[];
  ended: Array<{ end: CombatEnd; p: number }>;
  /** The work it took, charged again whenever it is read from memory (budget.ts: a refusal must not depend on it). */
  work: number;
}

const worked = (ctx: Context, found: Found): Omit<Worked, 'work'> => ({
  next: [...found.next.values()],
  ended: [...found.ended.values()].map((e) => ({ end: endOf(ctx, e), p: e.p })),
});

/** The model's transition from what a round found: positions of the next round, ends of the combat. */
export function transitionFrom(ctx: Context, round: number, found: Found): ModelTransition<Position> {
  return positionsOf(ctx, round, worked(ctx, found));
}

function positionsOf(ctx: Context, round: number, w: Omit<Worked, 'work'>): ModelTransition<Position> {
  return { next: w.next.map((n) => ({ position: positionAt(ctx, n.start, round + 1), p: n.p })), ended: w.ended };
}

/** The frame of a round that begins at `position`. */
function frameAtStart(ctx: Context, round: number, start: Start): RoundFrame {
  const { code, hasWonRound } = start;
  const lost = decode(ctx, start.lostId, new Array<number>(ctx.pools.length));
  const atStart = codeInfo(ctx, code);
  return {
    round,
    status: atStart.status,
    code,
    hasWonRound,
    roundStart: lost,
    atStart,
    ranks: ranksOf(ctx, lost, atStart),
    causedBase: [0, 0],
    lostBase: lost,
  };
}

/** Every pool in the order of strikes, with who strikes first at equal Initiative (`first`), as pending strikes. */
export const inOrder = (ctx: Context, frame: RoundFrame, first: Side | -1): Pending[] =>
  orderOf(ctx, frame, first === -1 ? null : roles[first]).map((pool) => ({ pool }));

/**
 * The strikes of a round from its start: in the order of strikes, the last round's winner first at
 * equal Initiative; with no winner and a tie, seed 002: each player rolls a D6 and the higher
 * strikes first, a tie rolling again — either side first, one chance in two.
 */
function strikesFromStart(ctx: Context, frame: RoundFrame, id: number, previousWinner: Side | -1): Layer[] {
  // A roll-off whose winner changes nothing (ties.ts) is one order as good as the other.
  if (previousWinner !== -1 || !tiedAcrossSides(ctx, frame) || !orderMatters(ctx, frame.round, id, frame.atStart))
    return [strike(ctx, frame, new Map([[id, 1]]), inOrder(ctx, frame, previousWinner))];
  return ([0, 1] as const).map((first) =>
    strike(ctx, frame, new Map([[id, rollOffChance(null, roles[first])]]), inOrder(ctx, frame, first)),
  );
}

/**
 * The round from its start position (see above). Rounds after the first and before the game's last
 * play alike (the charge, the weapons of the first round and the overrun are the first round's; the
 * last round stops): such a round is worked out once per combat for each position, whatever its
 * round, and its work charged again each time it is read.
 */
export function roundFromStart(position: Position): ModelTransition<Position> {
  const { ctx, round } = position;
  const start = position.start!;
  const alike = round === 1 ? 0 : round >= LAST_ROUND ? 2 : 1;
  const seen = start.worked[alike] as Worked | null;
  if (seen) {
    spend(seen.work);
    return positionsOf(ctx, round, seen);
  }
  const before = workSpent();
  const frame = frameAtStart(ctx, round, start);
  const found = nothingFound();
  for (const layer of strikesFromStart(ctx, frame, start.lostId, start.previousWinner))
    for (const [id, p] of layer) afterStrikes(ctx, frame, id, p, found);
  const w = worked(ctx, found);
  start.worked[alike] = { ...w, work: workSpent() - before };
  return positionsOf(ctx, round, w);
}
