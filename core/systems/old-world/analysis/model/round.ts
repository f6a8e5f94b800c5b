import { spend } from '../../../../analysis/budget';
import type { ModelTransition } from '../../../../analysis/combat/model';
import { roles } from '../../state';
import { rollOffChance } from '../strikeOutcomes';
import { FIGHTING, type Context, type Side } from './context';
import { closeRound, nothingFound, type Closing, type Found } from './end';
import { breakTests } from './morale';
import type { Position } from './position';
import { fleeTasks, flight, type FleeTask } from './pursuit';
import { ranksOf, resultOf, type RoundFrame } from './result';
import { nodeId, orderOf, strike, tiedAcrossSides, type Pending, type StrikeNode } from './strikes';

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

/** The round's winner strikes first at equal Initiative next round, and has won a round (defended obstacles). */
function wonBy(hasWonRound: readonly [boolean, boolean], winner: Side | -1): [boolean, boolean] {
  return winner === -1
    ? [hasWonRound[0], hasWonRound[1]]
    : winner === 0
      ? [true, hasWonRound[1]]
      : [hasWonRound[0], true];
}

/** The rest of a round from where its strikes ended (`node`: the wounds lost, the overkill, its chance). */
export function afterStrikes(ctx: Context, frame: RoundFrame, node: StrikeNode, found: Found): void {
  spend(20 + node.lost.length);
  const outcome = resultOf(ctx, frame, node.lost, node.overkill);
  const closing: Closing = {
    round: frame.round,
    lost: node.lost,
    status: outcome.status,
    winner: outcome.winner,
    hasWonRound: wonBy(frame.hasWonRound, outcome.winner),
  };
  if (outcome.winner === -1) return closeRound(ctx, closing, node.p, found);
  // Seed 002 "Losers take Break Test": every losing unit still fighting, in the order of its side's units.
  const loser = (1 - outcome.winner) as Side;
  const pending = ctx.sideUnits[loser].filter((u) => outcome.status[u] === FIGHTING);
  const tested = breakTests(
    ctx,
    node.lost,
    { status: outcome.status, broke: [], p: node.p },
    pending,
    outcome.difference,
  );
  for (const t of tested) afterBreaks(ctx, { ...closing, status: t.status }, t.broke, t.p, found);
}

/** After the break tests (and the panic tests, which change nothing here): the broken units flee, pursued. */
export function afterBreaks(ctx: Context, closing: Closing, broke: readonly number[], p: number, found: Found): void {
  if (broke.length === 0 || closing.winner === -1) return closeRound(ctx, closing, p, found);
  const tasks = fleeTasks(ctx, closing.status, closing.winner, broke);
  afterFleeTasks(ctx, closing, tasks, new Map(), p, found);
}

/** From the flee phase's tasks still to answer: the flight, then the round's close. */
export function afterFleeTasks(
  ctx: Context,
  closing: Closing,
  tasks: readonly FleeTask[],
  chasing: ReadonlyMap<number, number>,
  p: number,
  found: Found,
): void {
  for (const f of flight(ctx, closing.lost, { status: closing.status.slice(), p }, tasks, chasing))
    closeRound(ctx, { ...closing, status: f.status }, f.p, found);
}

/** The model's transition from what it found. */
export function transitionFrom(found: Found): ModelTransition<Position> {
  return { next: [...found.next.values()], ended: [...found.ended.values()] };
}

/** The frame of a round that begins at `position`. */
function frameAtStart(position: Position): RoundFrame {
  const { ctx, round, lost, status, hasWonRound } = position;
  return {
    round,
    status,
    hasWonRound,
    roundStart: lost,
    statusAtStart: status,
    ranks: ranksOf(ctx, lost, status),
    causedBase: [0, 0],
    lostBase: lost,
  };
}

/** Every pool in the order of strikes, with who strikes first at equal Initiative (`first`), as pending strikes. */
const inOrder = (ctx: Context, frame: RoundFrame, first: Side | -1): Pending[] =>
  orderOf(ctx, frame, first === -1 ? null : roles[first]).map((pool) => ({ pool }));

/**
 * The strikes of a round from its start: in the order of strikes, the last round's winner first at
 * equal Initiative; with no winner and a tie, seed 002: each player rolls a D6 and the higher
 * strikes first, a tie rolling again — either side first, one chance in two.
 */
export function strikesFromStart(ctx: Context, frame: RoundFrame, previousWinner: Side | -1): StrikeNode[] {
  const lost = frame.roundStart.slice();
  const start = (p: number): StrikeNode[] => [{ id: nodeId(ctx, lost, [0, 0]), lost, overkill: [0, 0], p }];
  if (previousWinner !== -1 || !tiedAcrossSides(ctx, frame))
    return strike(ctx, frame, start(1), inOrder(ctx, frame, previousWinner));
  return ([0, 1] as const).flatMap((first) =>
    strike(ctx, frame, start(rollOffChance(null, roles[first])), inOrder(ctx, frame, first)),
  );
}

/** The round from its start position (see above). */
export function roundFromStart(position: Position): ModelTransition<Position> {
  const frame = frameAtStart(position);
  const found = nothingFound();
  for (const node of strikesFromStart(position.ctx, frame, position.previousWinner))
    afterStrikes(position.ctx, frame, node, found);
  return transitionFrom(found);
}
