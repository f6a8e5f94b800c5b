import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rollOutcomes } from '../../../core/analysis/combat';
import type { RollStep } from '../../../core/combat/steps';
import { binomial, sumOfD6 } from '../../../core/dice/probability';

/** The outcomes the whole-combat walk feeds the engine for a roll: every distinguishable one, each with its exact chance. */

const step = (over: Partial<RollStep>): RollStep => ({
  kind: 'roll',
  id: 's',
  title: 't',
  actor: 'attacker',
  count: 1,
  sides: 6,
  needs: '',
  why: [],
  notes: [],
  ...over,
});

describe('the outcomes of a roll', () => {
  it('pass/fail dice: how many pass is binomial, and every die given passes or fails as counted', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 7 }), (count, passOn) => {
        const outcomes = rollOutcomes(step({ count, passOn }));
        const byPasses = new Array<number>(count + 1).fill(0);
        for (const o of outcomes) {
          expect(o.dice).toHaveLength(count);
          byPasses[o.dice.filter((f) => f >= passOn).length]! += o.p;
        }
        const exact = binomial(count, Math.max(0, Math.min(1, (7 - passOn) / 6)));
        byPasses.forEach((p, k) => expect(p).toBeCloseTo(exact[k]!, 12));
      }),
    );
  });

  it('a natural 1 or 6 never stands in for a plain fail or pass (the face nearest the threshold)', () => {
    const faces = new Set(rollOutcomes(step({ count: 3, passOn: 4 })).flatMap((o) => o.dice));
    expect([...faces].sort()).toEqual([3, 4]);
  });

  it('criticals are their own class: 4+ to pass, 6 critical', () => {
    const outcomes = rollOutcomes(step({ count: 2, passOn: 4, criticalOn: 6 }));
    expect(outcomes).toHaveLength(6);
    const twoCrits = outcomes.find((o) => o.dice.every((f) => f === 6))!;
    expect(twoCrits.p).toBeCloseTo(1 / 36, 12);
  });

  it('a 2D6 test counts every face: the sums are 2D6, doubles included', () => {
    const outcomes = rollOutcomes(step({ count: 2 }));
    expect(outcomes).toHaveLength(21);
    const sums = new Array<number>(13).fill(0);
    for (const o of outcomes) sums[o.dice[0]! + o.dice[1]!]! += o.p;
    sumOfD6(2).forEach((p, k) => expect(sums[k] ?? 0).toBeCloseTo(p, 12));
    expect(outcomes.find((o) => o.dice[0] === 1 && o.dice[1] === 1)!.p).toBeCloseTo(1 / 36, 12);
  });

  it('grouped dice: the groups one after the other, the chances multiplied; they sum to 1', () => {
    const outcomes = rollOutcomes(
      step({
        count: 3,
        groups: [
          { id: 'a', label: 'D3', count: 1, sides: 3, needs: '' },
          { id: 'b', label: 'FNP', count: 2, sides: 6, passOn: 5, needs: '5+' },
        ],
      }),
    );
    expect(outcomes).toHaveLength(9);
    expect(outcomes.reduce((a, o) => a + o.p, 0)).toBeCloseTo(1, 12);
    for (const o of outcomes) expect(o.dice).toHaveLength(3);
  });

  it('a group whose total alone the rules read (a flee and a pursuit): each total once, with the chance of 2D6 or 3D6, its faces on the die and adding up to it', () => {
    const flee = { id: 'flee', label: 'Flee', count: 2, sides: 6 as const, needs: '2D6', readsSum: true };
    const pursue = { id: 'pursue', label: 'Pursue', count: 3, sides: 6 as const, needs: '3D6', readsSum: true };
    const outcomes = rollOutcomes(step({ count: 5, groups: [flee, pursue] }));
    // 11 totals of 2D6 times 16 of 3D6, where every face would be 21 × 56.
    expect(outcomes).toHaveLength(11 * 16);
    const byTotals = new Map<string, number>();
    for (const o of outcomes) {
      expect(o.dice).toHaveLength(5);
      for (const f of o.dice) expect(f >= 1 && f <= 6).toBe(true);
      const key = `${o.dice[0]! + o.dice[1]!}|${o.dice[2]! + o.dice[3]! + o.dice[4]!}`;
      expect(byTotals.has(key), `total ${key} given once`).toBe(false);
      byTotals.set(key, o.p);
    }
    const two = sumOfD6(2);
    const three = sumOfD6(3);
    for (const [key, p] of byTotals) {
      const [a, b] = key.split('|').map(Number);
      expect(p).toBeCloseTo(two[a!]! * three[b!]!, 12);
    }
    // Pursuit ≥ flee, as the rules read it: the same chance from the totals as from every throw.
    const caught = outcomes
      .filter((o) => o.dice[2]! + o.dice[3]! + o.dice[4]! >= o.dice[0]! + o.dice[1]!)
      .reduce((a, o) => a + o.p, 0);
    let direct = 0;
    two.forEach((pf, f) => three.forEach((pp, q) => (direct += q >= f ? pf * pp : 0)));
    expect(caught).toBeCloseTo(direct, 12);
  });

  it('the same dice give the same outcomes, remembered and frozen (no caller can change them for the next)', () => {
    const a = rollOutcomes(step({ count: 4, passOn: 3 }));
    const b = rollOutcomes(step({ id: 'other', title: 'another step', count: 4, passOn: 3 }));
    expect(b).toBe(a);
    expect(Object.isFrozen(a[0]!.dice)).toBe(true);
    // A different threshold is a different roll.
    expect(rollOutcomes(step({ count: 4, passOn: 4 }))).not.toBe(a);
  });
});
