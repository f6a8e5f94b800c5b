import { describe, expect, it } from 'vitest';
import type { DiceGroup, RollStep } from '../../core/combat/steps';
import { diceOfSizes, groupNeed, needsAtBoxes, rollSummary } from '../../renderer/src/combat/needsWords';

/**
 * A roll step of many groups of dice says, above its boxes, only how the roll goes; each box says
 * what its own dice need (issue 22, "Nothing to scroll for": the first box opens in sight).
 */

const d6 = (id: string, label: string, count: number, passOn: number, more: Partial<DiceGroup> = {}): DiceGroup => ({
  id,
  label,
  count,
  sides: 6,
  passOn,
  needs: `${passOn}+`,
  ...more,
});
const after = (source: string, note: string, on: 'pass' | 'fail' = 'pass') => ({ per: { group: source, on }, note });
const rollOf = (groups: DiceGroup[] | undefined): RollStep => ({
  kind: 'roll',
  id: 's',
  title: 'A roll',
  actor: 'attacker',
  count: groups ? groups.reduce((n, g) => n + g.count, 0) : 4,
  sides: 6,
  needs: '3+',
  why: [],
  notes: [],
  ...(groups ? { groups } : {}),
});

/** The Ninth Age's Agility 4 of its example: the Knights, the Captain and the Standard Bearer each roll their attacks through. */
const agility4: DiceGroup[] = [
  d6('0.hit', 'Knights to hit the Spearmen', 5, 3),
  d6('0.wound', 'Knights to wound the Spearmen', 5, 2, after('0.hit', 'a D6 per hit')),
  d6('1.hit', 'Captain to hit the Knights', 3, 3),
  d6('1.wound', 'Captain to wound the Knights', 3, 3, after('1.hit', 'a D6 per hit')),
  d6('1.armour', 'Knights’ armour saves', 3, 3, after('1.wound', 'a D6 per wound')),
  d6('1.special', 'Knights’ Aegis saves', 3, 6, after('1.armour', 'a D6 per failed save', 'fail')),
  d6('2.hit', 'Standard Bearer to hit the Knights', 2, 4),
  d6('2.wound', 'Standard Bearer to wound the Knights', 2, 3, after('2.hit', 'a D6 per hit')),
];

describe('which roll steps put each need at its box', () => {
  it('an attack rolled through (to hit, then a die for each hit) puts each need at its box', () => {
    expect(needsAtBoxes(rollOf(agility4))).toBe(true);
    expect(
      needsAtBoxes(
        rollOf([d6('hit', 'to hit', 18, 4), d6('wound', 'to wound', 18, 4, after('hit', 'a D6 for each hit'))]),
      ),
    ).toBe(true);
  });

  it('more than three groups side by side put each need at its box; three or fewer keep one line', () => {
    const groups = [1, 2, 3, 4].map((n) => d6(`g${n}`, `Group ${n}`, n, 4));
    expect(needsAtBoxes(rollOf(groups))).toBe(true);
    expect(needsAtBoxes(rollOf(groups.slice(0, 3)))).toBe(false);
    // The flee and the pursuit, or the Damage D3 and its Feel No Pain dice: one line above the boxes.
    expect(needsAtBoxes(rollOf(groups.slice(0, 2)))).toBe(false);
  });

  it('a step of one kind of dice keeps its line', () => {
    expect(needsAtBoxes(rollOf(undefined))).toBe(false);
    expect(needsAtBoxes(rollOf([d6('only', 'Only', 4, 3)]))).toBe(false);
  });
});

describe('the summary line above the boxes', () => {
  it('says the dice rolled first, how many boxes, and each kind that follows once, nearest first', () => {
    expect(rollSummary(agility4)).toEqual({
      first: '10 D6',
      firstBoxes: 3,
      then: ['a D6 per hit', 'a D6 per wound', 'a D6 per failed save'],
      kinds: 4,
      boxes: 8,
    });
  });

  it('orders what follows by how far down the chain it is, not by where its box sits', () => {
    // The second part's saves come before the third part's wounds in the boxes, but follow them in the roll.
    const groups = [
      d6('a', 'A to hit', 2, 3),
      d6('a.w', 'A to wound', 2, 3, after('a', 'a D6 per hit')),
      d6('a.s', 'saves', 2, 4, after('a.w', 'a D6 per wound')),
      d6('b', 'B to hit', 1, 3),
      d6('b.w', 'B to wound', 1, 3, after('b', 'a D6 for each hit')),
    ];
    expect(rollSummary(groups).then).toEqual(['a D6 per hit', 'a D6 for each hit', 'a D6 per wound']);
  });

  it('a chained group the host gives no words for still says what it follows', () => {
    const groups = [d6('a', 'A', 2, 3), { ...d6('b', 'B', 2, 3), per: { group: 'a', on: 'pass' as const } }];
    expect(rollSummary(groups).then).toEqual(['a die for each die above that calls for it']);
  });

  it('groups side by side only: every die, no kinds that follow', () => {
    const groups = [1, 2, 3, 4].map((n) => d6(`g${n}`, `Group ${n}`, n, 4));
    expect(rollSummary(groups)).toEqual({ first: '10 D6', firstBoxes: 4, then: [], kinds: 1, boxes: 4 });
  });

  it('dice of two sizes are counted apart', () => {
    const d3: DiceGroup = { id: 'dmg', label: 'Damage (D3)', count: 1, sides: 3, needs: 'D3' };
    expect(diceOfSizes([d3, d6('fnp', 'Feel No Pain 5+', 2, 5)])).toBe('1 D3 and 2 D6');
  });
});

describe("a box's own need line", () => {
  it('a group rolled first: how many dice, for what, and what they need', () => {
    expect(groupNeed(agility4[2]!, 3, false)).toEqual({
      lead: 'Roll',
      dice: '3 D6',
      label: 'Captain to hit the Knights',
      needs: '3+',
      critical: null,
    });
  });

  it('a chained group waiting for its dice says what they follow; once known, how many', () => {
    expect(groupNeed(agility4[3]!, null, false)).toMatchObject({ lead: 'then', dice: 'a D6 per hit', needs: '3+' });
    expect(groupNeed(agility4[3]!, 2, false)).toMatchObject({ lead: 'Roll', dice: '2 D6' });
  });

  it('criticals are said as players say them', () => {
    expect(groupNeed(d6('w', 'to wound', 4, 4, { criticalOn: 6 }), 4, false).critical).toBe('a 6');
    expect(groupNeed(d6('w', 'to wound', 4, 4, { criticalOn: 5 }), 4, false).critical).toBe('5+');
  });

  it('D3s rolled as D6s to halve are asked for as D6s; a roll that does not pass or fail says no need', () => {
    const d3: DiceGroup = { id: 'dmg', label: 'Damage (D3)', count: 2, sides: 3, needs: 'D3' };
    expect(groupNeed(d3, 2, true)).toEqual({
      lead: 'Roll',
      dice: '2 D6 to halve',
      label: 'Damage (D3)',
      needs: null,
      critical: null,
    });
    expect(groupNeed(d3, 2, false).dice).toBe('2 D3');
  });

  it('a label that already names its need does not say it twice', () => {
    expect(groupNeed(d6('save', 'Orks: saves 4+', 1, 4), 1, false).needs).toBeNull();
    expect(groupNeed(d6('save', 'Orks: saves 4+, re-rolled if failed', 1, 4), 1, false).needs).toBeNull();
    expect(groupNeed(d6('hit', 'Knights to hit the Spearmen', 5, 3), 5, false).needs).toBe('3+');
    // "14+" is not "4+".
    expect(groupNeed(d6('x', 'a total of 14+', 1, 4), 1, false).needs).toBe('4+');
  });
});
