/**
 * The numbers of 40k 10th edition's attack sequence (seed 001, RULES.md §1) as small named
 * functions. Targets are "needs N+" on an unmodified-face scale where useful; 7 means impossible.
 */

/** Wound roll (RULES §1 table): S ≥ 2T → 2+; S > T → 3+; S = T → 4+; S ≤ T/2 → 6+; otherwise 5+. */
export function woundTarget(strength: number, toughness: number): number {
  if (strength >= 2 * toughness) return 2;
  if (strength > toughness) return 3;
  if (strength === toughness) return 4;
  if (strength * 2 <= toughness) return 6;
  return 5;
}

/** Hit and Wound rolls can never be modified by more than -1 or +1 (seed 001). */
export function capModifier(modifier: number): number {
  return Math.max(-1, Math.min(1, modifier));
}

/**
 * The unmodified face a die needs to pass a test of `needed`+ with `modifier` applied, keeping the
 * natural rules: an unmodified 1 always fails, an unmodified 6 always succeeds (Critical Hit /
 * Critical Wound). Returns 2..6.
 */
export function faceNeeded(needed: number, modifier: number): number {
  return Math.min(6, Math.max(2, needed - capModifier(modifier)));
}

/**
 * Saving throw (seed 001): armour Sv worsened by AP (no cap on AP), improved by at most +1 (cover),
 * an unmodified 1 fails; invulnerable ignores AP. Returns the unmodified face needed (2..6), or 7
 * when the save cannot be passed.
 */
export function armourSaveFace(save: number, ap: number, bonus: number): number {
  const improvement = Math.min(1, Math.max(0, bonus));
  const face = save - ap - improvement; // AP is ≤ 0, so subtracting it worsens the save
  return face > 6 ? 7 : Math.max(2, face);
}

export function invulnerableSaveFace(invulnerable: number | null): number {
  return invulnerable === null ? 7 : Math.max(2, invulnerable);
}

/**
 * Benefit of Cover (RULES §1): +1 to armour saves against ranged attacks, but not for a model
 * with Sv 3+ or better against AP 0, and never against Ignores Cover.
 */
export function coverBonus(opts: { cover: boolean; ranged: boolean; ignoresCover: boolean; save: number; ap: number }): number {
  if (!opts.cover || !opts.ranged || opts.ignoresCover) return 0;
  if (opts.save <= 3 && opts.ap === 0) return 0;
  return 1;
}

/** The better of the two saves for this attack (lower face needed); ties go to armour. */
export function bestSave(armourFace: number, invulnerableFace: number): 'armour' | 'invulnerable' {
  return invulnerableFace < armourFace ? 'invulnerable' : 'armour';
}
