import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { registry, analyses } from '../../../../../core/systems';
import { rulesDeps } from '../../../../../core/api/backends/rules';
import { oddsFrom } from '../../../../../core/analysis/odds';
import {
  analyzeRound,
  estimatedWork,
  WORK_BUDGET,
  wh40k7eAnalysis,
  wh40k7eDistributions,
} from '../../../../../core/systems/wh40k-7e/analysis';
import { wh40k7e, type Setup, type State } from '../../../../../core/systems/wh40k-7e';
import { setupArb } from '../arbitraries';
import { roundDriver, rngFor } from '../../../../support/roundDriver';
import { wh40k7eSystem } from '../../../../../core/systems/wh40k-7e/definition';
import { marine, marinesVsBoyz, mixedBag, parse } from './setups';

const { apply, begin, inputFor, trajectory } = roundDriver<Setup, State>(wh40k7eSystem);

/** The analysis as the host uses it: the odds panel's distributions with the round's baseline, facts, tooLarge. */

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe('the 7th edition odds panel (core/analysis/system.ts)', () => {
  it('is registered for the host and the CLI', () => {
    expect(analyses['wh40k-7e']).toBe(wh40k7eAnalysis);
  });

  it("gives the round's difference with its offset, the wounds caused, the facts, and the round start as baseline", () => {
    const start = begin(marinesVsBoyz());
    const d0 = wh40k7eDistributions(start.state);
    expect(d0.measure).toBe('wounds caused, attacker − defender, round 1');
    expect(d0.baseline!.main).toEqual(d0.main);
    expect(d0.facts!.map((f) => f.label)).toEqual([
      'Tactical Squad win the round',
      'Draw',
      'Ork Boyz win the round',
      'Tactical Squad break and fall back',
      'Ork Boyz break and fall back',
      'Tactical Squad destroyed by a Sweeping Advance',
      'Ork Boyz destroyed by a Sweeping Advance',
    ]);
    const odds = analyzeRound(start.state);
    expect(d0.facts![0]!.probability).toBe(odds.win.attacker);
    expect(d0.secondary).toEqual({ measure: 'wounds caused by the attacker', dist: odds.caused.attacker });
    // Part-way, the baseline stays the round's start; both share one offset (the host compares index by index).
    const mid = trajectory(begin(marinesVsBoyz()), 3).find((c) => c.state.initiative === 1)!;
    const d1 = wh40k7eDistributions(mid.state);
    expect(d1.offset).toBe(d1.baseline!.offset);
    expect(d1.main).toHaveLength(d1.baseline!.main.length);
    expect(sum(d1.main)).toBeCloseTo(1, 12);
    expect(sum(d1.baseline!.main)).toBeCloseTo(1, 12);
    const before = analyzeRound(start.state);
    d1.baseline!.main.forEach((p, k) =>
      expect(p).toBeCloseTo(before.difference.dist[k + d1.offset! - before.difference.offset] ?? 0, 12),
    );
    const panel = oddsFrom(d0, d1);
    expect(panel.before).toEqual(d1.baseline!.main);
    expect(panel.percentile).toBeGreaterThanOrEqual(0);
    expect(panel.percentile).toBeLessThanOrEqual(100);
  });

  it('starts the baseline again in round 2', () => {
    for (let seed = 0; seed < 200; seed++) {
      let c = { ...begin(mixedBag()), rng: rngFor(seed) };
      while (
        !(c.step.kind === 'outcome' && c.step.final) &&
        !(c.step.kind === 'choose' && c.step.id.startsWith('round.'))
      )
        c = apply(c, inputFor(c));
      if (c.step.kind !== 'choose') continue;
      const r2 = apply(c, { kind: 'choose', stepId: c.step.id, option: 'next' });
      const d = wh40k7eDistributions(r2.state);
      expect(d.measure).toBe('wounds caused, attacker − defender, round 2');
      expect(d.baseline!.main).toEqual(d.main);
      return;
    }
    throw new Error('no game went to round 2');
  });
});

describe('tooLarge (cost.ts)', () => {
  /** Marine-like models of two attacks and a 4+ save. */
  const group = (name: string, count: number, over: Record<string, unknown> = {}) => ({
    ...marine,
    name,
    count,
    attacks: 2,
    save: 4,
    ...over,
  });

  it('accepts the benchmark and the everyday combats', () => {
    expect(wh40k7eAnalysis.tooLarge!(begin(marinesVsBoyz()).state)).toBeNull();
    expect(wh40k7eAnalysis.tooLarge!(begin(mixedBag()).state)).toBeNull();
    const mobs = parse({
      attacker: { name: 'Boyz', charged: true, models: [group('Boy', 29), group('Nob', 1, { wounds: 2 })] },
      defender: { name: 'Guard', models: [group('Guardsman', 50, { initiative: 3 })] },
    });
    expect(estimatedWork(wh40k7e.start(mobs))).toBeLessThan(WORK_BUDGET);
  });

  it('refuses the largest setups the schema accepts, in words, before any counting', () => {
    // 100 models of 10 wounds a side, in 10 groups striking at 10 different Initiative steps.
    const side = (name: string) => ({
      name,
      charged: true,
      models: Array.from({ length: 10 }, (_, i) =>
        group(`${name} ${i + 1}`, 10, {
          wounds: 10,
          attacks: 10,
          initiative: i + 1,
          strength: 10,
          feelNoPain: 5,
          weapon: { strength: i % 2 ? 'D' : 'user' },
        }),
      ),
    });
    const huge = wh40k7e.start(parse({ attacker: side('Red'), defender: side('Blue') }));
    const why = wh40k7eAnalysis.tooLarge!(huge);
    // The host says there are no odds there, and why (core/analysis/guarded.ts).
    expect(rulesDeps(registry, { newId: () => 'x', newSeed: () => 1 }).analyze('wh40k-7e', huge)).toEqual({
      ok: false,
      tooLarge: why,
    });
    expect(
      rulesDeps(registry, { newId: () => 'x', newSeed: () => 1 }).analyze('wh40k-7e', begin(marinesVsBoyz()).state),
    ).toMatchObject({ ok: true });
    expect(why).toMatch(
      /^Red against Blue: too many ways the round can go to count exactly \(about [\d,]+ million steps of work; the limit is 120 million\)\. Fewer models or fewer wounds per model bring it within reach\.$/,
    );
  });

  it('is the same for every state of a round (counted from its start), so the odds panel does not flicker', () => {
    const c = trajectory(begin(marinesVsBoyz()), 5);
    const works = new Set(c.map((x) => estimatedWork(x.state)));
    expect(works.size).toBe(1);
  });
});

describe('analysis properties (fast-check)', () => {
  it('probabilities sum to 1 and nest: swept ⊂ breaks ⊂ loses', () => {
    fc.assert(
      fc.property(setupArb(2, 5, 3), (setup) => {
        const state = wh40k7e.start(setup);
        if (wh40k7eAnalysis.tooLarge!(state)) return;
        const o = analyzeRound(state);
        expect(Math.abs(sum(o.difference.dist) - 1)).toBeLessThan(1e-9);
        expect(Math.abs(sum(o.caused.attacker) - 1)).toBeLessThan(1e-9);
        expect(Math.abs(sum(o.caused.defender) - 1)).toBeLessThan(1e-9);
        expect(Math.abs(o.win.attacker + o.win.draw + o.win.defender - 1)).toBeLessThan(1e-9);
        expect(o.breaks.defender).toBeLessThanOrEqual(o.win.attacker + 1e-12);
        expect(o.breaks.attacker).toBeLessThanOrEqual(o.win.defender + 1e-12);
        expect(o.swept.defender).toBeLessThanOrEqual(o.breaks.defender + 1e-12);
        expect(o.swept.attacker).toBeLessThanOrEqual(o.breaks.attacker + 1e-12);
        [...o.difference.dist, ...o.caused.attacker, ...o.caused.defender].forEach((p) =>
          expect(p).toBeGreaterThanOrEqual(-1e-15),
        );
      }),
      { numRuns: 150 },
    );
  }, 120_000);

  it('is symmetric: with nobody charging, swapping the units mirrors every figure', () => {
    fc.assert(
      fc.property(setupArb(2, 4, 3), (setup) => {
        const calm = {
          ...setup,
          attacker: { ...setup.attacker, charged: false },
          defender: { ...setup.defender, charged: false },
        };
        const swapped = { ...calm, attacker: calm.defender, defender: calm.attacker };
        const a = wh40k7e.start(calm);
        if (wh40k7eAnalysis.tooLarge!(a)) return;
        const o = analyzeRound(a);
        const s = analyzeRound(wh40k7e.start(swapped));
        expect(Math.abs(o.win.attacker - s.win.defender)).toBeLessThan(1e-9);
        expect(Math.abs(o.win.draw - s.win.draw)).toBeLessThan(1e-9);
        expect(Math.abs(o.breaks.attacker - s.breaks.defender)).toBeLessThan(1e-9);
        expect(Math.abs(o.swept.defender - s.swept.attacker)).toBeLessThan(1e-9);
        o.caused.attacker.forEach((p, k) => expect(Math.abs(p - (s.caused.defender[k] ?? 0))).toBeLessThan(1e-9));
        o.difference.dist.forEach((p, k) =>
          expect(Math.abs(p - (s.difference.dist[s.difference.dist.length - 1 - k] ?? 0))).toBeLessThan(1e-9),
        );
        expect(s.difference.offset + (o.difference.offset + o.difference.dist.length - 1)).toBe(0);
      }),
      { numRuns: 100 },
    );
  }, 120_000);
});
