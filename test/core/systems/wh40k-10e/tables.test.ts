import { describe, expect, it } from 'vitest';
import {
  armourSaveFace,
  bestSave,
  capModifier,
  coverBonus,
  faceNeeded,
  invulnerableSaveFace,
  woundTarget,
} from '../../../../core/systems/wh40k-10e/tables';

/** RULES §1 wound table, written independently of tables.ts: compare S with T in the row order. */
function expectedWound(s: number, t: number): number {
  if (s >= t + t) return 2; // S ≥ 2×T
  if (s > t) return 3;
  if (s === t) return 4;
  if (s + s <= t) return 6; // S ≤ T/2
  return 5; // S < T and S > T/2
}

/** Success with a modifier: the modified roll must reach the target; natural 1 fails, natural 6 passes (seed 001). */
function passes(face: number, needed: number, modifier: number): boolean {
  if (face === 1) return false;
  if (face === 6) return true;
  return face + Math.max(-1, Math.min(1, modifier)) >= needed;
}

describe('wound roll table (seed 001, RULES §1)', () => {
  for (let s = 1; s <= 12; s++) {
    for (let t = 1; t <= 12; t++) {
      it(`S${s} vs T${t} needs ${expectedWound(s, t)}+`, () => expect(woundTarget(s, t)).toBe(expectedWound(s, t)));
    }
  }
});

describe('modifier caps and natural rolls (seed 001: never more than -1 or +1)', () => {
  it('caps the net modifier at ±1', () => {
    expect([
      capModifier(2),
      capModifier(3),
      capModifier(-3),
      capModifier(-2),
      capModifier(0),
      capModifier(1),
      capModifier(-1),
    ]).toEqual([1, 1, -1, -1, 0, 1, -1]);
  });
  it('+2 acts as +1 and -3 acts as -1', () => {
    expect(faceNeeded(4, 2)).toBe(3);
    expect(faceNeeded(4, -3)).toBe(5);
  });
  it('an unmodified 1 never passes: 2+ with +1 still needs 2', () => expect(faceNeeded(2, 1)).toBe(2));
  it('an unmodified 6 always passes: 6+ with -1 still needs 6', () => expect(faceNeeded(6, -1)).toBe(6));
  for (let needed = 2; needed <= 6; needed++) {
    for (let modifier = -3; modifier <= 3; modifier++) {
      it(`${needed}+ with modifier ${modifier}: faceNeeded agrees with rolling each face`, () => {
        const face = faceNeeded(needed, modifier);
        for (let f = 1; f <= 6; f++) expect(f >= face, `face ${f}`).toBe(passes(f, needed, modifier));
      });
    }
  }
});

describe('saving throws (seed 001, RULES §1)', () => {
  it('AP worsens the armour save, without a cap', () => {
    expect(armourSaveFace(3, 0, 0)).toBe(3);
    expect(armourSaveFace(3, -1, 0)).toBe(4);
    expect(armourSaveFace(3, -3, 0)).toBe(6);
    expect(armourSaveFace(3, -4, 0)).toBe(7); // cannot pass
    expect(armourSaveFace(2, -6, 0)).toBe(7);
  });
  it('an unmodified 1 always fails: Sv 2+ in cover still needs 2', () => expect(armourSaveFace(2, 0, 1)).toBe(2));
  it('a save can never be improved by more than +1', () => {
    expect(armourSaveFace(4, 0, 2)).toBe(3);
    expect(armourSaveFace(4, -1, 3)).toBe(4);
  });
  it('the invulnerable save ignores AP (it takes no AP at all)', () => {
    expect(invulnerableSaveFace(4)).toBe(4);
    expect(invulnerableSaveFace(null)).toBe(7);
  });
  it('the better save is the lower face; ties go to armour', () => {
    expect(bestSave(5, 4)).toBe('invulnerable');
    expect(bestSave(3, 4)).toBe('armour');
    expect(bestSave(4, 4)).toBe('armour');
  });
});

describe('Benefit of Cover (RULES §1)', () => {
  const base = { cover: true, ranged: true, ignoresCover: false, save: 4, ap: 0 };
  it('+1 to armour saves against ranged attacks', () => expect(coverBonus(base)).toBe(1));
  it('not without cover', () => expect(coverBonus({ ...base, cover: false })).toBe(0));
  it('not against melee attacks', () => expect(coverBonus({ ...base, ranged: false })).toBe(0));
  it('not against Ignores Cover', () => expect(coverBonus({ ...base, ignoresCover: true })).toBe(0));
  it('not for Sv 3+ or better against AP 0', () => {
    expect(coverBonus({ ...base, save: 3 })).toBe(0);
    expect(coverBonus({ ...base, save: 2 })).toBe(0);
  });
  it('but Sv 3+ against AP -1 does get it', () => expect(coverBonus({ ...base, save: 3, ap: -1 })).toBe(1));
  it('cover with AP -1 on Sv 3+: 3+ again (4+ improved by 1)', () =>
    expect(armourSaveFace(3, -1, coverBonus({ ...base, save: 3, ap: -1 }))).toBe(3));
});
