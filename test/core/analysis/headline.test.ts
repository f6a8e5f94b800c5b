import { describe, expect, it } from 'vitest';
import { headlinesOf } from '../../../core/analysis/headline';

/** Odds for every choice: the figure each option of a choice is shown with (core/analysis/headline.ts). */
const d = (main: number[], facts: Array<{ label: string; probability: number; wins?: 'attacker' | 'defender' }> = []) => ({ measure: 'models destroyed', main, facts });

describe('the figure a choice is compared by', () => {
  it('the chooser\'s chance to win, when the options change it', () => {
    const win = (p: number) => d([1], [{ label: 'Orcs win the round', probability: p, wins: 'defender' }, { label: 'Empire win the round', probability: 1 - p, wins: 'attacker' }]);
    expect(headlinesOf([win(0.6), win(0.4)], 'defender')).toEqual([
      { label: 'Orcs win the round', value: 0.6, kind: 'probability' },
      { label: 'Orcs win the round', value: 0.4, kind: 'probability' },
    ]);
  });

  it('another named chance when the win is already settled (a pursuit after the result)', () => {
    const after = (caught: number) => d([1], [{ label: 'Empire win the round', probability: 1, wins: 'attacker' }, { label: 'Orcs: broken and caught', probability: caught }]);
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
    expect(headlinesOf([d([1]), null], 'attacker')).toEqual([{ label: 'models destroyed', value: 0, kind: 'expected' }, null]);
    expect(headlinesOf([null, null], 'attacker')).toEqual([null, null]);
  });
});
