import { FLANK_CANCEL_US } from '../../result';
import { rankBonus } from '../../tables';
import * as codesModule from './codes';
import type { CodeInfo } from './codes';
import * as contextModule from './context';
import type { Context, Side } from './context';
import type { StrikeFrame } from './strikes';

// Imported names read once, at load: the test runner's module loader reads an imported name
// through a getter on every use (some 50 ns), which the loops here would pay millions of times a run.
const { codeInfo } = codesModule;
const { DESTROYED, FIGHTING, standing, unitStrength } = contextModule;

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
  /** Who has won a round once each side wins this one (defended obstacles no longer protect against it). */
  wonBy: readonly [readonly [boolean, boolean], readonly [boolean, boolean]];
}

/** RoundFrame.wonBy from who had won a round when it began. */
export const wonByOf = (hasWonRound: readonly [boolean, boolean]): RoundFrame['wonBy'] => [
  [true, hasWonRound[1]],
  [hasWonRound[0], true],
];

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
  return [sideRanks(ctx, roundStart, atStart, 0), sideRanks(ctx, roundStart, atStart, 1)];
}

/** A side's rank bonus (see `ranksOf`). */
function sideRanks(ctx: Context, roundStart: readonly number[], atStart: CodeInfo, side: Side): number {
  let best = 0;
  for (const u of atStart.fighting[side]) {
    const info = ctx.units[u]!;
    if (info.unit.noRankBonus || cancelled(ctx, roundStart, atStart, u)) continue;
    const models = info.troops >= 0 ? standing(ctx, roundStart, info.troops) : 0;
    best = Math.max(best, rankBonus(models, info.unit.rankWidth));
  }
  return best;
}

/** Whether an enemy of US 5+ in unit `u`'s flank or rear cancels its ranks. */
function cancelled(ctx: Context, roundStart: readonly number[], atStart: CodeInfo, u: number): boolean {
  const info = ctx.units[u]!;
  for (const j of atStart.fighting[1 - info.side]!) {
    const e = ctx.units[j]!.unit;
    if (e.target === info.index && e.facing !== 'front' && unitStrength(ctx, roundStart, j) >= FLANK_CANCEL_US)
      return true;
  }
  return false;
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
    mine += ctx.us[u]!;
    const bearer = ctx.units[u]!.standardBearers;
    if (bearer >= 0 && lost[bearer]! < ctx.pools[bearer]!.total) standard = 1;
  }
  for (const u of info.fighting[1 - side]!) theirs += ctx.us[u]!;
  return frame.ranks[side] + (mine > theirs ? 1 : 0) + standard + info.placing[side];
}

/** The outcome of the round being worked out (one at a time: read it before the next). */
const outcomeNow: RoundOutcome = { code: 0, winner: -1, difference: 0 };

/**
 * The round's result where the strikes ended (`lost`, and each side's overkill in a challenge):
 * units with no model left leave the combat as destroyed; seed 002: the higher total wins, a draw has no loser; RULES §3: a side wiped out has lost (both: a
 * draw), and gets no static bonus. Unsaved wounds caused are the wounds the enemy lost since the
 * round began (none beyond a pool's wounds). Leaves each unit's standing and Unit Strength in the
 * scratch; the outcome is the model's own (read it before the next).
 */
export function resultOf(
  ctx: Context,
  frame: RoundFrame,
  lost: readonly number[],
  overkill0: number,
  overkill1: number,
): RoundOutcome {
  let code = frame.code;
  for (let u = 0; u < ctx.units.length; u++) {
    // RULES §3 Unit Strength by the models standing (a model with any wound left stands: Context.usByLost).
    let us = 0;
    let any = 0;
    for (const m of ctx.units[u]!.members) {
      if (lost[m]! < ctx.pools[m]!.total) any = 1;
      us += ctx.usByLost[m]![lost[m]!]!;
    }
    ctx.alive[u] = any;
    ctx.us[u] = us;
    if (frame.status[u] === FIGHTING && !any) code += (DESTROYED - FIGHTING) * ctx.statusPlace[u]!;
  }
  const info = codeInfo(ctx, code);
  const wiped0 = wipedOut(ctx, frame, 0);
  const wiped1 = wipedOut(ctx, frame, 1);
  let caused0 = frame.causedBase[0];
  let caused1 = frame.causedBase[1];
  for (let i = 0; i < lost.length; i++) {
    const taken = lost[i]! - frame.lostBase[i]!;
    if (ctx.pools[i]!.side === 0) caused1 += taken;
    else caused0 += taken;
  }
  const a = wiped0 ? caused0 : caused0 + bonuses(ctx, frame, lost, info, 0) + overkill0;
  const d = wiped1 ? caused1 : caused1 + bonuses(ctx, frame, lost, info, 1) + overkill1;
  // Small whole numbers (`| 0`): kept unboxed where they are passed on.
  outcomeNow.code = code;
  outcomeNow.difference = Math.abs(a - d) | 0;
  outcomeNow.winner = wiped0 && wiped1 ? -1 : wiped0 ? 1 : wiped1 ? 0 : a > d ? 0 : d > a ? 1 : -1;
  return outcomeNow;
}
