import type { Setup } from '../../setup';
import { moraleFailChance, moraleTestOf, sweepChance, sweepInitiatives } from '../../morale';
import { attacksPerModel, otherRole, roles, strikesAt, type Role, type UnitWounds } from '../../state';
import { canHarm } from '../../strikes';
import { followedGroups } from '../fates';
import { AnalysisTooLargeError, spend } from '../../../../analysis/budget';
import { RoundContext, type Row } from '../round';
import { itemsAt, WoundRows } from './rows';

/**
 * What the round model remembers of one combat (one setup) and one kind of round: the first round,
 * where a unit that charged strikes with +1 Attack (RULES §2 "+1 Attack on the charge, the first
 * round only"), or any later one, all alike. Unit states are numbered by the round analysis's
 * context (round.ts), so pairs of them key the joint distributions; the outcome rows of a side's
 * strikes are worked out once per (Initiative step, striker's state, target's state).
 */

/** What the rules after the blows read of one unit state. */
export interface UnitFacts {
  u: number[];
  key: string;
  /** The unit as the engine holds it (wounds left per model; the slain at 0), for the engine's own functions. */
  wounds: UnitWounds;
  /** Wounds left in the whole unit: the combat result counts wounds lost (RULES §2). */
  total: number;
  alive: boolean;
  /** Which of the models the odds follow on their own (fates.ts followedGroups) still stand: a mark each. */
  standing: string;
}

/**
 * A pair of unit states is one number, attacker × PAIR + defender, small enough to stay a small
 * integer (a map keyed by it neither hashes nor allocates a float): at most PAIR states of a unit
 * in one kind of round — far more than a combat the budget allows can reach.
 */
export const PAIR = 2 ** 15;

/** The unit states' numbers fit a pair (see PAIR); a combat with more is too large to count. */
export function checkedIds(ids: readonly number[]): void {
  for (const id of ids)
    if (id >= PAIR) throw new AnalysisTooLargeError('too many states of a unit to follow the whole combat exactly');
}

/** Work units of one wound of a chain over one unit state (a keyed map step), as round.ts's cost model weighs it. */
const CHAIN_WEIGHT = 8;

export class ModelRound {
  readonly ctx: RoundContext;
  private readonly wounds: WoundRows;
  private readonly rows = new Map<string, Map<number, Row>>();
  private readonly facts: Record<Role, UnitFacts[]> = { attacker: [], defender: [] };
  private readonly harm = new Map<number, boolean>();
  private readonly morale = new Map<number, number>();
  private readonly caught: Record<Role, Map<number, number>> = { attacker: new Map(), defender: new Map() };

  constructor(
    readonly setup: Setup,
    round: number,
  ) {
    this.ctx = new RoundContext(setup, round);
    this.wounds = new WoundRows(this.ctx);
  }

  /** The number of a unit state of `role`. */
  id(role: Role, u: number[], key = this.ctx.spaces[role].key(u)): number {
    const id = this.ctx.interned[role].id(u, key);
    checkedIds([id]);
    return id;
  }

  /** The facts of unit state `id` of `role`. */
  factsOf(role: Role, id: number): UnitFacts {
    let f = this.facts[role][id];
    if (!f) {
      const space = this.ctx.spaces[role];
      const u = this.ctx.interned[role].states[id]!;
      const standing = followedGroups({ setup: this.setup }, role)
        .map((g) => (space.alive(u, g) > 0 ? '1' : '0'))
        .join('');
      f = {
        u,
        key: space.key(u),
        wounds: woundsOf(this.setup, role, u),
        total: space.total(u),
        alive: space.anyAlive(u),
        standing,
      };
      this.facts[role][id] = f;
    }
    return f;
  }

  /**
   * The outcomes of `striker`'s blows at Initiative step `step` on the other unit (rows.ts: hits,
   * wounds, pools, saves and allocation in closed form), worked out once per pair of unit states;
   * its work is spent as it is worked out.
   */
  row(step: number, striker: Role, strikerId: number, targetId: number): Row {
    const byStep = `${step}|${striker}`;
    let rows = this.rows.get(byStep);
    if (!rows) this.rows.set(byStep, (rows = new Map()));
    const key = strikerId * PAIR + targetId;
    let row = rows.get(key);
    if (!row) {
      const target = otherRole(striker);
      const strikerU = this.ctx.interned[striker].states[strikerId]!;
      const targetU = this.ctx.interned[target].states[targetId]!;
      const items = itemsAt(this.ctx, step, striker, strikerU, targetU);
      spend(CHAIN_WEIGHT * 4 * (items.length + 1));
      if (items.length === 0) row = { ids: [targetId], ps: [1] };
      else if (items.length === 1 && items[0]!.kind === 'single') row = this.wounds.row(target, items[0]!, targetId);
      else {
        row = this.ctx.freshRow(step, striker, strikerU, targetU);
        spend(CHAIN_WEIGHT * (diceAt(this.ctx, step, striker, strikerU) + 1) * (row.ids.length + 1));
      }
      checkedIds(row.ids);
      rows.set(key, row);
    }
    return row;
  }

  /** Whether either unit can still cause the other a wound next round, both at the pair `key` (the engine's canHarm; rounds after the first are alike). */
  eitherCanHarm(key: number, nextRound: number): boolean {
    let can = this.harm.get(key);
    if (can === undefined) {
      const a = Math.floor(key / PAIR);
      const wounds = {
        attacker: this.factsOf('attacker', a).wounds,
        defender: this.factsOf('defender', key - a * PAIR).wounds,
      };
      can = roles.some((role) => canHarm(this.setup, role, wounds, nextRound));
      this.harm.set(key, can);
    }
    return can;
  }

  /** P(the loser at unit state `id` fails its Morale check, lost by `difference`): the engine's test (morale.ts), 0 where it passes without a roll. */
  moraleFails(loser: Role, id: number, difference: number): number {
    const key = (id * 4096 + difference) * 2 + (loser === 'attacker' ? 0 : 1);
    let p = this.morale.get(key);
    if (p === undefined) {
      const test = moraleTestOf(this.setup, loser, this.factsOf(loser, id).wounds, difference);
      p = test.kind === 'passes' ? 0 : moraleFailChance(test);
      this.morale.set(key, p);
    }
    return p;
  }

  /** P(the winner's Sweeping Advance catches the loser), both at the pair `key`: D6 + the lowest Initiative each. */
  caughtChance(winner: Role, key: number): number {
    const caught = this.caught[winner];
    let p = caught.get(key);
    if (p === undefined) {
      const a = Math.floor(key / PAIR);
      const wounds = {
        attacker: this.factsOf('attacker', a).wounds,
        defender: this.factsOf('defender', key - a * PAIR).wounds,
      };
      const i = sweepInitiatives(this.setup, winner, otherRole(winner), wounds);
      p = sweepChance(i.winner, i.loser);
      caught.set(key, p);
    }
    return p;
  }
}

/** Attack dice a side rolls at a step from a unit state (an upper bound of the chain's wounds). */
function diceAt(ctx: RoundContext, step: number, role: Role, u: readonly number[]): number {
  const space = ctx.spaces[role];
  let dice = 0;
  space.groups.forEach((g, gi) => {
    if (strikesAt(g) === step) dice += space.alive(u, gi) * attacksPerModel(ctx.setup, role, gi, ctx.round);
  });
  return dice;
}

/** The engine's wounds of a unit state: each group's models, the most wounded first, the slain at 0. */
export function woundsOf(setup: Setup, role: Role, u: readonly number[]): UnitWounds {
  let at = 0;
  return setup[role].models.map((g) => {
    const models: number[] = [];
    for (let w = 1; w <= g.wounds; w++) for (let k = 0; k < u[at + w - 1]!; k++) models.push(w);
    at += g.wounds;
    while (models.length < g.count) models.push(0);
    return models;
  });
}

const memory = new WeakMap<Setup, Map<number, ModelRound>>();

/** The model's memory for `setup` and the kind of round `round` is (the first, or any later one). */
export function modelRoundOf(setup: Setup, round: number): ModelRound {
  let bySetup = memory.get(setup);
  if (!bySetup) memory.set(setup, (bySetup = new Map()));
  const kind = round === 1 ? 1 : 2;
  let mr = bySetup.get(kind);
  if (!mr) bySetup.set(kind, (mr = new ModelRound(setup, kind)));
  return mr;
}
