import type { Reroll } from '../profiles';

/**
 * Single-die probabilities of the 10th edition attack sequence (seed 001, RULES §1). Faces are
 * unmodified D6 results; `needed` is the unmodified face that passes after modifiers (tables.ts
 * faceNeeded, 2..6), so the natural 1 fails and the ±1 cap are already in it.
 */

/**
 * P(final unmodified face = f), f = 1..6 (index 0 unused), after one optional re-roll. Re-rolls
 * happen before modifiers (RULES §1): 'ones' re-rolls a natural 1; 'failed' (and 'all', which the
 * analysis treats the same: re-rolling a success never helps the attacker here) re-rolls a die
 * that failed, i.e. shows less than `failBelow`. A re-rolled die is never re-rolled again.
 */
export function finalFaces(failBelow: number, reroll: Reroll): Float64Array {
  const faces = new Float64Array(7);
  let rerolled = 0;
  for (let f = 1; f <= 6; f++) {
    const again = reroll === 'ones' ? f === 1 : reroll === 'failed' || reroll === 'all' ? f < failBelow : false;
    if (again) rerolled += 1 / 6;
    else faces[f]! += 1 / 6;
  }
  for (let f = 1; f <= 6; f++) faces[f]! += rerolled / 6;
  return faces;
}

export interface RollOutcome {
  /** Critical (Critical Hit / Critical Wound): always succeeds. */
  crit: number;
  /** Succeeds without being critical. */
  normal: number;
  fail: number;
}

/**
 * A Hit roll or a Wound roll: an unmodified `critFrom`+ is critical (6, or the Anti X+ threshold
 * for wound rolls), always succeeds; otherwise succeeds on `needed`+.
 */
export function rollOutcome(needed: number, critFrom: number, reroll: Reroll): RollOutcome {
  const faces = finalFaces(Math.min(needed, critFrom), reroll);
  let crit = 0;
  let normal = 0;
  let fail = 0;
  for (let f = 1; f <= 6; f++) {
    const p = faces[f]!;
    if (f >= critFrom) crit += p;
    else if (f >= needed) normal += p;
    else fail += p;
  }
  return { crit, normal, fail };
}

/**
 * A saving throw needing an unmodified `face`+ (7 = cannot pass; a natural 1 always fails), with
 * the target's save re-roll (WH40K10-MODIFIERS.md): 'ones' re-rolls an unmodified 1 once, 'failed'
 * any failed save once; the re-rolled die needs the same face.
 */
export function savePass(face: number, reroll: 'none' | 'ones' | 'failed' = 'none'): number {
  if (face >= 7) return 0;
  const p = (7 - Math.max(2, face)) / 6;
  if (reroll === 'ones') return p + p / 6;
  if (reroll === 'failed') return p + (1 - p) * p;
  return p;
}

/** Feel No Pain x+ (null = none): the chance that one wound is NOT ignored. */
export function fnpThrough(feelNoPain: number | null): number {
  return feelNoPain === null || feelNoPain >= 7 ? 1 : 1 - (7 - Math.max(2, feelNoPain)) / 6;
}
