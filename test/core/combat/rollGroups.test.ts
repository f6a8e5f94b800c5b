import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  advance,
  checkInput,
  d3FromD6,
  drawStepDice,
  groupsOf,
  halveForD3,
  inputSchema,
  replay,
  rollForMe,
  startCombat,
  stepSchema,
  type Input,
  type RollStep,
  type RuleSystem,
  type Step,
} from '../../../core/combat';
import { drawDice, seedState } from '../../../core/dice/prng';
import { resolveScenario } from '../../../core/scenario/resolve';
import { toySystem } from './toySystem';

/**
 * The step protocol's dice groups (one roll step taking dice of several kinds, e.g. an attack's
 * Damage D3 and its Feel No Pain D6s) and D3s rolled as halved D6s (RULES common rules: D3 =
 * ceil(D6/2)), on a tiny system of their own: one step takes a D3 and three D6, then a plain D3.
 */
interface State {
  rolled: number[][];
}

const grouped: RollStep = {
  kind: 'roll',
  id: 'both',
  title: 'Damage and Feel No Pain',
  actor: 'defender',
  count: 4,
  sides: 6,
  needs: 'D3, then 5+',
  why: [{ rule: 'toy', detail: 'a D3 and three D6' }],
  notes: [],
  groups: [
    { id: 'damage', label: 'Damage (D3)', count: 1, sides: 3, needs: 'D3' },
    { id: 'fnp', label: 'Feel No Pain 5+', count: 3, sides: 6, passOn: 5, needs: '5+' },
  ],
};
const plainD3: RollStep = {
  kind: 'roll',
  id: 'd3',
  title: 'A D3',
  actor: 'attacker',
  count: 2,
  sides: 3,
  needs: 'D3',
  why: [],
  notes: [],
};

const dicey: RuleSystem<{ turns: number }, State> = {
  id: 'dicey',
  name: 'Dicey',
  setupSchema: z.object({ turns: z.number() }),
  start: () => ({ rolled: [] }),
  next(state): Step {
    if (state.rolled.length === 0) return grouped;
    if (state.rolled.length === 1) return plainD3;
    return { kind: 'outcome', id: 'end', title: 'Done', lines: state.rolled.map((d) => d.join(' ')), final: true };
  },
  apply: (state, input) => (input.kind === 'roll' ? { rolled: [...state.rolled, input.dice] } : state),
  view: () => ({ sides: { attacker: { name: 'A', units: [] }, defender: { name: 'D', units: [] } }, log: [] }),
};

const roll = (stepId: string, dice: number[], extra: Partial<Input & { kind: 'roll' }> = {}): Input => ({
  kind: 'roll',
  stepId,
  dice,
  by: 'entered',
  ...extra,
});

describe('dice groups: one roll step taking dice of several kinds', () => {
  it('is a valid step of the protocol; a step without groups reads as one group of its own dice', () => {
    expect(stepSchema.safeParse(grouped).success).toBe(true);
    expect(groupsOf(plainD3)).toEqual([{ id: 'dice', label: '2 D3', count: 2, sides: 3, needs: 'D3' }]);
  });

  it('each die is checked against its own group: the D3 shows 1–3, the D6s 1–6', () => {
    const c = startCombat(dicey, { turns: 1 }, 1);
    expect(() => checkInput(grouped, roll('both', [2, 6, 6, 1]))).not.toThrow();
    const bad = advance(dicey, c, roll('both', [4, 6, 6, 1]));
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatchObject({ message: 'Die 1 shows 4: a D3 shows 1 to 3.', field: 'dice[0]' });
    const few = advance(dicey, c, roll('both', [2, 6, 6]));
    expect(few.ok).toBe(false);
    if (!few.ok) expect(few.error.message).toBe('"Damage and Feel No Pain" needs 4 dice, 3 given.');
  });

  it('"Roll for me" draws each group with its own die, in order, and the generator moves on by exactly those draws', () => {
    const c = startCombat(dicey, { turns: 1 }, 42);
    const input = rollForMe(c);
    const d3 = drawDice(seedState(42), 1, 3);
    const d6 = drawDice(d3.state, 3, 6);
    expect(input).toEqual({ kind: 'roll', stepId: 'both', dice: [...d3.faces, ...d6.faces], by: 'rolled' });
    const after = advance(dicey, c, input);
    expect(after.ok && after.combat.rng).toEqual(d6.state);
  });

  it('a step of one group draws exactly as before groups existed (old logs replay to the same dice)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 30 }), (seed, dice) => {
        const step: RollStep = {
          kind: 'roll',
          id: 'x',
          title: 'x',
          actor: 'attacker',
          count: dice,
          sides: 6,
          needs: '4+',
          why: [],
          notes: [],
        };
        expect(drawStepDice(seedState(seed), step)).toEqual(drawDice(seedState(seed), dice, 6));
      }),
      { numRuns: 50 },
    );
  });

  it('resolve with entered dice takes the groups one after the other', () => {
    const r = resolveScenario({ system: dicey as RuleSystem, setup: { turns: 1 }, dice: [3, 5, 1, 6, 2, 2] });
    expect(r.inputs.map((i) => (i.kind === 'roll' ? i.dice : null))).toEqual([
      [3, 5, 1, 6],
      [2, 2],
    ]);
    expect(() =>
      resolveScenario({ system: dicey as RuleSystem, setup: { turns: 1 }, dice: [5, 5, 1, 6, 2, 2] }),
    ).toThrow(/not a face of a D3/);
  });
});

describe('D3 as players roll it: D6s halved (RULES common rules: D3 = ceil(D6/2))', () => {
  it('halving: 1–2 → 1, 3–4 → 2, 5–6 → 3; only the D3 dice of a step are halved', () => {
    expect([1, 2, 3, 4, 5, 6].map(d3FromD6)).toEqual([1, 1, 2, 2, 3, 3]);
    expect(halveForD3(grouped, [5, 5, 2, 6])).toEqual([3, 5, 2, 6]);
  });

  it('an input may carry the D6s typed: the log keeps both, the rules get the D3 results, and the replay is exact', () => {
    let c = startCombat(dicey, { turns: 1 }, 7);
    const first = advance(dicey, c, roll('both', [3, 5, 1, 6], { typed: [6, 5, 1, 6] }));
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    c = first.combat;
    const second = advance(dicey, c, roll('d3', [1, 2], { typed: [2, 4] }));
    expect(second.ok).toBe(true);
    if (!second.ok) return;
    expect(second.combat.state.rolled).toEqual([
      [3, 5, 1, 6],
      [1, 2],
    ]);
    expect(second.combat.log.inputs[1]).toMatchObject({ dice: [1, 2], typed: [2, 4] });
    const stored = JSON.parse(JSON.stringify(second.combat.log));
    expect(replay(dicey, { ...stored, inputs: stored.inputs.map((i: unknown) => inputSchema.parse(i)) })).toEqual(
      second.combat,
    );
  });

  it('refuses typed faces that do not halve to the dice given, are not D6 faces, or are for a step without D3s', () => {
    const c = startCombat(dicey, { turns: 1 }, 7);
    const cases: Array<[Input, RegExp]> = [
      [roll('both', [2, 5, 1, 6], { typed: [6, 5, 1, 6] }), /a D6 of 6 halved is a D3 of 3, not 2/],
      [roll('both', [3, 5, 1, 6], { typed: [6, 4, 1, 6] }), /Die 2 is a D6: typed 4, given 5/],
      [roll('both', [3, 5, 1, 6], { typed: [7, 5, 1, 6] }), /Typed die 1 shows 7: a D6 shows 1 to 6/],
      [roll('both', [3, 5, 1, 6], { typed: [6, 5] }), /2 typed faces for 4 dice/],
      [roll('both', [3, 5, 1, 6], { typed: [6, 5, 1, 6], by: 'rolled' }), /dice the players entered/],
    ];
    for (const [input, message] of cases) {
      const r = advance(dicey, c, input);
      expect(r.ok, String(message)).toBe(false);
      if (!r.ok) expect(r.error.message).toMatch(message);
    }
    const toy = startCombat(toySystem, { dice: 2 }, 1);
    const noD3 = advance(toySystem, toy, roll('hit', [4, 4], { typed: [4, 4] }));
    expect(noD3.ok).toBe(false);
    if (!noD3.ok) expect(noD3.error.message).toMatch(/has no D3/);
  });

  it('an old stored input (no typed faces) is still a valid input', () => {
    expect(inputSchema.parse({ kind: 'roll', stepId: 'd3', dice: [1, 3], by: 'entered' })).toEqual({
      kind: 'roll',
      stepId: 'd3',
      dice: [1, 3],
      by: 'entered',
    });
  });
});
