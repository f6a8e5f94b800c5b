import type { ModelTransition } from '../../../../analysis/combat/model';
import { memberKey, type MemberRef, type Role, type State, type Task } from '../../state';
import { rollOffChance, remainingChance } from '../strikeOutcomes';
import { contextOf, sideOf, type Context, type Side } from './context';
import { closeRound, nothingFound, type Closing, type Found } from './end';
import { breakTests } from './morale';
import type { Position } from './position';
import type { FleeTask } from './pursuit';
import { lostVector, statusVector } from './records';
import { ranksOf, type RoundFrame } from './result';
import { afterBreaks, afterFleeTasks, afterStrikes, transitionFrom } from './round';
import { nodeId, orderOf, strike, type Pending, type StrikeNode } from './strikes';

/**
 * The rest of a round from an engine state part-way through it (the live panel asks after every
 * step): what the state has already settled — wounds struck, a roll-off's first die, the result,
 * units broken, pursuits declared — read from it, and the rest of the round in closed form by the
 * same stages as from a round's start (round.ts).
 */

const unitOfKey = (ctx: Context, role: Role, unit: number) => ctx.sideUnits[sideOf(role)][unit]!;
const poolOf = (ctx: Context, ref: MemberRef) => ctx.poolIndex.get(memberKey(ref))!;

/** The round's frame as the state has it: how the round began, and what it had caused when the model took over. */
function frameOf(ctx: Context, s: State): RoundFrame {
  const roundStart = lostVector(ctx, s.roundStart);
  const statusAtStart = statusVector(ctx, s.statusAtStart);
  return {
    round: s.round,
    status: statusVector(ctx, s.status),
    hasWonRound: [s.hasWonRound.attacker, s.hasWonRound.defender],
    roundStart,
    statusAtStart,
    ranks: ranksOf(ctx, roundStart, statusAtStart),
    causedBase: [s.caused.attacker, s.caused.defender],
    lostBase: lostVector(ctx, s.lost),
  };
}

/**
 * The strikes still to come: each volley's blows with their targets and dice fixed and each die at
 * its test (strikeOutcomes.ts remainingChance: the tests still to roll), then every pool whose turn
 * has not come.
 */
function pendingOf(ctx: Context, s: State, queue: readonly Task[]): Pending[] {
  return queue.flatMap((task): Pending[] => {
    if (task.kind === 'strike') return [{ pool: poolOf(ctx, task.by) }];
    if (task.kind !== 'volley') throw new Error(`unexpected ${task.kind} task among the strikes`);
    return task.blows.map((blow) => ({
      fixed: {
        by: poolOf(ctx, blow.by),
        target: poolOf(ctx, blow.target),
        dice: blow.dice,
        p: remainingChance(s, blow),
        slot: -1,
      },
    }));
  });
}

/** The strikes from the state: a roll-off part-way (the attacker's die rolled, or not), or the pools and volleys queued. */
function strikesFrom(ctx: Context, frame: RoundFrame, s: State): StrikeNode[] {
  const lost = frame.lostBase.slice();
  const overkill: [number, number] = [s.overkill.attacker, s.overkill.defender];
  const start = (p: number): StrikeNode[] => [{ id: nodeId(ctx, lost, overkill), lost, overkill, p }];
  const head = s.queue[0];
  if (head?.kind !== 'rolloff') return strike(ctx, frame, start(1), pendingOf(ctx, s, s.queue));
  // Seed 002 "Order of Combat": the higher D6 strikes first at equal Initiative, a tie rolling again.
  return (['attacker', 'defender'] as const).flatMap((first) => [
    ...strike(ctx, frame, start(rollOffChance(head.attackerRoll, first)), [
      ...orderOf(ctx, frame, first).map((pool) => ({ pool })),
      ...pendingOf(ctx, s, s.queue.slice(1)),
    ]),
  ]);
}

/** The flee phase's tasks as the state has them queued. */
function fleeTasksOf(ctx: Context, s: State, winner: Side): FleeTask[] {
  const loser = (1 - winner) as Side;
  return s.queue.flatMap((t): FleeTask[] => {
    if (t.kind === 'pursueChoice')
      return [{ kind: 'choice', unit: unitOfKey(ctx, t.role, t.unit), fleeing: ctx.sideUnits[loser][t.fleeing]! }];
    if (t.kind === 'restrainTest')
      return [{ kind: 'restrain', unit: unitOfKey(ctx, t.role, t.unit), fleeing: ctx.sideUnits[loser][t.fleeing]! }];
    if (t.kind === 'flee') return [{ kind: 'flee', fleeing: unitOfKey(ctx, t.role, t.unit) }];
    return [];
  });
}

/** The winners already pursuing, each with the broken unit it chases. */
function chasingOf(ctx: Context, s: State, winner: Side): Map<number, number> {
  const loser = (1 - winner) as Side;
  return new Map(
    Object.entries(s.chasing).map(([key, fleeing]) => [
      ctx.sideUnits[winner][Number(key.split('.')[1])]!,
      ctx.sideUnits[loser][fleeing]!,
    ]),
  );
}

/** The round from a state part-way through it (see above). */
export function roundFromMid(position: Position): ModelTransition<Position> {
  const s = position.mid!;
  const ctx = contextOf(s.setup);
  const frame = frameOf(ctx, s);
  const found: Found = nothingFound();
  if (s.phase === 'strikes' || s.phase === 'result') {
    for (const node of s.phase === 'strikes' ? strikesFrom(ctx, frame, s) : [thisNode(ctx, frame, s)])
      afterStrikes(ctx, frame, node, found);
    return transitionFrom(found);
  }
  // Past the result (steps/morale.ts resultKind): its winner and difference are the state's.
  const result = s.result!;
  const winner: Side | -1 = result.winner === null ? -1 : sideOf(result.winner);
  const closing: Closing = {
    round: s.round,
    lost: frame.lostBase,
    status: frame.status,
    winner,
    hasWonRound: frame.hasWonRound,
  };
  const broke = s.broke.map((key) => ctx.units.findIndex((u) => u.key === key));
  if (s.phase === 'break' && winner !== -1) {
    const pending = s.queue.flatMap((t) => (t.kind === 'break' ? [unitOfKey(ctx, t.role, t.unit)] : []));
    const at = { status: frame.status.slice(), broke, p: 1 };
    for (const t of breakTests(ctx, frame.lostBase, at, pending, result.difference))
      afterBreaks(ctx, { ...closing, status: t.status }, t.broke, t.p, found);
  } else if (s.phase === 'break' || s.phase === 'panic') afterBreaks(ctx, closing, broke, 1, found);
  else if (s.phase === 'flee' && winner !== -1)
    afterFleeTasks(ctx, closing, fleeTasksOf(ctx, s, winner), chasingOf(ctx, s, winner), 1, found);
  else closeRound(ctx, closing, 1, found);
  return transitionFrom(found);
}

/** The strikes over, as one node: the state's own wounds. */
function thisNode(ctx: Context, frame: RoundFrame, s: State): StrikeNode {
  const overkill: [number, number] = [s.overkill.attacker, s.overkill.defender];
  return { id: nodeId(ctx, frame.lostBase, overkill), lost: frame.lostBase.slice(), overkill, p: 1 };
}
