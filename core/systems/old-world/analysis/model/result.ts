import { FLANK_CANCEL_US } from '../../result';
import { rankBonus } from '../../tables';
import { codeInfo, type CodeInfo } from './codes';
import { alive, DESTROYED, FIGHTING, overkillOf, standing, unitStrength, type Context, type Side } from './context';
import type { StrikeFrame } from './strikes';

/**
 * The combat result of a round over the model's numbers (seed 002 "Combat Results", RULES §3):
 * each side's unsaved wounds caused plus its bonuses, the winner and the difference — the engine's
 * result.ts, read off the wounds lost by every pool where the strikes ended. A musician adds
 * nothing here: 6th edition gives it no part in the combat result, and the engine reads it nowhere.
 */

/** What a round reads besides the wounds now: how it began (ranks, who fought it) and what was caused before the model took over. */
export interface RoundFrame extends StrikeFrame {
  /** Wounds lost per pool when the round began: ranks count from here (RULES §3). */
  roundStart: readonly number[];
  /** The statuses the round began with. */
  atStart: CodeInfo;
  /** Each side's rank bonus, fixed at the start of the round. */
  ranks: readonly [number, number];
  /** Wounds each side had caused this round when the model took over, and the wounds lost then. */
  causedBase: readonly [number, number];
  lostBase: readonly number[];
}

/** A round's result: the statuses once a unit with no model left is destroyed, the winner (-1: a draw) and by how much. */
export interface RoundOutcome {
  code: number;
  winner: Side | -1;
  difference: number;
}

/**
 * RULES §3: +1 per rank after the first (max +3), counted at the start of the round; only the
 * side's unit with the most counts; none for fast cavalry or skirmishers; none while an enemy of
 * US 5+ is in its flank or rear (result.ts rankBonusOf).
 */
export function ranksOf(ctx: Context, roundStart: readonly number[], atStart: CodeInfo): [number, number] {
  const sideRanks = (side: Side) => {
    let best = 0;
    for (const u of atStart.fighting[side]) {
      const info = ctx.units[u]!;
      if (info.unit.noRankBonus) continue;
      const cancelled = atStart.fighting[1 - side]!.some((j) => {
        const e = ctx.units[j]!.unit;
        return e.target === info.index && e.facing !== 'front' && unitStrength(ctx, roundStart, j) >= FLANK_CANCEL_US;
      });
      const models = info.troops >= 0 ? standing(ctx, roundStart, info.troops) : 0;
      if (!cancelled) best = Math.max(best, rankBonus(models, info.unit.rankWidth));
    }
    return best;
  };
  return [sideRanks(0), sideRanks(1)];
}

/**
 * RULES §3 (6th edition): a side with no models left at the end of the round — every unit it
 * fought the round with slain — has lost, whatever the scores.
 */
function wipedOut(ctx: Context, frame: RoundFrame, side: Side): boolean {
  const inRound = frame.atStart.fighting[side];
  for (const u of inRound) if (ctx.alive[u]) return false;
  return inRound.length > 0;
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
 * side), and where its fighting units stand (codes.ts placing).
 */
function bonuses(ctx: Context, frame: RoundFrame, lost: readonly number[], info: CodeInfo, side: Side): number {
  let standard = 0;
  let mine = 0;
  let theirs = 0;
  for (const u of info.fighting[side]) {
    const i = ctx.units[u]!;
    mine += ctx.us[u]!;
    if ((i.unit.standard || i.unit.battleStandard) && i.troops >= 0 && standing(ctx, lost, i.troops) > 0) standard = 1;
  }
  for (const u of info.fighting[1 - side]!) theirs += ctx.us[u]!;
  return frame.ranks[side] + (mine > theirs ? 1 : 0) + standard + info.placing[side];
}

/**
 * The round's result where the strikes ended (`lost`, decoded from `id`, which carries each
 * side's overkill in a challenge): units with no model left leave the combat as destroyed; seed
 * 002: the higher total wins, a draw has no loser; RULES §3: a side wiped out has lost (both: a
 * draw), and gets no static bonus. Leaves each unit's standing and Unit Strength in the scratch.
 */
export function resultOf(ctx: Context, frame: RoundFrame, lost: readonly number[], id: number): RoundOutcome {
  let code = frame.code;
  for (let u = 0; u < ctx.units.length; u++) {
    ctx.alive[u] = alive(ctx, lost, u) ? 1 : 0;
    ctx.us[u] = unitStrength(ctx, lost, u);
    if (frame.status[u] === FIGHTING && !ctx.alive[u]) code += (DESTROYED - FIGHTING) * ctx.statusPlace[u]!;
  }
  const info = codeInfo(ctx, code);
  const wiped0 = wipedOut(ctx, frame, 0);
  const wiped1 = wipedOut(ctx, frame, 1);
  const total = (side: Side, wiped: boolean) => {
    const caused = causedBy(ctx, frame, lost, side);
    return wiped ? caused : caused + bonuses(ctx, frame, lost, info, side) + overkillOf(ctx, id, side);
  };
  const a = total(0, wiped0);
  const d = total(1, wiped1);
  const difference = Math.abs(a - d);
  if (wiped0 && wiped1) return { code, winner: -1, difference };
  if (wiped0 || wiped1) return { code, winner: wiped0 ? 1 : 0, difference };
  return { code, winner: a > d ? 0 : d > a ? 1 : -1, difference };
}
