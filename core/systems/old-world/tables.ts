import type { TroopType } from './setup';

/**
 * The tables of the "old world" close combat, as data (seed 002 and RULES.md §3). Rows are the
 * attacker's characteristic, columns the defender's, both 1–10.
 */

/** Seed 002, "Roll to Hit": the D6 score needed, attacker's WS (row) against the defender's WS (column). */
export const TO_HIT: readonly (readonly number[])[] = [
  [4, 4, 5, 5, 5, 5, 5, 5, 5, 5],
  [3, 4, 4, 4, 5, 5, 5, 5, 5, 5],
  [3, 3, 4, 4, 4, 4, 5, 5, 5, 5],
  [3, 3, 3, 4, 4, 4, 4, 4, 5, 5],
  [3, 3, 3, 3, 4, 4, 4, 4, 4, 4],
  [3, 3, 3, 3, 3, 4, 4, 4, 4, 4],
  [3, 3, 3, 3, 3, 3, 4, 4, 4, 4],
  [3, 3, 3, 3, 3, 3, 3, 4, 4, 4],
  [3, 3, 3, 3, 3, 3, 3, 3, 4, 4],
  [3, 3, 3, 3, 3, 3, 3, 3, 3, 4],
];

/** Seed 002, "Roll to Damage": the D6 score needed, Strength (row) against Toughness (column); null = "N", cannot wound. */
const N = null;
export const TO_WOUND: readonly (readonly (number | null)[])[] = [
  [4, 5, 6, 6, N, N, N, N, N, N],
  [3, 4, 5, 6, 6, N, N, N, N, N],
  [2, 3, 4, 5, 6, 6, N, N, N, N],
  [2, 2, 3, 4, 5, 6, 6, N, N, N],
  [2, 2, 2, 3, 4, 5, 6, 6, N, N],
  [2, 2, 2, 2, 3, 4, 5, 6, 6, N],
  [2, 2, 2, 2, 2, 3, 4, 5, 6, 6],
  [2, 2, 2, 2, 2, 2, 3, 4, 5, 6],
  [2, 2, 2, 2, 2, 2, 2, 3, 4, 5],
  [2, 2, 2, 2, 2, 2, 2, 2, 3, 4],
];

const cell = <T>(table: readonly (readonly T[])[], row: number, col: number): T => {
  const r = table[Math.min(10, Math.max(1, row)) - 1]!;
  return r[Math.min(10, Math.max(1, col)) - 1]!;
};

/** Score needed to hit: the grid; 6s only against a defended obstacle (seed 002, "Defended Obstacles"). */
export function toHitScore(attackerWs: number, defenderWs: number, defendedObstacle = false): number {
  return defendedObstacle ? 6 : cell(TO_HIT, attackerWs, defenderWs);
}

/** Score needed to wound, or null when the Strength cannot wound that Toughness ("N"). */
export function toWoundScore(strength: number, toughness: number): number | null {
  return cell(TO_WOUND, strength, toughness);
}

/** RULES §3: armour save modifier by the attacker's Strength (S3 or less: none; −1 per point above 3). */
export function armourModifier(strength: number): number {
  return Math.min(0, 3 - strength);
}

/**
 * The unmodified D6 face an armour save needs: the save worsened by the Strength modifier, and a
 * 1 always fails (seed 002, "Take Armour Saves"), so never better than 2. Null: no save possible.
 */
export function armourSaveFace(armour: number, strength: number): number | null {
  const needed = Math.max(2, armour - armourModifier(strength));
  return needed > 6 ? null : needed;
}

/** Unit Strength per model (RULES §3): infantry 1, cavalry 2, large infantry and war machines 3, a monster its starting Wounds. */
export function unitStrengthPerModel(troopType: TroopType, wounds: number): number {
  switch (troopType) {
    case 'infantry':
      return 1;
    case 'cavalry':
      return 2;
    case 'large':
      return 3;
    case 'monster':
      return wounds;
  }
}

/** Flee, pursuit and overrun dice (seed 002): 2D6 for Movement 6 or less, 3D6 above. */
export function moveDice(movement: number): 2 | 3 {
  return movement > 6 ? 3 : 2;
}

/** RULES §3: +1 per full rank after the first, at most +3; a rank needs at least 4 models (6th edition). */
export const MIN_RANK_WIDTH = 4;
export const MAX_RANK_BONUS = 3;

/** Ranks that count: full ranks of at least 4 models, plus a last partial rank of 4 or more. */
export function countingRanks(models: number, rankWidth: number): number {
  if (rankWidth < MIN_RANK_WIDTH || models <= 0) return 0;
  const full = Math.floor(models / rankWidth);
  return full + (models % rankWidth >= MIN_RANK_WIDTH ? 1 : 0);
}

export function rankBonus(models: number, rankWidth: number): number {
  return Math.min(MAX_RANK_BONUS, Math.max(0, countingRanks(models, rankWidth) - 1));
}
