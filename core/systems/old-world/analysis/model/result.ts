import { rankBonusOf } from '../../result';
import { roles } from '../../state';
import { alive, DESTROYED, FIGHTING, sideStrength, standing, type Context, type Side } from './context';
import { lostRecord, statusRecord } from './records';
import type { StrikeFrame } from './strikes';

/**
 * The combat result of a round over the model's arrays (seed 002 "Combat Results", RULES §3): each
 * side's unsaved wounds caused plus its bonuses, the winner and the difference — the engine's
 * result.ts, read off the wounds lost by every pool where the strikes ended.
 */

/** What a round reads besides the wounds now: how it began (ranks, who fought it) and what was caused before the model took over. */
export interface RoundFrame extends StrikeFrame {
  /** Wounds lost per pool when the round began: ranks count from here (RULES §3). */
  roundStart: readonly number[];
  statusAtStart: readonly number[];
  /** Each side's rank bonus, fixed at the start of the round. */
  ranks: readonly [number, number];
  /** Wounds each side had caused this round when the model took over, and the wounds lost then. */
  causedBase: readonly [number, number];
  lostBase: readonly number[];
}

/** A round's result: who is still in the combat (a unit with no model left is destroyed), the winner (-1: a draw) and by how much. */
export interface RoundOutcome {
  status: number[];
  winner: Side | -1;
  difference: number;
}

/**
 * RULES §3: +1 per rank after the first (max +3), counted at the start of the round; only the
 * side's unit with the most counts; none for fast cavalry or skirmishers; none while an enemy of
 * US 5+ is in its flank or rear — the engine's rankBonusOf, once per round.
 */
export function ranksOf(
  ctx: Context,
  roundStart: readonly number[],
  statusAtStart: readonly number[],
): [number, number] {
  const lost = lostRecord(ctx, roundStart);
  const status = statusRecord(ctx, statusAtStart);
  const input = {
    setup: ctx.setup,
    lost,
    roundStart: lost,
    status,
    statusAtStart: status,
    caused: { attacker: 0, defender: 0 },
    overkill: { attacker: 0, defender: 0 },
  };
  return [rankBonusOf(input, roles[0]).value, rankBonusOf(input, roles[1]).value];
}

/**
 * RULES §3 (6th edition): a side with no models left at the end of the round — every unit it
 * fought the round with slain — has lost, whatever the scores.
 */
function wipedOut(ctx: Context, frame: RoundFrame, lost: readonly number[], side: Side): boolean {
  let inRound = 0;
  for (const u of ctx.sideUnits[side]) {
    if (frame.statusAtStart[u] !== FIGHTING) continue;
    inRound++;
    if (alive(ctx, lost, u)) return false;
  }
  return inRound > 0;
}

/** Unsaved wounds a side caused this round: the wounds its enemies lost since the round began (none beyond a pool's wounds). */
function causedBy(ctx: Context, frame: RoundFrame, lost: readonly number[], side: Side): number {
  let caused = frame.causedBase[side];
  for (let i = 0; i < lost.length; i++) if (ctx.pools[i]!.side !== side) caused += lost[i]! - frame.lostBase[i]!;
  return caused;
}

/**
 * A side's static bonuses (result.ts sideResult): its ranks, +1 outnumbering (Unit Strength still
 * in the combat), +1 a standard in the front rank (a unit with rank-and-file standing, once per
 * side), +1 higher ground, +1 a flank attack (however many flanks), +2 a rear attack.
 */
function bonuses(ctx: Context, frame: RoundFrame, lost: readonly number[], status: readonly number[], side: Side) {
  let standard = 0;
  let high = 0;
  let flank = 0;
  let rear = 0;
  for (const u of ctx.sideUnits[side]) {
    if (status[u] !== FIGHTING) continue;
    const info = ctx.units[u]!;
    const unit = info.unit;
    if ((unit.standard || unit.battleStandard) && info.troops >= 0 && standing(ctx, lost, info.troops) > 0)
      standard = 1;
    if (unit.highGround) high = 1;
    if (unit.facing === 'flank') flank = 1;
    if (unit.facing === 'rear') rear = 2;
  }
  const enemy = (1 - side) as Side;
  const outnumber = sideStrength(ctx, lost, status, side) > sideStrength(ctx, lost, status, enemy) ? 1 : 0;
  return frame.ranks[side] + outnumber + standard + high + flank + rear;
}

/**
 * The round's result where the strikes ended (`lost`, each side's overkill in a challenge): units
 * with no model left leave the combat as destroyed; seed 002: the higher total wins, a draw has no
 * loser; RULES §3: a side wiped out has lost (both: a draw), and gets no static bonus.
 */
export function resultOf(
  ctx: Context,
  frame: RoundFrame,
  lost: readonly number[],
  overkill: readonly [number, number],
): RoundOutcome {
  const status = frame.status.slice();
  for (let u = 0; u < status.length; u++) if (status[u] === FIGHTING && !alive(ctx, lost, u)) status[u] = DESTROYED;
  const wiped = [wipedOut(ctx, frame, lost, 0), wipedOut(ctx, frame, lost, 1)];
  const total = ([0, 1] as const).map((side) => {
    const caused = causedBy(ctx, frame, lost, side);
    return wiped[side] ? caused : caused + bonuses(ctx, frame, lost, status, side) + overkill[side];
  });
  const difference = Math.abs(total[0]! - total[1]!);
  if (wiped[0] && wiped[1]) return { status, winner: -1, difference };
  if (wiped[0] || wiped[1]) return { status, winner: wiped[0] ? 1 : 0, difference };
  return { status, winner: total[0]! > total[1]! ? 0 : total[1]! > total[0]! ? 1 : -1, difference };
}
