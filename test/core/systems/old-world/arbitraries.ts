import fc from 'fast-check';

/** fast-check arbitraries of small old-world units, shared by the engine's and the analysis' property tests. */

export function profileArb(limits: { maxWounds: number; maxInitiative: number; maxAttacks: number }) {
  return fc.record({
    movement: fc.integer({ min: 3, max: 9 }),
    weaponSkill: fc.integer({ min: 1, max: 10 }),
    strength: fc.integer({ min: 1, max: 10 }),
    toughness: fc.integer({ min: 1, max: 10 }),
    wounds: fc.integer({ min: 1, max: limits.maxWounds }),
    initiative: fc.integer({ min: 1, max: limits.maxInitiative }),
    attacks: fc.integer({ min: 0, max: limits.maxAttacks }),
    leadership: fc.integer({ min: 2, max: 10 }),
    armour: fc.integer({ min: 1, max: 7 }),
  });
}

export function unitArb(limits: {
  maxModels: number;
  maxRankWidth: number;
  maxWounds: number;
  maxInitiative: number;
  maxAttacks: number;
}) {
  return fc.record({
    models: fc.integer({ min: 1, max: limits.maxModels }),
    rankWidth: fc.integer({ min: 1, max: limits.maxRankWidth }),
    profile: profileArb(limits),
    charged: fc.boolean(),
    standard: fc.boolean(),
    stubborn: fc.boolean(),
    unbreakable: fc.boolean(),
    causesFear: fc.boolean(),
    defendedObstacle: fc.boolean(),
    facing: fc.constantFrom('front', 'flank', 'rear' as const),
  });
}
