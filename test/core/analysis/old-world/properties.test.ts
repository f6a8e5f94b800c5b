import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeRound, oldWorldDistributions } from '../../../../core/analysis/old-world';
import { advance, rollForMe, startCombat } from '../../../../core/combat/engine';
import { oldWorld } from '../../../../core/systems/old-world';
import { setupOf } from '../../systems/old-world/helpers';
import { roundOver } from './drive';
import { checkOneStep } from './oneStep';

/**
 * Invariants of the exact analysis over arbitrary small combats (fast-check), played with the
 * seeded dice and arbitrary choices: the distributions are distributions, the facts are
 * consistent (a unit breaks only when its side loses, is caught only when it broke), and at
 * every roll the analysis is the weighted average of the analyses after it (the one-step identity).
 */

const profileArb = fc.record({
  movement: fc.integer({ min: 3, max: 9 }),
  weaponSkill: fc.integer({ min: 1, max: 10 }),
  strength: fc.integer({ min: 1, max: 10 }),
  toughness: fc.integer({ min: 1, max: 10 }),
  wounds: fc.integer({ min: 1, max: 3 }),
  initiative: fc.integer({ min: 1, max: 6 }),
  attacks: fc.integer({ min: 0, max: 3 }),
  leadership: fc.integer({ min: 2, max: 10 }),
  armour: fc.integer({ min: 1, max: 7 }),
});
const unitArb = fc.record({
  models: fc.integer({ min: 1, max: 12 }),
  rankWidth: fc.integer({ min: 1, max: 6 }),
  profile: profileArb,
  charged: fc.boolean(),
  standard: fc.boolean(),
  stubborn: fc.boolean(),
  unbreakable: fc.boolean(),
  causesFear: fc.boolean(),
  defendedObstacle: fc.boolean(),
  facing: fc.constantFrom('front', 'flank', 'rear' as const),
});

describe('old-world exact analysis (fast-check)', () => {
  it('gives distributions and consistent facts, and satisfies the one-step identity at every roll of arbitrary combats', () => {
    fc.assert(
      fc.property(fc.array(unitArb, { minLength: 1, maxLength: 2 }), fc.array(unitArb, { minLength: 1, maxLength: 2 }), fc.nat(2 ** 30), fc.array(fc.nat(5), { minLength: 20, maxLength: 20 }), (a, d, seed, picks) => {
        let c = startCombat(oldWorld, setupOf(a, d), seed);
        for (let i = 0; i < 60 && !roundOver(c.step); i++) {
          const odds = analyzeRound(c.state);
          const sum = (xs: number[]) => xs.reduce((x, y) => x + y, 0);
          expect(sum(odds.difference.dist)).toBeCloseTo(1, 9);
          expect(sum(odds.caused.attacker)).toBeCloseTo(1, 9);
          expect(odds.win.attacker + odds.win.draw + odds.win.defender).toBeCloseTo(1, 9);
          // The attacker wins exactly when the difference is positive.
          expect(sum(odds.difference.dist.filter((_, k) => k + odds.difference.offset > 0))).toBeCloseTo(odds.win.attacker, 9);
          expect(odds.fates.attacker.breaks).toBeLessThanOrEqual(odds.win.defender + 1e-12);
          expect(odds.fates.defender.breaks).toBeLessThanOrEqual(odds.win.attacker + 1e-12);
          for (const role of ['attacker', 'defender'] as const) expect(odds.fates[role].caught).toBeLessThanOrEqual(odds.fates[role].breaks + 1e-12);
          const d = oldWorldDistributions(c.state);
          expect(d.main).toHaveLength(d.baseline!.main.length);
          if (c.step.kind === 'roll' && i % 3 === 0) checkOneStep(c, `at ${c.step.id}`);
          const step = c.step;
          const input = step.kind === 'roll' ? rollForMe(c) : step.kind === 'choose' ? { kind: 'choose' as const, stepId: step.id, option: step.options[picks[i % picks.length]! % step.options.length]!.id } : { kind: 'continue' as const, stepId: step.id };
          const r = advance(oldWorld, c, input);
          if (!r.ok) throw r.error;
          c = r.combat;
        }
      }),
      { numRuns: 40, seed: 2026 },
    );
  }, 60_000);
});
