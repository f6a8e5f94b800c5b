import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rollOutcomes } from '../../../core/analysis/combat';
import type { RollStep } from '../../../core/combat/steps';
import { binomial, sumOfD6 } from '../../../core/dice/probability';

/** The outcomes the whole-combat walk feeds the engine for a roll: every distinguishable one, each with its exact chance. */

const step = (over: Partial<RollStep>): RollStep => ({ kind: 'roll', id: 's', title: 't', actor: 'attacker', count: 1, sides: 6, needs: '', why: [], notes: [], ...over });

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
    const outcomes = rollOutcomes(step({ count: 3, groups: [{ id: 'a', label: 'D3', count: 1, sides: 3, needs: '' }, { id: 'b', label: 'FNP', count: 2, sides: 6, passOn: 5, needs: '5+' }] }));
    expect(outcomes).toHaveLength(9);
    expect(outcomes.reduce((a, o) => a + o.p, 0)).toBeCloseTo(1, 12);
    for (const o of outcomes) expect(o.dice).toHaveLength(3);
  });
});
