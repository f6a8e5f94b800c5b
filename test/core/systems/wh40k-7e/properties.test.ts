import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advance, replay, rollForMe, startCombat } from '../../../../core/combat/engine';
import { stepSchema, type Step } from '../../../../core/combat/steps';
import { combatViewSchema } from '../../../../core/combat/view';
import { wh40k7e } from '../../../../core/systems/wh40k-7e';
import { roles } from '../../../../core/systems/wh40k-7e/state';
import { setupArb } from './arbitraries';

/** Invariants of whole combats with random setups, the seeded dice and arbitrary choices. */

/** The options the rules take as an answer (a pause is the host's, not theirs). */
const answers = (step: { options: Array<{ id: string; pause?: string }> }) => step.options.filter((o) => !o.pause);
/** The combat stands at the end of round `round` or later, where the players may pause it. */
const pausedAfter = (c: { step: Step; state: { round: number } }, round: number) =>
  c.step.kind === 'choose' && c.step.options.some((o) => o.pause) && c.state.round >= round;

describe('7th edition combats (fast-check)', () => {
  it('always end, keep every step well-formed, never heal a model, and replay exactly from their log', () => {
    fc.assert(
      fc.property(
        setupArb(),
        fc.nat(2 ** 30),
        fc.array(fc.nat(7), { minLength: 40, maxLength: 40 }),
        (setup, seed, picks) => {
          let c = startCombat(wh40k7e, setup, seed);
          const ids = new Set<string>();
          let inputs = 0;
          // A combat paused after round 3 stops there (pausing is not an answer the rules take).
          while (!(c.step.kind === 'outcome' && c.step.final) && !pausedAfter(c, 3)) {
            const step = c.step;
            expect(stepSchema.safeParse(step).success).toBe(true);
            expect(ids.has(step.id), `step id ${step.id} is new`).toBe(false);
            ids.add(step.id);
            // Never a choice with only one answer (seed 000: "if there is more than one eligible candidate").
            if (step.kind === 'choose') expect(step.options.length).toBeGreaterThanOrEqual(2);
            if (step.kind === 'roll') expect(step.count).toBeGreaterThanOrEqual(1);
            const input =
              step.kind === 'roll'
                ? rollForMe(c)
                : step.kind === 'choose'
                  ? {
                      kind: 'choose' as const,
                      stepId: step.id,
                      option: answers(step)[picks[inputs % picks.length]! % answers(step).length]!.id,
                    }
                  : { kind: 'continue' as const, stepId: step.id };
            const before = c.state.wounds;
            const r = advance(wh40k7e, c, input);
            if (!r.ok) throw r.error;
            c = r.combat;
            inputs++;
            expect(inputs).toBeLessThan(2000);
            for (const role of roles) {
              c.state.wounds[role].forEach((models, g) =>
                models.forEach((w, i) => {
                  expect(w).toBeGreaterThanOrEqual(0);
                  expect(w).toBeLessThanOrEqual(before[role][g]![i]!);
                }),
              );
            }
            // Every input leaves its own line in the log.
            expect(c.state.log.some((l) => l.stepId === step.id)).toBe(true);
          }
          expect(combatViewSchema.safeParse(wh40k7e.view(c.state)).success).toBe(true);
          expect(replay(wh40k7e, c.log).state).toEqual(c.state);
          // States are plain JSON-safe data.
          expect(JSON.parse(JSON.stringify(c.state))).toEqual(c.state);
          expect(['attacker', 'defender', 'draw', null]).toContain(wh40k7e.winner!(c.state));
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);

  it('the same seed and the suggested choices always give the same combat', () => {
    fc.assert(
      fc.property(setupArb(2, 4, 3), fc.nat(2 ** 30), (setup, seed) => {
        const run = () => {
          let c = startCombat(wh40k7e, setup, seed);
          // A combat paused after round 3 stops there (pausing is not an answer the rules take).
          while (!(c.step.kind === 'outcome' && c.step.final) && !pausedAfter(c, 3)) {
            const step = c.step;
            const input =
              step.kind === 'roll'
                ? rollForMe(c)
                : step.kind === 'choose'
                  ? {
                      kind: 'choose' as const,
                      stepId: step.id,
                      option: (step.options.find((o) => o.suggested) ?? step.options[0]!).id,
                    }
                  : { kind: 'continue' as const, stepId: step.id };
            const r = advance(wh40k7e, c, input);
            if (!r.ok) throw r.error;
            c = r.combat;
          }
          return c;
        };
        expect(run().state).toEqual(run().state);
      }),
      { numRuns: 50 },
    );
  }, 60_000);
});
