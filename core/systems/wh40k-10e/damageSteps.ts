import type { DiceGroup, Reason } from '../../combat/steps';
import type { DiceExpression } from '../../dice/expression';
import { damageDice, signed } from './abilities';
import { damageRerollIndices, expectedValue, maxAttackDamage } from './damageRoll';
import { modelFeelNoPain } from './damage';
import type { Setup, Weapon } from './profiles';
import { weaponOf, type Resolving, type State } from './state';

/**
 * The dice one attack's damage takes, one attack at a time (seed 001: random Damage is rolled one
 * attack at a time), gathered into as few steps as the rules allow (fast dice rolling): one step
 * takes the Damage dice, the Melta dice and the Feel No Pain dice together. Only a damage re-roll
 * (WH40K10-MODIFIERS.md) splits it: the re-roll depends on the first roll, so the Feel No Pain dice
 * then come with the re-rolled dice (or on their own when nothing is re-rolled).
 *
 * Feel No Pain needs one D6 per point of damage (seed 001); while the damage is still to roll, the
 * step asks for as many as the most damage the attack can do, and they are used in order, as many
 * as the damage (the others are never looked at, so the odds are the same as rolling exactly that
 * many afterwards).
 */

export interface DamageDice {
  damage: DiceExpression;
  melta: DiceExpression | null;
  /** The Feel No Pain the model has against this attack (by its source), or null. */
  fnp: number | null;
}

export function damageDiceOf(state: State, res: Resolving): DamageDice {
  const w = weaponOf(state, res.weapon!);
  return { ...damageDice(state.setup, w), fnp: modelFeelNoPain(state, res.target!, res.source) };
}

/** A damage re-roll may follow the first Damage roll: the weapon has a policy and its Damage has dice. */
export const rerollPossible = (w: Weapon, d: DamageDice) => w.damageReroll !== 'none' && d.damage.count > 0;

function fnpGroup(fnp: number, count: number): DiceGroup {
  return {
    id: 'fnp',
    label: `Feel No Pain ${fnp}+`,
    count,
    sides: 6,
    passOn: fnp,
    needs: `${fnp}+`,
    note: `one per point of damage, taken in order: only as many as the damage count (up to ${count}); the rest are not used`,
  };
}

/** The groups of the first damage step of the attack being resolved. */
export function damageGroups(state: State): DiceGroup[] {
  const res = state.resolving!;
  const w = weaponOf(state, res.weapon!);
  const d = damageDiceOf(state, res);
  const groups: DiceGroup[] = [];
  if (d.damage.count > 0)
    groups.push({
      id: 'damage',
      label: `Damage (${w.damage})`,
      count: d.damage.count,
      sides: d.damage.sides,
      needs: w.damage,
    });
  if (d.melta && d.melta.count > 0)
    groups.push({
      id: 'melta',
      label: `Melta (${w.abilities.melta})`,
      count: d.melta.count,
      sides: d.melta.sides,
      needs: w.abilities.melta!,
    });
  // With a damage re-roll the Feel No Pain dice are rolled with the Damage too: they count when no
  // Damage die is re-rolled (most attacks), and are rolled again with the re-roll otherwise (dice
  // set aside unread change no odds).
  if (d.fnp !== null) {
    const most = maxAttackDamage(state.setup, w);
    if (most > 0)
      groups.push(
        rerollPossible(w, d)
          ? {
              ...fnpGroup(d.fnp, most),
              note: `${fnpGroup(d.fnp, most).note}; if a Damage die is re-rolled, they are rolled again with the re-roll`,
            }
          : fnpGroup(d.fnp, most),
      );
  }
  return groups;
}

/** The groups of the damage re-roll step: the re-rolled dice, and the Feel No Pain dice. */
export function rerollGroups(state: State): DiceGroup[] {
  const res = state.resolving!;
  const w = weaponOf(state, res.weapon!);
  const d = damageDiceOf(state, res);
  const faces = res.damageFaces!;
  const indices = damageRerollIndices(w.damageReroll, d.damage, faces);
  const groups: DiceGroup[] = [
    {
      id: 'reroll',
      label: `Damage re-roll (${indices.length} D${d.damage.sides})`,
      count: indices.length,
      sides: d.damage.sides,
      needs: `${indices.length}D${d.damage.sides}`,
    },
  ];
  if (d.fnp !== null) {
    const kept = faces.reduce((a, f, i) => (indices.includes(i) ? a : a + f), 0);
    const most = maxAttackDamage(state.setup, w, { kept, fresh: indices.length, melta: res.melta });
    if (most > 0) groups.push(fnpGroup(d.fnp, most));
  }
  return groups;
}

/** The input's dice by group id. */
export function diceByGroup(groups: readonly DiceGroup[], dice: readonly number[]): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  let at = 0;
  for (const g of groups) {
    out[g.id] = dice.slice(at, at + g.count);
    at += g.count;
  }
  return out;
}

/** The damage re-roll policy in words, with the arithmetic of this roll when it is known. */
export function damageRerollReason(w: Weapon, e: DiceExpression, faces?: readonly number[]): Reason {
  const average = expectedValue(e);
  if (w.damageReroll === 'ones') {
    const ones = faces ? faces.filter((f) => f === 1).length : null;
    return {
      rule: 'Damage re-roll',
      detail: `each Damage die showing 1 is re-rolled once${ones !== null ? `: ${ones === 1 ? 'one 1' : `${ones} 1s`} to re-roll` : ''}`,
    };
  }
  const total = faces ? faces.reduce((a, b) => a + b, 0) + e.modifier : null;
  return {
    rule: 'Damage re-roll',
    detail: `the whole Damage roll is re-rolled once when it is below its average (${w.damage}: ${average})${total !== null ? `: rolled ${total}, so it is re-rolled and the second roll stands` : ''}`,
  };
}

/** What the target's damage modifiers do, as reasons (WH40K10-MODIFIERS.md damage steps 3–4). */
export function damageModifierReasons(setup: Setup): Reason[] {
  const d = setup.defender;
  const out: Reason[] = [];
  if (d.halfDamage)
    out.push({
      rule: 'Half damage',
      detail: 'the Damage of each attack is halved, rounding up (1→1, 2→1, 3→2, 4→2, 5→3, 6→3)',
    });
  if (d.damageReduction > 0)
    out.push({
      rule: '−1 Damage',
      detail: `${signed(-d.damageReduction)} to the Damage of each attack, to a minimum of 1${d.halfDamage ? ', after halving' : ''}`,
    });
  return out;
}
