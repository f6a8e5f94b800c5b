import { currentPool } from '../flow';
import type { Setup } from '../setup';
import { attacksPerModel, otherRole, strikesAt, type Role, type State, type StrikeRoll } from '../state';
import { strikeSteps } from '../strikes';
import { MAX_GROUP_DICE } from '../setup';
import { poolItems, type PoolDesc, type PoolItem } from './poolCounts';
import { UnitSpace } from './unitState';
import {
  addEntry,
  canonicalLock,
  dropLocks,
  LOCK_NONE,
  poolOnto,
  poolRules,
  singleChain,
  WoundCache,
  type Chain,
  type Known,
  type PoolRules,
} from './wound';

/**
 * The exact odds of the strikes of one round of a 7th edition close combat, from any state of it
 * (seed 000; RULES §2; SCENARIOS §2 defaults for every choice still to come).
 *
 * The state between Initiative steps is the pair of units (each a multiset, unitState.ts). Within
 * a step both sides strike together: each side's wound pools act on the other unit only, so a
 * step's outcome is the product of two independent chains (wound.ts), one wound at a time under
 * the default allocation, the pools in the default order. From a state part-way through a step,
 * the chains start from what is known: the rolls made, the pools formed, the wounds of a run
 * already saved or not, the model already locked.
 *
 * Cost model: per striking step, for every pair of unit states (≤ R_A × R_D, R = 1 + Σ models × W
 * of a unit under the default allocation), one outer product of the two sides' outcome rows
 * (each ≤ R); each row is a chain of at most (attack dice) wounds over ≤ R states, memoised per
 * (target state, strikers standing). tooLarge (forSystem.ts) refuses states where this product
 * is too big.
 */

/** A unit state met in the round, numbered (so the joint distribution is keyed by numbers). */
class Interner {
  private ids = new Map<string, number>();
  readonly states: number[][] = [];
  readonly alive: boolean[] = [];
  constructor(private space: UnitSpace) {}
  id(u: number[], uk: string): number {
    let id = this.ids.get(uk);
    if (id === undefined) {
      id = this.states.length;
      this.ids.set(uk, id);
      this.states.push(u);
      this.alive.push(this.space.anyAlive(u));
    }
    return id;
  }
}

/** P(attacker unit state, defender unit state), keyed attacker id × SPAN + defender id. */
export type JointDist = Map<number, number>;
export const SPAN = 2 ** 21;

/** A row of outcomes: the target's state ids and their probabilities. */
export interface Row {
  ids: number[];
  ps: number[];
}

export class RoundContext {
  readonly spaces: Record<Role, UnitSpace>;
  /** Wound chains on each unit (keyed by the unit taking the wounds). */
  readonly caches: Record<Role, WoundCache>;
  readonly interned: Record<Role, Interner>;
  private rules = new Map<string, PoolRules>();
  private rows = new Map<string, Row>();
  private rowsByIds = new Map<string, Map<number, Row>>();

  constructor(
    readonly setup: Setup,
    readonly round: number,
  ) {
    this.spaces = { attacker: new UnitSpace(setup, 'attacker'), defender: new UnitSpace(setup, 'defender') };
    this.caches = { attacker: new WoundCache(this.spaces.attacker), defender: new WoundCache(this.spaces.defender) };
    this.interned = { attacker: new Interner(this.spaces.attacker), defender: new Interner(this.spaces.defender) };
  }

  /** A chain's outcomes as a row of state ids. */
  toRow(target: Role, chain: Chain): Row {
    const ids: number[] = [];
    const ps: number[] = [];
    for (const e of chain.values()) {
      ids.push(this.interned[target].id(e.u, e.uk));
      ps.push(e.p);
    }
    return { ids, ps };
  }

  /** freshRow by state ids: memoised per (step, striker's state, target's state). */
  rowOf(step: number, striker: Role, strikerId: number, targetId: number): Row {
    const byStep = `${step}|${striker}`;
    let rows = this.rowsByIds.get(byStep);
    if (!rows) {
      rows = new Map();
      this.rowsByIds.set(byStep, rows);
    }
    const key = strikerId * SPAN + targetId;
    let row = rows.get(key);
    if (!row) {
      const target = otherRole(striker);
      row = this.freshRow(
        step,
        striker,
        this.interned[striker].states[strikerId]!,
        this.interned[target].states[targetId]!,
      );
      rows.set(key, row);
    }
    return row;
  }

  /** A pool's rules against the unit of `target`. */
  rulesOn(target: Role, pool: PoolDesc): PoolRules {
    const key = `${target}|${pool.key}`;
    let r = this.rules.get(key);
    if (!r) {
      r = poolRules(this.setup, this.spaces[target], pool);
      this.rules.set(key, r);
    }
    return r;
  }

  /** The chain after a side's pool items act on the unit of `target`, locks dropped. */
  itemsOnto(target: Role, chain: Chain, items: readonly PoolItem[]): Chain {
    const cache = this.caches[target];
    const space = this.spaces[target];
    let c = chain;
    for (const item of items) {
      if (item.kind === 'single') {
        c = poolOnto(cache, c, this.rulesOn(target, item.pool), item.counts);
        continue;
      }
      // The Destroyer pools: deathblow first, then seriously wounded (SCENARIOS §2), their counts
      // joint. Σ P(n1, n2)·T_sw^n2(D_n1), D_n1 the unit after n1 deathblows, summed Horner-wise
      // over n2 so each pool's chain is stepped once per wound, not once per pair of counts.
      const db = this.rulesOn(target, item.deathblow);
      const sw = this.rulesOn(target, item.seriously);
      const after: Chain[] = [];
      let cur = c;
      item.joint.forEach((_, n1) => {
        after.push(dropLocks(space, cur));
        if (n1 < item.joint.length - 1) cur = cache.step(cur, db);
      });
      const most = Math.max(...item.joint.map((row) => row.length)) - 1;
      let out: Chain = new Map();
      for (let n2 = most; n2 >= 0; n2--) {
        if (n2 < most) out = cache.step(out, sw);
        item.joint.forEach((row, n1) => {
          const p = row[n2] ?? 0;
          if (p > 0) for (const e of after[n1]!.values()) addEntry(out, e.u, e.uk, e.lock, e.p * p);
        });
      }
      out = dropLocks(space, out);
      c = out;
    }
    return c;
  }

  /**
   * The unit `target` after a fresh step of `striker`'s attacks (all rolls to make), from unit
   * states at the start of the step. Memoised by the strikers standing and the target's state.
   */
  freshRow(step: number, striker: Role, strikerU: readonly number[], targetU: number[]): Row {
    const target = otherRole(striker);
    const sSpace = this.spaces[striker];
    const tSpace = this.spaces[target];
    const strikers: number[] = [];
    const rolls: StrikeRoll[] = [];
    sSpace.groups.forEach((g, gi) => {
      const alive = sSpace.alive(strikerU, gi);
      const attacks = attacksPerModel(this.setup, striker, gi, this.round);
      if (strikesAt(g) === step && alive > 0 && attacks > 0) {
        strikers.push(gi);
        rolls.push({ role: striker, group: gi, stage: 'hit', dice: Math.min(MAX_GROUP_DICE, alive * attacks) });
      }
    });
    const key = `${step}|${striker}|${rolls.map((r) => `${r.group}:${r.dice}`).join(',')}|${tSpace.key(targetU)}`;
    let row = this.rows.get(key);
    if (!row) {
      const items = poolItems({
        setup: this.setup,
        role: striker,
        strikers,
        target: {
          weaponSkill: tSpace.majority(targetU, 'weaponSkill'),
          toughness: tSpace.majority(targetU, 'toughness'),
        },
        pools: [],
        rolls,
      });
      row = this.toRow(
        target,
        items.length === 0 ? singleChain(tSpace, targetU) : this.itemsOnto(target, singleChain(tSpace, targetU), items),
      );
      this.rows.set(key, row);
    }
    return row;
  }
}

const addJoint = (joint: JointDist, a: number, d: number, p: number) => {
  if (p === 0) return;
  const key = a * SPAN + d;
  joint.set(key, (joint.get(key) ?? 0) + p);
};

/** One fresh Initiative step for every pair of unit states. */
export function stepJoint(ctx: RoundContext, joint: JointDist, step: number): JointDist {
  const out: JointDist = new Map();
  for (const [key, p] of joint) {
    const a = Math.floor(key / SPAN);
    const d = key - a * SPAN;
    if (!ctx.interned.attacker.alive[a] || !ctx.interned.defender.alive[d]) {
      addJoint(out, a, d, p);
      continue;
    }
    const rowD = ctx.rowOf(step, 'attacker', a, d);
    const rowA = ctx.rowOf(step, 'defender', d, a);
    for (let i = 0; i < rowD.ids.length; i++) {
      const pd = p * rowD.ps[i]!;
      const base = rowD.ids[i]!;
      for (let j = 0; j < rowA.ids.length; j++) {
        const k = rowA.ids[j]! * SPAN + base;
        out.set(k, (out.get(k) ?? 0) + pd * rowA.ps[j]!);
      }
    }
  }
  return out;
}

/** The joint distribution's entries as unit states. */
export function jointEntries(ctx: RoundContext, joint: JointDist): Array<{ a: number[]; d: number[]; p: number }> {
  return [...joint].map(([key, p]) => {
    const a = Math.floor(key / SPAN);
    return { a: ctx.interned.attacker.states[a]!, d: ctx.interned.defender.states[key - a * SPAN]!, p };
  });
}

/** What is known of the wounds of the run in progress, in order, for the chain (wound.ts Known). */
function runKnowledge(state: State): Known[] {
  const run = state.allocation?.run;
  if (!run) return [];
  if (!run.fates) return Array<Known>(run.count - run.applied).fill('unknown');
  return run.fates
    .slice(run.applied)
    .map((f): Known => (f === 'unsaved' ? (run.stage === 'fnp' ? 'unsavedFnp' : 'unsaved') : 'saved'));
}

/**
 * The unit of `target` at the end of the current step, from a state part-way through it: the
 * `by` side's pools — the one being allocated (its run, then its wounds left, from the locked
 * model), then the others in the default order, including the wounds of rolls still to make.
 */
export function currentStepOnto(ctx: RoundContext, state: State, by: Role): Chain {
  const target = otherRole(by);
  const space = ctx.spaces[target];
  const u = space.fromWounds(state.wounds[target]);
  const a = state.allocation;
  let chain: Chain;
  let pools = state.pools[by];
  if (a && a.by === by) {
    const pool = currentPool(state);
    const rules = ctx.rulesOn(target, pool);
    // The model with a wound of this pool allocated takes the next (seed 000), unless it is the default anyway.
    const left = a.lock ? (state.wounds[target][a.lock.group]?.[a.lock.model] ?? 0) : 0;
    chain = singleChain(space, u, a.lock && left > 0 ? canonicalLock(space, u, a.lock.group, left) : LOCK_NONE);
    for (const known of runKnowledge(state)) chain = ctx.caches[target].step(chain, rules, known);
    for (let n = 0; n < pool.wounds; n++) chain = ctx.caches[target].step(chain, rules);
    chain = dropLocks(space, chain);
    pools = pools.filter((p) => p.key !== pool.key);
  } else chain = singleChain(space, u);
  const items = poolItems({
    setup: ctx.setup,
    role: by,
    strikers: state.strikers[by],
    target: state.targets[by],
    pools,
    rolls: state.rolls.filter((r) => r.role === by),
  });
  return ctx.itemsOnto(target, chain, items);
}

/**
 * The joint distribution of both units at the end of the round's strikes, from any state of
 * them (a state past the strikes: the units as they are).
 */
export function strikesEnd(ctx: RoundContext, state: State): JointDist {
  let joint: JointDist = new Map();
  if (state.phase !== 'strikes') {
    const a = ctx.spaces.attacker.fromWounds(state.wounds.attacker);
    const d = ctx.spaces.defender.fromWounds(state.wounds.defender);
    addJoint(
      joint,
      ctx.interned.attacker.id(a, ctx.spaces.attacker.key(a)),
      ctx.interned.defender.id(d, ctx.spaces.defender.key(d)),
      1,
    );
    return joint;
  }
  // The current step: each side's pools on the other unit, independent of each other.
  const onDefender = currentStepOnto(ctx, state, 'attacker');
  const onAttacker = currentStepOnto(ctx, state, 'defender');
  const rowD = ctx.toRow('defender', onDefender);
  const rowA = ctx.toRow('attacker', onAttacker);
  rowD.ids.forEach((d, i) => rowA.ids.forEach((a, j) => addJoint(joint, a, d, rowD.ps[i]! * rowA.ps[j]!)));
  for (const step of strikeSteps(state.setup)) {
    if (step >= state.initiative) continue;
    joint = stepJoint(ctx, joint, step);
  }
  return joint;
}
