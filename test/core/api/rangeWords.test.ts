import { describe, expect, it } from 'vitest';
import { contract } from '../../../core/api/contract';
import { readScenario } from '../../../core/scenario/scenario';
import { systems } from '../../../core/systems';

/** Hardening: an out-of-range number in a request or a scenario names its range in words, never a bare "Invalid input". */
const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('numbers out of range name their range', () => {
  it.each([
    [
      'combat.start seed',
      contract['combat.start'].request,
      { system: 'wh40k-10e', setup: {}, seed: -1 },
      'expected a number from 0 to 2147483647',
    ],
    ['combat.at', contract['combat.at'].request, { id: 'c', at: 100_001 }, 'expected a number from 0 to 100000'],
    ['combat.odds', contract['combat.odds'].request, { id: 'c', at: 1.5 }, 'expected a whole number from 0 to 100000'],
  ] as const)('%s', (_name, schema, payload, expected) => {
    expect(messages(schema.safeParse(payload))).toEqual([expected]);
  });

  it('a scenario file: its seed and its dice', () => {
    const bad = readScenario({ system: 'wh40k-10e', seed: 2 ** 31, dice: [1, 7] }, systems);
    expect(bad.ok).toBe(false);
    const words = bad.ok ? [] : bad.problems.map((p) => p.message);
    expect(words).toContain('seed: expected a number from 0 to 2147483647');
    expect(words).toContain('dice[1]: expected a number from 1 to 6');
  });
});
