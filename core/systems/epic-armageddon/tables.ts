import type { Role } from './state';

/**
 * The numbers of an Epic Armageddon assault, as data (seed 003, RULES.md §4, SCENARIOS.md §1).
 */

/** RULES §4 A6: what each side adds to the highest of its 2D6. */
export const RESULT_MODIFIERS = {
  /** each enemy unit killed in the assault (a point of war-engine damage counts as one) */
  perKill: 1,
  /** more units than the opposing formation */
  moreUnits: 1,
  /** more than twice as many units (in addition) */
  moreThanTwice: 1,
  /** own formation has no Blast markers */
  noBlastMarkers: 1,
  /** the opposing formation has more Blast markers */
  enemyMoreBlastMarkers: 1,
  /** each surviving Inspiring unit involved */
  perInspiring: 1,
} as const;

/** RULES §4 A6: each side rolls 2D6 and keeps the highest single die. */
export const RESULT_DICE = 2;

/** P(the highest of 2D6 is k), k = 1…6: (2k − 1)/36. */
export const highestOfTwoChance = (k: number): number => (k >= 1 && k <= 6 ? (2 * k - 1) / 36 : 0);

/**
 * RULES §4 A6, the assault result's dice: P(attacker's highest of 2D6 − defender's = i − 5),
 * i = 0…10; dice already rolled are fixed (the highest of them counts).
 */
export function resultDice(rolls: Partial<Record<Role, readonly number[]>> = {}): number[] {
  const chance = (role: Role, k: number) => {
    const r = rolls[role];
    return r ? (Math.max(...r) === k ? 1 : 0) : highestOfTwoChance(k);
  };
  const out = new Array<number>(11).fill(0);
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++) out[a - b + 5]! += chance('attacker', a) * chance('defender', b);
  return out;
}

/** RULES §4 Saves: the invulnerable save, after a failed save (also against Macro-weapons). */
export const INVULNERABLE_SAVE = 6;

/** A face of `needed` or more passes (seed 003: "equals or exceeds"); no modifiers ever apply. */
export const passes = (face: number, needed: number) => face >= needed;

/** P(one D6 scores `needed` or more). */
export const passChance = (needed: number): number => Math.max(0, Math.min(6, 7 - needed)) / 6;

/** RULES §4 A7: units that end their withdrawal within this distance of the enemy are destroyed. */
export const WITHDRAWAL_DANGER_CM = 15;

/** RULES §4 A8: the winner may consolidate this far. */
export const CONSOLIDATION_CM = 5;

/** RULES §4 A7: a withdrawing formation makes two moves. */
export const WITHDRAWAL_MOVES = 2;

/** Most dice one roll step takes (core/combat/steps.ts); bigger batches are rolled in parts. */
export const MAX_DICE_PER_STEP = 200;
