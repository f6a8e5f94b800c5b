import fc from 'fast-check';
import { ninthAge, type Setup } from '../../../../core/systems/ninth-age';
import { rankAndFileAttacks, type Profile, type Unit } from '../../../../core/systems/ninth-age/setup';

/** Random Ninth Age setups for property tests, kept small enough to play and analyse quickly. */

export const profileArb = (maxHp = 3, maxAttacks = 3): fc.Arbitrary<Profile> =>
  fc.record({
    offensiveSkill: fc.integer({ min: 0, max: 10 }),
    defensiveSkill: fc.integer({ min: 0, max: 10 }),
    strength: fc.integer({ min: 0, max: 10 }),
    armourPenetration: fc.integer({ min: 0, max: 4 }),
    agility: fc.integer({ min: 0, max: 6 }),
    attacks: fc.integer({ min: 0, max: maxAttacks }),
    healthPoints: fc.integer({ min: 1, max: maxHp }),
    resilience: fc.integer({ min: 0, max: 10 }),
    armour: fc.integer({ min: 0, max: 6 }),
    discipline: fc.integer({ min: 0, max: 10 }),
    aegis: fc.option(fc.integer({ min: 2, max: 6 }), { nil: null }),
    fortitude: fc.option(fc.integer({ min: 2, max: 6 }), { nil: null }),
    hitModifier: fc.integer({ min: -3, max: 3 }),
  });

const rawUnit = (maxModels: number) =>
  fc.record({
    models: fc.integer({ min: 0, max: maxModels }),
    width: fc.integer({ min: 1, max: 6 }),
    height: fc.integer({ min: 0, max: 3 }),
    profile: profileArb(),
    charged: fc.boolean(),
    facing: fc.constantFrom('front', 'flank', 'rear'),
    standard: fc.boolean(),
    supporting: fc.option(fc.integer({ min: 0, max: 6 }), { nil: null }),
    supportingAttacks: fc.integer({ min: 0, max: 2 }),
    attacksAtCharacters: fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 2 }),
    characters: fc.array(
      fc.record({
        profile: profileArb(),
        battleStandard: fc.boolean(),
        attacksAtCharacters: fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 2 }),
      }),
      { maxLength: 2 },
    ),
  });

type Raw = ReturnType<typeof rawUnit> extends fc.Arbitrary<infer T> ? T : never;

/** Trims allocations to what the enemy has and what the part can make, as the schema demands. */
function legal(unit: Raw, name: string, foeCharacters: number) {
  const capped = (list: number[], attacks: number) => {
    let left = attacks;
    return list.slice(0, foeCharacters).map((x) => {
      const take = Math.min(x, left);
      left -= take;
      return take;
    });
  };
  const characters = unit.characters.map((c, i) => ({
    ...c,
    name: `${name} hero ${i}`,
    attacksAtCharacters: capped(c.attacksAtCharacters, c.profile.attacks),
  }));
  const draft = { ...unit, name, characters, fighting: null };
  const attacks = rankAndFileAttacks(draft as unknown as Unit, unit.models);
  return { ...draft, attacksAtCharacters: capped(unit.attacksAtCharacters, attacks) };
}

/** A valid setup (units with at least one model), both sides from `maxModels`. */
export const setupArb = (maxModels = 12): fc.Arbitrary<Setup> =>
  fc
    .record({ a: rawUnit(maxModels), d: rawUnit(maxModels), insaneCourage: fc.boolean() })
    .filter(({ a, d }) => (a.models > 0 || a.characters.length > 0) && (d.models > 0 || d.characters.length > 0))
    .map(({ a, d, insaneCourage }) =>
      ninthAge.setupSchema.parse({
        system: 'ninth-age',
        insaneCourage,
        attacker: { name: 'Red', unit: legal(a, 'Reds', d.characters.length) },
        defender: { name: 'Blue', unit: legal(d, 'Blues', a.characters.length) },
      }),
    );
