import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  diceDistribution,
  evaluateDice,
  formatDice,
  isDiceExpression,
  maxOf,
  meanOf,
  minOf,
  parseDice,
} from '../../../core/dice';

describe('dice expressions', () => {
  it.each([
    ['3', { count: 0, sides: 6, modifier: 3 }],
    ['D3', { count: 1, sides: 3, modifier: 0 }],
    ['D6', { count: 1, sides: 6, modifier: 0 }],
    ['2D6', { count: 2, sides: 6, modifier: 0 }],
    ['3D6', { count: 3, sides: 6, modifier: 0 }],
    ['D6+1', { count: 1, sides: 6, modifier: 1 }],
    ['D6+6', { count: 1, sides: 6, modifier: 6 }],
    ['2D3+2', { count: 2, sides: 3, modifier: 2 }],
    [' d6 + 2 ', { count: 1, sides: 6, modifier: 2 }],
    ['D6-1', { count: 1, sides: 6, modifier: -1 }],
  ])('parses %s', (text, expected) => {
    expect(parseDice(text)).toEqual(expected);
  });

  it.each(['', 'D4', 'D', '2D', 'D6+', '1.5', 'D6*2', '-3', '0D6', '21D6', 'six'])(
    'refuses %j with a message showing the accepted forms',
    (text) => {
      expect(() => parseDice(text)).toThrow(/not a dice expression.*D6/);
      expect(isDiceExpression(text)).toBe(false);
    },
  );

  it('formats back to the canonical text', () => {
    for (const text of ['3', 'D3', 'D6', '2D6', 'D6+1', '2D3+2', 'D6-1'])
      expect(formatDice(parseDice(text))).toBe(text);
  });

  it('gives exact distributions: D3 is a D6 halved rounding up (RULES, common rules)', () => {
    const d3 = diceDistribution(parseDice('D3'));
    const halvedD6 = [0, 0, 0, 0];
    for (let face = 1; face <= 6; face++) halvedD6[Math.ceil(face / 2)]! += 1 / 6;
    d3.forEach((p, v) => expect(p).toBeCloseTo(halvedD6[v]!, 15));
  });

  it('2D6 has the triangular distribution', () => {
    const p = diceDistribution(parseDice('2D6'));
    expect(p).toHaveLength(13);
    [0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1].forEach((ways, total) => expect(p[total]).toBeCloseTo(ways / 36, 15));
  });

  it('a fixed value is certain, and D6+1 is shifted', () => {
    expect(diceDistribution(parseDice('3'))).toEqual([0, 0, 0, 1]);
    const p = diceDistribution(parseDice('D6+1'));
    expect(p[1]).toBe(0);
    for (let v = 2; v <= 7; v++) expect(p[v]).toBeCloseTo(1 / 6, 15);
  });

  it('clamps a negative total to 0 (D6-1 on a 1 is 0)', () => {
    const e = parseDice('D6-1');
    expect(evaluateDice(e, [1])).toBe(0);
    expect(diceDistribution(e)[0]).toBeCloseTo(1 / 6, 15);
  });

  it('evaluates rolled faces and refuses the wrong number of dice', () => {
    expect(evaluateDice(parseDice('2D3+2'), [1, 3])).toBe(6);
    expect(() => evaluateDice(parseDice('2D6'), [4])).toThrow(/needs 2 dice/);
  });

  it('property: every distribution sums to 1, spans min..max and has the right mean', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 6 }),
        fc.constantFrom(3 as const, 6 as const),
        fc.integer({ min: -2, max: 6 }),
        (count, sides, modifier) => {
          const e =
            count === 0 ? { count: 0, sides: 6 as const, modifier: Math.max(0, modifier) } : { count, sides, modifier };
          const p = diceDistribution(e);
          expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
          expect(p.length - 1).toBe(Math.max(0, maxOf(e)));
          p.forEach((q, v) => {
            if (v < Math.max(0, minOf(e))) expect(q).toBe(0);
          });
          if (minOf(e) >= 0) expect(meanOf(e)).toBeCloseTo(count * ((sides + 1) / 2) + e.modifier, 12);
        },
      ),
    );
  });
});
