import { describe, expect, it } from 'vitest';
import { ANALYSIS_WORK_LIMIT, AnalysisTooLargeError, metered, workSpent } from '../../../core/analysis/budget';
import { estimateWholeCombat, exactWholeCombat, wholeCombatOdds } from '../../../core/analysis/combat';
import { stepWorkOf } from '../../../core/analysis/combat/roundWalk';
import { FIRST_ROUND_SHARE, projectedOver } from '../../../core/analysis/combat/wholeCombat';
import { analyses, getSystem } from '../../../core/systems/index';
import { walked } from '../../support/withoutModels';
import { conformance as oldWorld } from '../../../core/systems/old-world/conformance';
import { conformance as wh40k7e } from '../../../core/systems/wh40k-7e/conformance';

/**
 * The exact whole-combat chain gives up as soon as the counts show it cannot finish within its
 * budget (issue 24, "bounded and honest"): a first round that alone takes more than its share, or a
 * next round whose start states, at the work the last round's took each, overshoot what is left
 * twice over. Then the estimate gets what the chain left. A decision from counts, never a clock:
 * the same state gives the same answer, remembered walks or not, and a combat within reach is
 * still exact.
 */

/** The host's budget for the chain (and as much again for the estimate). */
const HOST = ANALYSIS_WORK_LIMIT / 2;

function fresh(raw: { system: string }, walkOnly = false) {
  const rules = getSystem(raw.system)!;
  // The engine's chain, without the system's round model (whose odds are exact at once); without its
  // own round transition too, every round is walked step by step.
  const chain = walked(analyses[raw.system]!.combat!);
  return {
    chain: walkOnly ? { ...chain, transition: undefined } : chain,
    state: rules.start(rules.setupSchema.parse(structuredClone(raw))),
  };
}
const oldWorldExample = () => fresh({ ...(getSystem('old-world')!.exampleSetup as { system: string }) });
/** What one engine step of a system's walk is charged (its own price). */
const stepOf = (system: string) => stepWorkOf(analyses[system]!.combat!);

/** The work the exact chain spent before it gave up (null when it finished). */
function spentGivingUp(raw: { system: string }, budget: number, walkOnly = false): number | null {
  const { chain, state } = fresh(raw, walkOnly);
  return metered(
    () => {
      try {
        exactWholeCombat(chain, state, 10, budget);
        return null;
      } catch (error) {
        if (!(error instanceof AnalysisTooLargeError)) throw error;
        return workSpent();
      }
    },
    () => 'the meter itself',
    budget,
  );
}

describe('the next round projected from the last one', () => {
  it("gives up only when the next round, at the last round's work per start state, overshoots what is left twice over", () => {
    // 140 start states at 2,669 steps each is far past a budget of 5,000 steps.
    expect(projectedOver({ states: 140 }, { states: 1, work: 2669 }, 2669, 5000)).toBe(true);
    // 4 start states at 158 each fits easily.
    expect(projectedOver({ states: 4 }, { states: 1, work: 158 }, 158, 5000)).toBe(false);
    // Exactly twice what is left is still tried; a unit more is not.
    expect(projectedOver({ states: 2 }, { states: 1, work: 100 }, 0, 100)).toBe(false);
    expect(projectedOver({ states: 2 }, { states: 1, work: 100.5 }, 0, 100)).toBe(true);
    // The average over the last round's start states, not its total.
    expect(projectedOver({ states: 4 }, { states: 4, work: 100 }, 0, 100)).toBe(false);
  });
});

describe('the exact chain gives up early, from counts', () => {
  it('a first round larger than its share of the budget stops the chain there (WFB 6th edition example walked step by step: hundreds of positions in round 1)', () => {
    // The old world's own round transition takes the example's first round well within the share
    // (test/core/systems/old-world/analysis/transition.test.ts); walked step by step, it does not.
    const spent = spentGivingUp(getSystem('old-world')!.exampleSetup as { system: string }, HOST, true);
    expect(spent).not.toBeNull();
    // The step that passed the share is the last one charged.
    expect(spent!).toBeGreaterThan(HOST * FIRST_ROUND_SHARE);
    expect(spent!).toBeLessThanOrEqual(HOST * FIRST_ROUND_SHARE + stepOf('old-world'));
  });

  it('a first round that leads to more start states than the budget can walk stops the chain after it (the Epic example)', () => {
    // A budget whose first-round share holds the Epic example's first round (some 3,200 steps): the chain stops when that round is done.
    const step = stepOf('epic-armageddon');
    const budget = 16 * 4000 * step;
    const spent = spentGivingUp(getSystem('epic-armageddon')!.exampleSetup as { system: string }, budget);
    expect(spent).not.toBeNull();
    expect(spent!).toBeLessThanOrEqual(budget * FIRST_ROUND_SHARE);
    expect(spent! % step).toBe(0);
  });

  it('a combat within reach is still exact, and the same figures as the chain walked without a budget', () => {
    for (const raw of [oldWorld.combats.small, wh40k7e.combats.small] as Array<{ system: string }>) {
      const bounded = fresh(raw);
      const unbounded = fresh(raw);
      const odds = wholeCombatOdds(bounded.chain, bounded.state, 10, HOST);
      expect(odds.exact, raw.system).toBe(true);
      expect(odds).toEqual(
        metered(
          () => exactWholeCombat(unbounded.chain, unbounded.state),
          () => 'too large',
          1e10,
        ),
      );
    }
  });

  it('the same state gives the same answer: a fresh setup, the same one again (its round walks remembered), another fresh one', () => {
    const first = oldWorldExample();
    const a = wholeCombatOdds(first.chain, first.state, 10, HOST);
    const again = wholeCombatOdds(first.chain, first.state, 10, HOST);
    const other = oldWorldExample();
    const b = wholeCombatOdds(other.chain, other.state, 10, HOST);
    expect(a.exact).toBe(false);
    expect(again).toEqual(a);
    expect(b).toEqual(a);
  });

  it('a walk remembered from a larger budget is charged as the walk itself would be: the same give-up, the same estimate', () => {
    const { chain, state } = oldWorldExample();
    // The first round (some 7,600 steps) walked in full by a chain with no give-up, and remembered, until a meter of 20,000 steps stops it...
    expect(() =>
      metered(
        () => exactWholeCombat(chain, state),
        () => 'too large',
        20_000 * stepOf('old-world'),
      ),
    ).toThrow(AnalysisTooLargeError);
    const remembered = wholeCombatOdds(chain, state, 10, HOST);
    // ...gives the same answer as a first asking.
    const other = oldWorldExample();
    expect(remembered).toEqual(wholeCombatOdds(other.chain, other.state, 10, HOST));
  });

  it('the estimate gets what the chain left: more play-outs than its own half of the budget alone would give', () => {
    const { chain, state } = oldWorldExample();
    // A quarter of the host's budget: at the host's own, both reach the 2,000 play-outs an estimate stops at.
    const odds = wholeCombatOdds(chain, state, 10, HOST / 4);
    const alone = estimateWholeCombat(chain, state, 10, HOST / 4);
    expect(odds.exact).toBe(false);
    expect(odds.playouts!).toBeGreaterThan(alone.playouts!);
  });
});
