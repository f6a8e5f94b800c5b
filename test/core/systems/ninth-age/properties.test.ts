import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advance, replay, rollForMe, startCombat } from '../../../../core/combat/engine';
import { stepSchema } from '../../../../core/combat/steps';
import { combatViewSchema } from '../../../../core/combat/view';
import { ninthAge } from '../../../../core/systems/ninth-age';
import { allPools, hpLeft, poolHp, poolKey } from '../../../../core/systems/ninth-age/state';
import { setupArb } from './arbitraries';

/** Invariants of whole melees with random setups, the seeded dice and arbitrary choices (fast-check). */

describe('Ninth Age melees (fast-check)', () => {
  it('always end, keep every pool within its HP, log every input, and replay exactly from their log', () => {
    fc.assert(
      fc.property(
        setupArb(),
        fc.nat(2 ** 30),
        fc.array(fc.nat(50), { minLength: 40, maxLength: 40 }),
        (setup, seed, picks) => {
          let c = startCombat(ninthAge, setup, seed);
          let inputs = 0;
          const ids = new Set<string>();
          while (!(c.step.kind === 'outcome' && c.step.final)) {
            const step = c.step;
            expect(stepSchema.safeParse(step).success).toBe(true);
            expect(ids.has(step.id), `step id ${step.id} is new`).toBe(false);
            ids.add(step.id);
            if (step.kind === 'choose') {
              expect(step.options.length, `${step.title}: a choice with one answer is not asked`).toBeGreaterThan(1);
              expect(step.options.filter((o) => o.suggested)).toHaveLength(1);
            }
            if (step.kind === 'roll' && step.passOn !== undefined) {
              expect(step.passOn).toBeGreaterThanOrEqual(2);
              expect(step.passOn).toBeLessThanOrEqual(6);
            }
            if (step.kind === 'choose' && step.id.startsWith('round.') && c.state.round >= 3) break;
            // A pause is the host's, not an answer the rules take.
            const answers = step.kind === 'choose' ? step.options.filter((o) => !o.pause) : [];
            const pick = picks[inputs % picks.length]!;
            const input =
              step.kind === 'roll'
                ? rollForMe(c)
                : step.kind === 'choose'
                  ? { kind: 'choose' as const, stepId: step.id, option: answers[pick % answers.length]!.id }
                  : { kind: 'continue' as const, stepId: step.id };
            // After a few rounds a pause (fought on next turn) ends this play: two units that can barely hurt each other could fight for long.
            const logged = c.state.log.length;
            const r = advance(ninthAge, c, input);
            if (!r.ok) throw r.error;
            c = r.combat;
            inputs++;
            expect(c.state.log.length).toBeGreaterThan(logged);
            expect(inputs).toBeLessThan(400);
            for (const p of allPools(setup)) {
              expect(hpLeft(setup, c.state.lost, p)).toBeGreaterThanOrEqual(0);
              expect(c.state.lost[poolKey(p)]).toBeLessThanOrEqual(poolHp(setup, p));
            }
          }
          expect(combatViewSchema.safeParse(ninthAge.view(c.state)).success).toBe(true);
          expect(replay(ninthAge, c.log).state).toEqual(c.state);
          expect(JSON.parse(JSON.stringify(c.state))).toEqual(c.state);
          expect(['attacker', 'defender', 'draw', null]).toContain(ninthAge.winner!(c.state));
        },
      ),
      { numRuns: 200 },
    );
  }, 120_000);
});
