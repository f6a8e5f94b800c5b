import type { Reason } from '../../../combat/steps';
import { binomial, convolve } from '../../../dice/probability';
import { targetName } from '../allocation';
import { armourTest, hitTest, specialTest, unsavedChance, woundTest } from '../attacks';
import { hpLeft, modelsLeft, plural, poolHp, type PoolRef, type State } from '../state';

/** What the allocation questions show of each target: the chance per attack, and of slaying a character. */

/** "17%"; a chance that is not nil but rounds to 0 says so ("under 1%"). */
export const percent = (p: number) => (p > 0 && p < 0.005 ? 'under 1%' : `${(100 * p).toFixed(0)}%`);

/** Seed 004 in words, for the allocation questions. */
export const ALLOCATING: Reason = {
  rule: 'Allocating Attacks',
  detail:
    'every attack of the Agility step picks its target before any hit is rolled: the rank and file, or a character in contact (supporting attacks allocate as if from the front rank of their file)',
};

/**
 * What one attack at a pool comes to, and what is left of the pool: "Captain (2 of 3 HP left):
 * hit 3+, wound 3+, armour 5+, Fortitude 5+ → 20% become unsaved wounds".
 */
export function perAttack(state: State, part: PoolRef, target: PoolRef): string {
  const { setup } = state;
  const armour = armourTest(setup, part, target).need;
  const special = specialTest(setup, target);
  const needs = [
    `hit ${hitTest(setup, part, target).need}+`,
    `wound ${woundTest(setup, part, target).need}+`,
    ...(armour === null ? [] : [`armour ${armour}+`]),
    ...(special.need === null ? [] : [`${special.name.replace(' save', '')} ${special.need}+`]),
    ...(armour === null && special.need === null ? ['no save'] : []),
  ];
  const left = hpLeft(setup, state.lost, target);
  const pool =
    target.who === 'rf'
      ? `${left} of ${poolHp(setup, target)} HP left, ${plural(modelsLeft(setup, state.lost, target), 'model')}`
      : `${left} of ${poolHp(setup, target)} HP left`;
  return `${targetName(setup, target)} (${pool}): ${needs.join(', ')} → ${percent(unsavedChance(setup, part, target, 'hit'))} become unsaved wounds`;
}

/**
 * P(a pool loses all its HP left) when each part sends `dice` attacks at it: every Ninth Age
 * attack is independent and an unsaved wound is 1 HP, so the wounds are a sum of binomials.
 */
export function slayChance(
  state: State,
  target: PoolRef,
  attacks: ReadonlyArray<{ part: PoolRef; dice: number }>,
): number {
  let dist: number[] = [1];
  for (const { part, dice } of attacks)
    if (dice > 0) dist = convolve(dist, binomial(dice, unsavedChance(state.setup, part, target, 'hit')));
  const need = hpLeft(state.setup, state.lost, target);
  return dist.reduce((sum, p, k) => (k >= need ? sum + p : sum), 0);
}
