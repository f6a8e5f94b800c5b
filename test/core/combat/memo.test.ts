import { describe, expect, it } from 'vitest';
import { MEMO_ENTRIES, memo, perOwner, stepMemo } from '../../../core/combat/memo';
import type { RollStep } from '../../../core/combat/steps';

describe('the engine’s per-combat memory', () => {
  it('works a value out once per owner and key, and apart for another owner', () => {
    const remembered = memo<string[]>();
    const a = {};
    const b = {};
    let made = 0;
    const make = () => (made++, ['value']);
    const first = remembered(a, 'k', make);
    expect(remembered(a, 'k', make)).toBe(first);
    expect(made).toBe(1);
    expect(remembered(b, 'k', make)).not.toBe(first);
    expect(remembered(a, 'other', make)).toEqual(['value']);
    expect(made).toBe(3);
  });

  it('is bounded: past its entries it starts afresh and still answers right', () => {
    const remembered = memo<number>();
    const owner = {};
    for (let i = 0; i < MEMO_ENTRIES * 2 + 5; i++) expect(remembered(owner, String(i), () => i * 2)).toBe(i * 2);
    let made = 0;
    expect(remembered(owner, '0', () => (made++, 0))).toBe(0);
    expect(made).toBe(1);
  });

  it('keeps one value per owner', () => {
    let made = 0;
    const of = perOwner((o: { n: number }) => (made++, [o.n]));
    const o = { n: 4 };
    expect(of(o)).toBe(of(o));
    expect(of({ n: 5 })).toEqual([5]);
    expect(made).toBe(2);
  });

  it('gives a remembered step the id of the state that asks it, the rest unchanged', () => {
    const steps = stepMemo<RollStep>();
    const owner = {};
    const build = (counter: number): RollStep => ({
      kind: 'roll',
      id: `strikes.hit.${counter}`,
      notes: ['n'],
      title: 'T',
      actor: 'attacker',
      count: 2,
      sides: 6,
      needs: '3+',
      why: [],
    });
    const first = steps(owner, 'k', 3, () => build(3));
    expect(first).toEqual(build(3));
    const later = steps(owner, 'k', 17, () => build(17));
    expect(later).toEqual(build(17));
    expect(Object.keys(later)).toEqual(Object.keys(build(17)));
    expect(steps(owner, 'k', 3, () => build(3))).toBe(first);
  });
});
