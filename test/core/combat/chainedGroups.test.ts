import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  checkInput,
  drawStepDice,
  rollForMe,
  startCombat,
  advance,
  stepSchema,
  type RollStep,
  type RuleSystem,
  type Step,
} from '../../../core/combat';
import { collectDice, countsFor, diceWanted, splitDice } from '../../../core/combat/rollGroups';
import { rollOutcomes } from '../../../core/analysis/combat';
import { seedState } from '../../../core/dice/prng';
import { resolveScenario } from '../../../core/scenario/resolve';

/**
 * Chained dice groups: an attack rolled through as players roll it at the table — to hit, then one
 * die to wound for each hit, then one armour save for each wound, then a special save for each
 * failed armour save — in one step. How many dice a chained group takes is known from the dice before it.
 */
const through: RollStep = {
  kind: 'roll',
  id: 'through',
  title: 'Attacks rolled through',
  actor: 'attacker',
  count: 20,
  sides: 6,
  needs: 'as each kind says',
  why: [],
  notes: [],
  groups: [
    { id: 'hit', label: 'to hit', count: 5, sides: 6, passOn: 3, needs: '3+' },
    {
      id: 'wound',
      label: 'to wound',
      count: 5,
      sides: 6,
      passOn: 4,
      needs: '4+',
      per: { group: 'hit', on: 'pass' },
      note: 'a D6 for each hit',
    },
    {
      id: 'armour',
      label: 'armour saves',
      count: 5,
      sides: 6,
      passOn: 5,
      needs: '5+',
      per: { group: 'wound', on: 'pass' },
      note: 'a D6 for each wound',
    },
    {
      id: 'aegis',
      label: 'Aegis saves',
      count: 5,
      sides: 6,
      passOn: 6,
      needs: '6+',
      per: { group: 'armour', on: 'fail' },
      note: 'a D6 for each failed armour save',
    },
  ],
};

interface State {
  rolled: number[][];
}
const chainy: RuleSystem<{ n: number }, State> = {
  id: 'chainy',
  name: 'Chainy',
  setupSchema: z.object({ n: z.number() }),
  start: () => ({ rolled: [] }),
  next: (state): Step =>
    state.rolled.length === 0
      ? through
      : { kind: 'outcome', id: 'end', title: 'Done', lines: [state.rolled[0]!.join(' ')], final: true },
  apply: (state, input) => (input.kind === 'roll' ? { rolled: [...state.rolled, input.dice] } : state),
  view: () => ({ sides: { attacker: { name: 'A', units: [] }, defender: { name: 'D', units: [] } }, log: [] }),
};

describe('chained dice groups: one die for each that passes (or fails) the group before', () => {
  it('is a valid step; a chain that follows a later group, or a group with no passing number, is not', () => {
    expect(stepSchema.safeParse(through).success).toBe(true);
    const backwards = { ...through, groups: [through.groups![1]!, through.groups![0]!] };
    expect(stepSchema.safeParse(backwards).success).toBe(false);
    const noPass = {
      ...through,
      groups: [{ id: 'hit', label: 'x', count: 2, sides: 6, needs: 'D6' }, through.groups![1]!],
    };
    expect(stepSchema.safeParse(noPass).success).toBe(false);
  });

  it('splits dice by the chain: 5 to hit (3 hits), 3 to wound (2 wounds), 2 armour (1 fails), 1 Aegis', () => {
    const dice = [3, 1, 6, 2, 4, /* wound */ 4, 3, 6, /* armour */ 5, 2, /* aegis */ 6];
    expect(splitDice(through, dice)).toEqual([[3, 1, 6, 2, 4], [4, 3, 6], [5, 2], [6]]);
    expect(diceWanted(through, dice)).toEqual({ count: dice.length, known: true });
    expect(() => checkInput(through, { kind: 'roll', stepId: 'through', dice, by: 'entered' })).not.toThrow();
  });

  it('a group that nothing passes into takes no dice; the groups after it none either', () => {
    const dice = [1, 2, 1, 2, 1];
    expect(splitDice(through, dice)).toEqual([[1, 2, 1, 2, 1], [], [], []]);
    expect(diceWanted(through, dice)).toEqual({ count: 5, known: true });
  });

  it('counts are unknown until the group followed is in, as the dice entry shows them', () => {
    expect(countsFor(through, [[3, 1]])).toEqual([5, null, null, null]);
    expect(countsFor(through, [[3, 1, 6, 2, 4], [4]])).toEqual([5, 3, null, null]);
  });

  it('refuses too few or too many dice for what the chain calls for, in words', () => {
    const short = { kind: 'roll' as const, stepId: 'through', dice: [3, 1, 6, 2, 4, 4, 3], by: 'entered' as const };
    expect(() => checkInput(through, short)).toThrow(/needs at least 8 dice/);
    const long = { ...short, dice: [1, 1, 1, 1, 1, 6] };
    expect(() => checkInput(through, long)).toThrow(/needs 5 dice/);
  });

  it('"Roll for me", resolve and the dice entry agree on how the dice split, whatever the dice (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const drawn = drawStepDice(seedState(seed), through);
        expect(() =>
          checkInput(through, { kind: 'roll', stepId: 'through', dice: drawn.faces, by: 'rolled' }),
        ).not.toThrow();
        const parts = splitDice(through, drawn.faces);
        expect(parts.flat()).toEqual(drawn.faces);
        expect(parts[1]!.length).toBe(parts[0]!.filter((f) => f >= 3).length);
        expect(parts[3]!.length).toBe(parts[2]!.filter((f) => f < 5).length);
      }),
      { numRuns: 200 },
    );
  });

  it('rollForMe and replay through the engine accept the drawn chain', () => {
    const combat = startCombat(chainy, { n: 1 }, 7);
    const input = rollForMe(combat);
    const after = advance(chainy, combat, input);
    expect(after.ok).toBe(true);
  });

  it('resolve with entered dice takes each chained group as the dice before it call for, and no more', () => {
    const r = resolveScenario({ system: chainy, setup: { n: 1 }, seed: 1, dice: [6, 6, 1, 1, 1, 4, 1, 2, 6] } as never);
    expect(r.outcome).toEqual(['6 6 1 1 1 4 1 2 6']);
    const collected = collectDice(through, (_g, count) => Array.from({ length: count }, () => 6));
    expect(collected.map((p) => p.length)).toEqual([5, 5, 5, 0]);
  });

  it('every distinguishable outcome of a chain, with chances summing to 1 and each outcome a valid input', () => {
    const small: RollStep = { ...through, groups: through.groups!.map((g) => ({ ...g, count: 2 })), count: 8 };
    const outcomes = rollOutcomes(small);
    expect(outcomes.reduce((s, o) => s + o.p, 0)).toBeCloseTo(1, 12);
    for (const o of outcomes)
      expect(() => checkInput(small, { kind: 'roll', stepId: 'through', dice: o.dice, by: 'entered' })).not.toThrow();
    // P(an attack ends unsaved) = 4/6 · 3/6 · 4/6 · 5/6; the chance of 2 unsaved of 2 is its square.
    const unsaved = (dice: number[]) => splitDice(small, dice)[3]!.filter((f) => f < 6).length;
    const pBoth = outcomes.filter((o) => unsaved(o.dice) === 2).reduce((s, o) => s + o.p, 0);
    expect(pBoth).toBeCloseTo(((4 / 6) * (3 / 6) * (4 / 6) * (5 / 6)) ** 2, 12);
  });

  it('a step whose rules read only each chain’s end (readsChainEnds): the same chances of how the last dice fall, in far fewer outcomes', () => {
    const big: RollStep = { ...through, groups: through.groups!.map((g) => ({ ...g, count: 8 })), count: 32 };
    const full = rollOutcomes(big);
    const ends = rollOutcomes({ ...big, readsChainEnds: true });
    expect(ends.length).toBeLessThan(full.length / 5);
    expect(ends.reduce((s, o) => s + o.p, 0)).toBeCloseTo(1, 12);
    // How the last group (the Aegis saves) falls: how many dice reach it, and how many of them pass.
    const endOf = (dice: number[]) => {
      const last = splitDice(big, dice)[3]!;
      return `${last.length}/${last.filter((f) => f >= 6).length}`;
    };
    const byEnd = (outcomes: typeof full) => {
      const m = new Map<string, number>();
      for (const o of outcomes) m.set(endOf(o.dice), (m.get(endOf(o.dice)) ?? 0) + o.p);
      return m;
    };
    const a = byEnd(full);
    const b = byEnd(ends);
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    for (const [k, p] of a) expect(b.get(k)!).toBeCloseTo(p, 12);
    for (const o of ends)
      expect(() => checkInput(big, { kind: 'roll', stepId: 'through', dice: o.dice, by: 'entered' })).not.toThrow();
  });

  it('two chains in one step (two parts at two targets) are counted apart and together', () => {
    const two: RollStep = {
      ...through,
      count: 12,
      readsChainEnds: true,
      groups: [
        { id: 'h1', label: 'A to hit', count: 4, sides: 6, passOn: 4, needs: '4+' },
        { id: 'w1', label: 'A to wound', count: 4, sides: 6, passOn: 3, needs: '3+', per: { group: 'h1', on: 'pass' } },
        { id: 'h2', label: 'B to hit', count: 2, sides: 6, passOn: 2, needs: '2+' },
        { id: 'w2', label: 'B to wound', count: 2, sides: 6, passOn: 5, needs: '5+', per: { group: 'h2', on: 'pass' } },
      ],
    };
    const outcomes = rollOutcomes(two);
    expect(outcomes.reduce((s, o) => s + o.p, 0)).toBeCloseTo(1, 12);
    // P(A wounds 4 times) = (1/2 · 2/3)^4; P(B wounds twice) = (5/6 · 1/3)^2.
    const wounds = (dice: number[]) =>
      splitDice(two, dice).map((part, i) =>
        i === 1 ? part.filter((f) => f >= 3).length : i === 3 ? part.filter((f) => f >= 5).length : -1,
      );
    const p = outcomes.filter((o) => wounds(o.dice)[1] === 4 && wounds(o.dice)[3] === 2).reduce((s, o) => s + o.p, 0);
    expect(p).toBeCloseTo(((1 / 2) * (2 / 3)) ** 4 * ((5 / 6) * (1 / 3)) ** 2, 12);
  });

  it('an ordered group (each die a hit on its own unit) is counted die by die: which die fails matters', () => {
    const saves: RollStep = {
      kind: 'roll',
      id: 'saves',
      title: 'Saves, in order',
      actor: 'defender',
      count: 3,
      sides: 6,
      needs: '4+',
      why: [],
      notes: [],
      groups: [{ id: 's', label: 'saves', count: 3, sides: 6, passOn: 4, needs: '4+', ordered: true }],
    };
    expect(stepSchema.safeParse(saves).success).toBe(true);
    const outcomes = rollOutcomes(saves);
    expect(outcomes).toHaveLength(8);
    expect(outcomes.reduce((s, o) => s + o.p, 0)).toBeCloseTo(1, 12);
    // Only the second die fails: one outcome of its own, with chance (1/2)^3.
    const secondFails = outcomes.filter((o) => o.dice[0]! >= 4 && o.dice[1]! < 4 && o.dice[2]! >= 4);
    expect(secondFails).toHaveLength(1);
    expect(secondFails[0]!.p).toBeCloseTo(1 / 8, 12);
  });
});
