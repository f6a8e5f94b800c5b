import { defaultTarget, type ModelRef } from './allocation';
import { feelNoPainFace, groupCapacity, killsOutright, saveTest } from './saves';
import type { Setup } from './setup';
import type { Pool, Role, UnitWounds } from './state';

/**
 * Fast dice rolling of saves (seed 000: "You can speed this process up by allocating Wounds in
 * groups (see Fast Dice)"; RULES §1 "saves may be rolled together only when allocation order cannot
 * matter"): the wounds of one pool are allocated one at a time to the closest model, which keeps
 * taking them until it is removed — but where the models next in line share the same save and the
 * same Feel No Pain, which of them a wound lands on cannot change its dice. So their saves are
 * rolled at once, and the wounds are then removed in allocation order (each unsaved wound onto the
 * model the order gives it, a wound of Instant Death slaying it, a plain wound taking one of its
 * Wounds; a saved wound does nothing, so only how many saves fail matters).
 *
 * How many: where every model left in the unit from the next one on shares those dice (`toEnd`),
 * all the pool's wounds — as players roll them — since each either lands on such a model or comes
 * when the unit is gone and is lost (seed 000: "all of the models in the target unit may be …
 * removed as casualties"; RULES §2: excess does not carry over). Where a model that saves
 * differently follows (a character's invulnerable save, a sergeant's better armour, a Feel No Pain
 * only some have), only as many as certainly land before it: how many wounds reach it depends on
 * the dice before, so a new batch begins there.
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
  /** No standing model with other dice follows: every wound of the pool lands on the batch or is lost with the unit. */
  toEnd: boolean;
}

/** How many of the pool's `wounds` the batch rolls at once: all of them when it reaches the unit's end. */
export const batchWounds = (batch: Batch, wounds: number) => (batch.toEnd ? wounds : Math.min(wounds, batch.capacity));

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
 * all land on them; when the batch runs to the unit's last model (`toEnd`), any number do, or are lost.
 */
export function batchFrom(setup: Setup, role: Role, pool: Pool, wounds: UnitWounds): Batch | null {
  const first: ModelRef | null = defaultTarget(wounds);
  if (!first) return null;
  const profile = diceProfile(setup, role, first.group, pool);
  const groups: number[] = [];
  const capacities: number[] = [];
  let toEnd = true;
  for (let g = first.group; g < wounds.length; g++) {
    const models = wounds[g]!;
    if (!models.some((w) => w > 0)) continue;
    if (diceProfile(setup, role, g, pool) !== profile) {
      toEnd = false;
      break;
    }
    groups.push(g);
    capacities.push(groupCapacity(setup, role, g, pool, models));
  }
  return { groups, capacity: capacities.reduce((a, b) => a + b, 0), capacities, toEnd };
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
