import type { Setup } from '../profiles';
import type { Situation } from '../situation';

/**
 * The target unit as a one-dimensional state space.
 *
 * Allocation policy (seed 001 + situation.ts, as the engine's allocation.ts): CHARACTER models
 * only when no other model is left; among the models that may be picked, a model that has lost
 * wounds or had an attack allocated takes the next attack; otherwise the first in `models` order.
 * So the models are used up in one fixed order, and the whole state of the target is L = wounds
 * lost so far from the models still alive now: L = (full wounds of the models before the current
 * one) + (wounds the current one has lost). From L follow the current model (its group, its
 * wounds left), the models destroyed and, with the situation's totals, the wounds lost.
 * L = totalWounds means every model is destroyed.
 */
export interface TargetSpace {
  /** Number of states: totalWounds + 1. */
  states: number;
  /** Sum of woundsLeft of the models alive now. */
  totalWounds: number;
  /** Models alive now. */
  alive: number;
  /** Per state L < totalWounds: group index (setup.defender.models) of the model taking the next wound. */
  groupAt: Int32Array;
  /** Per state L < totalWounds: wounds left on that model. */
  leftAt: Int32Array;
  /** Per state L (0..totalWounds): models destroyed out of those alive now. */
  destroyedAt: Int32Array;
  /**
   * Per state L (0..totalWounds): the unit's Toughness for Wound rolls made in that state (RULES
   * §1 / brief): the highest Toughness among the alive non-character models, or among the alive
   * characters if only characters remain; 0 when nothing is left.
   */
  toughnessAt: Int32Array;
}

export function targetSpace(setup: Setup, situation: Pick<Situation, 'models'>): TargetSpace {
  const groups = setup.defender.models;
  const models = situation.models;
  // The engine's allocation (allocation.ts defenderCandidates, situation.ts policy): CHARACTER
  // models only once no other model is left; among the models that may be picked, one already
  // wounded or allocated must take the next attack (seed 001), else the lowest index. So the
  // order is: the wounded/allocated non-characters, the other non-characters, then the same for
  // the characters (a character wounded by a Precision attack still waits for its bodyguard).
  // Plain loops over indices: this runs for every state analysed, so it allocates only the order.
  const order: number[] = [];
  for (const character of [false, true]) {
    for (const sticky of [true, false]) {
      for (let i = 0; i < models.length; i++) {
        const m = models[i]!;
        const g = groups[m.group];
        if (m.woundsLeft <= 0 || (g?.character ?? false) !== character) continue;
        if ((m.allocated || m.woundsLeft < (g?.wounds ?? 0)) === sticky) order.push(i);
      }
    }
  }

  const n = order.length;
  let totalWounds = 0;
  for (const i of order) totalWounds += models[i]!.woundsLeft;
  const states = totalWounds + 1;
  const groupAt = new Int32Array(Math.max(1, totalWounds));
  const leftAt = new Int32Array(Math.max(1, totalWounds));
  const destroyedAt = new Int32Array(states);
  const toughnessAt = new Int32Array(states);

  // Toughness of what is alive from position k on (suffix maxima).
  const tNonChar = new Int32Array(n + 1);
  const tChar = new Int32Array(n + 1);
  for (let k = n - 1; k >= 0; k--) {
    const g = groups[models[order[k]!]!.group];
    const t = g?.toughness ?? 0;
    tNonChar[k] = Math.max(tNonChar[k + 1]!, g?.character ? 0 : t);
    tChar[k] = Math.max(tChar[k + 1]!, g?.character ? t : 0);
  }
  let L = 0;
  for (let k = 0; k < n; k++) {
    const m = models[order[k]!]!;
    const t = tNonChar[k]! > 0 ? tNonChar[k]! : tChar[k]!;
    for (let w = m.woundsLeft; w >= 1; w--, L++) {
      groupAt[L] = m.group;
      leftAt[L] = w;
      destroyedAt[L] = k;
      toughnessAt[L] = t;
    }
  }
  destroyedAt[totalWounds] = n;
  toughnessAt[totalWounds] = 0;
  return { states, totalWounds, alive: n, groupAt, leftAt, destroyedAt, toughnessAt };
}
