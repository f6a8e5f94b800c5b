import type { ModelTransition } from '../../../../analysis/combat/model';
import { memberKey, type MemberRef, type Role, type State, type Task } from '../../state';
import { remainingChance, rollOffChance } from '../strikeOutcomes';
import { codeInfo, codeOf } from './codes';
import { contextOf, idOf, sideOf, type Context, type Side } from './context';
import { closeRound, nothingFound, type Closing, type Found } from './end';
import { breakTests } from './morale';
import type { Position } from './position';
import { flight, type FleeTask } from './pursuit';
import { lostVector, statusVector } from './records';
import { ranksOf, type RoundFrame } from './result';
import { afterStrikes, fleeThenClose, transitionFrom } from './round';
import { orderOf, strike, type Layer, type Pending } from './strikes';

/**
 * The rest of a round from an engine state part-way through it (the live panel asks after every
 * step): what the state has already settled — wounds struck, a roll-off's first die, the result,
 * units broken, pursuits declared — read from it, and the rest of the round in closed form by the
 * same stages as from a round's start (round.ts).
 */

const unitOf = (ctx: Context, role: Role, unit: number) => ctx.sideUnits[sideOf(role)][unit]!;
const poolOf = (ctx: Context, ref: MemberRef) => ctx.poolIndex.get(memberKey(ref))!;

/** The round's frame as the state has it: how the round began, and what it had caused when the model took over. */
function frameOf(ctx: Context, s: State): RoundFrame {
  const roundStart = lostVector(ctx, s.roundStart);
  const atStart = codeInfo(ctx, codeOf(ctx, statusVector(ctx, s.statusAtStart)));
  const code = codeOf(ctx, statusVector(ctx, s.status));
  return {
    round: s.round,
    status: codeInfo(ctx, code).status,
    code,
    hasWonRound: [s.hasWonRound.attacker, s.hasWonRound.defender],
    roundStart,
    atStart,
    ranks: ranksOf(ctx, roundStart, atStart),
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
function strikesFrom(ctx: Context, frame: RoundFrame, s: State): Layer[] {
  const id = idOf(ctx, frame.lostBase, [s.overkill.attacker, s.overkill.defender]);
  const head = s.queue[0];
  if (head?.kind !== 'rolloff') return [strike(ctx, frame, new Map([[id, 1]]), pendingOf(ctx, s, s.queue))];
  // Seed 002 "Order of Combat": the higher D6 strikes first at equal Initiative, a tie rolling again.
  return (['attacker', 'defender'] as const).map((first) =>
    strike(ctx, frame, new Map([[id, rollOffChance(head.attackerRoll, first)]]), [
      ...orderOf(ctx, frame, first).map((pool) => ({ pool })),
      ...pendingOf(ctx, s, s.queue.slice(1)),
    ]),
  );
}

/** The flee phase's tasks as the state has them queued. */
function fleeTasksOf(ctx: Context, s: State, winner: Side): FleeTask[] {
  const loser = (1 - winner) as Side;
  return s.queue.flatMap((t): FleeTask[] => {
    if (t.kind === 'pursueChoice')
      return [{ kind: 'choice', unit: unitOf(ctx, t.role, t.unit), fleeing: ctx.sideUnits[loser][t.fleeing]! }];
    if (t.kind === 'restrainTest')
      return [{ kind: 'restrain', unit: unitOf(ctx, t.role, t.unit), fleeing: ctx.sideUnits[loser][t.fleeing]! }];
    if (t.kind === 'flee') return [{ kind: 'flee', fleeing: unitOf(ctx, t.role, t.unit) }];
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

/** Past the result (steps/morale.ts resultKind): the break tests, the flight, the close, from where the state stands. */
function pastResult(ctx: Context, frame: RoundFrame, s: State, found: Found): void {
  const result = s.result!;
  const winner: Side | -1 = result.winner === null ? -1 : sideOf(result.winner);
  const lost = frame.lostBase;
  const c: Closing = { round: s.round, lost, lostId: idOf(ctx, lost), winner, hasWonRound: frame.hasWonRound };
  const broke = s.broke.map((key) => ctx.units.findIndex((u) => u.key === key));
  if (winner === -1 || s.phase === 'overrun' || s.phase === 'end') return closeRound(ctx, c, frame.code, 1, found);
  if (s.phase === 'break') {
    const pending = s.queue.flatMap((t) => (t.kind === 'break' ? [unitOf(ctx, t.role, t.unit)] : []));
    const at = { status: frame.status.slice(), broke, p: 1 };
    for (const t of breakTests(ctx, lost, at, pending, result.difference))
      fleeThenClose(ctx, c, codeOf(ctx, t.status), t.broke, t.p, found);
    return;
  }
  if (s.phase === 'panic') return fleeThenClose(ctx, c, frame.code, broke, 1, found);
  const at = { status: frame.status.slice(), p: 1 };
  for (const f of flight(ctx, lost, at, fleeTasksOf(ctx, s, winner), chasingOf(ctx, s, winner)))
    closeRound(ctx, c, codeOf(ctx, f.status), f.p, found);
}

/** The round from a state part-way through it (see above). */
export function roundFromMid(position: Position): ModelTransition<Position> {
  const s = position.mid!;
  const ctx = contextOf(s.setup);
  const frame = frameOf(ctx, s);
  const found: Found = nothingFound();
  if (s.phase === 'strikes' || s.phase === 'result') {
    const layers =
      s.phase === 'strikes'
        ? strikesFrom(ctx, frame, s)
        : [new Map([[idOf(ctx, frame.lostBase, [s.overkill.attacker, s.overkill.defender]), 1]])];
    for (const layer of layers) for (const [id, p] of layer) afterStrikes(ctx, frame, id, p, found);
  } else pastResult(ctx, frame, s, found);
  return transitionFrom(ctx, s.round, found);
}
