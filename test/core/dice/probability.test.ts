import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { atLeast, binomial, convolve, sumOfD6, TWO_D6 } from '../../../core/dice/probability';

const total = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe('the shared dice distributions', () => {
  it('2D6 is the triangle 1…6…1 over 36', () => {
    expect(TWO_D6.map((p) => Math.round(p * 36))).toEqual([0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]);
  });

  it('a Leadership 7 test passes 21 times in 36 (2D6 ≤ 7)', () => {
    expect(1 - atLeast(2, 8)).toBeCloseTo(21 / 36, 12);
  });

  it('3D6 is 3…18 with 27 ways to roll 10', () => {
    const d = sumOfD6(3);
    expect(d.length).toBe(19);
    expect(d[10]! * 216).toBeCloseTo(27, 9);
    expect(d[2]).toBe(0);
  });

  it('binomial rows sum to one and have mean n·p, also for the certain and the impossible', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, p) => {
        const row = binomial(n, p);
        expect(row).toHaveLength(n + 1);
        expect(total(row)).toBeCloseTo(1, 9);
        expect(total(row.map((q, k) => q * k))).toBeCloseTo(n * p, 6);
      }),
    );
    expect(binomial(4, 0)).toEqual([1, 0, 0, 0, 0]);
    expect(binomial(4, 1)).toEqual([0, 0, 0, 0, 1]);
  });

  it('convolving two counts adds their means', () => {
    const a = binomial(5, 1 / 3);
    const b = binomial(7, 1 / 2);
    const c = convolve(a, b);
    expect(c).toHaveLength(13);
    expect(total(c.map((q, k) => q * k))).toBeCloseTo(5 / 3 + 7 / 2, 9);
  });
});
