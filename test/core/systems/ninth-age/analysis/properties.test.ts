import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  analyzeRound,
  ninthAgeAnalysis,
  ninthAgeDistributions,
  ninthAgeReport,
  ninthAgeTooLarge,
  workOf,
  WORK_LIMIT,
} from '../../../../../core/systems/ninth-age/analysis';
import { ninthAge, type Setup, type State } from '../../../../../core/systems/ninth-age';
import { setupArb } from '../arbitraries';
import { roundDriver } from '../../../../support/roundDriver';
import { ninthAgeSystem } from '../../../../../core/systems/ninth-age/definition';
import { knightsVsSpearmen } from './setups';

const { begin, roundOver, trajectory } = roundDriver<Setup, State>(ninthAgeSystem);

/** Invariants of the exact analysis over random setups and states part-way, symmetry, and the work limit. */

interface Side {
  hpLost: number[];
  meanHpLost: number;
  pWipedOut: number;
  pBreaks: number;
  pCaught: number;
}
/** The `analyze` report of SCENARIOS §3. */
interface Report {
  attacker: Side;
  defender: Side;
  difference: { offset: number; dist: number[]; mean: number };
  pAttackerWins: number;
  pDraw: number;
  pDefenderWins: number;
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe('the Ninth Age analysis (fast-check)', () => {
  it('from the start and from every state of a round: probabilities sum to 1 and the figures are consistent', () => {
    fc.assert(
      fc.property(setupArb(8), fc.nat(1000), (setup, seed) => {
        for (const c of trajectory(begin(setup), seed)) {
          if (ninthAgeTooLarge(c.state) !== null) return;
          const odds = analyzeRound(c.state);
          expect(Math.abs(sum(odds.difference.dist) - 1)).toBeLessThan(1e-9);
          for (const role of ['attacker', 'defender'] as const) {
            expect(Math.abs(sum(odds.hpLost[role]) - 1)).toBeLessThan(1e-9);
            expect(odds.caught[role]).toBeLessThanOrEqual(odds.breaks[role] + 1e-12);
          }
          expect(Math.abs(odds.win.attacker + odds.win.draw + odds.win.defender - 1)).toBeLessThan(1e-9);
          // Only a loser breaks.
          expect(odds.breaks.attacker).toBeLessThanOrEqual(odds.win.defender + 1e-12);
          expect(odds.breaks.defender).toBeLessThanOrEqual(odds.win.attacker + 1e-12);
          expect(sum(odds.difference.dist.filter((_, k) => k + odds.difference.offset > 0))).toBeCloseTo(
            odds.win.attacker,
            9,
          );
          if (roundOver(c)) break;
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it('is symmetric: swapping the two sides mirrors every figure', () => {
    fc.assert(
      fc.property(setupArb(8), (setup) => {
        const mirrored: Setup = { ...setup, attacker: setup.defender, defender: setup.attacker };
        const a = ninthAgeReport(ninthAge.start(setup)) as unknown as Report;
        const b = ninthAgeReport(ninthAge.start(mirrored)) as unknown as Report;
        for (const [x, y] of [
          [a.attacker, b.defender],
          [a.defender, b.attacker],
        ] as const) {
          expect(x.hpLost.length).toBe(y.hpLost.length);
          x.hpLost.forEach((p, k) => expect(p).toBeCloseTo(y.hpLost[k]!, 10));
          for (const f of ['pWipedOut', 'pBreaks', 'pCaught'] as const) expect(x[f]).toBeCloseTo(y[f], 10);
        }
        expect(a.pAttackerWins).toBeCloseTo(b.pDefenderWins, 10);
        expect(a.pDraw).toBeCloseTo(b.pDraw, 10);
        expect(a.difference.mean).toBeCloseTo(-b.difference.mean, 10);
      }),
      { numRuns: 60 },
    );
  }, 60_000);
});

describe('what the host and the CLI are given', () => {
  it('report: exactly the figures of SCENARIOS §3', () => {
    const r = ninthAgeReport(ninthAge.start(knightsVsSpearmen()));
    expect(Object.keys(r)).toEqual([
      'system',
      'attacker',
      'defender',
      'difference',
      'pAttackerWins',
      'pDraw',
      'pDefenderWins',
    ]);
    expect(Object.keys(r['attacker'] as object)).toEqual(['hpLost', 'meanHpLost', 'pWipedOut', 'pBreaks', 'pCaught']);
    expect(Object.keys(r['difference'] as object)).toEqual(['offset', 'dist', 'mean']);
  });

  it('distributions: the round now against its start on one range, with the facts the odds panel lists', () => {
    const states = trajectory(begin(knightsVsSpearmen()), 3);
    const start = ninthAgeDistributions(states[0]!.state);
    const later = ninthAgeDistributions(states.at(-1)!.state);
    expect(start.baseline!.main).toEqual(start.main);
    expect(later.baseline).toEqual(start.baseline);
    expect(later.main.length).toBe(later.baseline!.main.length);
    expect(later.offset).toBe(later.baseline!.offset);
    expect(later.main.filter((p) => p > 0)).toHaveLength(1);
    expect(later.secondary!.measure).toBe('HP lost by the defender');
    expect(later.facts!.map((f) => f.label)).toEqual([
      'Knights win the round',
      'A tie (both win)',
      'Spearmen win the round',
      'Knights: break',
      'Knights: caught',
      'Spearmen: break',
      'Spearmen: caught',
    ]);
  });

  it('the bench case is well within the work limit', () => {
    expect(ninthAgeAnalysis.tooLarge!(ninthAge.start(knightsVsSpearmen()))).toBeNull();
    expect(workOf(ninthAge.start(knightsVsSpearmen()))).toBeLessThan(WORK_LIMIT / 10);
  });

  it('refuses, in words and without counting, the largest setups the schema accepts', () => {
    const giant = (name: string) => ({
      name,
      models: 200,
      width: 30,
      supporting: 200,
      supportingAttacks: 10,
      profile: {
        offensiveSkill: 5,
        defensiveSkill: 5,
        strength: 5,
        armourPenetration: 0,
        agility: 3,
        attacks: 20,
        healthPoints: 20,
        resilience: 3,
        armour: 0,
        discipline: 7,
      },
      attacksAtCharacters: [20, 20, 20, 20],
      characters: [0, 1, 2, 3].map((i) => ({
        name: `${name} ${i}`,
        attacksAtCharacters: [5, 5, 5, 5],
        profile: {
          offensiveSkill: 5,
          defensiveSkill: 5,
          strength: 5,
          armourPenetration: 0,
          agility: i,
          attacks: 20,
          healthPoints: 20,
          resilience: 3,
          armour: 0,
          discipline: 7,
        },
      })),
    });
    const largest = ninthAge.setupSchema.parse({
      system: 'ninth-age',
      attacker: { name: 'A', unit: giant('Horde') },
      defender: { name: 'B', unit: giant('Host') },
    });
    const message = ninthAgeTooLarge(ninthAge.start(largest));
    expect(message).toMatch(/^Too many ways this round can go to count exactly/);
    // Fewer: a big block against a big block, no characters — still far too many HP in play at once?
    const blocks = ninthAge.setupSchema.parse({
      system: 'ninth-age',
      attacker: { name: 'A', unit: { ...giant('Horde'), characters: [], attacksAtCharacters: [] } },
      defender: { name: 'B', unit: { ...giant('Host'), characters: [], attacksAtCharacters: [] } },
    });
    const verdict = ninthAgeTooLarge(ninthAge.start(blocks));
    // Two pools only: either counted within the limit or refused — never an unbounded count.
    expect(verdict === null ? workOf(ninthAge.start(blocks)) <= WORK_LIMIT : verdict.startsWith('Too many')).toBe(true);
  });
});
