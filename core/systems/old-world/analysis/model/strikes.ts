import { spend } from '../../../../analysis/budget';
import { binomial } from '../../../../dice/probability';
import { memberKey, type Role } from '../../state';
import { needsRollOff, strikeOrder, woundChance } from '../../strikes';
import { decode, FIGHTING, left, remember, standing, type Context, type Side } from './context';
import { statusRecord } from './records';

/**
 * The strikes of a round over the model's numbers (seed 002, "Order of Combat" to "Remove
 * Casualties"; RULES §3): pool by pool in the order of strikes, each pool's unsaved wounds are
 * Binomial(attacks, P(hit) × P(wound) × P(armour fails) × P(ward fails)) — every die of a pool goes
 * through the same tests — taken from its target's wounds (rear rank first: only the count of
 * wounds matters), so the strikes are a distribution over the wounds lost by every pool (one
 * mixed-radix number, context.ts) and each side's overkill in a challenge.
 *
 * The engine rolls the pools of one side that strike one after the other together (volley.ts,
 * "fast dice rolling"); a pool joins only while the blows before it cannot slay its whole target,
 * so its target and attacks are those it would have had struck alone: pool by pool is the same.
 */

/** A blow whose target and dice are fixed already (a volley rolled part-way), with each die's chance of an unsaved wound. */
export interface FixedBlow {
  by: number;
  target: number;
  dice: number;
  p: number;
  /** The pair's place in the table of chances (chanceSlot), or -1 for a blow part-way through its tests. */
  slot: number;
}

/** What is still to strike: a fixed blow, or a pool whose turn has not come (its target and attacks fixed when it comes). */
export type Pending = { fixed: FixedBlow } | { pool: number };

/** What the strikes of a round read besides the wounds: the round (the charge, weapons of the first round), who is in the combat, obstacles lifted. */
export interface StrikeFrame {
  round: number;
  status: readonly number[];
  /** The same statuses as one number (codes.ts). */
  code: number;
  hasWonRound: readonly [boolean, boolean];
}

/**
 * Seed 002 "Order of Combat": chargers first, then by Initiative, great weapons last; at equal
 * Initiative the side that won the previous round, else the roll-off's winner (`first`). The
 * engine's own order (strikes.ts strikeOrder), as pool numbers, once per combat and key.
 */
export function orderOf(ctx: Context, frame: Omit<StrikeFrame, 'hasWonRound'>, first: Role | null): number[] {
  const key = (frame.code * 2 + (frame.round === 1 ? 1 : 0)) * 3 + (first === null ? 0 : first === 'attacker' ? 1 : 2);
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
export function tiedAcrossSides(ctx: Context, frame: Pick<StrikeFrame, 'round' | 'status'>): boolean {
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
 * Returns its place in the combat's table of chances (Context.chances), which names it.
 */
export function chanceSlot(
  ctx: Context,
  frame: Pick<StrikeFrame, 'round' | 'hasWonRound'>,
  by: number,
  target: number,
): number {
  const side = ctx.pools[by]!.side;
  const P = ctx.pools.length;
  const flag = (frame.round === 1 ? 2 : 0) + (ctx.facesObstacle[side] && frame.hasWonRound[side] ? 1 : 0);
  const slot = (flag * P + by) * P + target;
  if (Number.isNaN(ctx.chances[slot]))
    ctx.chances[slot] = woundChance(
      {
        setup: ctx.setup,
        round: frame.round,
        hasWonRound: { attacker: frame.hasWonRound[0], defender: frame.hasWonRound[1] },
      },
      ctx.pools[by]!.ref,
      ctx.pools[target]!.ref,
    );
  return slot;
}

/** Binomial(dice, p) of a pair's chance (`slot`: chanceSlot), once per combat for each count of dice. */
function rowOf(ctx: Context, dice: number, p: number, slot: number): number[] {
  const key = slot * 4096 + dice;
  let row = ctx.rows.get(key);
  if (!row) ctx.rows.set(key, (row = binomial(dice, p)));
  return row;
}

/** The blow a pending item strikes with the wounds lost `lost` (null: none — its pool fell, nobody in reach, no attacks). */
function blowAt(ctx: Context, frame: StrikeFrame, lost: readonly number[], item: Pending): FixedBlow | null {
  if ('fixed' in item) return item.fixed;
  const by = item.pool;
  // Seed 002 "Remove Casualties": casualties strike no blows.
  if (frame.status[ctx.pools[by]!.unit] !== FIGHTING || left(ctx, lost, by) <= 0) return null;
  const target = targetOf(ctx, lost, frame.status, by);
  if (target < 0) return null;
  const dice = attacksOf(ctx, lost, by);
  if (dice === 0) return null;
  const slot = chanceSlot(ctx, frame, by, target);
  return { by, target, dice, p: ctx.chances[slot]!, slot };
}

/** Where the strikes stand: the wounds lost by every pool and each side's overkill, as one number (Context.radix), with its chance. */
export type Layer = Map<number, number>;

/**
 * The strikes of `pending`, from each of `layer`'s numbers, as a distribution over where they end.
 * Unsaved wounds beyond what the target has left are lost, except in a challenge, where they count
 * as overkill (RULES §3, flow.ts inflict).
 */
export function strike(ctx: Context, frame: StrikeFrame, layer: Layer, pending: readonly Pending[]): Layer {
  let current = layer;
  for (const item of pending) {
    const next: Layer = new Map();
    for (const [id, p] of current) {
      const lost = decode(ctx, id);
      const blow = blowAt(ctx, frame, lost, item);
      if (!blow || blow.p === 0) {
        next.set(id, (next.get(id) ?? 0) + p);
        continue;
      }
      const row = blow.slot >= 0 ? rowOf(ctx, blow.dice, blow.p, blow.slot) : binomial(blow.dice, blow.p);
      spend(2 * row.length + lost.length);
      const room = left(ctx, lost, blow.target);
      const place = ctx.radix[blow.target]!;
      // In a challenge, the wounds beyond the foe's count as overkill: their own place in the number.
      const overkill =
        ctx.pools[blow.by]!.inChallenge && ctx.pools[blow.target]!.character
          ? ctx.radix[ctx.pools.length + ctx.pools[blow.by]!.side]!
          : 0;
      for (let k = 0; k < row.length; k++) {
        const q = row[k]!;
        if (q === 0) continue;
        const taken = Math.min(k, room);
        const to = id + taken * place + (k - taken) * overkill;
        next.set(to, (next.get(to) ?? 0) + p * q);
      }
    }
    current = next;
  }
  return current;
}
