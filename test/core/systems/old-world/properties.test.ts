import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advance, replay, rollForMe, startCombat } from '../../../../core/combat/engine';
import { stepSchema } from '../../../../core/combat/steps';
import { combatViewSchema } from '../../../../core/combat/view';
import { oldWorld } from '../../../../core/systems/old-world';
import { woundsLeft, membersOf, roles } from '../../../../core/systems/old-world/state';
import { setupOf } from './helpers';

/** Invariants of whole combats played with the seeded dice and arbitrary choices. */

const profileArb = fc.record({
  movement: fc.integer({ min: 3, max: 9 }),
  weaponSkill: fc.integer({ min: 1, max: 10 }),
  strength: fc.integer({ min: 1, max: 10 }),
  toughness: fc.integer({ min: 1, max: 10 }),
  wounds: fc.integer({ min: 1, max: 4 }),
  initiative: fc.integer({ min: 1, max: 10 }),
  attacks: fc.integer({ min: 0, max: 4 }),
  leadership: fc.integer({ min: 2, max: 10 }),
  armour: fc.integer({ min: 1, max: 7 }),
});
const unitArb = fc.record({
  models: fc.integer({ min: 1, max: 25 }),
  rankWidth: fc.integer({ min: 1, max: 8 }),
  profile: profileArb,
  charged: fc.boolean(),
  standard: fc.boolean(),
  stubborn: fc.boolean(),
  unbreakable: fc.boolean(),
  causesFear: fc.boolean(),
  defendedObstacle: fc.boolean(),
  facing: fc.constantFrom('front', 'flank', 'rear' as const),
});

describe('old-world combats (fast-check)', () => {
  it('always end, never lose a wound they should not, and replay exactly from their log', () => {
    fc.assert(
      fc.property(fc.array(unitArb, { minLength: 1, maxLength: 2 }), fc.array(unitArb, { minLength: 1, maxLength: 2 }), fc.nat(2 ** 30), fc.array(fc.nat(5), { minLength: 50, maxLength: 50 }), (a, d, seed, picks) => {
        const setup = setupOf(a, d, {}, { defender: [{ name: 'Archers', leadership: 7 }] });
        let c = startCombat(oldWorld, setup, seed);
        let inputs = 0;
        while (!(c.step.kind === 'outcome' && c.step.final)) {
          expect(stepSchema.safeParse(c.step).success).toBe(true);
          const step = c.step;
          const input =
            step.kind === 'roll'
              ? rollForMe(c)
              : step.kind === 'choose'
                ? { kind: 'choose' as const, stepId: step.id, option: step.options[picks[inputs % picks.length]! % step.options.length]!.id }
                : { kind: 'continue' as const, stepId: step.id };
          // After a few rounds, stop: otherwise two unkillable units could fight for ever.
          const stop = step.kind === 'choose' && step.title.endsWith('is over') && c.state.round >= 4 ? { kind: 'choose' as const, stepId: step.id, option: 'end' } : input;
          const r = advance(oldWorld, c, stop);
          if (!r.ok) throw r.error;
          c = r.combat;
          inputs++;
          expect(inputs).toBeLessThan(500);
          for (const role of roles) {
            c.state.setup[role].units.forEach((_, u) => {
              for (const m of membersOf(c.state.setup, role, u)) expect(woundsLeft(c.state.setup, c.state.lost, m)).toBeGreaterThanOrEqual(0);
            });
          }
        }
        expect(combatViewSchema.safeParse(oldWorld.view(c.state)).success).toBe(true);
        expect(replay(oldWorld, c.log).state).toEqual(c.state);
      }),
      { numRuns: 150 },
    );
  });
});
