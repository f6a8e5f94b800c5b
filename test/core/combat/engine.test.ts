import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advance, replay, rollForMe, startCombat, undo, type Combat, type Input } from '../../../core/combat';
import { toySystem } from './toySystem';

const start = (dice = 3, seed = 1) => startCombat(toySystem, { dice }, seed);

function mustAdvance(combat: Combat, input: Input) {
  const result = advance(toySystem, combat as never, input);
  if (!result.ok) throw new Error(result.error.message);
  return result.combat;
}

describe('the step protocol engine', () => {
  it('starts at the system’s first step with an empty log', () => {
    const combat = start();
    expect(combat.step).toMatchObject({ kind: 'roll', id: 'hit', count: 3, actor: 'attacker' });
    expect(combat.log).toEqual({ system: 'toy', setup: { dice: 3 }, seed: 1, inputs: [] });
  });

  it('walks roll → choose → outcome → final outcome', () => {
    let combat = mustAdvance(start(), { kind: 'roll', stepId: 'hit', dice: [4, 1, 6], by: 'entered' });
    expect(combat.step).toMatchObject({
      kind: 'choose',
      actor: 'defender',
      options: [{ id: 'hold' }, { id: 'fall-back' }],
    });
    combat = mustAdvance(combat, { kind: 'choose', stepId: 'react', option: 'fall-back' });
    combat = mustAdvance(combat, { kind: 'continue', stepId: 'round' });
    expect(combat.step).toEqual({
      kind: 'outcome',
      id: 'end',
      title: 'Result',
      lines: ['2 hits, defender chose fall-back'],
      final: true,
    });
  });

  it.each<[string, Input, RegExp, string | undefined]>([
    [
      'the wrong number of dice',
      { kind: 'roll', stepId: 'hit', dice: [4, 5], by: 'entered' },
      /needs 3 dice, 2 given/,
      'dice',
    ],
    [
      'a face above 6',
      { kind: 'roll', stepId: 'hit', dice: [4, 5, 7], by: 'entered' },
      /Die 3 shows 7: a D6 shows 1 to 6/,
      'dice[2]',
    ],
    ['a face of 0', { kind: 'roll', stepId: 'hit', dice: [0, 5, 6], by: 'entered' }, /Die 1 shows 0/, 'dice[0]'],
    [
      'a fractional face',
      { kind: 'roll', stepId: 'hit', dice: [2.5, 5, 6], by: 'entered' },
      /Die 1 shows 2.5/,
      'dice[0]',
    ],
    [
      'an answer to another step',
      { kind: 'roll', stepId: 'wound', dice: [4, 5, 6], by: 'entered' },
      /combat is at "hit"/,
      'stepId',
    ],
    ['a choice where dice are needed', { kind: 'choose', stepId: 'hit', option: 'hold' }, /needs dice/, 'kind'],
    [
      'what the system itself refuses',
      { kind: 'roll', stepId: 'hit', dice: [1, 1, 1], by: 'entered' },
      /cocked dice/,
      'dice',
    ],
  ])('refuses %s with a clear message and leaves the combat unchanged', (_what, input, message, field) => {
    const combat = start();
    const before = structuredClone(combat);
    const result = advance(toySystem, combat, input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.message).toMatch(message);
    expect(result.error.field).toBe(field);
    expect(combat).toEqual(before);
  });

  it('refuses an option that is not legal now (fall back after no hits)', () => {
    const combat = mustAdvance(start(), { kind: 'roll', stepId: 'hit', dice: [1, 2, 3], by: 'entered' });
    const result = advance(toySystem, combat, { kind: 'choose', stepId: 'react', option: 'fall-back' });
    expect(result).toMatchObject({ ok: false, error: { field: 'option' } });
    if (!result.ok) expect(result.error.message).toMatch(/not one of the choices: Hold/);
  });

  it('accepts nothing once the combat is over', () => {
    let combat = mustAdvance(start(1), { kind: 'roll', stepId: 'hit', dice: [5], by: 'entered' });
    combat = mustAdvance(combat, { kind: 'choose', stepId: 'react', option: 'hold' });
    combat = mustAdvance(combat, { kind: 'continue', stepId: 'round' });
    expect(advance(toySystem, combat, { kind: 'continue', stepId: 'end' })).toMatchObject({ ok: false });
  });

  it('undo returns the previous combat exactly; undo at the start is a no-op', () => {
    const first = start();
    const second = mustAdvance(first, { kind: 'roll', stepId: 'hit', dice: [6, 6, 2], by: 'entered' });
    expect(undo(toySystem, second)).toEqual(first);
    expect(undo(toySystem, first)).toEqual(first);
  });

  it('"Roll for me" is seeded, recorded in the log, and gives the same dice again after undo', () => {
    const combat = start(10, 1234);
    const input = rollForMe(combat);
    expect(input).toMatchObject({ kind: 'roll', stepId: 'hit', by: 'rolled' });
    if (input.kind !== 'roll') return;
    expect(input.dice).toHaveLength(10);
    const rolled = mustAdvance(combat, input);
    expect(rolled.log.inputs).toEqual([input]);
    expect(rolled.rng).not.toEqual(combat.rng);
    expect(rollForMe(undo(toySystem, rolled))).toEqual(input);
    expect(rollForMe(startCombat(toySystem, { dice: 10 }, 1235))).not.toEqual(input);
  });

  it('rollForMe refuses when the step is not a roll', () => {
    const combat = mustAdvance(start(), { kind: 'roll', stepId: 'hit', dice: [6, 6, 2], by: 'entered' });
    expect(() => rollForMe(combat)).toThrow(/not a roll/);
  });

  it('replay names the first input that does not fit', () => {
    expect(() =>
      replay(toySystem, {
        system: 'toy',
        setup: { dice: 2 },
        seed: 1,
        inputs: [{ kind: 'roll', stepId: 'hit', dice: [9, 9], by: 'entered' }],
      }),
    ).toThrow(/Input 1 of the log cannot be replayed/);
  });

  it('property: replaying the log gives the identical combat, and undo then redo is identity', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.integer(),
        fc.array(fc.boolean(), { maxLength: 4 }),
        fc.boolean(),
        (dice, seed, rollByApp, fallBack) => {
          let combat = start(dice, seed);
          let guard = 0;
          while (!(combat.step.kind === 'outcome' && combat.step.final) && guard++ < 10) {
            const step = combat.step;
            const input: Input =
              step.kind === 'roll'
                ? (rollByApp[0] ?? true)
                  ? rollForMe(combat)
                  : {
                      kind: 'roll',
                      stepId: step.id,
                      dice: Array.from({ length: step.count }, (_, i) => (i % 6) + 1),
                      by: 'entered',
                    }
                : step.kind === 'choose'
                  ? {
                      kind: 'choose',
                      stepId: step.id,
                      option: (fallBack && step.options[1]?.id) || step.options[0]!.id,
                    }
                  : { kind: 'continue', stepId: step.id };
            const result = advance(toySystem, combat, input);
            if (!result.ok) return; // the toy's cocked-dice rule; nothing to check
            const next = result.combat;
            expect(replay(toySystem, next.log)).toEqual(next);
            expect(mustAdvance(undo(toySystem, next), input)).toEqual(next);
            combat = next;
          }
        },
      ),
    );
  });
});
