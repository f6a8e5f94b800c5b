import { describe, expect, it } from 'vitest';
import { aligned, commonRange, roundMemo } from '../../../core/analysis/perRound';

describe('the per-round pieces every round-by-round analysis shares', () => {
  it('puts two offset distributions on the range that holds both', () => {
    const now = { offset: -2, dist: [0.5, 0.5] }; // −2, −1
    const before = { offset: 0, dist: [0.25, 0.5, 0.25] }; // 0, 1, 2
    const range = commonRange(now, before);
    expect(range).toEqual({ offset: -2, length: 5 });
    expect(aligned(now, range.offset, range.length)).toEqual([0.5, 0.5, 0, 0, 0]);
    expect(aligned(before, range.offset, range.length)).toEqual([0, 0, 0.25, 0.5, 0.25]);
  });

  it("works out a round's odds once, per round object, and a new round afresh", () => {
    const memo = roundMemo<number>();
    const round1 = {};
    const round2 = {};
    let counted = 0;
    const analyze = () => ++counted;
    expect(memo(round1, analyze)).toBe(1);
    expect(memo(round1, analyze)).toBe(1);
    expect(memo(round2, analyze)).toBe(2);
    expect(counted).toBe(2);
  });
});
