import fc from 'fast-check';
import { unitArb } from './arbitraries';
import { describe, expect, it } from 'vitest';
import { advance, replay, rollForMe, startCombat } from '../../../../core/combat/engine';
import { stepSchema } from '../../../../core/combat/steps';
import { combatViewSchema } from '../../../../core/combat/view';
import { oldWorld } from '../../../../core/systems/old-world';
import { woundsLeft, membersOf, roles } from '../../../../core/systems/old-world/state';
import { setupOf } from './helpers';

/** Invariants of whole combats played with the seeded dice and arbitrary choices. */

const units = unitArb({ maxModels: 25, maxRankWidth: 8, maxWounds: 4, maxInitiative: 10, maxAttacks: 4 });

describe('old-world combats (fast-check)', () => {
  it('always end, never lose a wound they should not, and replay exactly from their log', () => {
    fc.assert(
      fc.property(
        fc.array(units, { minLength: 1, maxLength: 2 }),
        fc.array(units, { minLength: 1, maxLength: 2 }),
        fc.nat(2 ** 30),
        fc.array(fc.nat(5), { minLength: 50, maxLength: 50 }),
        (a, d, seed, picks) => {
          const setup = setupOf(a, d, {}, { defender: [{ name: 'Archers', leadership: 7 }] });
          let c = startCombat(oldWorld, setup, seed);
          let inputs = 0;
          while (!(c.step.kind === 'outcome' && c.step.final)) {
            expect(stepSchema.safeParse(c.step).success).toBe(true);
            const step = c.step;
            // A pause is the host's, not an answer the rules take.
            const answers = step.kind === 'choose' ? step.options.filter((o) => !o.pause) : [];
            const input =
              step.kind === 'roll'
                ? rollForMe(c)
                : step.kind === 'choose'
                  ? {
                      kind: 'choose' as const,
                      stepId: step.id,
                      option: answers[picks[inputs % picks.length]! % answers.length]!.id,
                    }
                  : { kind: 'continue' as const, stepId: step.id };
            // After a few rounds, a pause (fought on next turn) ends this play: otherwise two unkillable units could fight for ever.
            if (step.kind === 'choose' && step.title.endsWith('is over') && c.state.round >= 4) break;
            const r = advance(oldWorld, c, input);
            if (!r.ok) throw r.error;
            c = r.combat;
            inputs++;
            expect(inputs).toBeLessThan(500);
            for (const role of roles) {
              c.state.setup[role].units.forEach((_, u) => {
                for (const m of membersOf(c.state.setup, role, u))
                  expect(woundsLeft(c.state.setup, c.state.lost, m)).toBeGreaterThanOrEqual(0);
              });
            }
          }
          expect(combatViewSchema.safeParse(oldWorld.view(c.state)).success).toBe(true);
          expect(replay(oldWorld, c.log).state).toEqual(c.state);
        },
      ),
      { numRuns: 150 },
    );
  });
});
