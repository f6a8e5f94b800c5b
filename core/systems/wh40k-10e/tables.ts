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
 * WH40K10-MODIFIERS.md AP reduction: the attack's AP worsened by `apReduction` towards 0, never
 * positive (AP −2 → −1, AP −1 → 0, AP 0 stays 0). This effective AP is used everywhere, the
 * Benefit of Cover test included.
 */
export function effectiveAp(ap: number, apReduction: number): number {
  return Math.min(0, ap + apReduction);
}

/**
 * Armour saving throw (seed 001; WH40K10-MODIFIERS.md "Saving throw"): the improvements (Benefit of
 * Cover plus the save modifier, `bonus`) are capped at +1 in all — "a saving throw can never be
 * improved by more than +1" — and may be negative; then AP worsens the roll, with no limit. An
 * unmodified 1 fails, so a face below 2 acts as 2+. Returns the unmodified face needed (2..6), or
 * 7 when the save cannot be passed.
 */
export function armourSaveFace(save: number, ap: number, bonus: number): number {
  const improvement = Math.min(1, bonus);
  const face = save - ap - improvement; // AP is ≤ 0, so subtracting it worsens the save
  return face > 6 ? 7 : Math.max(2, face);
}

/**
 * Invulnerable saving throw (seed 001): never modified by AP or cover; the save modifier applies
 * (WH40K10-MODIFIERS.md: `invulnerable − saveModifier`). None (null, or 7 as the schema writes
 * "none") stays none whatever the modifier. Returns 2..6, or 7 when it cannot be passed.
 */
export function invulnerableSaveFace(invulnerable: number | null, saveModifier = 0): number {
  if (invulnerable === null || invulnerable >= 7) return 7;
  const face = invulnerable - saveModifier;
  return face > 6 ? 7 : Math.max(2, face);
}

/**
 * Benefit of Cover (RULES §1): +1 to armour saves against ranged attacks, but not for a model
 * with Sv 3+ or better against AP 0, and never against Ignores Cover. `ap` is the effective AP
 * (after any AP reduction: WH40K10-MODIFIERS.md).
 */
export function coverBonus(opts: {
  cover: boolean;
  ranged: boolean;
  ignoresCover: boolean;
  save: number;
  ap: number;
}): number {
  if (!opts.cover || !opts.ranged || opts.ignoresCover) return 0;
  if (opts.save <= 3 && opts.ap === 0) return 0;
  return 1;
}

/** The better of the two saves for this attack (lower face needed); ties go to armour. */
export function bestSave(armourFace: number, invulnerableFace: number): 'armour' | 'invulnerable' {
  return invulnerableFace < armourFace ? 'invulnerable' : 'armour';
}

/** WH40K10-MODIFIERS.md damage step 3, half damage: d = ceil(d / 2) (1→1, 2→1, 3→2, 7→4). */
export function halveDamage(d: number): number {
  return Math.ceil(d / 2);
}

/** WH40K10-MODIFIERS.md damage step 4, −1 Damage: d = max(1, d − 1) when d ≥ 1; a Damage of 0 stays 0. */
export function reduceDamage(d: number, reduction: number): number {
  return d >= 1 ? Math.max(1, d - reduction) : d;
}

/**
 * The Damage of one attack after the target's modifiers (WH40K10-MODIFIERS.md steps 3–4): halved
 * (rounding up) first, then −1 to a minimum of 1. `d` is the rolled Damage plus any Melta.
 */
export function modifiedDamage(d: number, m: { halfDamage: boolean; damageReduction: number }): number {
  return reduceDamage(m.halfDamage ? halveDamage(d) : d, m.damageReduction);
}
