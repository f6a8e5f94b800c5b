import { describe, expect, it } from 'vitest';
import { analyzeRound, type RoundOdds } from '../../../../../core/systems/ninth-age/analysis';
import type { Setup, State } from '../../../../../core/systems/ninth-age';
import { roundDriver, rngFor } from '../../../../support/roundDriver';
import { ninthAgeSystem } from '../../../../../core/systems/ninth-age/definition';
import type { NaCombat } from '../helpers';
import type { Role } from '../../../../../core/systems/ninth-age/state';
import { standings } from '../../../../../core/systems/ninth-age/flow';
import { oneStepCheck } from '../../../../support/oneStep';
import { agilityRolls } from './rollsRead';
import { heroesDuel, knightsVsSpearmen, orcsVsDwarfs } from './setups';
import { sized } from '../../../../support/exhaustive';
import { type Chance, chancesOf, expectDistribution, expectShares, roles } from '../../../../support/agreement';

/**
 * The Ninth Age rules engine (core/systems/ninth-age, driven through core/combat/engine.ts with
 * the seeded dice, the suggested option at every choice, 'continue' at outcomes) against the
 * exact analysis of the round (core/systems/ninth-age/analysis):
 *  1. Monte Carlo from the start of the round: 20,000 rounds;
 *  2. Monte Carlo from states part-way (after an Agility step, at a step's roll with the
 *     allocations fixed, at the break test, at the flee and pursuit roll), the same combat continued;
 *  3. exactly, with no sampling noise: at every step of several games — the players' choices
 *     random, so the analysis follows choices other than the default — the analysis equals the
 *     probability-weighted average of the analyses after every possible input.
 * Monte Carlo tolerance per probability: 4 standard errors sqrt(p(1−p)/N) + 2/N (seeds fixed:
 * deterministic).
 */

const checkOneStep = oneStepCheck<Setup, State>(ninthAgeSystem, analyzeRound, { rollsOf: agilityRolls });

const { apply, begin, finishRound, inRound, trajectory } = roundDriver<Setup, State>(ninthAgeSystem);

/** What the analysis predicts, as one game of the round came out. */
interface GameEnd {
  difference: number;
  hpLost: Record<Role, number>;
  wipedOut: Record<Role, boolean>;
  breaks: Record<Role, boolean>;
  caught: Record<Role, boolean>;
}

function gameEndOf(state: State): GameEnd {
  const r = state.score!;
  const st = standings(state);
  const both = <T>(f: (role: Role) => T) => ({ attacker: f('attacker'), defender: f('defender') });
  return {
    difference: r.attacker.total - r.defender.total,
    hpLost: both((role) => st[role].hpLost),
    wipedOut: both((role) => st[role].rankAndFile + st[role].characters.filter(Boolean).length === 0),
    breaks: both((role) => state.broke === role),
    caught: both((role) => state.status[role] === 'caught'),
  };
}

function expectAgreement(exact: RoundOdds, games: GameEnd[], label: string) {
  expectDistribution('difference', exact.difference, games, (g) => g.difference, label);
  expectShares(
    [
      ...roles.flatMap((role): Array<Chance<GameEnd>> => [
        ...chancesOf(
          (k) => `P(${role} loses ${k} HP)`,
          exact.hpLost[role],
          (g: GameEnd) => g.hpLost[role],
        ),
        [`P(${role} wiped out)`, exact.wipedOut[role], (g) => g.wipedOut[role]],
        [`P(${role} breaks)`, exact.breaks[role], (g) => g.breaks[role]],
        [`P(${role} caught)`, exact.caught[role], (g) => g.caught[role]],
      ]),
      ['P(attacker wins)', exact.win.attacker, (g) => g.difference > 0],
      ['P(draw)', exact.win.draw, (g) => g.difference === 0],
    ],
    games,
    label,
  );
}

/** The engine's round from `combat`, `games` times with new seeds. */
const play = (combat: NaCombat, games: number, from: number) =>
  Array.from({ length: games }, (_, k) => gameEndOf(finishRound({ ...combat, rng: rngFor(from + k) }).state));

/** Part-way kinds, by what the state is at. */
const partWay: Record<string, (c: NaCombat) => boolean> = {
  'after an Agility step': (c) =>
    /^(allocate|strikes)\./.test(c.step.id) && c.state.log.some((l) => l.title.endsWith('casualties removed')),
  // An Agility step's dice are one roll (steps/roll.ts): the state part-way through a step is its roll, every allocation made.
  'at an Agility step’s roll, allocations fixed': (c) =>
    c.step.id.startsWith('strikes.') && c.state.log.some((l) => l.title.includes('allocate')),
  'at the break test': (c) => c.step.id.startsWith('break.'),
  // Flee and pursuit are one roll: the state before it, the pursuit decided.
  'at the flee and pursuit roll': (c) => c.step.id.startsWith('flee.') && c.state.pursues === true,
};
const SLOW = 120_000;

describe('the Ninth Age engine and the exact analysis agree', () => {
  it(
    'from the start of the round: 20,000 rounds of Orc Brutes in the Greybeards’ flank; a point mass once the round is over',
    () => {
      const start = begin(orcsVsDwarfs());
      const games: GameEnd[] = [];
      for (let k = 0; k < sized(5_000, 20_000); k++) {
        const end = finishRound({ ...start, rng: rngFor(k) });
        games.push(gameEndOf(end.state));
        if (k < 10) {
          const odds = analyzeRound(end.state);
          const g = games[k]!;
          expect(odds.difference).toEqual({ offset: g.difference, dist: [1] });
          expect(odds.breaks).toEqual({ attacker: Number(g.breaks.attacker), defender: Number(g.breaks.defender) });
          expect(odds.caught).toEqual({ attacker: Number(g.caught.attacker), defender: Number(g.caught.defender) });
        }
      }
      expectAgreement(analyzeRound(start.state), games, 'start');
    },
    SLOW,
  );

  const seen = new Set<string>();
  it.each([
    ['Knights and Baron charge Spearmen with a Captain and a Battle Standard Bearer', knightsVsSpearmen],
    ['Orc Brutes in the Greybeards’ flank', orcsVsDwarfs],
    ['characters seeking each other out', heroesDuel],
  ] as Array<[string, () => Setup]>)(
    'part-way, %s: the same combat continued, 5,000 rounds from each kind of state',
    (_, setup) => {
      for (const [kind, matches] of Object.entries(partWay)) {
        let picked: NaCombat | undefined;
        for (let seed = 500; seed < 700 && !picked; seed++) picked = trajectory(begin(setup()), seed).find(matches);
        if (!picked) continue;
        seen.add(kind);
        expectAgreement(
          analyzeRound(picked.state),
          play(picked, sized(2_000, 5_000), 50_000),
          `${picked.step.id} (${kind})`,
        );
      }
    },
    SLOW,
  );

  it('met every part-way kind', () => {
    expect([...seen].sort()).toEqual(Object.keys(partWay).sort());
  });

  const stepKinds = new Set<string>();
  it.each([
    ['the bench case', knightsVsSpearmen],
    ['Orc Brutes and Greybeards', orcsVsDwarfs],
    ['characters seeking each other out', heroesDuel],
  ] as Array<[string, () => Setup]>)(
    'exactly, one step at a time, %s: players who choose at random',
    (_, setup) => {
      for (const seed of [1, 2, 3, 4]) {
        // Random choices (a simple hash of the seed and the choice's number), so allocations other than the default are followed too.
        const pick = (options: number, k: number) => (seed * 7 + k * 13) % options;
        for (const combat of inRound(begin(setup()), seed, seed === 1 ? undefined : pick)) {
          stepKinds.add(combat.step.id.split('.')[0]!);
          if (combat.step.kind === 'choose' && !combat.step.options.find((o) => o.suggested)) continue;
          checkOneStep(combat, `seed ${seed} at ${combat.step.id} (${combat.step.title})`);
        }
      }
    },
    SLOW,
  );

  it('met every kind of step', () => {
    // The Agility step's allocations (a side's question, or part by part) and its one roll; the score is no step of its own; flee and pursuit one roll.
    expect(['allocate', 'strikes', 'break', 'pursue', 'flee'].filter((k) => !stepKinds.has(k))).toEqual([]);
  });

  it('a pursuer who declines: the flee roll still comes, and nobody is caught', () => {
    for (let seed = 800; seed < 900; seed++) {
      const ask = trajectory(begin(orcsVsDwarfs()), seed).find((c) => c.step.id.startsWith('pursue.'));
      if (!ask) continue;
      const c = apply(ask, { kind: 'choose', stepId: ask.step.id, option: 'hold' });
      checkOneStep(c, 'declined, at the flee roll');
      const odds = analyzeRound(c.state);
      expect(Object.values(odds.caught)).toEqual([0, 0]);
      return;
    }
    throw new Error('no game reached a pursuit choice');
  });
});
