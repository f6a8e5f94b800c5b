import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advance, type Input } from '../../../../core/combat';
import { wh40k10e } from '../../../../core/systems/wh40k-10e';
import { PLAY_BUDGET, playSize, tooLargeToPlay } from '../../../../core/systems/wh40k-10e/playSize';
import { setupSchema, type Setup } from '../../../../core/systems/wh40k-10e/profiles';
import { setupOf, start, weapon, type WCombat } from './helpers';

/**
 * `resolve` plays a scenario to its end without a player, so it must never run for minutes: a
 * setup is played only when an upper bound on its steps, whatever the dice and the choices, keeps
 * the work within a few seconds (playSize.ts). The bound must really be one.
 */

const weaponArb = fc.record({
  name: fc.constant('Gun'),
  models: fc.integer({ min: 1, max: 4 }),
  attacks: fc.constantFrom('1', '3', 'D3', 'D6', '2D6'),
  skill: fc.integer({ min: 2, max: 4 }),
  strength: fc.integer({ min: 3, max: 10 }),
  ap: fc.integer({ min: -3, max: 0 }),
  damage: fc.constantFrom('1', '2', 'D3', 'D6'),
  hitReroll: fc.constantFrom('none', 'ones', 'all'),
  woundReroll: fc.constantFrom('none', 'failed', 'all'),
  damageReroll: fc.constantFrom('none', 'ones', 'all'),
  abilities: fc.record({
    sustainedHits: fc.constantFrom(null, '1', 'D3'),
    lethalHits: fc.boolean(),
    devastatingWounds: fc.boolean(),
    blast: fc.boolean(),
    rapidFire: fc.constantFrom(null, 'D3'),
    precision: fc.boolean(),
    hazardous: fc.boolean(),
  }),
});
const groupArb = fc.record({
  count: fc.integer({ min: 1, max: 5 }),
  toughness: fc.integer({ min: 3, max: 6 }),
  save: fc.integer({ min: 2, max: 6 }),
  invulnerable: fc.constantFrom(null, 4, 5),
  wounds: fc.integer({ min: 1, max: 4 }),
  feelNoPain: fc.constantFrom(null, 5),
  deadlyDemise: fc.constantFrom(null, '1'),
  character: fc.boolean(),
});
const setupArb: fc.Arbitrary<Setup> = fc
  .record({
    weapons: fc.array(weaponArb, { minLength: 1, maxLength: 2 }),
    groups: fc.array(groupArb, { minLength: 1, maxLength: 3 }),
    halfRange: fc.boolean(),
    mortalWounds: fc.integer({ min: 0, max: 3 }),
    saveReroll: fc.constantFrom('none', 'ones'),
  })
  .map((r) =>
    setupSchema.parse({
      system: 'wh40k-10e',
      attacker: { name: 'A', weapons: r.weapons, halfRange: r.halfRange, mortalWounds: r.mortalWounds },
      defender: { name: 'D', models: r.groups, saveReroll: r.saveReroll },
    }),
  );

/** Plays to the end with the given dice faces (cycled) and picks (cycled); the steps taken. */
function stepsToEnd(combat: WCombat, faces: number[], picks: number[]): number {
  let c = combat;
  let f = 0;
  let steps = 0;
  while (!(c.step.kind === 'outcome' && c.step.final)) {
    const step = c.step;
    let input: Input;
    if (step.kind === 'roll') {
      const sides = step.groups
        ? step.groups.flatMap((g) => Array.from({ length: g.count }, () => g.sides))
        : Array.from({ length: step.count }, () => step.sides);
      input = {
        kind: 'roll',
        stepId: step.id,
        dice: sides.map((s) => ((faces[f++ % faces.length]! - 1) % s) + 1),
        by: 'entered',
      };
    } else if (step.kind === 'choose')
      input = {
        kind: 'choose',
        stepId: step.id,
        option: step.options[picks[steps % picks.length]! % step.options.length]!.id,
      };
    else input = { kind: 'continue', stepId: step.id };
    const r = advance(wh40k10e, c, input);
    if (!r.ok) throw new Error(r.error.message);
    c = r.combat;
    steps++;
  }
  return steps;
}

describe('resolve is bounded: an upper bound on the steps of a combat', () => {
  it('no combat takes more steps than the bound, whatever the dice (sixes for the most hits, ones for the most failed saves) and the choices', () => {
    fc.assert(
      fc.property(
        setupArb,
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 12 }),
        fc.array(fc.nat(3), { minLength: 1, maxLength: 5 }),
        (setup, faces, picks) => {
          const bound = playSize(setup).steps;
          expect(stepsToEnd(start(setup), faces, picks)).toBeLessThanOrEqual(bound);
          expect(stepsToEnd(start(setup), [6, 6, 6, 1, 1], picks)).toBeLessThanOrEqual(bound);
        },
      ),
      { numRuns: 60, seed: 10 },
    );
  });

  it('an ordinary unit is played: 20 models firing 2 shots each, Sustained Hits D3, random Damage, against 20 mixed models', () => {
    const setup = setupOf({
      weapons: [weapon({ models: 20, attacks: 2, damage: 'D3', abilities: { sustainedHits: 'D3' } as never })],
      defender: {
        models: [
          { count: 10, toughness: 4, save: 3, wounds: 2 },
          { count: 10, toughness: 4, save: 4, wounds: 1, feelNoPain: 5 },
        ],
      },
    });
    expect(tooLargeToPlay(setup)).toBeNull();
    expect(playSize(setup).work).toBeLessThanOrEqual(PLAY_BUDGET);
  });

  it('a unit of thousands of attacks with many extra hits each is refused, in words that say what is too large', () => {
    const setup = setupOf({
      weapons: [
        weapon({ models: 100, attacks: '20D6+999', damage: 'D6', abilities: { sustainedHits: '20D6+999' } as never }),
      ],
      defender: { models: [{ count: 100, toughness: 4, save: 3, wounds: 100 }] },
    });
    expect(tooLargeToPlay(setup)).toBe(
      'up to 111,900 attacks and 125,328,000 hits to wound against 100 models: too many steps to play through here. Resolve fewer weapons or models at a time.',
    );
  });
});
