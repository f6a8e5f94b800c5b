import fc from 'fast-check';
import { wh40k7e, type Setup } from '../../../../core/systems/wh40k-7e';
import type { GroupInput } from './helpers';

/** Random 7th edition setups within the schema (small enough to play many of them). */

const strength = fc.oneof(
  fc.constant('user' as const),
  fc.integer({ min: 1, max: 10 }),
  fc.constantFrom('+1', '+2', 'x2', 'x3', 'D'),
);
const save = fc.option(fc.integer({ min: 2, max: 6 }), { nil: null });

export const groupArb = (maxCount: number, maxWounds: number): fc.Arbitrary<GroupInput> =>
  fc.record({
    name: fc.constantFrom('Trooper', 'Veteran', 'Nob', 'Grot'),
    count: fc.integer({ min: 1, max: maxCount }),
    weaponSkill: fc.integer({ min: 1, max: 10 }),
    strength: fc.integer({ min: 1, max: 10 }),
    toughness: fc.integer({ min: 1, max: 10 }),
    wounds: fc.integer({ min: 1, max: maxWounds }),
    initiative: fc.integer({ min: 1, max: 10 }),
    attacks: fc.integer({ min: 0, max: 4 }),
    leadership: fc.integer({ min: 2, max: 10 }),
    save,
    invulnerable: save,
    feelNoPain: save,
    eternalWarrior: fc.boolean(),
    twoWeapons: fc.boolean(),
    weapon: fc.record({
      name: fc.constant('Weapon'),
      strength,
      ap: save.map((x) => x ?? null),
      unwieldy: fc.boolean(),
    }),
  });

const sideArb = (maxGroups: number, maxCount: number, maxWounds: number) =>
  fc.record({
    name: fc.constantFrom('Red', 'Blue'),
    charged: fc.boolean(),
    fearless: fc.boolean(),
    stubborn: fc.boolean(),
    atsknf: fc.boolean(),
    models: fc.array(groupArb(maxCount, maxWounds), { minLength: 1, maxLength: maxGroups }),
  });

export const setupArb = (maxGroups = 3, maxCount = 6, maxWounds = 4): fc.Arbitrary<Setup> =>
  fc
    .tuple(sideArb(maxGroups, maxCount, maxWounds), sideArb(maxGroups, maxCount, maxWounds))
    .map(([attacker, defender]) =>
      wh40k7e.setupSchema.parse({
        system: 'wh40k-7e',
        attacker: { ...attacker, name: 'Red' },
        defender: { ...defender, name: 'Blue' },
      }),
    );
