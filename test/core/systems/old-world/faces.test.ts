import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stages, type Blow, type MemberRef } from '../../../../core/systems/old-world/state';
import { weapons } from '../../../../core/systems/old-world/weapons';
import { faceAt, testAt } from '../../../../core/systems/old-world/volley';
import { profileArb } from './arbitraries';
import { setupOf, start } from './helpers';

/**
 * What the dice need, without the words (the play-outs read only that): each stage of a blow —
 * to hit (a defended obstacle until the striker's side wins a round), to wound (the weapon's
 * Strength now: the charge, the first round), the armour save (the Strength modifier, a shield
 * with a hand weapon) and the ward save — asks the face of its own test. (The tests take their
 * faces from the same functions, so this holds the stages to their tests; the faces themselves
 * are held to the rules by the tests of each test: weapons.test.ts, tables.test.ts.)
 */
describe('WFB 6th: a blow’s face alone is its stage’s test’s face', () => {
  it('at every stage, either way round, charging or not, before and after a side has won a round', () => {
    const profile = fc
      .record({
        base: profileArb({ maxWounds: 3, maxInitiative: 6, maxAttacks: 3 }),
        weapon: fc.constantFrom(...weapons),
        shield: fc.boolean(),
        ward: fc.option(fc.integer({ min: 2, max: 6 }), { nil: null }),
      })
      .map(({ base, ...rest }) => ({ ...base, ...rest }));
    fc.assert(
      fc.property(
        profile,
        profile,
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 1, max: 3 }),
        fc.boolean(),
        (a, d, charged, obstacle, round, won) => {
          const setup = setupOf({ profile: a, charged }, { profile: d, defendedObstacle: obstacle });
          const state = { ...start(setup).state, round, hasWonRound: { attacker: won, defender: false } };
          const rf = (role: 'attacker' | 'defender'): MemberRef => ({ role, unit: 0, character: null });
          for (const [by, target] of [
            [rf('attacker'), rf('defender')],
            [rf('defender'), rf('attacker')],
          ] as const) {
            for (const stage of stages) {
              const blow: Blow = { by, target, stage, dice: 1 };
              expect(faceAt(state, blow)).toBe(testAt(state, blow).face);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
