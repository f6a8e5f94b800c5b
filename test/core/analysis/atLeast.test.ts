import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { atLeastLine, atLeastOf } from '../../../core/analysis/atLeast';

describe('"at least k" odds', () => {
  it('is the tail sum: at least the lowest value is certain, and it never rises', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 30 }), (raw) => {
        const total = raw.reduce((a, b) => a + b, 0) || 1;
        const dist = raw.map((p) => p / total);
        const tails = atLeastOf(dist);
        expect(tails[0]).toBeCloseTo(
          Math.min(
            1,
            dist.reduce((a, b) => a + b, 0),
          ),
          9,
        );
        for (let k = 1; k < tails.length; k++) {
          expect(tails[k]).toBeLessThanOrEqual(tails[k - 1]! + 1e-12);
          expect(tails[k - 1]! - tails[k]!).toBeCloseTo(dist[k - 1]!, 9);
        }
      }),
    );
  });

  it('a line of print: "at least 1", "at least 2"… while a chance of 1% or more is left, with the offset', () => {
    expect(atLeastLine([0.25, 0.5, 0.25])).toEqual([
      { value: 1, p: 0.75 },
      { value: 2, p: 0.25 },
    ]);
    expect(atLeastLine([0.5, 0.495, 0.005], -1)).toEqual([{ value: 0, p: 0.5 }]);
    expect(atLeastLine([0, 0, 1])).toEqual([]);
  });

  it('leaves out what is all but certain: a long sure tail prints nothing before the values in doubt', () => {
    // A Combat Score difference from -20 to +3: -20 and -19 are possible but rare.
    const dist = [0.001, 0.001, ...Array<number>(18).fill(0), 0.198, 0.3, 0.3, 0.2];
    const line = atLeastLine(dist, -20);
    expect(line[0]).toEqual({ value: 1, p: expect.closeTo(0.8, 9) });
    expect(line.every((x) => x.p <= 0.995 && x.p >= 0.01)).toBe(true);
  });

  it('when more values are in doubt than fit, it keeps those around an even chance', () => {
    const dist = Array<number>(21).fill(1 / 21); // -10 … +10, evenly
    const line = atLeastLine(dist, -10, 8);
    expect(line).toHaveLength(8);
    const values = line.map((x) => x.value);
    expect(values).toContain(0);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(values.at(-1)! - values[0]!).toBe(7);
  });
});
