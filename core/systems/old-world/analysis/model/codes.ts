import { FIGHTING, OVERRAN, PURSUING, STATUSES, type Context, type Side } from './context';
import { tiedAcrossSides } from './strikes';

/**
 * Every unit's status as one number (base 6, unit u at 6^u), and what the rules read of a set of
 * statuses, worked out once per combat for each: which units still fight, the bonuses of where they
 * stand, whom they fear, who is still in the combat at its end.
 */

export interface CodeInfo {
  code: number;
  status: number[];
  /** Each side's units still fighting. */
  fighting: [number[], number[]];
  /** Both sides still have a unit fighting (flow.ts: else the combat is over). */
  both: boolean;
  /** RULES §3: +1 higher ground, +1 a flank attack (once), +2 a rear attack — of the units still fighting. */
  placing: [number, number];
  /** Whether a fighting enemy unit of each side causes fear or terror (morale.ts fearsEnemy). */
  feared: [boolean, boolean];
  /** Each side still has a unit in the combat: fighting, pursuing or overrunning (summary.ts winnerOf). */
  inCombat: [boolean, boolean];
  /** Pools of both sides strike at the same moment in a round after the first (strikes.ts needsRollOff). */
  tiedLater: boolean;
  /** The pools of units out of the combat (destroyed, fled, caught, pursuing, overrunning). */
  idle: number[];
}

export function codeOf(ctx: Context, status: ArrayLike<number>): number {
  let code = 0;
  for (let u = 0; u < status.length; u++) code += status[u]! * ctx.statusPlace[u]!;
  return code;
}

/** The code with unit `u` at `value`. */
export const withUnit = (ctx: Context, code: number, status: readonly number[], u: number, value: number) =>
  code + (value - status[u]!) * ctx.statusPlace[u]!;

function placing(ctx: Context, fighting: readonly number[]): number {
  let high = 0;
  let flank = 0;
  let rear = 0;
  for (const u of fighting) {
    const unit = ctx.units[u]!.unit;
    if (unit.highGround) high = 1;
    if (unit.facing === 'flank') flank = 1;
    if (unit.facing === 'rear') rear = 2;
  }
  return high + flank + rear;
}

/** What the rules read of the statuses `code` (see above), once per combat. */
export function codeInfo(ctx: Context, code: number): CodeInfo {
  const seen = ctx.codes.get(code) as CodeInfo | undefined;
  if (seen) return seen;
  const info = describe(ctx, code);
  ctx.codes.set(code, info);
  return info;
}

function describe(ctx: Context, code: number): CodeInfo {
  {
    const status = ctx.units.map((_, u) => Math.floor(code / ctx.statusPlace[u]!) % STATUSES);
    const fighting: [number[], number[]] = [
      ctx.sideUnits[0].filter((u) => status[u] === FIGHTING),
      ctx.sideUnits[1].filter((u) => status[u] === FIGHTING),
    ];
    const frightening = (side: Side) => fighting[side].some((u) => ctx.units[u]!.frightening);
    const inCombat = (side: Side) =>
      ctx.sideUnits[side].some((u) => status[u] === FIGHTING || status[u] === PURSUING || status[u] === OVERRAN);
    return {
      code,
      status,
      fighting,
      both: fighting[0].length > 0 && fighting[1].length > 0,
      placing: [placing(ctx, fighting[0]), placing(ctx, fighting[1])],
      feared: [frightening(1), frightening(0)],
      inCombat: [inCombat(0), inCombat(1)],
      tiedLater: tiedAcrossSides(ctx, { round: 2, status }),
      idle: ctx.pools.flatMap((pool, i) => (status[pool.unit] === FIGHTING ? [] : [i])),
    };
  }
}

/**
 * The wounds lost as the rules read them from here on: a unit out of the combat never fights
 * again, so only whether each of its characters was slain is read (his fate at the end); its
 * rank-and-file's wounds and a living character's are read no more, and count as none. Two
 * positions that differ only there play out alike.
 */
export function canonicalLost(ctx: Context, lostId: number, info: CodeInfo): number {
  let id = lostId;
  for (const i of info.idle) {
    const pool = ctx.pools[i]!;
    const digit = Math.floor(id / ctx.radix[i]!) % ctx.base[i]!;
    const kept = pool.character && digit >= pool.total ? pool.total : 0;
    id += (kept - digit) * ctx.radix[i]!;
  }
  return id;
}
