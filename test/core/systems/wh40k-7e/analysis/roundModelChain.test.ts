import { describe, expect, it } from 'vitest';
import { wholeCombatOf } from '../../../../../core/analysis/combat/forHost';
import type { WholeCombatOdds } from '../../../../../core/analysis/combat/types';
import { wh40k7eAnalysis, wh40k7eCombat } from '../../../../../core/systems/wh40k-7e/analysis';
import { chainAgreesWithPlayouts, chainMatchesWalk } from '../../../../support/roundModel';
import { clubSize, exampleSetup, small, smallVariants, startOf } from './model/scenarios';
import { stopsOf } from './model/walkStates';

/**
 * The whole combat over 40k 7th edition's round model: equal to the chain the engine walks (to
 * 1e-9) on small combats, with Morale checks, falling back, Sweeping Advance and characters; within
 * 4 standard errors of the engine's seeded play-outs on the example and the club-size combat, where
 * the walk cannot finish; exact within the host's budget.
 */

describe('the whole combat equals the engine walked round by round', () => {
  it('the small combat (Fearless both: fought to the last model)', () => {
    const odds = chainMatchesWalk(wh40k7eCombat, startOf(small()));
    expect(odds.exact).toBe(true);
  });

  for (const [rule, setup] of Object.entries(smallVariants))
    it(`the small combat with ${rule}`, () => {
      const odds = chainMatchesWalk(wh40k7eCombat, startOf(setup()));
      // A rule that cannot change the odds would make the case pointless: the units do break here.
      if (!rule.startsWith('Stubborn')) expect(odds.attacker.pFlees + odds.defender.pFlees).toBeGreaterThan(0);
    });
});

describe('the whole combat from part-way through a round equals the engine walked', () => {
  it('from every stop of a game of the small combat with Morale checks: the blows, the Morale check, the Sweeping Advance, the next round', () => {
    const setup = smallVariants['Morale checks, falling back and Sweeping Advance (nobody Fearless)']!;
    // The first games of 40 seeds that reach a Morale check, and one that reaches a Sweeping Advance.
    const games = Array.from({ length: 40 }, (_, seed) => stopsOf(setup(), seed + 1, 2));
    const stops = [
      ...games.filter((g) => g.some((s) => s.kind === 'morale')).slice(0, 2),
      ...games.filter((g) => g.some((s) => s.kind === 'sweep')).slice(0, 1),
    ].flat();
    const kinds = new Set(stops.map((s) => s.kind));
    for (const kind of ['strike', 'morale', 'sweep']) expect(kinds, `a ${kind} step`).toContain(kind);
    for (const stop of stops) chainMatchesWalk(wh40k7eCombat, stop.state);
  });
});

describe('large combats against the engine played out', () => {
  it('the example (10 Marines charging 20 Boyz): 4,000 play-outs', () => {
    const odds = chainAgreesWithPlayouts(wh40k7eCombat, startOf(exampleSetup()), 4_000, 11);
    // An independent exact chain in plain Python gives 52.8% for the Tactical Squad.
    expect(odds.pAttackerWins).toBeCloseTo(0.528, 3);
  });

  it('the club-size combat (20 Boyz and a Nob charging 10 Marines): 20,000 play-outs', () => {
    chainAgreesWithPlayouts(wh40k7eCombat, startOf(clubSize()), 20_000, 5);
  }, 120_000);
});

describe("exact within the host's budget", () => {
  for (const [name, setup] of [
    ['the example', exampleSetup],
    ['the club-size combat', clubSize],
  ] as const)
    it(`${name}: exact, from its start`, () => {
      // What the host calls (forHost.ts): half the analysis budget for the exact chain.
      const answer = wholeCombatOf(wh40k7eAnalysis, startOf(setup()));
      expect(answer?.ok).toBe(true);
      const odds = (answer as { ok: true; odds: WholeCombatOdds }).odds;
      expect(odds.exact).toBe(true);
      expect(odds.states).toBeGreaterThan(100);
    });
});
