import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pushLog, pushLogs, type EngineState } from '../../../core/combat/stepEngine';
import type { LogLine } from '../../../core/combat/view';

/** Several log lines at once are exactly the lines logged one after another (their automatic ids included). */
describe('pushLogs', () => {
  const line = fc
    .record({
      actor: fc.constantFrom('attacker' as const, 'defender' as const),
      title: fc.string(),
      result: fc.string(),
      stepId: fc.option(fc.string(), { nil: undefined }),
    })
    .map(({ stepId, ...rest }) => (stepId === undefined ? rest : { ...rest, stepId }));

  it('adds the lines as pushLog one by one does, ids and order alike, leaving the state given unchanged', () => {
    fc.assert(
      fc.property(
        fc.nat(50),
        fc.array(line, { maxLength: 3 }),
        fc.array(line, { maxLength: 6 }),
        (counter, before, lines) => {
          const state: EngineState & { other: string } = before.reduce<EngineState & { other: string }>(
            (s, l) => pushLog(s, l),
            { counter, log: [], other: 'kept' },
          );
          const copy = structuredClone(state);
          const one = lines.reduce((s, l) => pushLog(s, l), state);
          expect(pushLogs(state, lines)).toEqual(one);
          expect(state).toEqual(copy);
        },
      ),
    );
  });

  it('gives the very state back when there is nothing to log', () => {
    const state = { counter: 2, log: [] as LogLine[] };
    expect(pushLogs(state, [])).toBe(state);
  });
});
