import { describe, expect, it } from 'vitest';
import { breakChance, breaksOn, passesLeadership } from '../../../../../core/systems/old-world/morale';
import { fleeClasses, product, twoD6Classes } from '../../../../../core/systems/old-world/analysis/rollClasses';

/**
 * The rolls after the strikes by what the rules read of them (analysis/rollClasses.ts): each
 * class's chance against every way the dice can fall, and each class's dice in their class.
 */

/** Every way `counts` D6 can fall, as each group's total (brute force). */
function totals(counts: readonly number[]): Array<{ totals: number[]; p: number }> {
  let all: Array<{ totals: number[]; p: number }> = [{ totals: [], p: 1 }];
  for (const n of counts) {
    let sums = new Map<number, number>([[0, 1]]);
    for (let d = 0; d < n; d++) {
      const next = new Map<number, number>();
      for (const [s, q] of sums) for (let f = 1; f <= 6; f++) next.set(s + f, (next.get(s + f) ?? 0) + q / 6);
      sums = next;
    }
    all = all.flatMap((a) => [...sums].map(([s, q]) => ({ totals: [...a.totals, s], p: a.p * q })));
  }
  return all;
}

const sum = (dice: readonly number[]) => dice.reduce((a, b) => a + b, 0);

describe('flight and pursuit by caught or escaped', () => {
  it.each([
    [2, [2]],
    [2, [3]],
    [3, [2]],
    [2, [2, 3]],
  ])('a %iD6 flee and pursuers of %j: caught when any pursuer rolls the flee total or more', (flee, pursuers) => {
    const classes = fleeClasses(flee, pursuers)!;
    const caught = totals([flee, ...pursuers])
      .filter((o) => o.totals.slice(1).some((d) => d >= o.totals[0]!))
      .reduce((p, o) => p + o.p, 0);
    expect(classes.map((c) => c.p)).toHaveLength(2);
    expect(Math.abs(classes[0]!.p - caught)).toBeLessThan(1e-12);
    expect(Math.abs(classes[1]!.p - (1 - caught))).toBeLessThan(1e-12);
    // Each class's dice fall in it: the flee first, then each pursuer's.
    const read = (dice: number[]) => {
      const f = sum(dice.slice(0, flee));
      let at = flee;
      return pursuers.some((n) => sum(dice.slice(at, (at += n))) >= f);
    };
    expect(read(classes[0]!.dice)).toBe(true);
    expect(read(classes[1]!.dice)).toBe(false);
  });

  it('a broken unit nobody pursues just flees: one class', () => {
    expect(fleeClasses(3, [])).toEqual([{ dice: [1, 1, 1], p: 1 }]);
  });
});

describe('2D6 tests by passed or failed', () => {
  it.each([
    [7, 0, false],
    [7, 3, true],
    [5, 6, true],
    [5, 6, false],
    [9, 1, true],
  ])(
    'a break test on Ld %i, lost by %i, insane courage %s: the chance to break as the engine counts it',
    (leadership, modifier, insaneCourage) => {
      const test = { kind: 'roll' as const, leadership, modifier, insaneCourage, why: [] };
      const classes = twoD6Classes((dice) => breaksOn(test, dice));
      const breaks = classes.find((c) => breaksOn(test, c.dice))?.p ?? 0;
      expect(Math.abs(breaks - breakChance(test))).toBeLessThan(1e-12);
      expect(classes.reduce((p, c) => p + c.p, 0)).toBeCloseTo(1, 12);
    },
  );

  it('a double 1 holds with insane courage however much the unit lost by', () => {
    const test = { kind: 'roll' as const, leadership: 4, modifier: 8, insaneCourage: true, why: [] };
    const classes = twoD6Classes((dice) => breaksOn(test, dice));
    const held = classes.find((c) => !breaksOn(test, c.dice))!;
    expect(held.p).toBeCloseTo(1 / 36, 12);
    expect(held.dice).toEqual([1, 1]);
  });

  it('a panic test passes on 2D6 equal to or under Leadership', () => {
    const classes = twoD6Classes((dice) => passesLeadership(7, dice));
    expect(classes.find((c) => passesLeadership(7, c.dice))!.p).toBeCloseTo(21 / 36, 12);
  });

  it('several tests together: every combination, the dice one test after the other', () => {
    const a = [
      { dice: [1], p: 0.25 },
      { dice: [6], p: 0.75 },
    ];
    const b = [
      { dice: [2, 2], p: 0.5 },
      { dice: [5, 5], p: 0.5 },
    ];
    expect(product([a, b])).toEqual([
      { dice: [1, 2, 2], p: 0.125 },
      { dice: [1, 5, 5], p: 0.125 },
      { dice: [6, 2, 2], p: 0.375 },
      { dice: [6, 5, 5], p: 0.375 },
    ]);
  });
});
