import { describe, expect, it } from 'vitest';
import { bestOf, headlinesOf } from '../../../core/analysis/headline';

/** Odds for every choice: the figure each option of a choice is shown with (core/analysis/headline.ts). */
const d = (
  main: number[],
  facts: Array<{ label: string; probability: number; wins?: 'attacker' | 'defender' }> = [],
) => ({ measure: 'models destroyed', main, facts });

describe('the figure a choice is compared by', () => {
  it("the chooser's chance to win, when the options change it", () => {
    const win = (p: number) =>
      d(
        [1],
        [
          { label: 'Orcs win the round', probability: p, wins: 'defender' },
          { label: 'Empire win the round', probability: 1 - p, wins: 'attacker' },
        ],
      );
    expect(headlinesOf([win(0.6), win(0.4)], 'defender')).toEqual([
      { label: 'Orcs win the round', value: 0.6, kind: 'probability' },
      { label: 'Orcs win the round', value: 0.4, kind: 'probability' },
    ]);
  });

  it('another named chance when the win is already settled (a pursuit after the result)', () => {
    const after = (caught: number) =>
      d(
        [1],
        [
          { label: 'Empire win the round', probability: 1, wins: 'attacker' },
          { label: 'Orcs: broken and caught', probability: caught },
        ],
      );
    expect(headlinesOf([after(0.45), after(0)], 'attacker').map((h) => h && [h.label, h.value])).toEqual([
      ['Orcs: broken and caught', 0.45],
      ['Orcs: broken and caught', 0],
    ]);
  });

  it('the expected main measure where a system names no chances (a save: armour or invulnerable)', () => {
    expect(headlinesOf([d([0.5, 0.5]), d([0.25, 0.75])], 'defender')).toEqual([
      { label: 'models destroyed', value: 0.5, kind: 'expected' },
      { label: 'models destroyed', value: 0.75, kind: 'expected' },
    ]);
  });

  it('an option whose state has no odds gets none; nothing to compare gives the first figure', () => {
    expect(headlinesOf([d([1]), null], 'attacker')).toEqual([
      { label: 'models destroyed', value: 0, kind: 'expected' },
      null,
    ]);
    expect(headlinesOf([null, null], 'attacker')).toEqual([null, null]);
  });

  it('options that cannot change anything show a chance still open, or nothing — never a flat 0% or 100% under each', () => {
    const decided = (caught: number) =>
      d(
        [1],
        [
          { label: 'Empire win the round', probability: 1, wins: 'attacker' },
          { label: 'Orcs: broken and caught', probability: caught },
        ],
      );
    expect(headlinesOf([decided(0.3), decided(0.3)], 'attacker').map((h) => h && [h.label, h.value])).toEqual([
      ['Orcs: broken and caught', 0.3],
      ['Orcs: broken and caught', 0.3],
    ]);
    expect(headlinesOf([decided(0), decided(0)], 'attacker')).toEqual([null, null]);
  });
});

describe('the option best for the chooser, by the figure shown', () => {
  const names = { attacker: 'Knights', defender: 'Spearmen' };
  const win = (p: number) =>
    d(
      [1],
      [
        { label: 'Knights win the round', probability: p, wins: 'attacker' },
        { label: 'Spearmen win the round', probability: 1 - p, wins: 'defender' },
      ],
    );
  const best = (options: ReturnType<typeof d>[], chooser: 'attacker' | 'defender', preferred = -1) =>
    bestOf(options, headlinesOf(options, chooser), chooser, names, preferred);

  it('the higher chance to win the round for the side that chooses (Baron: 0 at the Captain beats 2 at the Captain)', () => {
    expect(best([win(0.743), win(0.85)], 'attacker')).toBe(1);
    expect(best([win(0.743), win(0.85)], 'defender')).toBe(0);
  });

  it('the main measure counts for the attacker: the attacker wants more of it, the defender less', () => {
    expect(best([d([0.5, 0.5]), d([0.25, 0.75])], 'attacker')).toBe(1);
    expect(best([d([0.5, 0.5]), d([0.25, 0.75])], 'defender')).toBe(0);
  });

  it("a side's misfortune (caught) is good for the other side", () => {
    const caught = (p: number) => d([1], [{ label: 'Spearmen: broken and caught', probability: p }]);
    expect(best([caught(0), caught(0.45)], 'attacker')).toBe(1);
    expect(best([caught(0), caught(0.45)], 'defender')).toBe(0);
  });

  it("the system's suggestion stands among equals, and nothing is chosen where figures cannot tell options apart", () => {
    expect(best([win(0.85), win(0.5), win(0.85)], 'attacker', 2)).toBe(2);
    expect(best([win(0.85), win(0.5), win(0.85)], 'attacker', 1)).toBe(0);
    expect(best([win(0.6), win(0.6)], 'attacker')).toBeNull();
    expect(bestOf([win(0.6), null], headlinesOf([win(0.6), null], 'attacker'), 'attacker', names)).toBeNull();
    // A named chance of no known side: which way is good cannot be told.
    const other = (p: number) => d([1], [{ label: 'Draw', probability: p }]);
    expect(best([other(0.2), other(0.4)], 'attacker')).toBeNull();
  });
});
