import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeRound, epicArmageddonAnalysis } from '../../../../core/systems/epic-armageddon/analysis';
import { advance, replay, rollForMe, startCombat } from '../../../../core/combat/engine';
import { stepSchema, type Input } from '../../../../core/combat/steps';
import { combatViewSchema } from '../../../../core/combat/view';
import { epicArmageddon } from '../../../../core/systems/epic-armageddon';
import { setupArb } from './arbitraries';

/** Invariants of whole assaults played with the seeded dice and arbitrary choices. */

/** Whole combats, many of them: room for a busy machine. */
const SLOW = 180_000;

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe('Epic assaults (fast-check)', () => {
  it(
    'always end, keep units and kills sound, show valid steps and views, and replay exactly from their log',
    () => {
      fc.assert(
        fc.property(
          setupArb,
          fc.nat(2 ** 30),
          fc.array(fc.nat(9), { minLength: 60, maxLength: 60 }),
          (setup, seed, picks) => {
            let c = startCombat(epicArmageddon, setup, seed);
            const ids = new Set<string>();
            let inputs = 0;
            while (!(c.step.kind === 'outcome' && c.step.final)) {
              expect(stepSchema.safeParse(c.step).success).toBe(true);
              expect(ids.has(c.step.id), `step id ${c.step.id} is new`).toBe(false);
              ids.add(c.step.id);
              const step = c.step;
              if (step.kind === 'choose') {
                expect(step.options.filter((o) => o.suggested)).toHaveLength(1);
                expect(new Set(step.options.map((o) => o.id)).size).toBe(step.options.length);
              }
              const input: Input =
                step.kind === 'roll'
                  ? rollForMe(c)
                  : step.kind === 'choose'
                    ? {
                        kind: 'choose',
                        stepId: step.id,
                        option: step.options[picks[inputs % picks.length]! % step.options.length]!.id,
                      }
                    : { kind: 'continue', stepId: step.id };
              const r = advance(epicArmageddon, c, input);
              if (!r.ok) throw r.error;
              c = r.combat;
              inputs++;
              expect(inputs).toBeLessThan(1500);
              for (const role of ['attacker', 'defender'] as const) {
                for (const u of c.state.units[role]) expect(u.left).toBeGreaterThanOrEqual(0);
                expect(c.state.kills[role]).toBeGreaterThanOrEqual(0);
              }
              expect(combatViewSchema.safeParse(epicArmageddon.view(c.state)).success).toBe(true);
            }
            expect(['attacker', 'defender']).toContain(epicArmageddon.winner!(c.state));
            expect(replay(epicArmageddon, c.log).state).toEqual(c.state);
          },
        ),
        { numRuns: 120 },
      );
    },
    SLOW,
  );

  it(
    'the exact odds sum to 1 at every step of a round, and the kills never fall below those already made',
    () => {
      fc.assert(
        fc.property(setupArb, fc.nat(2 ** 30), (setup, seed) => {
          let c = startCombat(epicArmageddon, setup, seed);
          for (let n = 0; n < 400 && !(c.step.kind === 'outcome' && c.step.final); n++) {
            if (
              epicArmageddonAnalysis.tooLarge!(c.state) === null &&
              c.state.phase.at !== 'end' &&
              c.state.phase.at !== 'withdraw' &&
              c.state.phase.at !== 'extra'
            ) {
              const odds = analyzeRound(c.state);
              expect(odds.win.attacker + odds.win.draw + odds.win.defender).toBeCloseTo(1, 9);
              for (const role of ['attacker', 'defender'] as const) {
                expect(sum(odds.kills[role])).toBeCloseTo(1, 9);
                expect(odds.kills[role].slice(0, c.state.kills[role]).every((p) => p === 0)).toBe(true);
                expect(odds.atA4[role]).toBeLessThanOrEqual(odds.win[role] + 1e-12);
                expect(odds.meanExtraLosses[role]).toBeLessThanOrEqual(odds.meanExtraHits[role] + 1e-12);
              }
            }
            const step = c.step;
            const input: Input =
              step.kind === 'roll'
                ? rollForMe(c)
                : step.kind === 'choose'
                  ? { kind: 'choose', stepId: step.id, option: step.options.find((o) => o.suggested)!.id }
                  : { kind: 'continue', stepId: step.id };
            const r = advance(epicArmageddon, c, input);
            if (!r.ok) throw r.error;
            c = r.combat;
          }
        }),
        { numRuns: 60 },
      );
    },
    SLOW,
  );
});
