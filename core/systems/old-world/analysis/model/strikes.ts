import { spend } from '../../../../analysis/budget';
import { binomial } from '../../../../dice/probability';
import { memberKey, type Role } from '../../state';
import { needsRollOff, strikeOrder, woundChance } from '../../strikes';
import { FIGHTING, left, remember, standing, type Context, type Side } from './context';
import { statusRecord } from './records';

/**
 * The strikes of a round over the model's arrays (seed 002, "Order of Combat" to "Remove
 * Casualties"; RULES §3): pool by pool in the order of strikes, each pool's unsaved wounds are
 * Binomial(attacks, P(hit) × P(wound) × P(armour fails) × P(ward fails)) — every die of a pool goes
 * through the same tests — taken from its target's wounds (rear rank first: only the count of
 * wounds matters), so the strikes are a distribution over the wounds lost by every pool.
 *
 * The engine rolls the pools of one side that strike one after the other together (volley.ts,
 * "fast dice rolling"); a pool joins only while the blows before it cannot slay its whole target,
 * so its target and attacks are those it would have had struck alone: pool by pool is the same.
 */

/** The wounds lost by every pool and each side's overkill (a challenge), with the chance of getting there. */
export interface StrikeNode {
  /** Its name: the wounds lost by every pool in one number where they fit (Context.radix), else a string. */
  id: number | string;
  lost: number[];
  overkill: [number, number];
  p: number;
}

/** A blow whose target and dice are fixed already (a volley rolled part-way), with each die's chance of an unsaved wound. */
export interface FixedBlow {
  by: number;
  target: number;
  dice: number;
  p: number;
  /** The pair's place in the table of chances (chanceOf), or -1 for a blow part-way through its tests. */
  slot: number;
}

/** What is still to strike: a fixed blow, or a pool whose turn has not come (its target and attacks fixed when it comes). */
export type Pending = { fixed: FixedBlow } | { pool: number };

/** What the strikes of a round read besides the wounds: the round (the charge, weapons of the first round), who is in the combat, obstacles lifted. */
export interface StrikeFrame {
  round: number;
  status: readonly number[];
  hasWonRound: readonly [boolean, boolean];
}

/**
 * Seed 002 "Order of Combat": chargers first, then by Initiative, great weapons last; at equal
 * Initiative the side that won the previous round, else the roll-off's winner (`first`). The
 * engine's own order (strikes.ts strikeOrder), as pool numbers, once per combat and key.
 */
export function orderOf(ctx: Context, frame: Omit<StrikeFrame, 'hasWonRound'>, first: Role | null): number[] {
  const key = `${frame.status.join('')}|${frame.round === 1 ? 1 : 0}|${first}`;
  return remember(ctx, 'order', key, () =>
    strikeOrder({
      setup: ctx.setup,
      round: frame.round,
      status: statusRecord(ctx, frame.status),
      previousWinner: first,
      rollOffWinner: null,
    }).map((slot) => ctx.poolIndex.get(memberKey(slot.by))!),
  );
}

/**
 * Whether pools of both sides would strike at the same moment (same Initiative, both charging or
 * not, both with great weapons or not): then who won the last round strikes first, and with no
 * winner the players roll off (strikes.ts needsRollOff). Otherwise who won it changes nothing.
 */
export function tiedAcrossSides(ctx: Context, frame: Omit<StrikeFrame, 'hasWonRound'>): boolean {
  const key = `${frame.status.join('')}|${frame.round === 1 ? 1 : 0}`;
  return remember(ctx, 'tied', key, () =>
    needsRollOff({
      setup: ctx.setup,
      round: frame.round,
      status: statusRecord(ctx, frame.status),
      previousWinner: null,
      rollOffWinner: null,
    }),
  );
}

/** Characters standing in a unit's front rank (strikes.ts charactersInFront). */
function charactersStanding(ctx: Context, lost: ArrayLike<number>, unit: number): number {
  let n = 0;
  for (const c of ctx.units[unit]!.characters) if (left(ctx, lost, c) > 0) n++;
  return n;
}

/**
 * RULES §3 "characters stand in the front rank": a character strikes with his own attacks; the
 * rank-and-file with the models in contact — the front rank less the characters standing in it
 * (with spears, the rank behind too), never more than stand (strikes.ts strikingModels).
 */
export function attacksOf(ctx: Context, lost: ArrayLike<number>, by: number): number {
  const pool = ctx.pools[by]!;
  const models = standing(ctx, lost, by);
  if (pool.character) return models * pool.attacksPerModel;
  const u = ctx.units[pool.unit]!;
  const front = u.inContact ?? Math.max(0, u.unit.rankWidth - charactersStanding(ctx, lost, pool.unit));
  return Math.min(models, front + u.extraRank) * pool.attacksPerModel;
}

/**
 * Whom a pool strikes now (strikes.ts targetOf): a challenger his challenger while he stands
 * (nobody once he fell); a unit that singles out a character, him while he stands; else the unit
 * it fights — its rank-and-file while any stand, then its characters not in a challenge — and
 * once that unit is gone, another enemy unit still in contact. -1: nobody left to strike.
 */
export function targetOf(ctx: Context, lost: ArrayLike<number>, status: ArrayLike<number>, by: number): number {
  const pool = ctx.pools[by]!;
  if (pool.inChallenge) {
    const foe = ctx.challenger[(1 - pool.side) as Side];
    return left(ctx, lost, foe) > 0 ? foe : -1;
  }
  const u = ctx.units[pool.unit]!;
  const own = u.candidates[0]!;
  const at = u.unit.attacksAt;
  if (at !== null && status[own] === FIGHTING) {
    const picked = ctx.units[own]!.characters[at];
    if (picked !== undefined && !ctx.pools[picked]!.inChallenge && left(ctx, lost, picked) > 0) return picked;
  }
  for (const c of u.candidates) {
    if (status[c] !== FIGHTING) continue;
    for (const m of ctx.units[c]!.members) if (!ctx.pools[m]!.inChallenge && left(ctx, lost, m) > 0) return m;
  }
  return -1;
}

/**
 * P(one attack of `by` on `target` becomes an unsaved wound): the engine's own tests (strikes.ts
 * woundChance: the To Hit and To Wound tables, a natural 1 misses and a 6 hits, the armour save
 * worsened by Strength, the ward save never modified, a defended obstacle hit on 6s until the
 * striker's side has won a round), once per combat for each pair, the first round or a later one.
 * Its place in the combat's table of chances names it (`slot`).
 */
export function chanceOf(ctx: Context, frame: StrikeFrame, by: number, target: number): { p: number; slot: number } {
  const side = ctx.pools[by]!.side;
  const P = ctx.pools.length;
  const flag = (frame.round === 1 ? 2 : 0) + (ctx.facesObstacle[side] && frame.hasWonRound[side] ? 1 : 0);
  const slot = (flag * P + by) * P + target;
  let p = ctx.chances[slot]!;
  if (Number.isNaN(p)) {
    p = woundChance(
      {
        setup: ctx.setup,
        round: frame.round,
        hasWonRound: { attacker: frame.hasWonRound[0], defender: frame.hasWonRound[1] },
      },
      ctx.pools[by]!.ref,
      ctx.pools[target]!.ref,
    );
    ctx.chances[slot] = p;
  }
  return { p, slot };
}

/** Binomial(dice, p) of a pair's chance (`slot`: chanceOf), once per combat for each count of dice. */
function rowOf(ctx: Context, dice: number, p: number, slot: number): number[] {
  const key = slot * 4096 + dice;
  let row = ctx.rows.get(key);
  if (!row) ctx.rows.set(key, (row = binomial(dice, p)));
  return row;
}

/** The blow a pending item strikes from a node (null: none — its pool fell, nobody in reach, no attacks). */
function blowAt(ctx: Context, frame: StrikeFrame, node: StrikeNode, item: Pending): FixedBlow | null {
  if ('fixed' in item) return item.fixed;
  const by = item.pool;
  // Seed 002 "Remove Casualties": casualties strike no blows.
  if (frame.status[ctx.pools[by]!.unit] !== FIGHTING || left(ctx, node.lost, by) <= 0) return null;
  const target = targetOf(ctx, node.lost, frame.status, by);
  if (target < 0) return null;
  const dice = attacksOf(ctx, node.lost, by);
  if (dice === 0) return null;
  const { p, slot } = chanceOf(ctx, frame, by, target);
  return { by, target, dice, p, slot };
}

/** A node's name: the wounds lost by every pool (one number where they fit), and the overkill. */
export function nodeId(ctx: Context, lost: readonly number[], overkill: readonly [number, number]): number | string {
  if (ctx.radix) {
    let k = 0;
    for (let i = 0; i < lost.length; i++) k += lost[i]! * ctx.radix[i]!;
    return k;
  }
  return `${lost.join(',')}|${overkill[0]},${overkill[1]}`;
}

/**
 * The strikes of `pending`, from each of `nodes`, as a distribution over where they end. Unsaved
 * wounds beyond what the target has left are lost, except in a challenge, where they count as
 * overkill (RULES §3, flow.ts inflict).
 */
export function strike(
  ctx: Context,
  frame: StrikeFrame,
  nodes: StrikeNode[],
  pending: readonly Pending[],
): StrikeNode[] {
  let current = nodes;
  for (const item of pending) {
    const next = new Map<number | string, StrikeNode>();
    for (const node of current) {
      const blow = blowAt(ctx, frame, node, item);
      if (!blow || blow.p === 0) {
        add(next, node.id, node.lost, node.overkill, node.p);
        continue;
      }
      const row = blow.slot >= 0 ? rowOf(ctx, blow.dice, blow.p, blow.slot) : binomial(blow.dice, blow.p);
      spend(4 * row.length + node.lost.length);
      const room = left(ctx, node.lost, blow.target);
      const challenge = ctx.pools[blow.by]!.inChallenge && ctx.pools[blow.target]!.character;
      const side = ctx.pools[blow.by]!.side;
      const place = ctx.radix?.[blow.target] ?? 0;
      for (let k = 0; k < row.length; k++) {
        const q = row[k]!;
        if (q === 0) continue;
        const taken = Math.min(k, room);
        if (k === 0 || (taken === 0 && !challenge)) {
          add(next, node.id, node.lost, node.overkill, node.p * q);
          continue;
        }
        const lost = node.lost.slice();
        lost[blow.target]! += taken;
        const overkill: [number, number] = [node.overkill[0], node.overkill[1]];
        if (challenge) overkill[side] += k - taken;
        const id = ctx.radix ? (node.id as number) + taken * place : nodeId(ctx, lost, overkill);
        add(next, id, lost, overkill, node.p * q);
      }
    }
    current = [...next.values()];
  }
  return current;
}

function add(
  into: Map<number | string, StrikeNode>,
  id: number | string,
  lost: number[],
  overkill: [number, number],
  p: number,
): void {
  const seen = into.get(id);
  if (seen) seen.p += p;
  else into.set(id, { id, lost, overkill, p });
}
