import { describe, expect, it } from 'vitest';
import { analyzeRound, type RoundOdds } from '../../../../../core/systems/old-world/analysis';
import type { Setup, State } from '../../../../../core/systems/old-world';
import { roundDriver, rngFor } from '../../../../support/roundDriver';
import { oldWorldSystem } from '../../../../../core/systems/old-world/definition';
import type { OldWorldCombat as OwCombat } from '../helpers';
import { unitKey, type Role } from '../../../../../core/systems/old-world/state';
import { oneStepCheck } from '../../../../support/oneStep';
import { knightsAtTheWall, ogresVsHalberdiers, swordsmenVsBoyz, twoUnitsASide } from './setups';
import {
  type Chance,
  chancesOf,
  expectDistribution,
  expectShares,
  outcomes,
  roles,
} from '../../../../support/agreement';

/**
 * The old-world rules engine (core/systems/old-world, driven through core/combat/engine.ts with
 * the seeded dice, the suggested option at every choice, 'continue' at outcomes) against the
 * exact analysis of the round (core/systems/old-world/analysis):
 *  1. from the start of the round, the first round played over many seeds;
 *  2. from states part-way (after some strike dice, at a break test, after the flee roll), the
 *     same combat continued with new seeds;
 *  3. exactly, with no sampling noise: at every step of several games the analysis equals the
 *     probability-weighted average of the analyses after every possible input (one-step identity).
 *     With the point mass once the round is over, this is what "exact from any state" means.
 * Monte Carlo tolerance per probability: 4 standard errors sqrt(p(1−p)/N) + 2/N (seeds fixed:
 * deterministic).
 */

const checkOneStep = oneStepCheck<Setup, State>(oldWorldSystem, analyzeRound);

const { apply, begin, finishRound, inputFor, inRound, roundOver, trajectory } = roundDriver<Setup, State>(
  oldWorldSystem,
);

/** What the analysis predicts, as one game of the round came out. */
interface RoundEnd {
  difference: number;
  caused: number;
  winner: Role | 'draw';
  breaks: Record<Role, boolean>;
  caught: Record<Role, boolean>;
}

function roundEndOf(state: State): RoundEnd {
  const r = state.result!;
  const fate = (flag: (key: string) => boolean) => ({
    attacker: flag(unitKey('attacker', 0)),
    defender: flag(unitKey('defender', 0)),
  });
  return {
    difference: r.attacker.total - r.defender.total,
    caused: state.caused.attacker,
    winner: r.winner ?? 'draw',
    breaks: fate((k) => state.broke.includes(k)),
    caught: fate((k) => state.status[k] === 'caught'),
  };
}

interface Case {
  name: string;
  setup: () => Setup;
  games: number;
}

const cases: Case[] = [
  { name: 'Swordsmen and Captain (charging) v Orc Boyz and Boss', setup: swordsmenVsBoyz, games: 2500 },
  {
    name: 'two units a side: Knights in the Boyz flank, Wolf Riders in the Swordsmen flank, panic nearby',
    setup: twoUnitsASide,
    games: 2500,
  },
  { name: 'roll-off, fear, 3-wound Ogres v Halberdiers with a 5+ ward Priest', setup: ogresVsHalberdiers, games: 2500 },
  {
    name: 'challenge with overkill, 6+ ward, defended obstacle, 3D6 flee and pursuit',
    setup: knightsAtTheWall,
    games: 2500,
  },
];

function expectAgreement(exact: RoundOdds, games: RoundEnd[], label: string) {
  expectDistribution('difference', exact.difference, games, (g) => g.difference, label);
  expectShares(
    [
      ...chancesOf(
        (k) => `P(attacker causes ${k})`,
        exact.caused.attacker,
        (g: RoundEnd) => g.caused,
      ),
      ...outcomes.map((w): Chance<RoundEnd> => [`P(${w})`, exact.win[w], (g) => g.winner === w]),
      ...roles.flatMap((role): Array<Chance<RoundEnd>> => [
        [`P(${role} main unit breaks)`, exact.fates[role].breaks, (g) => g.breaks[role]],
        [`P(${role} main unit caught)`, exact.fates[role].caught, (g) => g.caught[role]],
      ]),
    ],
    games,
    label,
  );
}

/** The engine's first round from `combat`, `games` times with new seeds. */
const play = (combat: OwCombat, games: number, from: number) =>
  Array.from({ length: games }, (_, k) => roundEndOf(finishRound({ ...combat, rng: rngFor(from + k) }).state));

/** Part-way kinds checked by Monte Carlo, by the stage in the step id. */
const partWay: Record<string, (c: OwCombat) => boolean> = {
  'after some strike dice': (c) => /^(wound|armour|ward)\./.test(c.step.id),
  'at a break test': (c) => c.step.id.startsWith('break.'),
  // The flee roll and the pursuit rolls are one step: the state before it.
  'at the flee and pursuit roll': (c) =>
    c.step.id.startsWith('flee.') && c.step.kind === 'roll' && (c.step.groups?.length ?? 0) > 1,
};
/** Each test takes about a second alone; room for a busy machine. */
const SLOW = 60_000;

const partWaySeen = new Set<string>();
const stepKinds = new Set<string>();

describe('the old-world engine and the exact analysis agree', () => {
  describe.each(cases)('$name', ({ setup, games }) => {
    it(
      'from the start of the round: the first round over many seeds; a point mass once it is over',
      () => {
        const start = begin(setup());
        const ends: RoundEnd[] = [];
        for (let k = 0; k < games; k++) {
          const end = finishRound({ ...start, rng: rngFor(k) });
          ends.push(roundEndOf(end.state));
          if (k < 10) {
            const odds = analyzeRound(end.state);
            const e = roundEndOf(end.state);
            expect(odds.difference).toEqual({ offset: e.difference, dist: [1] });
            expect(odds.fates.attacker).toEqual({
              breaks: Number(e.breaks.attacker),
              caught: Number(e.caught.attacker),
            });
            expect(odds.fates.defender).toEqual({
              breaks: Number(e.breaks.defender),
              caught: Number(e.caught.defender),
            });
          }
        }
        expectAgreement(analyzeRound(start.state), ends, 'start');
      },
      SLOW,
    );

    it(
      'part-way: after some strike dice, at a break test, at the flee and pursuit roll, the same combat continued',
      () => {
        for (const [kind, matches] of Object.entries(partWay)) {
          let picked: OwCombat | undefined;
          for (let seed = 500; seed < 560 && !picked; seed++) picked = trajectory(begin(setup()), seed).find(matches);
          if (!picked) continue;
          partWaySeen.add(kind);
          expectAgreement(analyzeRound(picked.state), play(picked, 600, 20_000), `${picked.step.id} (${kind})`);
        }
      },
      SLOW,
    );

    it(
      'exactly, one step at a time: at every step the analysis equals its average over the next input',
      () => {
        for (const seed of [11, 12, 13, 14, 15, 16]) {
          for (const combat of inRound(begin(setup()), seed)) {
            stepKinds.add(combat.step.id.split('.')[0]!);
            checkOneStep(combat, `seed ${seed} at ${combat.step.id}`);
          }
        }
      },
      SLOW,
    );
  });

  it(
    'exactly, when a pursuer tries to restrain itself, passing or failing (seed 002, Restraining Pursuit)',
    () => {
      for (let seed = 600; seed < 640; seed++) {
        const ask = trajectory(begin(twoUnitsASide()), seed).find((c) => c.step.id.startsWith('pursue.'));
        if (!ask) continue;
        for (const restraint of [
          [6, 6],
          [1, 1],
        ]) {
          // The first pursuer tries to restrain; its test, the other pursuer's choice, the flee and pursuit rolls follow.
          // All pursuers declare in one choice: the first tries to restrain, the others pursue.
          const restrain =
            ask.step.kind === 'choose' ? ask.step.options.find((o) => o.id.startsWith('restrain'))!.id : 'restrain';
          let c = apply(ask, { kind: 'choose', stepId: ask.step.id, option: restrain });
          expect(c.step.id.startsWith('restrain.')).toBe(true);
          while (!roundOver(c)) {
            stepKinds.add(c.step.id.split('.')[0]!);
            checkOneStep(c, `seed ${seed} at ${c.step.id} (restraining with ${restraint.join('-')})`);
            const step = c.step;
            const dice =
              step.kind === 'roll'
                ? step.id.startsWith('restrain.')
                  ? restraint
                  : Array<number>(step.count).fill(3)
                : [];
            c = apply(c, step.kind === 'roll' ? { kind: 'roll', stepId: step.id, dice, by: 'entered' } : inputFor(c));
          }
        }
        return;
      }
      throw new Error('no game reached a pursuit choice');
    },
    SLOW,
  );

  it('met every kind of step and every part-way kind', () => {
    expect([...partWaySeen].sort()).toEqual(Object.keys(partWay).sort());
    // Pursuit rolls are taken with the flee roll (one step, 'flee'); where a move ends is not asked;
    // the combat result is shown on the next step, not one of its own.
    const required = [
      'rolloff',
      'hit',
      'wound',
      'armour',
      'ward',
      'break',
      'panicAsk',
      'panic',
      'pursue',
      'restrain',
      'flee',
    ];
    expect(required.filter((k) => !stepKinds.has(k))).toEqual([]);
  });
});
