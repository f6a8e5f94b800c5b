import { describe, expect, it } from 'vitest';
import { metered } from '../../../../../core/analysis/budget';
import { wholeCombatOf } from '../../../../../core/analysis/combat/forHost';
import { analyses } from '../../../../../core/systems/index';
import { oldWorld, type Setup } from '../../../../../core/systems/old-world';
import { oldWorldCombat } from '../../../../../core/systems/old-world/analysis/combat';
import { conformance } from '../../../../../core/systems/old-world/conformance';
import { chainAgreesWithPlayouts, chainMatchesWalk } from '../../../../support/roundModel';
import { conformance as declared } from '../../../../../core/systems/old-world/conformance';
import { human, setupOf } from '../helpers';
import { exampleFile, exampleOf, startOf, statesOfGame } from './modelSupport';
import { halberdiersVsBoyz } from './setups';

/**
 * The old world's whole combat over its compact round model (model/), against the chain the
 * engine walks (each round by the old world's round transition, analysis/transition.ts, itself
 * the walk's) to 1e-9 where that finishes, and against the engine's seeded play-outs where it
 * cannot; and exact within the host's budget for the example, the club-size fight and every state
 * of the example's first round.
 */

const WALK_LIMIT = 1e10;
const walked = (setup: Setup) =>
  metered(
    () => chainMatchesWalk(oldWorldCombat, startOf(setup)),
    () => 'too large',
    WALK_LIMIT,
  );

const captain = {
  name: 'Captain',
  profile: { ...human, weaponSkill: 4, strength: 4, wounds: 2, initiative: 4, attacks: 2 },
};

describe('the whole combat equals the chain walked by the engine (1e-9)', () => {
  it.each([
    [
      'the small combat: 2 Halberdiers v 2 Orc Boyz, both unbreakable',
      () => oldWorld.setupSchema.parse(declared.combats.small),
    ],
    ['2 v 2 of the setup screen example: break tests, flight and pursuit', () => exampleOf(2)],
    [
      '5 v 5, nobody unbreakable: Leadership, insane courage, caught or escaped',
      () => setupOf({ models: 5, charged: true }, { models: 5 }),
    ],
    [
      '3 v 2 with a Captain, the defender unbreakable: characters struck once the rank-and-file fall',
      () =>
        setupOf(
          { models: 3, rankWidth: 3, charged: true, characters: [captain] },
          { models: 2, rankWidth: 2, unbreakable: true, profile: { toughness: 4, initiative: 2 } },
        ),
    ],
    [
      'equal Initiative, nobody charging: roll-offs whenever a round is drawn, the last winner first otherwise',
      () => setupOf({ models: 3, rankWidth: 3, profile: { strength: 4 } }, { models: 4, rankWidth: 2 }),
    ],
    [
      'an Initiative tie whose blows may pass the rank-and-file to a character striking at that moment (seed 002 "Order of Combat": the last winner first)',
      () =>
        setupOf(
          { models: 3, rankWidth: 3, profile: { strength: 4, attacks: 2 } },
          {
            models: 2,
            rankWidth: 2,
            unbreakable: true,
            characters: [{ name: 'Hero', profile: { ...human, strength: 4, attacks: 2, wounds: 2 } }],
          },
        ),
    ],
    [
      'two units a side: a flanker cancels ranks, a broken unit flees alone, a free winner pursues',
      () =>
        setupOf(
          [
            { models: 3, rankWidth: 3, charged: true },
            { models: 2, rankWidth: 2, charged: true, facing: 'flank', profile: { movement: 8, troopType: 'cavalry' } },
          ],
          [
            { models: 4, rankWidth: 2, standard: true },
            { models: 2, rankWidth: 2, facing: 'flank', noRankBonus: true, profile: { leadership: 5 } },
          ],
        ),
    ],
    [
      'a challenge with overkill, a defended obstacle lifted once a round is won',
      () =>
        setupOf(
          {
            models: 2,
            rankWidth: 2,
            charged: true,
            characters: [{ name: 'Champion', profile: { ...human, weaponSkill: 5, strength: 5, attacks: 2 } }],
          },
          {
            models: 3,
            rankWidth: 3,
            defendedObstacle: true,
            characters: [{ name: 'Sergeant', profile: { ...human, attacks: 2, ward: 6 } }],
          },
          { challenge: { attacker: { unit: 0, character: 0 }, defender: { unit: 0, character: 0 } } },
        ),
    ],
  ])(
    '%s',
    (_name, setup) => {
      const odds = walked(setup());
      expect(odds.exact).toBe(true);
    },
    120_000,
  );

  it('8 v 8 of the setup screen example (exact with the walk at a larger budget: test/core/analysis/exactThenPlayedOut.test.ts)', () => {
    const odds = walked(exampleOf(8));
    expect(odds.pUnfinished).toBeLessThan(0.01);
  }, 120_000);
});

/** The host's answer for a state: the whole combat's odds within half the host's budget. */
const hostOdds = (state: ReturnType<typeof startOf>) => {
  const answer = wholeCombatOf(analyses['old-world'], state);
  expect(answer?.ok).toBe(true);
  return (answer as { ok: true; odds: { exact: boolean; pAttackerWins: number } }).odds;
};

describe('exact within the host budget', () => {
  it("the setup screen's example (20 Halberdiers charge 20 Orc Boyz): the figure the host gave as an estimate (≈ 50%)", () => {
    const odds = hostOdds(startOf(exampleOf(20)));
    expect(odds.exact).toBe(true);
    expect(odds.pAttackerWins).toBeCloseTo(0.4999, 4);
  });

  it('the club-size fight: 30 Halberdiers and a Captain against 30 Orc Boyz and a Big Boss', () => {
    expect(hostOdds(startOf(halberdiersVsBoyz())).exact).toBe(true);
  });

  it('the club-size fight is the one the system declares for its conformance (combats.club)', () => {
    expect(oldWorld.setupSchema.parse(conformance.combats.club)).toEqual(halberdiersVsBoyz());
  });

  it('examples/old-world-swordsmen-vs-orcs.json (two units a side, characters, flank charges) from its start, part-way through the strikes and at the break test', () => {
    expect(hostOdds(startOf(exampleFile())).exact).toBe(true);
    const game = statesOfGame(exampleFile(), 3);
    const midStrikes = game[1]!;
    const atBreak = game.find((s) => s.phase === 'break');
    expect(midStrikes.phase).toBe('strikes');
    expect(atBreak).toBeDefined();
    for (const s of [midStrikes, atBreak!]) expect(hostOdds({ ...s, setup: exampleFile() }).exact).toBe(true);
  }, 60_000);

  it("every state of a seeded game of the setup screen example's first round", () => {
    for (const s of statesOfGame(exampleOf(20), 3)) expect(hostOdds({ ...s, setup: exampleOf(20) }).exact).toBe(true);
  }, 60_000);
});

describe('the whole combat agrees with the engine played out (4 standard errors)', () => {
  it('the club-size fight, 20,000 play-outs', () => {
    chainAgreesWithPlayouts(oldWorldCombat, startOf(halberdiersVsBoyz()), 20_000);
  }, 120_000);

  it("the setup screen's example, 10,000 play-outs", () => {
    chainAgreesWithPlayouts(oldWorldCombat, startOf(exampleOf(20)), 10_000, 7);
  }, 120_000);

  it('examples/old-world-swordsmen-vs-orcs.json (two units a side, characters, a unit nearby), 4,000 play-outs', () => {
    chainAgreesWithPlayouts(oldWorldCombat, startOf(exampleFile()), 4_000, 11);
  }, 120_000);
});
