import { formatDice, maxOf, type DiceExpression } from '../../dice/expression';
import type { DamageReroll, Setup, Weapon } from './profiles';
import { damageDice } from './abilities';
import { modifiedDamage } from './tables';

/**
 * The Damage of one attack, in the order WH40K10-MODIFIERS.md gives ("Damage of one attack"):
 * 1. the weapon's Damage expression, re-rolled once by the weapon's damage re-roll policy, at least 0;
 * 2. plus Melta X within half range (rolled on its own, never re-rolled);
 * 3. halved, rounding up, if the target halves damage;
 * 4. −1, to a minimum of 1, if the target has −1 Damage.
 * Shared by the engine (one attack at a time) and the exact analysis (its distribution).
 */

/** The expected value of a dice expression: count × (sides + 1) / 2 + modifier (WH40K10-MODIFIERS.md). */
export function expectedValue(e: DiceExpression): number {
  return (e.count * (e.sides + 1)) / 2 + e.modifier;
}

/**
 * Which dice of a first Damage roll are re-rolled (their indices), WH40K10-MODIFIERS.md "Damage
 * re-roll": 'ones' — each die showing 1 (a D3 showing 1 too); 'all' — every die, when the total is
 * strictly less than the expression's expected value; a fixed Damage has no dice to re-roll.
 */
export function damageRerollIndices(policy: DamageReroll, e: DiceExpression, faces: readonly number[]): number[] {
  if (e.count === 0 || policy === 'none') return [];
  if (policy === 'ones') return faces.flatMap((f, i) => (f === 1 ? [i] : []));
  const total = faces.reduce((a, b) => a + b, 0) + e.modifier;
  return total < expectedValue(e) ? faces.map((_, i) => i) : [];
}

/** The faces after the re-roll: the re-rolled positions take the new faces, in order; the others stay. */
export function withRerolled(faces: readonly number[], indices: readonly number[], fresh: readonly number[]): number[] {
  const out = [...faces];
  indices.forEach((index, k) => (out[index] = fresh[k]!));
  return out;
}

/** The value of an expression from its faces: the sum plus the modifier, at least 0 (step 1). */
export function expressionValue(e: DiceExpression, faces: readonly number[]): number {
  return Math.max(0, faces.reduce((a, b) => a + b, 0) + e.modifier);
}

/** Steps 2–4: the Damage an attack inflicts from its rolled expression value and its Melta. */
export function attackDamage(setup: Setup, expression: number, melta: number): number {
  return modifiedDamage(expression + melta, setup.defender);
}

/**
 * The most Damage an attack of this weapon can still inflict (after every modifier), given the
 * faces already kept (`kept`: the sum of the faces that stay, `fresh`: the dice still to roll of
 * the expression) and the Melta (known, or null for "still to roll"): how many Feel No Pain dice
 * a step that takes them with the Damage must ask for.
 */
export function maxAttackDamage(
  setup: Setup,
  w: Weapon,
  known?: { kept: number; fresh: number; melta: number },
): number {
  const { damage, melta } = damageDice(setup, w);
  const expression = known
    ? Math.max(0, known.kept + known.fresh * damage.sides + damage.modifier)
    : Math.max(0, maxOf(damage));
  const plus = known ? known.melta : melta ? Math.max(0, maxOf(melta)) : 0;
  return attackDamage(setup, expression, plus);
}

/** The dice still to roll of a Damage waiting for its re-roll, as an expression (the kept faces in its modifier). */
export function restExpression(e: DiceExpression, faces: readonly number[], indices: readonly number[]): string {
  const kept = faces.reduce((a, f, i) => (indices.includes(i) ? a : a + f), 0);
  return formatDice({ count: indices.length, sides: e.sides, modifier: kept + e.modifier });
}

/** The weapon's Damage is a fixed number (no dice in D, nor in Melta within half range): its value after the modifiers, else null. */
export function fixedAttackDamage(setup: Setup, w: Weapon): number | null {
  const { damage, melta } = damageDice(setup, w);
  if (damage.count > 0 || (melta && melta.count > 0)) return null;
  return attackDamage(setup, Math.max(0, damage.modifier), melta ? Math.max(0, melta.modifier) : 0);
}
