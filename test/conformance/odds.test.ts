import { describe, expect, it } from 'vitest';
import { rollOutcomes } from '../../core/analysis/combat/rollOutcomes';
import type { OutcomeDistributions } from '../../core/analysis/system';
import { advance, startCombat, type Combat } from '../../core/combat/engine';
import type { Input } from '../../core/combat/steps';
import { autoInput, rngFor } from '../support/drive';
import { systemsUnderTest } from './systems';

/**
 * Every system's exact odds are the engine's own: along seeded combats of its small combat, at
 * every roll, the odds from the state equal their average over every way the roll can come out
 * (each weighted by its chance), wherever the roll leaves the combat in the same period the odds
 * describe (the same round of a game of rounds; a combat of one attack sequence is one period).
 * An analysis that disagrees with its engine on any step fails here.
 */
const analysed = systemsUnderTest.filter((s) => s.definition.analysis);

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** The main distribution as chances by value (its offset folded in). */
function byValue(d: OutcomeDistributions): Map<number, number> {
  return new Map(d.main.map((p, k) => [(d.offset ?? 0) + k, p]));
}

describe.each(analysed)('$id: the exact odds are the engine’s own', ({ definition, conformance }) => {
  const rules = definition.rules;
  const analysis = definition.analysis!;
  const odds = (c: Combat) => analysis.distributions(c.state);
  const period = (c: Combat) => analysis.combat?.round(c.state) ?? 0;

  it('sum to 1 at the start of its small combat and of its example', () => {
    for (const setup of [conformance.combats.small, rules.exampleSetup]) {
      const c = startCombat(rules, rules.setupSchema.parse(setup), 1);
      expect(sum(odds(c).main)).toBeCloseTo(1, 9);
    }
  });

  it('at every roll of seeded small combats, equal their average over the roll’s outcomes', () => {
    let checked = 0;
    for (let game = 0; game < 12; game++) {
      let c: Combat = {
        ...startCombat(rules, rules.setupSchema.parse(conformance.combats.small), 1),
        rng: rngFor(game),
      };
      for (let n = 0; n < 300 && !(c.step.kind === 'outcome' && c.step.final); n++) {
        const step = c.step;
        if (step.kind === 'roll') {
          const before = odds(c);
          const outcomes = rollOutcomes(step);
          const after = outcomes.map((o) => {
            const input: Input = { kind: 'roll', stepId: step.id, dice: o.dice, by: 'entered' };
            const r = advance(rules, c, input);
            if (!r.ok) throw new Error(r.error.message);
            return { p: o.p, d: odds(r.combat), period: period(r.combat) };
          });
          const samePeriod = after.every((a) => a.period === period(c));
          if (samePeriod) {
            const mean = new Map<number, number>();
            for (const a of after) for (const [v, p] of byValue(a.d)) mean.set(v, (mean.get(v) ?? 0) + a.p * p);
            for (const [v, p] of byValue(before)) expect(mean.get(v) ?? 0, `${step.title}: P(${v})`).toBeCloseTo(p, 9);
            checked++;
          }
        }
        const r = advance(rules, c, autoInput(c));
        if (!r.ok) throw new Error(r.error.message);
        c = r.combat;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
