import { describe, expect, it } from 'vitest';
import { wholeCombatInChunksOf, type WholeCombatAnswer } from '../../../core/analysis/combat';
import { wholeOdds, type WholeAt } from '../../../core/api/backends/odds/whole';
import type { CombatOdds } from '../../../core/api/channels/combat';
import { registry } from '../../../core/systems';
import { exampleSetup } from '../../../core/systems/old-world/example';

// The old-world setup example counts exactly within a quick request's share (wholeCombat.bench.ts).
const system = registry.systems['old-world']!;
const analysis = registry.analyses['old-world']!;
const state = system.start(system.setupSchema.parse(exampleSetup));
const combat = { log: { inputs: [] }, state, step: { kind: 'roll' } } as unknown as WholeAt['combat'];
const round = { choices: [] } as unknown as CombatOdds;
const finisher = { superseded: () => false };

/** Asks of the real analysis, counted; `exact: false` turns every answer into a marked estimate. */
function counted(exact: boolean) {
  const asked = { count: 0 };
  const ask = function* (_id: string, s: unknown, share = 1) {
    asked.count++;
    const answer: WholeCombatAnswer = yield* wholeCombatInChunksOf(analysis, s, 1e8 * share);
    return answer?.ok ? { ...answer, odds: { ...answer.odds, exact } } : answer;
  };
  return { asked, ask };
}

describe('the whole combat at a combat start, asked quick then full (issue 34)', () => {
  it('a quick answer that counted exactly is kept: the full request does not count the start again', async () => {
    const { asked, ask } = counted(true);
    const start: WholeAt['start'] = { state, answer: undefined, keep: (a) => (start.answer = a) };
    await wholeOdds(ask, round, { system, start, combat, quick: true }, finisher);
    expect(start.answer).toBeDefined();
    await wholeOdds(ask, round, { system, start, combat, quick: false }, finisher);
    expect(asked.count).toBe(1);
  });

  it('a quick estimate is not kept: the full request counts the start with all its work', async () => {
    const { asked, ask } = counted(false);
    const start: WholeAt['start'] = { state, answer: undefined, keep: (a) => (start.answer = a) };
    await wholeOdds(ask, round, { system, start, combat, quick: true }, finisher);
    expect(start.answer).toBeUndefined();
    await wholeOdds(ask, round, { system, start, combat, quick: false }, finisher);
    expect(asked.count).toBe(2);
  });
});
