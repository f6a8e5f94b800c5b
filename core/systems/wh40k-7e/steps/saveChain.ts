import { MAX_OUTCOMES_PER_STEP } from '../../../analysis/combat/rollOutcomes';
import { MAX_DICE_PER_ROLL, MAX_GROUPS_PER_ROLL, type DiceGroup, type Reason } from '../../../combat/steps';
import { batchFrom, batchWounds, groupsReached, type Batch } from '../fastDice';
import { poolFor, poolLabel } from '../pools';
import { feelNoPainFace, instantDeathWhy, saveTest } from '../saves';
import { MAX_GROUP_DICE } from '../setup';
import { groupOf, otherRole, plural, possessive, type Fate, type Pool, type Role, type State } from '../state';
import { groupStrength } from '../strikes';

/**
 * The enemy's saves rolled in the same step as the attacks, a D6 for each wound (hit → wound →
 * save, as players roll an attack through) — only where that keeps the wound pool's allocation
 * exact (seed 000 "Allocate Wounds & Remove Casualties"; fast dice rolling, fastDice.ts): one side
 * strikes alone at this Initiative step, all its wounds go into one pool, the defending player does
 * not allocate by hand, and every wound the dice can make lands on models next in line that share
 * one save (and have no Feel No Pain, which would be a fourth roll), or comes when they, the unit's
 * last, are gone and is lost. Then the one save number
 * serves every wound, and the casualties are removed in allocation order after the roll. Anywhere
 * else the saves keep their own step (the pools, the choices and the batches of saves.ts).
 */

export interface SaveChain {
  by: Role;
  pool: Omit<Pool, 'wounds'>;
  batch: Batch;
  face: number;
}

const choose = (n: number, k: number) => {
  let c = 1;
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
  return c;
};

/** The saves this step rolls through, or null when they keep their own step. */
export function saveChain(state: State, taken: number): SaveChain | null {
  const rolls = state.rolls;
  if (rolls.length === 0 || taken !== rolls.length) return null;
  const by = rolls[0]!.role;
  const foe = otherRole(by);
  const { setup } = state;
  // Both units rolling at this step: each side's saves would be a pool of its own to allocate.
  if (rolls.some((r) => r.role !== by || r.stage !== 'hit' || groupStrength(setup, by, r.group) === 'D')) return null;
  const keys = new Set(rolls.map((r) => poolFor(setup, by, r.group).key));
  if (keys.size !== 1 || setup[foe].allocateByHand) return null;
  const pool = poolFor(setup, by, rolls[0]!.group);
  const batch = batchFrom(setup, foe, { ...pool, wounds: 0 }, state.wounds[foe]);
  if (!batch) return null;
  const first = batch.groups[0]!;
  const face = saveTest(setup, foe, first, pool).face;
  if (face === null || feelNoPainFace(setup, foe, first, pool) !== null) return null;
  const most = rolls.reduce((n, r) => n + r.dice, 0);
  // Every wound the dice can make must land on the batch, whatever the dice, or be lost with the unit.
  if (batchWounds(batch, most) < most || most > MAX_GROUP_DICE) return null;
  const dice = 3 * most;
  // The step reads only how each chain ends (readsChainEnds): n dice rolled through to the saves
  // come out C(n + 2, 2) ways, as many as to wound alone.
  const outcomes = rolls.reduce((n, r) => n * choose(r.dice + 2, 2), 1);
  if (dice > MAX_DICE_PER_ROLL || 3 * rolls.length > MAX_GROUPS_PER_ROLL || outcomes > MAX_OUTCOMES_PER_STEP)
    return null;
  return { by, pool, batch, face };
}

/** The save groups, one for each group's wounds, after the to-wound groups. */
export function saveGroups(state: State, chain: SaveChain): DiceGroup[] {
  const foe = otherRole(chain.by);
  return state.rolls.map((r) => ({
    id: `${r.role}.${r.group}.save`,
    roller: foe,
    // Whose dice, shortly: the wounds they answer are those of the group just above.
    label:
      state.rolls.length === 1
        ? `${possessive(state.setup[foe].name)} saves`
        : `${possessive(state.setup[foe].name)} saves (${groupOf(state.setup, r.role, r.group).name})`,
    count: r.dice,
    sides: 6 as const,
    passOn: chain.face,
    needs: `${chain.face}+`,
    per: { group: `${r.role}.${r.group}.wound`, on: 'pass' as const },
    note: 'a D6 for each wound',
  }));
}

/**
 * The saves rolled: the pool's wounds go onto the models as a run whose every save is known (its
 * casualties removed in allocation order by the engine, as after a roll of saves of their own).
 */
export function applySaves(
  state: State,
  chain: SaveChain,
  saveDice: readonly number[],
): { state: State; text: string } {
  const foe = otherRole(chain.by);
  const count = saveDice.length;
  const pool = state.pools[chain.by].find((p) => p.key === chain.pool.key);
  if (!pool || count === 0) return { state, text: '' };
  const fates: Fate[] = saveDice.map((f) => (f >= chain.face ? 'saved' : 'unsaved'));
  const saved = fates.filter((f) => f === 'saved').length;
  const pools = {
    ...state.pools,
    [chain.by]: state.pools[chain.by].map((p) => (p.key === pool.key ? { ...p, wounds: p.wounds - count } : p)),
  };
  const run = {
    group: chain.batch.groups[0]!,
    groups: groupsReached(chain.batch, count),
    lockOnly: false,
    count,
    fates,
    stage: 'apply' as const,
    applied: 0,
    lost: 0,
    slain: 0,
  };
  return {
    state: { ...state, pools, allocation: { by: chain.by, pool: pool.key, auto: false, lock: null, run } },
    text: `${state.setup[foe].name}: ${plural(saved, 'save')}, ${count - saved} failed against ${poolLabel(pool)}`,
  };
}

/** Why the saves are in this roll, in words: the save itself, and why one number serves every wound. */
export function saveChainWhy(state: State, chain: SaveChain): Reason[] {
  const { setup } = state;
  const foe = otherRole(chain.by);
  const first = chain.batch.groups[0]!;
  const most = state.rolls.reduce((n, r) => n + r.dice, 0);
  const names = groupsReached(chain.batch, most).map((g) => groupOf(setup, foe, g).name);
  const id = instantDeathWhy(setup, foe, first, chain.pool);
  return [
    ...saveTest(setup, foe, first, chain.pool).why.map((w) => ({
      rule: `${w.rule} (${setup[foe].name})`,
      detail: w.detail,
    })),
    ...(id ? [id] : []),
    {
      rule: 'Fast Dice',
      detail: `every wound this roll can make lands on ${names.join(' and ')} of ${setup[foe].name}, next in line, who all save on ${chain.face}+${most > chain.batch.capacity ? ' (wounds left when the unit is gone are lost)' : ''}: the saves are rolled with the attacks, a D6 for each wound, and the casualties removed in the unit's order`,
    },
  ];
}
