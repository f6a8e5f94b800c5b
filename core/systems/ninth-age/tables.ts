import { TWO_D6 } from '../../dice/probability';
/**
 * The charts of The Ninth Age melee as data (seed 004 and RULES.md §5), each with the small
 * function that reads it. Needs are the D6 face a die must show (2 means 2+); null means the roll
 * cannot succeed or is not made.
 */

/**
 * Seed 004, "Standard Melee Attacks": the to-hit roll by Offensive Skill − Defensive Skill (the
 * seed's table stops at 5+; RULES §5 chooses that version). Bands from the top: the first whose
 * `atLeast` the difference reaches.
 */
export const TO_HIT_BANDS: ReadonlyArray<{ atLeast: number; need: number }> = [
  { atLeast: 4, need: 2 },
  { atLeast: 1, need: 3 },
  { atLeast: -3, need: 4 },
  { atLeast: -Infinity, need: 5 },
];

/** RULES §5: the to-wound roll by Strength − Resilience. */
export const TO_WOUND_BANDS: ReadonlyArray<{ atLeast: number; need: number }> = [
  { atLeast: 2, need: 2 },
  { atLeast: 1, need: 3 },
  { atLeast: 0, need: 4 },
  { atLeast: -1, need: 5 },
  { atLeast: -Infinity, need: 6 },
];

const band = (bands: ReadonlyArray<{ atLeast: number; need: number }>, difference: number) =>
  bands.find((b) => difference >= b.atLeast)!.need;

/** The to-hit table's need before modifiers (seed 004). */
export const toHitBase = (offensiveSkill: number, defensiveSkill: number) =>
  band(TO_HIT_BANDS, offensiveSkill - defensiveSkill);

/**
 * The to-hit need after the modifier (+1 makes it easier): a natural 1 always fails and a natural 6
 * always hits (seed 004), so the need stays within 2+…6+.
 */
export const toHitNeed = (offensiveSkill: number, defensiveSkill: number, modifier: number) =>
  Math.min(6, Math.max(2, toHitBase(offensiveSkill, defensiveSkill) - modifier));

/** RULES §5: the to-wound need (2+…6+: a natural 1 fails, a natural 6 wounds). */
export const toWoundNeed = (strength: number, resilience: number) => band(TO_WOUND_BANDS, strength - resilience);

/** RULES §5: Armour − AP of 5 or more saves on 2+ (a natural 1 always fails). */
export const BEST_ARMOUR_NEED = 2;

/** RULES §5: the armour save needs 7 − (Armour − AP); 5 or more → 2+; 0 or less → no save (null). */
export function armourNeed(armour: number, armourPenetration: number): number | null {
  const value = armour - armourPenetration;
  if (value <= 0) return null;
  return Math.max(BEST_ARMOUR_NEED, 7 - value);
}

/** RULES §5: one special save after a failed (or no) armour save, the better of Aegis and Fortitude. */
export function specialSaveNeed(
  aegis: number | null,
  fortitude: number | null,
): { need: number; name: 'Aegis' | 'Fortitude' } | null {
  if (aegis === null && fortitude === null) return null;
  if (fortitude === null || (aegis !== null && aegis <= fortitude)) return { need: aegis!, name: 'Aegis' };
  return { need: fortitude, name: 'Fortitude' };
}

/** P(a D6 shows `need` or more); 0 when the roll cannot succeed. */
export const passChance = (need: number | null) => (need === null ? 0 : Math.max(0, Math.min(6, 7 - need)) / 6);

/**
 * RULES §5 and SCENARIOS §3: models a rank needs to be a Proper Rank by the unit's Height — 5 at
 * Height 0–1, 3 at Height 2; gigantic units (Height 3+) never have Proper Ranks (null).
 */
export function properRankSize(height: number): number | null {
  if (height <= 1) return 5;
  if (height === 2) return 3;
  return null;
}

/**
 * Height as players say it (seed 004 speaks of Height classes; SCENARIOS §3 numbers them 0–1
 * Standard, 2 Large, 3 Gigantic): "Standard", never a bare number.
 */
export const heightName = (height: number): 'Standard' | 'Large' | 'Gigantic' =>
  height <= 1 ? 'Standard' : height === 2 ? 'Large' : 'Gigantic';

/** RULES §5: the rank bonus is the number of Proper Ranks, at most +4. */
export const MAX_RANK_BONUS = 4;

/** Steady and Solid needs at least this many Proper Ranks (RULES §5) … */
export const STEADY_AND_SOLID_RANKS = 3;
/** … and a Height of at most 2. */
export const STEADY_AND_SOLID_MAX_HEIGHT = 2;
/** Steady: the break test's modifier counts at most this much (RULES §5). */
export const STEADY_CAP = 2;

/** Combat Score bonuses (RULES §5, SCENARIOS §3). */
export const SCORE = { wipedOut: 1, charge: 1, flankOrRear: 2, standard: 1, battleStandard: 1 } as const;

/** P(2D6 ≥ k). */
export const twoD6AtLeast = (k: number) => TWO_D6.reduce((sum, p, v) => (v >= k ? sum + p : sum), 0);

/** RULES §5: P(a 2D6 pursuit roll ≥ a 2D6 flee roll), a tie catches. */
export const CATCH_CHANCE = TWO_D6.reduce((sum, p, f) => sum + p * twoD6AtLeast(f), 0);

export { TWO_D6 };
