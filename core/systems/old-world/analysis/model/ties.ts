import { strikeOrder } from '../../strikes';
import { memberKey } from '../../state';
import { decode, left, remember, standing, type Context, type Side } from './context';
import type { CodeInfo } from './codes';
import { statusRecord } from './records';
import { targetOf } from './strikes';

/**
 * Whether it matters who strikes first at equal Initiative (seed 002 "Order of Combat": the last
 * round's winner, else the roll-off's). Pools of both sides that strike at the same moment form a
 * tie; its winner's pools go first. The order changes nothing when no pool of one side in the tie
 * can change a blow of a pool of the other side in it: its blows land on one pool (its target now,
 * which the blows before it cannot all slay), and that pool's strike — alive or not, how many
 * models strike — cannot change, nor can the count of a unit's rank-and-file that strike change
 * for a character of theirs slain. Then two positions that differ only in who won the last round
 * play out alike, and a roll-off decides nothing: the model counts them once.
 */

interface Slot {
  pool: number;
  side: Side;
  /** Slots of equal `moment` strike at the same time, bar who goes first (great weapon, charge, Initiative). */
  moment: string;
}

/** The order of strikes with each slot's moment, once per combat for each set of statuses and kind of round. */
function slotsOf(ctx: Context, info: CodeInfo, round: number): Slot[] {
  return remember(ctx, 'slots', info.code * 2 + (round === 1 ? 1 : 0), () =>
    strikeOrder({
      setup: ctx.setup,
      round,
      status: statusRecord(ctx, info.status),
      previousWinner: 'attacker',
      rollOffWinner: null,
    }).map((s) => {
      const pool = ctx.poolIndex.get(memberKey(s.by))!;
      return { pool, side: ctx.pools[pool]!.side, moment: `${s.last}|${s.charged}|${s.initiative}` };
    }),
  );
}

/** The most dice a pool can strike with this round (its characters all slain: the whole front rank for the rank-and-file). */
function mostDice(ctx: Context, lost: readonly number[], pool: number): number {
  const p = ctx.pools[pool]!;
  if (p.character) return standing(ctx, lost, pool) * p.attacksPerModel;
  const u = ctx.units[p.unit]!;
  return Math.min(standing(ctx, lost, pool), (u.inContact ?? u.unit.rankWidth) + u.extraRank) * p.attacksPerModel;
}

/**
 * Whether `x`'s blows may change `y`'s strike (see above), with at most `wounds` wounds landing on
 * y's side from x's side before y strikes.
 */
function mayChange(
  ctx: Context,
  lost: readonly number[],
  status: readonly number[],
  x: number,
  y: number,
  wounds: number,
) {
  if (left(ctx, lost, x) <= 0) return false;
  const target = targetOf(ctx, lost, status, x);
  if (target < 0) return false;
  // The blows before x might slay its target: then x might strike another pool.
  if (wounds >= left(ctx, lost, target)) return true;
  const py = ctx.pools[y]!;
  if (target === y) {
    if (py.character) return false;
    const u = ctx.units[py.unit]!;
    const most = (u.inContact ?? u.unit.rankWidth) + u.extraRank;
    return Math.ceil((left(ctx, lost, y) - wounds) / py.w) < most;
  }
  // A character of y's unit slain lets one more rank-and-file model strike; he cannot be slain here.
  return false;
}

/** Whether any tie of the round at `round` with the statuses `info` and the wounds `lostId` has an order that matters (see above). */
export function orderMatters(ctx: Context, round: number, lostId: number, info: CodeInfo): boolean {
  const key = ctx.nextKeyFits
    ? (lostId * ctx.codeSpace + info.code) * 2 + (round === 1 ? 1 : 0)
    : `${lostId}|${info.code}|${round === 1}`;
  return remember(ctx, 'ordered', key, () => {
    const lost = decode(ctx, lostId, new Array<number>(ctx.pools.length));
    const slots = slotsOf(ctx, info, round);
    for (let i = 0; i < slots.length;) {
      let j = i;
      while (j < slots.length && slots[j]!.moment === slots[i]!.moment) j++;
      const tie = slots.slice(i, j);
      if (tie.some((s) => s.side !== tie[0]!.side) && tieMatters(ctx, lost, info.status, slots.slice(0, j), tie))
        return true;
      i = j;
    }
    return false;
  });
}

/** Whether a pool of one side of the tie may change a strike of a pool of the other side in it. */
function tieMatters(
  ctx: Context,
  lost: readonly number[],
  status: readonly number[],
  upTo: readonly Slot[],
  tie: readonly Slot[],
) {
  // Every wound a side can strike up to the end of the tie, whichever side goes first.
  const wounds: [number, number] = [0, 0];
  for (const s of upTo) wounds[s.side] += mostDice(ctx, lost, s.pool);
  for (const x of tie)
    for (const y of tie)
      if (x.side !== y.side && mayChange(ctx, lost, status, x.pool, y.pool, wounds[x.side])) return true;
  return false;
}
