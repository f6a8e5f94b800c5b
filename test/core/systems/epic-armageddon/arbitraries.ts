import fc from 'fast-check';
import { epicArmageddon, type Setup } from '../../../../core/systems/epic-armageddon';

/** Random small assaults for property tests: every rule of the setup can come up. */

const value = fc.option(fc.integer({ min: 2, max: 6 }), { nil: null, freq: 5 });
const weapon = fc.record({
  name: fc.constant('Weapon'),
  use: fc.constantFrom('cc' as const, 'ff' as const),
  extraAttacks: fc.integer({ min: 1, max: 2 }),
  macroWeapon: fc.boolean(),
  firstStrike: fc.boolean(),
});

const unitArb = (name: string) =>
  fc
    .record({
      count: fc.integer({ min: 1, max: 3 }),
      type: fc.constantFrom(
        'infantry' as const,
        'infantry' as const,
        'light-vehicle' as const,
        'armoured-vehicle' as const,
        'war-engine' as const,
      ),
      armour: value,
      cc: value,
      ff: value,
      engaged: fc.constantFrom('contact' as const, 'contact' as const, 'firefight' as const, 'none' as const),
      weapons: fc.array(weapon, { maxLength: 1 }),
      reinforcedArmour: fc.boolean(),
      invulnerable: fc.boolean(),
      fearless: fc.boolean(),
      inspiring: fc.boolean(),
      cover: value,
      damageCapacity: fc.integer({ min: 1, max: 3 }),
    })
    .map((u) => ({
      ...u,
      name,
      count: u.type === 'war-engine' ? 1 : u.count,
      damageCapacity: u.type === 'war-engine' ? u.damageCapacity : 1,
    }));

const supportArb = fc.array(
  fc.record({
    name: fc.constant('Support'),
    count: fc.integer({ min: 1, max: 2 }),
    ff: value,
    inspiring: fc.boolean(),
    weapons: fc.array(
      weapon.map((w) => ({ ...w, use: 'ff' as const })),
      { maxLength: 1 },
    ),
  }),
  { maxLength: 1 },
);

const sideArb = (prefix: string) =>
  fc.record({
    units: fc
      .array(fc.nat(), { minLength: 1, maxLength: 3 })
      .chain((xs) => fc.tuple(...xs.map((_, i) => unitArb(`${prefix} ${i + 1}`)))),
    support: supportArb,
    blastMarkers: fc.nat(2),
    broken: fc.boolean(),
  });

export const setupArb: fc.Arbitrary<Setup> = fc.tuple(sideArb('Red'), sideArb('Blue')).map(([a, d]) => {
  // The attacker charged: its first unit is in base contact (seed 003).
  const units = a.units.map((u, i) => (i === 0 ? { ...u, engaged: 'contact' as const } : u));
  return epicArmageddon.setupSchema.parse({
    system: 'epic-armageddon',
    attacker: { name: 'Red', formation: 'Red force', ...a, units },
    defender: { name: 'Blue', formation: 'Blue force', ...d },
  });
});
