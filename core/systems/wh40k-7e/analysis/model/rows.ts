import { spend } from '../../../../analysis/budget';
import { MAX_GROUP_DICE } from '../../setup';
import { attacksPerModel, otherRole, strikesAt, type Role, type StrikeRoll } from '../../state';
import { poolItems, type PoolItem } from '../poolCounts';
import type { RoundContext, Row } from '../round';
import { dropLocks, singleChain, type Chain } from '../wound';

/**
 * The outcome rows of one side's blows at an Initiative step on the other unit (seed 000: roll to
 * hit, roll to wound, the wound pool, saves, wounds allocated to the closest model, which keeps
 * taking them until it is removed or the pool is empty), by the pieces of round.ts.
 *
 * Where the step makes one wound pool (one weapon profile striking, the usual case) the row is
 * Σₖ P(k wounds) · Sₖ, Sₖ the target after k wounds of that pool, locks dropped as the pool ends;
 * the Sₖ of a target state are the same whoever strikes it and with how many dice, so they are
 * worked out once per target state and pool and shared by every striker's row. Anything else
 * (several pools, Destroyer weapons) is round.ts's freshRow.
 */

/** The step's strike rolls of `striker` from its unit state, as the engine fixes them when the step begins (flow.ts stepStartOf). */
function rollsAt(ctx: RoundContext, step: number, striker: Role, u: readonly number[]) {
  const space = ctx.spaces[striker];
  const strikers: number[] = [];
  const rolls: StrikeRoll[] = [];
  space.groups.forEach((g, gi) => {
    const alive = space.alive(u, gi);
    const attacks = attacksPerModel(ctx.setup, striker, gi, ctx.round);
    if (strikesAt(g) === step && alive > 0 && attacks > 0) {
      strikers.push(gi);
      rolls.push({ role: striker, group: gi, stage: 'hit', dice: Math.min(MAX_GROUP_DICE, alive * attacks) });
    }
  });
  return { strikers, rolls };
}

/** The pools a side's blows at the step make, with their counts (poolCounts.ts), against the target's majority WS and T. */
export function itemsAt(ctx: RoundContext, step: number, striker: Role, strikerU: number[], targetU: number[]) {
  const tSpace = ctx.spaces[otherRole(striker)];
  const { strikers, rolls } = rollsAt(ctx, step, striker, strikerU);
  return poolItems({
    setup: ctx.setup,
    role: striker,
    strikers,
    target: { weaponSkill: tSpace.majority(targetU, 'weaponSkill'), toughness: tSpace.majority(targetU, 'toughness') },
    pools: [],
    rolls,
  });
}

/** S₀, S₁, …: a target state after k wounds of one pool (see above), extended as far as asked. */
class AfterWounds {
  private chain: Chain;
  readonly rows: Row[] = [];
  constructor(
    private readonly ctx: RoundContext,
    private readonly target: Role,
    private readonly pool: Extract<PoolItem, { kind: 'single' }>['pool'],
    u: number[],
  ) {
    this.chain = singleChain(ctx.spaces[target], u);
    this.rows.push(ctx.toRow(target, this.chain));
  }

  upTo(k: number): Row[] {
    const rules = this.ctx.rulesOn(this.target, this.pool);
    while (this.rows.length <= k) {
      // One more wound onto every state of the chain (a keyed step each), then the pool's end.
      spend(8 * (this.chain.size + 1));
      this.chain = this.ctx.caches[this.target].step(this.chain, rules);
      this.rows.push(this.ctx.toRow(this.target, dropLocks(this.ctx.spaces[this.target], this.chain)));
    }
    return this.rows;
  }
}

/** Per target, pool and target state, its S₀, S₁, … */
export class WoundRows {
  private readonly after = new Map<string, AfterWounds>();
  constructor(private readonly ctx: RoundContext) {}

  /** The row of one pool's wounds, `counts[k]` = P(k wounds), onto target state `targetId`. */
  row(target: Role, item: Extract<PoolItem, { kind: 'single' }>, targetId: number): Row {
    const key = `${target}|${item.pool.key}|${targetId}`;
    let after = this.after.get(key);
    if (!after) {
      after = new AfterWounds(this.ctx, target, item.pool, this.ctx.interned[target].states[targetId]!);
      this.after.set(key, after);
    }
    let last = item.counts.length - 1;
    while (last > 0 && item.counts[last] === 0) last--;
    const rows = after.upTo(last);
    const sum = new Map<number, number>();
    for (let k = 0; k <= last; k++) {
      const pk = item.counts[k]!;
      if (pk === 0) continue;
      const r = rows[k]!;
      spend(4 * r.ids.length);
      for (let i = 0; i < r.ids.length; i++) sum.set(r.ids[i]!, (sum.get(r.ids[i]!) ?? 0) + pk * r.ps[i]!);
    }
    return { ids: [...sum.keys()], ps: [...sum.values()] };
  }
}
