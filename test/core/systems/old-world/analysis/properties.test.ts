import fc from 'fast-check';
import { unitArb } from '../arbitraries';
import { describe, expect, it } from 'vitest';
import { analyzeRound, oldWorldDistributions } from '../../../../../core/systems/old-world/analysis';
import { advance, rollForMe, startCombat } from '../../../../../core/combat/engine';
import { oldWorld, type Setup, type State } from '../../../../../core/systems/old-world';
import { setupOf } from '../helpers';
import { roundDriver } from '../../../../support/roundDriver';
import { oldWorldSystem } from '../../../../../core/systems/old-world/definition';
import { oneStepCheck } from '../../../../support/oneStep';

const checkOneStep = oneStepCheck<Setup, State>(oldWorldSystem, analyzeRound);

const { roundOver } = roundDriver<Setup, State>(oldWorldSystem);

/**
 * Invariants of the exact analysis over arbitrary small combats (fast-check), played with the
 * seeded dice and arbitrary choices: the distributions are distributions, the facts are
 * consistent (a unit breaks only when its side loses, is caught only when it broke), and at
 * every roll the analysis is the weighted average of the analyses after it (the one-step identity).
 */

const units = unitArb({ maxModels: 12, maxRankWidth: 6, maxWounds: 3, maxInitiative: 6, maxAttacks: 3 });

describe('old-world exact analysis (fast-check)', () => {
  it('gives distributions and consistent facts, and satisfies the one-step identity at every roll of arbitrary combats', () => {
    fc.assert(
      fc.property(
        fc.array(units, { minLength: 1, maxLength: 2 }),
        fc.array(units, { minLength: 1, maxLength: 2 }),
        fc.nat(2 ** 30),
        fc.array(fc.nat(5), { minLength: 20, maxLength: 20 }),
        (a, d, seed, picks) => {
          let c = startCombat(oldWorld, setupOf(a, d), seed);
          for (let i = 0; i < 60 && !roundOver(c); i++) {
            const odds = analyzeRound(c.state);
            const sum = (xs: number[]) => xs.reduce((x, y) => x + y, 0);
            expect(sum(odds.difference.dist)).toBeCloseTo(1, 9);
            expect(sum(odds.caused.attacker)).toBeCloseTo(1, 9);
            expect(odds.win.attacker + odds.win.draw + odds.win.defender).toBeCloseTo(1, 9);
            // The attacker wins exactly when the difference is positive.
            expect(sum(odds.difference.dist.filter((_, k) => k + odds.difference.offset > 0))).toBeCloseTo(
              odds.win.attacker,
              9,
            );
            expect(odds.fates.attacker.breaks).toBeLessThanOrEqual(odds.win.defender + 1e-12);
            expect(odds.fates.defender.breaks).toBeLessThanOrEqual(odds.win.attacker + 1e-12);
            for (const role of ['attacker', 'defender'] as const)
              expect(odds.fates[role].caught).toBeLessThanOrEqual(odds.fates[role].breaks + 1e-12);
            const d = oldWorldDistributions(c.state);
            expect(d.main).toHaveLength(d.baseline!.main.length);
            if (c.step.kind === 'roll' && i % 3 === 0) checkOneStep(c, `at ${c.step.id}`);
            const step = c.step;
            const input =
              step.kind === 'roll'
                ? rollForMe(c)
                : step.kind === 'choose'
                  ? {
                      kind: 'choose' as const,
                      stepId: step.id,
                      option: step.options[picks[i % picks.length]! % step.options.length]!.id,
                    }
                  : { kind: 'continue' as const, stepId: step.id };
            const r = advance(oldWorld, c, input);
            if (!r.ok) throw r.error;
            c = r.combat;
          }
        },
      ),
      { numRuns: 40, seed: 2026 },
    );
  }, 60_000);
});
