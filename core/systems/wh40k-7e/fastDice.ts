import { defaultTarget, type ModelRef } from './allocation';
import { feelNoPainFace, groupCapacity, killsOutright, saveTest } from './saves';
import type { Setup } from './setup';
import type { Pool, Role, UnitWounds } from './state';

/**
 * Fast dice rolling of saves (seed 000: "You can speed this process up by allocating Wounds in
 * groups (see Fast Dice)"): the wounds of one pool are allocated one at a time to the closest
 * model, which keeps taking them until it is removed — but where the models next in line share the
 * same save and the same Feel No Pain, which of them a wound lands on cannot change its dice. So
 * the saves of as many wounds as certainly land on those models are rolled at once, and the wounds
 * are then removed in allocation order (each unsaved wound onto the model the order gives it, a
 * wound of Instant Death slaying it, a plain wound taking one of its Wounds). Only where the next
 * model in line saves differently (a character's invulnerable save, a sergeant's better armour, a
 * Feel No Pain only some have) does a new batch begin, since how many wounds reach it depends on
 * the dice before.
 */

/** What the dice of a wound need on a model of the group: its save and its Feel No Pain. */
const diceProfile = (setup: Setup, role: Role, group: number, pool: Pool) =>
  `${saveTest(setup, role, group, pool).face}|${feelNoPainFace(setup, role, group, pool)}`;

export interface Batch {
  /** The model groups the batch's wounds may land on, in allocation order. */
  groups: number[];
  /** Most wounds that certainly land on them, whatever the dice. */
  capacity: number;
  /** Of each group, the most wounds it can take (its models, or its Wounds left). */
  capacities: number[];
}

/** The groups `count` wounds of the batch can reach: a group is reached only when those before it may all be gone. */
export const groupsReached = (batch: Batch, count: number): number[] => {
  let before = 0;
  return batch.groups.filter((_, i) => {
    const reached = before < count;
    before += batch.capacities[i]!;
    return reached;
  });
};

/**
 * The batch starting at the unit's next model in the default allocation order (the first group with
 * a model standing, its most wounded model first): that group and the groups after it with a model
 * standing, as long as they share its save and Feel No Pain. Each wound removes at most one Wound
 * (a model, with Instant Death), so as many wounds as the batch's models have Wounds (models) left
 * all land on them.
 */
export function batchFrom(setup: Setup, role: Role, pool: Pool, wounds: UnitWounds): Batch | null {
  const first: ModelRef | null = defaultTarget(wounds);
  if (!first) return null;
  const profile = diceProfile(setup, role, first.group, pool);
  const groups: number[] = [];
  const capacities: number[] = [];
  for (let g = first.group; g < wounds.length; g++) {
    const models = wounds[g]!;
    if (!models.some((w) => w > 0)) continue;
    if (diceProfile(setup, role, g, pool) !== profile) break;
    groups.push(g);
    capacities.push(groupCapacity(setup, role, g, pool, models));
  }
  return { groups, capacity: capacities.reduce((a, b) => a + b, 0), capacities };
}

/**
 * Wound pools that every standing model of the unit takes alike: the same save, the same Feel No
 * Pain, Instant Death for all or for none, no Destroyer wound. The order the attacking player
 * would give them then cannot change anything (seed 000: "the player making the Attacks must
 * decide in which order they are allocated"), so it is not asked.
 */
export function poolsAlike(setup: Setup, role: Role, pools: readonly Pool[], wounds: UnitWounds): boolean {
  if (pools.some((p) => p.kind !== 'normal')) return false;
  return wounds.every((models, g) => {
    if (!models.some((w) => w > 0)) return true;
    const effect = (p: Pool) => `${diceProfile(setup, role, g, p)}|${killsOutright(setup, role, g, p)}`;
    return pools.every((p) => effect(p) === effect(pools[0]!));
  });
}
