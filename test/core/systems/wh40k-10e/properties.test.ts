import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advance, replay, rollForMe, undo, type Input } from '../../../../core/combat';
import { wh40k10e } from '../../../../core/systems/wh40k-10e';
import { situationOf } from '../../../../core/systems/wh40k-10e/situationOf';
import { setupSchema, type Setup } from '../../../../core/systems/wh40k-10e/profiles';
import { start, type WCombat } from './helpers';

/** fast-check invariants over random valid setups driven to the end with random dice and choices. */

const weaponArb = fc.record({
  name: fc.constantFrom('Bolter', 'Melta', 'Claw'),
  models: fc.integer({ min: 1, max: 3 }),
  attacks: fc.constantFrom('1', '2', 'D3', 'D6'),
  skill: fc.integer({ min: 2, max: 6 }),
  strength: fc.integer({ min: 1, max: 10 }),
  ap: fc.integer({ min: -4, max: 0 }),
  damage: fc.constantFrom('1', '2', 'D3', 'D6+1'),
  hitModifier: fc.integer({ min: -2, max: 2 }),
  woundModifier: fc.integer({ min: -2, max: 2 }),
  hitReroll: fc.constantFrom('none', 'ones', 'failed', 'all'),
  woundReroll: fc.constantFrom('none', 'ones', 'failed', 'all'),
  // WH40K10-MODIFIERS.md weapon fields
  criticalHitOn: fc.integer({ min: 4, max: 6 }),
  criticalWoundOn: fc.integer({ min: 4, max: 6 }),
  damageReroll: fc.constantFrom('none', 'ones', 'all'),
  abilities: fc.record({
    lethalHits: fc.boolean(),
    sustainedHits: fc.constantFrom(null, '1', 'D3'),
    devastatingWounds: fc.boolean(),
    twinLinked: fc.boolean(),
    torrent: fc.boolean(),
    anti: fc.constantFrom(null, { keyword: 'infantry', threshold: 4 }),
    blast: fc.boolean(),
    rapidFire: fc.constantFrom(null, '1', 'D3'),
    melta: fc.constantFrom(null, '2', 'D3'),
    lance: fc.boolean(),
    heavy: fc.boolean(),
    ignoresCover: fc.boolean(),
    precision: fc.boolean(),
    hazardous: fc.boolean(),
  }),
});

const groupArb = fc.record({
  count: fc.integer({ min: 1, max: 6 }),
  toughness: fc.integer({ min: 2, max: 10 }),
  save: fc.integer({ min: 2, max: 7 }),
  invulnerable: fc.constantFrom(null, 4, 5),
  wounds: fc.integer({ min: 1, max: 6 }),
  feelNoPain: fc.constantFrom(null, 5, 6),
  feelNoPainMortal: fc.constantFrom(null, 4, 6),
  deadlyDemise: fc.constantFrom(null, '1', 'D3'),
  character: fc.boolean(),
});

const setupArb: fc.Arbitrary<Setup> = fc
  .record({
    weapons: fc.array(weaponArb, { minLength: 1, maxLength: 2 }),
    groups: fc.array(groupArb, { minLength: 1, maxLength: 3 }),
    flags: fc.record({
      charged: fc.boolean(),
      remainedStationary: fc.boolean(),
      halfRange: fc.boolean(),
      ranged: fc.boolean(),
      mortalWounds: fc.integer({ min: 0, max: 3 }),
    }),
    cover: fc.boolean(),
    infantry: fc.boolean(),
    // WH40K10-MODIFIERS.md defender fields
    modifiers: fc.record({
      stealth: fc.boolean(),
      saveModifier: fc.integer({ min: -1, max: 1 }),
      saveReroll: fc.constantFrom('none', 'ones', 'failed'),
      apReduction: fc.integer({ min: 0, max: 1 }),
      halfDamage: fc.boolean(),
      damageReduction: fc.integer({ min: 0, max: 1 }),
    }),
  })
  .map((r) =>
    setupSchema.parse({
      system: 'wh40k-10e',
      attacker: { name: 'A', weapons: r.weapons, ...r.flags },
      defender: {
        name: 'D',
        models: r.groups,
        cover: r.cover,
        keywords: r.infantry ? ['infantry'] : [],
        ...r.modifiers,
      },
    }),
  );

/** Drives a combat to its final outcome; checks the wound invariants at every state. */
function drive(combat: WCombat, picks: number[], onStep?: (c: WCombat, input: Input) => void): WCombat {
  let c = combat;
  for (let i = 0; i < 5000; i++) {
    for (const [index, m] of c.state.models.entries()) {
      const g = c.state.setup.defender.models[m.group]!;
      expect(m.woundsLeft, `model ${index}`).toBeGreaterThanOrEqual(0);
      expect(m.woundsLeft, `model ${index}`).toBeLessThanOrEqual(g.wounds);
    }
    const step = c.step;
    if (step.kind === 'outcome') {
      expect(step.final).toBe(true);
      return c;
    }
    const input: Input =
      step.kind === 'roll'
        ? rollForMe(c as never)
        : {
            kind: 'choose',
            stepId: step.id,
            option: step.options[(picks[i % Math.max(1, picks.length)] ?? 0) % step.options.length]!.id,
          };
    onStep?.(c, input);
    const result = advance(wh40k10e, c, input);
    if (!result.ok) throw new Error(`${step.id}: ${result.error.message}`);
    c = result.combat;
  }
  throw new Error('the combat did not terminate');
}

const params = { numRuns: 150 };
const picksArb = fc.array(fc.nat(10), { maxLength: 20 });

describe('10th edition engine properties (fast-check)', () => {
  it('always terminates in a final outcome; no model ever has negative wounds or more than W', () => {
    fc.assert(
      fc.property(setupArb, fc.integer(), picksArb, (setup, seed, picks) => {
        const end = drive(start(setup, seed), picks);
        const s = situationOf(end.state);
        expect(s.current).toBeNull();
        expect(s.woundsLost).toBe(
          end.state.models.reduce((a, m) => a + setup.defender.models[m.group]!.wounds - m.woundsLeft, 0),
        );
      }),
      params,
    );
  });

  it('replaying the log gives a deep-equal combat', () => {
    fc.assert(
      fc.property(setupArb, fc.integer(), picksArb, (setup, seed, picks) => {
        const end = drive(start(setup, seed), picks);
        expect(replay(wh40k10e, end.log)).toEqual(end);
        expect(JSON.parse(JSON.stringify(end.state))).toEqual(end.state); // JSON-safe
      }),
      params,
    );
  });

  it('undo then re-applying the same input is the identity', () => {
    fc.assert(
      fc.property(setupArb, fc.integer(), picksArb, fc.nat(), (setup, seed, picks, at) => {
        const end = drive(start(setup, seed), picks);
        const n = end.log.inputs.length;
        if (n === 0) return;
        const k = (at % n) + 1;
        const atK = replay(wh40k10e, { ...end.log, inputs: end.log.inputs.slice(0, k) });
        const back = undo(wh40k10e, atK);
        const again = advance(wh40k10e, back, end.log.inputs[k - 1]!);
        expect(again.ok).toBe(true);
        if (again.ok) expect(again.combat).toEqual(atK);
      }),
      params,
    );
  });

  it('step ids are unique within a combat and every step explains itself', () => {
    fc.assert(
      fc.property(setupArb, fc.integer(), picksArb, (setup, seed, picks) => {
        const ids = new Set<string>();
        drive(start(setup, seed), picks, (c) => {
          expect(ids.has(c.step.id)).toBe(false);
          ids.add(c.step.id);
          if (c.step.kind === 'roll') {
            expect(c.step.needs.length).toBeGreaterThan(0);
            expect(c.step.why.length).toBeGreaterThan(0);
          }
          if (c.step.kind === 'choose') expect(c.step.prompt.length).toBeGreaterThan(0);
          // Reasons cite the rule by the name players know, never the source files (seed 001, RULES §1).
          if (c.step.kind !== 'outcome') for (const r of c.step.why) expect(r.rule).not.toMatch(/seed|RULES|§/);
        });
      }),
      params,
    );
  });

  it('no reason or line of a played-out combat cites the source files ("seed 001", "RULES §1"): rules by the names players know (issue 18)', () => {
    const words = (step: WCombat['step']): string[] =>
      step.kind === 'outcome'
        ? [step.title, ...step.lines]
        : step.kind === 'roll'
          ? [step.title, step.needs, ...step.notes, ...step.why.flatMap((r) => [r.rule, r.detail])]
          : [
              step.title,
              step.prompt,
              ...step.options.flatMap((o) => [o.label, o.detail ?? '']),
              ...step.why.flatMap((r) => [r.rule, r.detail]),
            ];
    fc.assert(
      fc.property(setupArb, fc.integer(), picksArb, (setup, seed, picks) => {
        const seen: string[] = [];
        const end = drive(start(setup, seed), picks, (c) => seen.push(...words(c.step)));
        seen.push(...words(end.step));
        for (const text of seen) expect(text).not.toMatch(/\bseed\b|§|RULES/i);
      }),
      params,
    );
  });
});
