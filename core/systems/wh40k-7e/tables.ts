import type { WeaponStrength } from './setup';

/**
 * The charts of a 7th edition close combat as small named functions (seed 000 and RULES.md §2).
 * Each returns the D6 face a roll needs, or null when it cannot succeed.
 */

/** RULES §2 / seed 000 "Roll To Hit": attacker's WS higher → 3+; target's WS more than twice the attacker's → 5+; otherwise 4+. */
export function toHitFace(attackerWs: number, targetWs: number): number {
  if (attackerWs > targetWs) return 3;
  if (targetWs > 2 * attackerWs) return 5;
  return 4;
}

/** RULES §2 to-wound chart by S − T: ≥ +2 → 2+; +1 → 3+; 0 → 4+; −1 → 5+; −2 or −3 → 6+; ≤ −4 → cannot wound (null). */
export function toWoundFace(strength: number, toughness: number): number | null {
  const d = strength - toughness;
  if (d >= 2) return 2;
  if (d === 1) return 3;
  if (d === 0) return 4;
  if (d === -1) return 5;
  if (d >= -3) return 6;
  return null;
}

/** RULES §2: the armour save is allowed unless AP ≤ Sv; AP "–" (null) always allows it. */
export const armourAllowed = (ap: number | null, save: number) => ap === null || ap > save;

/** RULES §2: Instant Death when the Strength is at least double the model's own Toughness. */
export const instantDeath = (strength: number, toughness: number) => strength >= 2 * toughness;

/** Strengths never go beyond 10 (SCENARIOS §2: "xN (capped at 10)"). */
export const MAX_STRENGTH = 10;

/** A weapon's Strength as it strikes: a number, or 'D' for a Destroyer weapon (RULES §2). */
export function strikingStrength(userStrength: number, weapon: WeaponStrength): number | 'D' {
  if (weapon === 'D') return 'D';
  if (weapon === 'user') return userStrength;
  if (typeof weapon === 'number') return Math.min(MAX_STRENGTH, weapon);
  const n = Number(weapon.slice(1));
  return Math.min(MAX_STRENGTH, weapon.startsWith('+') ? userStrength + n : userStrength * n);
}

/** Seed 000 / RULES §2 Destroyer table, by the D6 rolled instead of the wound roll. */
export type DestroyerResult = 'nothing' | 'seriously' | 'deathblow';
export function destroyerResult(face: number): DestroyerResult {
  if (face <= 1) return 'nothing';
  if (face <= 5) return 'seriously';
  return 'deathblow';
}

/** Deathblow: D6 + 6 wounds (RULES §2); a model with this many wounds left or fewer dies whatever the die. */
export const DEATHBLOW_SURE_KILL = 7;

/** RULES §2 Morale: passes on 2D6 ≤ Ld − modifier; a double 1 always passes. */
export function moralePasses(
  dice: readonly [number, number] | readonly number[],
  leadership: number,
  modifier: number,
): boolean {
  if (dice[0] === 1 && dice[1] === 1) return true;
  return (dice[0] ?? 0) + (dice[1] ?? 0) <= leadership - modifier;
}

/** RULES §2 Sweeping Advance: the winner's D6 + I equal to or greater than the loser's catches it. */
export const sweepCatches = (winnerTotal: number, loserTotal: number) => winnerTotal >= loserTotal;

/** P(one D6 shows `face` or more); 0 when it cannot (null). */
export const chance = (face: number | null) => (face === null ? 0 : Math.max(0, Math.min(6, 7 - face)) / 6);

/** "–" for AP null, as players write it. */
export const apText = (ap: number | null) => (ap === null ? '–' : String(ap));
