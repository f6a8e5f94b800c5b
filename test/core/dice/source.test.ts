import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawDice, enteredDice, rolledDice, seedState } from '../../../core/dice';

describe('seeded dice', () => {
  it('the same seed gives the same dice; another seed gives others', () => {
    const a = rolledDice(42).roll(30, 6);
    expect(rolledDice(42).roll(30, 6)).toEqual(a);
    expect(rolledDice(43).roll(30, 6)).not.toEqual(a);
  });

  it('records every roll and resumes exactly from its serialised state', () => {
    const first = rolledDice(7);
    first.roll(5, 6);
    const saved = JSON.parse(JSON.stringify(first.state())) as number[];
    const continued = first.roll(10, 3);
    expect(rolledDice(saved).roll(10, 3)).toEqual(continued);
    expect(first.record).toEqual([
      { sides: 6, faces: expect.any(Array) },
      { sides: 3, faces: continued },
    ]);
  });

  it('nearby seeds give unrelated dice: the first die of consecutive seeds matches about 1 time in 6', () => {
    let same = 0;
    const n = 6000;
    for (let seed = 10_000; seed < 10_000 + n; seed++) {
      if (drawDice(seedState(seed), 1, 6).faces[0] === drawDice(seedState(seed + 1), 1, 6).faces[0]) same++;
    }
    const sd = Math.sqrt(n * (1 / 6) * (5 / 6));
    expect(Math.abs(same - n / 6)).toBeLessThan(4 * sd);
    // And small seeds do not start with runs of one face.
    for (const seed of [0, 1, 2, 3]) expect(new Set(drawDice(seedState(seed), 6, 6).faces).size).toBeGreaterThan(1);
  });

  it('drawDice is pure: the same state always gives the same faces', () => {
    const state = seedState(99);
    expect(drawDice(state, 8, 6)).toEqual(drawDice(state, 8, 6));
  });

  it('faces stay on the die and are unbiased: each face of 60,000 D6 within 4 standard errors of 1/6', () => {
    const faces = rolledDice(2026).roll(60_000, 6);
    const counts = [0, 0, 0, 0, 0, 0, 0];
    for (const f of faces) counts[f]!++;
    expect(counts[0]).toBe(0);
    const expected = 10_000;
    const sd = Math.sqrt(60_000 * (1 / 6) * (5 / 6));
    for (let face = 1; face <= 6; face++) expect(Math.abs(counts[face]! - expected)).toBeLessThan(4 * sd);
  });

  it('property: any seed, any count, faces are integers within 1..sides', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 0, max: 50 }), fc.constantFrom(3, 6), (seed, count, sides) => {
        const faces = rolledDice(seed).roll(count, sides);
        expect(faces).toHaveLength(count);
        for (const f of faces) expect(Number.isInteger(f) && f >= 1 && f <= sides).toBe(true);
      }),
    );
  });
});

describe('entered dice', () => {
  it('gives the players dice back in order', () => {
    const dice = enteredDice([3, 5, 6, 1, 2]);
    expect(dice.roll(2, 6)).toEqual([3, 5]);
    expect(dice.roll(3, 6)).toEqual([6, 1, 2]);
    expect(dice.remaining()).toBe(0);
  });

  it('says when it runs out', () => {
    expect(() => enteredDice([4]).roll(2, 6)).toThrow(/Ran out of entered dice: needed 2 more D6, 1 left/);
  });

  it('refuses a face that is not on the die', () => {
    expect(() => enteredDice([4, 7]).roll(2, 6)).toThrow(/die #2 is 7, which is not a face of a D6/);
    expect(() => enteredDice([4]).roll(1, 3)).toThrow(/not a face of a D3/);
    expect(() => enteredDice([0]).roll(1, 6)).toThrow(/not a face/);
  });
});
