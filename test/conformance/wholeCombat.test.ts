import { describe, expect, it } from 'vitest';
import { ANALYSIS_WORK_LIMIT } from '../../core/analysis/budget';
import { QUICK_SHARE, wholeCombatOf } from '../../core/analysis/combat';
import { startCombat } from '../../core/combat/engine';
import { chainAgreesWithPlayouts, chainMatchesWalk } from '../support/roundModel';
import { roundByRound } from './systems';

/**
 * The whole combat's odds of every system fought round after round: exact from the start of its
 * small combat, its club-size combat and its example within the host's budget, from its round
 * model (core/analysis/combat/model.ts) — equal to the engine's own walk of the whole combat on
 * the small one, and agreeing with the engine's seeded play-outs on the club-size one.
 */
describe.each(roundByRound)('$id: the odds of the whole combat', ({ definition, conformance }) => {
  const rules = definition.rules;
  const analysis = definition.analysis!;
  const chain = analysis.combat!;
  const startOf = (setup: unknown) => startCombat(rules, rules.setupSchema.parse(setup), 1).state;

  it('has a round model', () => {
    expect(chain.model).toBeDefined();
  });

  it.each([
    ['its small combat', conformance.combats.small],
    ['its example', rules.exampleSetup],
    ['its club-size combat', conformance.combats.club],
  ])('are exact from the start of %s, within the host’s budget, and sum to 1', (_what, setup) => {
    const answer = wholeCombatOf(analysis, startOf(setup));
    expect(answer?.ok).toBe(true);
    const odds = answer!.ok ? answer!.odds : null;
    expect(odds!.exact).toBe(true);
    expect(odds!.pAttackerWins + odds!.pDefenderWins + odds!.pDraw + odds!.pUnfinished).toBeCloseTo(1, 9);
    expect(odds!.states).toBeGreaterThan(0);
  });

  // The live panel's first figure (issue 34: "the whole fight, exact, within 200 ms of the step"):
  // an example counts exactly within the quick share, so its start's first figure is the exact one.
  it('are exact from the example’s start within the live panel’s quick share, the same as the full answer', () => {
    const half = ANALYSIS_WORK_LIMIT / 2;
    const quickWork = { exact: half * QUICK_SHARE.exact, estimate: half * QUICK_SHARE.estimate };
    const quick = wholeCombatOf(analysis, startOf(rules.exampleSetup), quickWork);
    const full = wholeCombatOf(analysis, startOf(rules.exampleSetup));
    expect(quick?.ok && quick.odds.exact).toBe(true);
    expect(quick).toEqual(full);
  });

  it('equal the engine’s own walk of the whole small combat, figure for figure', () => {
    chainMatchesWalk(chain, startOf(conformance.combats.small));
  });

  it('agree with 2,000 seeded play-outs of the engine on the club-size combat', () => {
    chainAgreesWithPlayouts(chain, startOf(conformance.combats.club), 2000, 7);
  });
});
