import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyze10e, analyzeSetup10e } from '../../../../../core/systems/wh40k-10e/analysis';
import type { Setup, WeaponInput } from '../../../../../core/systems/wh40k-10e/profiles';
import { startSituation } from '../../../../../core/systems/wh40k-10e/situation';
import { setup, weapon } from './setups';

/** Invariants of the exact analysis over random small setups (fast-check). */
const diceText = fc.constantFrom<string | number>(1, 2, 3, 'D3', 'D6', 'D3+1');

const weaponArb: fc.Arbitrary<WeaponInput> = fc
  .record({
    models: fc.integer({ min: 1, max: 3 }),
    attacks: fc.constantFrom<string | number>(1, 2, 4, 'D3', 'D6'),
    skill: fc.integer({ min: 2, max: 6 }),
    strength: fc.integer({ min: 1, max: 12 }),
    ap: fc.integer({ min: -3, max: 0 }),
    damage: diceText,
    hitModifier: fc.integer({ min: -2, max: 2 }),
    woundModifier: fc.integer({ min: -2, max: 2 }),
    hitReroll: fc.constantFrom('none' as const, 'ones' as const, 'failed' as const),
    woundReroll: fc.constantFrom('none' as const, 'ones' as const, 'all' as const),
    // WH40K10-MODIFIERS.md weapon fields
    criticalHitOn: fc.integer({ min: 4, max: 6 }),
    criticalWoundOn: fc.integer({ min: 4, max: 6 }),
    damageReroll: fc.constantFrom('none' as const, 'ones' as const, 'all' as const),
    abilities: fc.record({
      lethalHits: fc.boolean(),
      sustainedHits: fc.constantFrom<string | number | null>(null, 1, 'D3'),
      devastatingWounds: fc.boolean(),
      twinLinked: fc.boolean(),
      torrent: fc.boolean(),
      anti: fc.constantFrom(null, { keyword: 'infantry', threshold: 4 }),
      blast: fc.boolean(),
      rapidFire: fc.constantFrom<string | number | null>(null, 1),
      melta: fc.constantFrom<string | number | null>(null, 2),
    }),
  })
  .map((w) => weapon(w));

const groupArb = fc.record({
  count: fc.integer({ min: 1, max: 5 }),
  toughness: fc.integer({ min: 2, max: 10 }),
  save: fc.integer({ min: 2, max: 7 }),
  invulnerable: fc.constantFrom<number | null>(null, 4, 5),
  wounds: fc.integer({ min: 1, max: 4 }),
  feelNoPain: fc.constantFrom<number | null>(null, 5, 6),
  feelNoPainMortal: fc.constantFrom<number | null>(null, 4),
  character: fc.boolean(),
});

const setupArb = fc
  .record({
    weapons: fc.array(weaponArb, { minLength: 1, maxLength: 2 }),
    models: fc.array(groupArb, { minLength: 1, maxLength: 2 }),
    keywords: fc.constantFrom<string[]>([], ['infantry']),
    cover: fc.boolean(),
    ranged: fc.boolean(),
    charged: fc.boolean(),
    halfRange: fc.boolean(),
    remainedStationary: fc.boolean(),
    // WH40K10-MODIFIERS.md defender fields
    modifiers: fc.record({
      stealth: fc.boolean(),
      saveModifier: fc.integer({ min: -1, max: 1 }),
      saveReroll: fc.constantFrom('none' as const, 'ones' as const, 'failed' as const),
      apReduction: fc.integer({ min: 0, max: 1 }),
      halfDamage: fc.boolean(),
      damageReduction: fc.integer({ min: 0, max: 1 }),
    }),
  })
  .map((o) => setup(o));

function checkDistribution(s: Setup, r: ReturnType<typeof analyzeSetup10e>) {
  const models = s.defender.models.reduce((a, g) => a + g.count, 0);
  const wounds = s.defender.models.reduce((a, g) => a + g.count * g.wounds, 0);
  expect(r.modelsDestroyed).toHaveLength(models + 1);
  expect(r.woundsLost).toHaveLength(wounds + 1);
  for (const dist of [r.modelsDestroyed, r.woundsLost]) {
    for (const p of dist) expect(p).toBeGreaterThanOrEqual(0);
    expect(Math.abs(dist.reduce((a, b) => a + b, 0) - 1)).toBeLessThan(1e-9);
  }
  expect(r.meanModelsDestroyed).toBeCloseTo(
    r.modelsDestroyed.reduce((a, p, k) => a + p * k, 0),
    12,
  );
  expect(r.meanWoundsLost).toBeCloseTo(
    r.woundsLost.reduce((a, p, k) => a + p * k, 0),
    12,
  );
  // Consistency: destroying k models takes at least the k smallest models' wounds.
  expect(r.meanWoundsLost + 1e-9).toBeGreaterThanOrEqual(
    r.meanModelsDestroyed * Math.min(...s.defender.models.map((g) => g.wounds)),
  );
}

describe('exact analysis: invariants', () => {
  it('distributions are non-negative, sum to 1 and match their means', () => {
    fc.assert(
      fc.property(setupArb, (s) => checkDistribution(s, analyzeSetup10e(s))),
      { numRuns: 150, seed: 4242 },
    );
  });

  it('a worse save never lowers the expected wounds lost (one model group, no Blast)', () => {
    fc.assert(
      fc.property(setupArb, fc.integer({ min: 2, max: 6 }), (s0, save) => {
        const group = { ...s0.defender.models[0]!, character: false };
        const weapons = s0.attacker.weapons.map((w) => ({ ...w, abilities: { ...w.abilities, blast: false } }));
        const better: Setup = {
          ...s0,
          attacker: { ...s0.attacker, weapons },
          defender: { ...s0.defender, models: [{ ...group, save }] },
        };
        const worse: Setup = { ...better, defender: { ...better.defender, models: [{ ...group, save: save + 1 }] } };
        expect(analyzeSetup10e(worse).meanWoundsLost + 1e-9).toBeGreaterThanOrEqual(
          analyzeSetup10e(better).meanWoundsLost,
        );
      }),
      { numRuns: 100, seed: 777 },
    );
  });

  it('a save re-roll, half damage or −1 Damage never raise the expected wounds lost (one model group, no Blast, no character)', () => {
    fc.assert(
      fc.property(setupArb, fc.constantFrom('saveReroll', 'halfDamage', 'damageReduction'), (s0, field) => {
        const group = { ...s0.defender.models[0]!, character: false };
        const weapons = s0.attacker.weapons.map((w) => ({ ...w, abilities: { ...w.abilities, blast: false } }));
        const base: Setup = {
          ...s0,
          attacker: { ...s0.attacker, weapons },
          defender: { ...s0.defender, models: [group], saveReroll: 'none', halfDamage: false, damageReduction: 0 },
        };
        const on = { saveReroll: 'failed', halfDamage: true, damageReduction: 1 }[field];
        const tougher: Setup = { ...base, defender: { ...base.defender, [field]: on } };
        expect(analyzeSetup10e(tougher).meanWoundsLost).toBeLessThanOrEqual(
          analyzeSetup10e(base).meanWoundsLost + 1e-9,
        );
      }),
      { numRuns: 100, seed: 1616 },
    );
  });

  it('is deterministic and does not modify the situation', () => {
    fc.assert(
      fc.property(setupArb, (s) => {
        const sit = startSituation(s);
        const before = JSON.stringify(sit);
        expect(analyze10e(sit)).toEqual(analyze10e(sit));
        expect(JSON.stringify(sit)).toBe(before);
      }),
      { numRuns: 30, seed: 99 },
    );
  });
});
