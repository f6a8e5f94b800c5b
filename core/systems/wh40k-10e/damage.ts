import type { ModelGroup } from './profiles';
import { groupOf, setModel, type Resolving, type State } from './state';

/**
 * The Feel No Pain a model rolls against damage from this source (seed 001; WH40K10-MODIFIERS.md
 * "Model group field"): against normal damage its Feel No Pain; against mortal wounds (Devastating
 * Wounds and other mortal wounds) the better (lower) of its Feel No Pain and its Feel No Pain vs
 * mortal wounds. Null when it has none (7 reads as none).
 */
export function feelNoPainFor(g: ModelGroup, source: Resolving['source']): number | null {
  const values = [g.feelNoPain, source === 'attack' ? null : g.feelNoPainMortal].filter(
    (x): x is number => x !== null && x < 7,
  );
  return values.length === 0 ? null : Math.min(...values);
}

/**
 * Inflict damage on one model (seed 001): it loses one wound per point of damage; Feel No Pain x+
 * (`fnp`, null for none) rolls one D6 per wound that would be lost and ignores it on x+; at 0
 * wounds the model is destroyed and the excess damage of that attack is lost. `fnpDice` holds one
 * die per point (the dice for points after the model is destroyed are ignored). Returns the new
 * state and the wounds lost.
 */
export function inflictDamage(
  state: State,
  model: number,
  damage: number,
  fnp: number | null,
  fnpDice: readonly number[],
): { state: State; lost: number; destroyed: boolean } {
  const m = state.models[model];
  if (!m || m.woundsLeft <= 0) return { state, lost: 0, destroyed: false };
  let left = m.woundsLeft;
  let lost = 0;
  for (let point = 0; point < damage && left > 0; point++) {
    const die = fnpDice[point];
    if (fnp !== null && die !== undefined && die >= fnp) continue; // seed 001: Feel No Pain — that wound is not lost
    left -= 1;
    lost += 1;
  }
  // seed 001: excess damage from that attack is lost (the loop stops at 0 wounds).
  const destroyed = left === 0;
  let next = setModel(state, model, { woundsLeft: left, allocated: true });
  next = {
    ...next,
    woundsLost: next.woundsLost + lost,
    destroyed: destroyed ? [...next.destroyed, model] : next.destroyed,
  };
  return { state: next, lost, destroyed };
}

/** The Feel No Pain of a model against this source. */
export const modelFeelNoPain = (state: State, model: number, source: Resolving['source']) =>
  feelNoPainFor(groupOf(state, model), source);
