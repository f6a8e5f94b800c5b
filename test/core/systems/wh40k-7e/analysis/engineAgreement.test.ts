import { describe, expect, it } from 'vitest';
import { analyzeRound, type RoundOdds } from '../../../../../core/systems/wh40k-7e/analysis';
import { roundDriver, rngFor } from '../../../../support/roundDriver';
import { wh40k7eSystem } from '../../../../../core/systems/wh40k-7e/definition';
import type { W7 as W7Combat } from '../helpers';
import type { Role } from '../../../../../core/systems/wh40k-7e/state';
import type { Setup, State } from '../../../../../core/systems/wh40k-7e';
import { oneStepCheck } from '../../../../support/oneStep';
import { destroyerVsOgryns, hammersVsWarriors, marinesVsBoyz, mixedBag } from './setups';
import { sized } from '../../../../support/exhaustive';
import {
  type Chance,
  chancesOf,
  expectDistribution,
  expectShares,
  outcomes,
  roles,
} from '../../../../support/agreement';

/**
 * The 7th edition engine (core/systems/wh40k-7e, driven through core/combat/engine.ts with the
 * seeded dice, the suggested option at every choice, 'continue' at outcomes) against the exact
 * analysis of the round (core/systems/wh40k-7e/analysis):
 *  1. Monte Carlo from the start of the round, 20,000 games a setup;
 *  2. Monte Carlo from states part-way (after some dice, mid-pool after the defender chose a model
 *     other than the suggested one, at the Morale check), 20,000 games each;
 *  3. exactly, with no sampling noise: at every step of several games the analysis equals the
 *     probability-weighted average of the analyses after every possible input.
 * Tolerance per probability: 4 standard errors sqrt(p(1−p)/N) + 2/N (seeds fixed: deterministic).
 */

const checkOneStep = oneStepCheck<Setup, State>(wh40k7eSystem, analyzeRound);

const { apply, begin, finishRound, inputFor, inRound, roundOver, trajectory } = roundDriver<Setup, State>(
  wh40k7eSystem,
);

/** What the analysis predicts, as one game's round came out. */
interface RoundEnd {
  caused: Record<Role, number>;
  difference: number;
  winner: Role | 'draw';
  wiped: Record<Role, boolean>;
  breaks: Record<Role, boolean>;
  swept: Record<Role, boolean>;
}

function roundEndOf(state: State): RoundEnd {
  const r = state.result!;
  return {
    caused: r.caused,
    difference: r.caused.attacker - r.caused.defender,
    winner: r.winner ?? 'draw',
    wiped: r.wiped,
    breaks: { attacker: state.broken === 'attacker', defender: state.broken === 'defender' },
    swept: { attacker: state.fate.attacker === 'swept', defender: state.fate.defender === 'swept' },
  };
}

const GAMES = sized(5_000, 20_000);
const SLOW = 600_000;

function expectAgreement(exact: RoundOdds, games: RoundEnd[], label: string) {
  expectDistribution('difference', exact.difference, games, (g) => g.difference, label);
  expectShares(
    [
      ...roles.flatMap((role): Array<Chance<RoundEnd>> => [
        ...chancesOf(
          (k) => `P(${role} causes ${k})`,
          exact.caused[role],
          (g: RoundEnd) => g.caused[role],
        ),
        [`P(${role} wiped out)`, exact.wiped[role], (g) => g.wiped[role]],
        [`P(${role} breaks)`, exact.breaks[role], (g) => g.breaks[role]],
        [`P(${role} swept)`, exact.swept[role], (g) => g.swept[role]],
      ]),
      ...outcomes.map((w): Chance<RoundEnd> => [`P(${w} wins)`, exact.win[w], (g) => g.winner === w]),
    ],
    games,
    label,
  );
}

/** The engine's round from `combat`, `games` times with new seeds. */
const play = (combat: W7Combat, games: number, from: number) =>
  Array.from({ length: games }, (_, k) => roundEndOf(finishRound({ ...combat, rng: rngFor(from + k) }).state));

/** A state part-way: the first in a game's trajectory that matches. */
function partWay(setup: ReturnType<typeof marinesVsBoyz>, matches: (c: W7Combat) => boolean): W7Combat {
  for (let seed = 500; seed < 700; seed++) {
    const found = trajectory(begin(setup), seed).find(matches);
    if (found) return found;
  }
  throw new Error('no game reached the state');
}

describe('the 7th edition engine and the exact analysis agree', () => {
  it.each([
    ['10 Space Marines (power fist) v 20 Ork Boyz (power klaw)', marinesVsBoyz],
    ['Destroyer, Eternal Warrior, Feel No Pain, invulnerable saves, two pools, Stubborn', mixedBag],
  ])(
    'from the start of the round: %s',
    (_name, setup) => {
      const start = begin(setup());
      expectAgreement(analyzeRound(start.state), play(start, GAMES, 0), 'start');
    },
    SLOW,
  );

  it(
    'part-way, at the second Initiative step (its roll to hit and to wound to make)',
    () => {
      // To hit and to wound are one roll now (a D6 to wound for each hit): the state between them is gone.
      const c = partWay(marinesVsBoyz(), (x) => x.step.id.startsWith('strike.') && x.state.initiative === 2);
      expectAgreement(analyzeRound(c.state), play(c, GAMES, 100_000), c.step.id);
    },
    SLOW,
  );

  it(
    'part-way, mid-pool: the defender put a wound on a model other than the suggested one',
    () => {
      // The Plague Guard put the first wound of a pool on their Champion (Eternal Warrior, 3 wounds): he keeps taking them.
      const ask = partWay(
        mixedBag(),
        (x) =>
          x.step.kind === 'choose' &&
          x.step.id.startsWith('allocate.') &&
          x.step.options.some((o) => o.id === 'm1w3') &&
          x.step.actor === 'defender',
      );
      const c = apply(ask, { kind: 'choose', stepId: ask.step.id, option: 'm1w3' });
      expect(c.state.allocation?.lock).toEqual({ group: 1, model: 0 });
      expectAgreement(analyzeRound(c.state), play(c, GAMES, 200_000), `${c.step.id} after choosing the Champion`);
    },
    SLOW,
  );

  it(
    'part-way, at the Morale check and at the Sweeping Advance',
    () => {
      const morale = partWay(marinesVsBoyz(), (x) => x.step.id.startsWith('morale.'));
      expectAgreement(analyzeRound(morale.state), play(morale, GAMES, 300_000), morale.step.id);
      const sweep = partWay(marinesVsBoyz(), (x) => x.step.id.startsWith('sweep.'));
      expectAgreement(analyzeRound(sweep.state), play(sweep, GAMES, 400_000), sweep.step.id);
    },
    SLOW,
  );

  it('a point mass once the round is over', () => {
    for (let seed = 0; seed < 20; seed++) {
      const end = finishRound({ ...begin(marinesVsBoyz()), rng: rngFor(seed) });
      const e = roundEndOf(end.state);
      const odds = analyzeRound(end.state);
      expect(odds.difference).toEqual({ offset: e.difference, dist: [1] });
      expect(odds.breaks).toEqual({ attacker: Number(e.breaks.attacker), defender: Number(e.breaks.defender) });
      expect(odds.swept).toEqual({ attacker: Number(e.swept.attacker), defender: Number(e.swept.defender) });
      expect(odds.caused.attacker[e.caused.attacker]).toBe(1);
    }
  });

  const stepKinds = new Set<string>();
  it.each([
    ['the benchmark', marinesVsBoyz, [11, 12, 13]],
    ['the mixed bag', mixedBag, [11, 12, 13, 14, 15]],
    ['thunder hammers v Tyranid Warriors', hammersVsWarriors, [11, 12]],
    ['a Destroyer v Ogryns', destroyerVsOgryns, [11, 12, 13, 14, 15, 16]],
  ] as const)(
    'exactly, one step at a time (%s): at every step the analysis equals its average over the next input',
    (_name, setup, seeds) => {
      for (const seed of seeds) {
        for (const combat of inRound(begin(setup()), seed)) {
          stepKinds.add(combat.step.id.split('.')[0]!);
          checkOneStep(combat, `seed ${seed} at ${combat.step.id}`);
        }
      }
    },
    SLOW,
  );

  it(
    'exactly, after choices other than the suggested ones (another pool first, another model)',
    () => {
      for (let seed = 20; seed < 60; seed++) {
        let c: W7Combat = { ...begin(mixedBag()), rng: rngFor(seed) };
        let deviated = 0;
        while (!roundOver(c)) {
          stepKinds.add(c.step.id.split('.')[0]!);
          checkOneStep(c, `seed ${seed} at ${c.step.id}`);
          const step = c.step;
          // At every choice take the last option (never the suggested one), and check the analysis still follows.
          const input =
            step.kind === 'choose' && !step.id.startsWith('round.')
              ? { kind: 'choose' as const, stepId: step.id, option: step.options.at(-1)!.id }
              : inputFor(c);
          if (step.kind === 'choose') deviated++;
          c = apply(c, input);
        }
        if (deviated >= 2) return;
      }
      throw new Error('no game made two choices');
    },
    SLOW,
  );

  it('met every kind of step', () => {
    // The combat result is no longer a step (it is worked out and logged by itself).
    // To hit and to wound are one step ('strike'), rolled through.
    const required = ['strike', 'allocate', 'poolOrder', 'save', 'fnp', 'd3', 'deathblow', 'morale', 'sweep'];
    expect(required.filter((k) => !stepKinds.has(k))).toEqual([]);
  });
});
