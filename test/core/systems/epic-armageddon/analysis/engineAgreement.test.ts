import { describe, expect, it } from 'vitest';
import { analyzeRound, type RoundOdds } from '../../../../../core/systems/epic-armageddon/analysis';
import type { RoundResult } from '../../../../../core/systems/epic-armageddon/state';
import { roundDriver, rngFor } from '../../../../support/roundDriver';
import { epicArmageddonSystem } from '../../../../../core/systems/epic-armageddon/definition';
import type { EpicCombat } from '../helpers';
import type { Setup, State } from '../../../../../core/systems/epic-armageddon';
import { oneStepCheck } from '../../../../support/oneStep';
import { epicRolls } from './rollsRead';
import { bansheesVsKnight, benchmarkAssault, lineFight, marinesVsOrks } from './setups';
import { sized } from '../../../../support/exhaustive';
import { type Chance, chancesOf, expectShares, outcomes, roles } from '../../../../support/agreement';

/**
 * The Epic rules engine (driven through core/combat/engine.ts with the seeded dice, the suggested
 * option at every choice, 'continue' at outcomes) against the exact analysis of the round
 * (core/systems/epic-armageddon/analysis):
 *  1. exactly, with no sampling noise: at every step of several games the analysis equals the
 *     probability-weighted average of the analyses after every possible input (the one-step
 *     identity; with the point mass once the round is decided, this is "exact from any state"),
 *     including states where a player chose otherwise than suggested, and a second round;
 *  2. by Monte Carlo: the round played 20,000 times from the start, and from states part-way
 *     (First Strike under way, a non-default allocation, supporting fire, a whole allocation kept
 *     for the later waves), each compared within 4
 *     standard errors + 2/N (seeds fixed: deterministic).
 */

const checkOneStep = oneStepCheck<Setup, State>(epicArmageddonSystem, analyzeRound, { rollsOf: epicRolls });

const { apply, begin, finishRound, inputFor, trajectory } = roundDriver<Setup, State>(epicArmageddonSystem);

const SLOW = 300_000;

function expectAgreement(exact: RoundOdds, games: RoundResult[], label: string) {
  const n = games.length;
  expectShares(
    [
      ...outcomes.map((w): Chance<RoundResult> => [`P(${w})`, exact.win[w], (g) => g.winner === w]),
      ...roles.flatMap((role): Array<Chance<RoundResult>> => [
        [`P(${role} wins at A4)`, exact.atA4[role], (g) => g.at === 'A4' && g.winner === role],
        ...chancesOf(
          (k) => `P(${role} kills ${k})`,
          exact.kills[role],
          (g: RoundResult) => g.kills[role],
        ),
      ]),
    ],
    games,
    label,
  );
  for (const role of roles) {
    for (const g of games)
      expect(
        exact.kills[role][g.kills[role]] ?? 0,
        `${label}: ${role} kills ${g.kills[role]} are possible`,
      ).toBeGreaterThan(0);
    for (const [what, mean, of] of [
      ['extra hits', exact.meanExtraHits[role], (g: RoundResult) => g.extraHits[role]],
      ['extra losses', exact.meanExtraLosses[role], (g: RoundResult) => g.extraLosses[role]],
    ] as const) {
      const xs = games.map(of);
      const m = xs.reduce((a, b) => a + b, 0) / n;
      const sd = Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / n);
      expect(Math.abs(m - mean), `${label}: ${role} mean ${what} engine ${m} v exact ${mean}`).toBeLessThanOrEqual(
        (4 * sd) / Math.sqrt(n) + 2 / n,
      );
    }
  }
}

/** The round played `games` times from `combat` with new seeds. */
const play = (combat: EpicCombat, games: number, from: number) =>
  Array.from({ length: games }, (_, k) => finishRound({ ...combat, rng: rngFor(from + k) }).state.result!);

/** The first state of some game that matches. */
function partWay(combat: EpicCombat, matches: (c: EpicCombat) => boolean): EpicCombat {
  for (let seed = 100; seed < 400; seed++) {
    const found = trajectory(combat, seed).find(matches);
    if (found) return found;
  }
  throw new Error('no game reached that state');
}

describe('the Epic engine and the exact analysis agree, exactly, one step at a time', () => {
  const stepKinds = new Set<string>();
  it.each([
    ['Marines v Orks (First Strike, cover, Macro-weapon, Fearless war engine, support)', marinesVsOrks],
    ['Banshees v Knight (First Strike on both sides, invulnerable, Broken defender)', bansheesVsKnight],
    ['line fight (draws, Inspiring, Fearless, support on the defender)', lineFight],
  ])(
    '%s',
    (_, setup) => {
      for (const seed of [1, 2, 3, 4]) {
        for (const c of trajectory(begin(setup()), seed)) {
          if (c.state.result) continue;
          stepKinds.add(c.step.id.split('.')[0]!);
          checkOneStep(c, `seed ${seed} at ${c.step.id} (${c.step.title})`);
        }
      }
    },
    SLOW,
  );

  it(
    'after a player allocates otherwise than suggested, the analysis follows what was chosen',
    () => {
      let checked = 0;
      for (let seed = 1; seed < 60 && checked < 3; seed++) {
        const ask = trajectory(begin(marinesVsOrks()), seed).find(
          (c) => c.step.kind === 'choose' && c.step.id.startsWith('allocate.'),
        );
        if (!ask || ask.step.kind !== 'choose') continue;
        for (const option of ask.step.options.filter((o) => !o.suggested)) {
          let c = apply(ask, { kind: 'choose', stepId: ask.step.id, option: option.id });
          for (let n = 0; n < 200 && !c.state.result; n++) {
            checkOneStep(c, `seed ${seed} after "${option.label}" at ${c.step.id}`);
            c = apply(c, inputFor(c));
          }
        }
        checked++;
      }
      expect(checked).toBeGreaterThan(0);
    },
    SLOW,
  );

  it(
    'in a second round after a draw, from the counter-charge questions on, engagements changed',
    () => {
      let found = 0;
      for (let seed = 1; seed < 400 && found < 2; seed++) {
        const draw = trajectory(begin(lineFight()), seed).at(-1)!;
        if (draw.state.result?.winner !== 'draw') continue;
        found++;
        let c = apply(draw, inputFor(draw)); // acknowledge the draw: A3
        stepKinds.add(c.step.id.split('.')[0]!);
        checkOneStep(c, `seed ${seed}: round 2, A3`);
        c = apply(c, { kind: 'choose', stepId: c.step.id, option: 'changed' });
        // The first unit now fights in a firefight; the rest as before.
        checkOneStep(c, `seed ${seed}: round 2, first unit asked`);
        c = apply(c, { kind: 'choose', stepId: c.step.id, option: 'firefight' });
        for (let n = 0; n < 300 && !c.state.result; n++) {
          stepKinds.add(c.step.id.split('.')[0]!);
          checkOneStep(c, `seed ${seed}: round 2 at ${c.step.id}`);
          c = apply(c, inputFor({ ...c, rng: rngFor(seed * 1000 + n) }));
        }
        expect(c.state.round).toBe(2);
      }
      expect(found).toBeGreaterThan(0);
      expect([...stepKinds].sort()).toEqual(
        expect.arrayContaining(['a3', 'a6', 'allocate', 'attack', 'engaged', 'save', 'support']),
      );
    },
    SLOW,
  );
});

describe('the Epic engine and the exact analysis agree, by Monte Carlo (seeded, within 4σ)', () => {
  it(
    'from the start: 20,000 assaults',
    () => {
      const start = begin(marinesVsOrks());
      expectAgreement(analyzeRound(start.state), play(start, sized(5_000, 20_000), 0), 'start');
    },
    SLOW,
  );

  it(
    'part-way: First Strike under way, after a non-default allocation, during supporting fire',
    () => {
      const start = begin(marinesVsOrks());
      const states: Array<[string, EpicCombat]> = [
        [
          'First Strike under way',
          partWay(
            start,
            (c) =>
              c.state.phase.at === 'wave' && c.state.phase.wave.kind === 'firstStrike' && c.step.id.startsWith('save.'),
          ),
        ],
        [
          'after a non-default allocation',
          (() => {
            const ask = partWay(
              start,
              (c) =>
                c.step.kind === 'choose' &&
                c.step.id.startsWith('allocate.') &&
                c.state.phase.at === 'wave' &&
                c.state.phase.wave.kind === 'main',
            );
            const option = ask.step.kind === 'choose' ? ask.step.options.find((o) => !o.suggested)! : null;
            return apply(ask, { kind: 'choose', stepId: ask.step.id, option: option!.id });
          })(),
        ],
        ['during supporting fire', partWay(start, (c) => c.step.id.startsWith('support.'))],
      ];
      states.forEach(([label, c], i) =>
        expectAgreement(analyzeRound(c.state), play(c, 7_000, 100_000 * (i + 1)), label),
      );
    },
    SLOW,
  );

  it(
    'a whole allocation chosen at the First Strike wave and kept for the main wave and supporting fire (issue 22): 7,000 assaults',
    () => {
      const start = begin(marinesVsOrks());
      const ask = partWay(
        start,
        (c) =>
          c.step.kind === 'choose' &&
          c.step.id.startsWith('allocate.') &&
          c.state.phase.at === 'wave' &&
          c.state.phase.wave.kind === 'firstStrike',
      );
      const kept = apply(ask, { kind: 'choose', stepId: ask.step.id, option: 'toughest' });
      expect(kept.state.allocation).toEqual({ defender: { by: 'toughest' } });
      expectAgreement(analyzeRound(kept.state), play(kept, sized(3_000, 7_000), 900_000), 'best saves first, kept');
    },
    SLOW,
  );

  it(
    'First Strike on both sides and a benchmark-sized assault: 5,000 assaults each',
    () => {
      for (const [label, setup] of [
        ['Banshees v Knight', bansheesVsKnight],
        ['benchmark', benchmarkAssault],
      ] as const) {
        const start = begin(setup());
        expectAgreement(analyzeRound(start.state), play(start, sized(2_000, 5_000), 500_000), label);
      }
    },
    SLOW,
  );
});
