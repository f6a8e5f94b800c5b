import { describe, expect, it } from 'vitest';
import {
  wholeCombatInChunksOf,
  wholeWorkOf,
  type WholeCombatAnswer,
  type WholeWork,
} from '../../../core/analysis/combat';
import { wholeOdds, type KeptAnswers, type WholeAt } from '../../../core/api/backends/odds/whole';
import type { CombatOdds } from '../../../core/api/channels/combat';
import { advance, rollForMe, startCombat } from '../../../core/combat/engine';
import { registry } from '../../../core/systems';
import { exampleSetup } from '../../../core/systems/old-world/example';

// The old-world setup example counts exactly within a quick request's share (wholeCombat.bench.ts).
const system = registry.systems['old-world']!;
const analysis = registry.analyses['old-world']!;
const started = startCombat(system, system.setupSchema.parse(exampleSetup), 1);
const rolled = advance(system, started, rollForMe(started));
if (!rolled.ok) throw new Error('the example takes its first roll');
const round = { choices: [] } as unknown as CombatOdds;
const finisher = { superseded: () => false };

/** Asks of the real analysis, counted; `exact: false` turns every answer into a marked estimate. */
function counted(exact: boolean) {
  const asked = { count: 0 };
  const ask = function* (_id: string, s: unknown, share: number | WholeWork = 1) {
    asked.count++;
    const answer: WholeCombatAnswer = yield* wholeCombatInChunksOf(analysis, s, 1e8 * wholeWorkOf(share).exact);
    return answer?.ok ? { ...answer, odds: { ...answer.odds, exact } } : answer;
  };
  return { asked, ask };
}

/** Answers kept by state, as the odds service keeps them per combat. */
function keptAnswers(): KeptAnswers & { size: () => number } {
  const answers = new Map<unknown, WholeCombatAnswer>();
  return { get: (s) => answers.get(s), keep: (s, a) => void answers.set(s, a), size: () => answers.size };
}

const at = (kept: KeptAnswers, combat: WholeAt['combat'], quick: boolean): WholeAt => ({
  system,
  first: started.state,
  kept,
  combat,
  quick,
});

describe('the whole combat asked quick then full at one step (issue 34)', () => {
  it('a quick answer that counted the start exactly is kept: the full request does not count it again', async () => {
    const { asked, ask } = counted(true);
    const kept = keptAnswers();
    await wholeOdds(ask, round, at(kept, started, true), finisher);
    expect(kept.get(started.state)).toBeDefined();
    await wholeOdds(ask, round, at(kept, started, false), finisher);
    expect(asked.count).toBe(1);
  });

  it('a quick estimate is not kept: the full request counts the start with all its work', async () => {
    const { asked, ask } = counted(false);
    const kept = keptAnswers();
    await wholeOdds(ask, round, at(kept, started, true), finisher);
    expect(kept.get(started.state)).toBeUndefined();
    await wholeOdds(ask, round, at(kept, started, false), finisher);
    expect(asked.count).toBe(2);
  });

  it('part-way through a combat, an exact quick answer for the step is kept too, beside the start', async () => {
    const { asked, ask } = counted(true);
    const kept = keptAnswers();
    const quick = await wholeOdds(ask, round, at(kept, rolled.combat, true), finisher);
    expect(asked.count).toBe(2);
    expect(kept.size()).toBe(2);
    const full = await wholeOdds(ask, round, at(kept, rolled.combat, false), finisher);
    expect(asked.count).toBe(2);
    expect(full.whole?.now).toEqual(quick.whole?.now);
  });
});
