import { describe, expect, it } from 'vitest';
import { metered } from '../../../../../core/analysis/budget';
import {
  exactWholeCombat,
  wholeCombatOf,
  type CombatChain,
  type WholeCombatOdds,
} from '../../../../../core/analysis/combat';
import { endOf } from '../../../../../core/analysis/combat/tally';
import { advance } from '../../../../../core/combat/engine';
import { analyses } from '../../../../../core/systems/index';
import { oldWorld, type State } from '../../../../../core/systems/old-world';
import { oldWorldCombat } from '../../../../../core/systems/old-world/analysis/combat';
import { roundTransition } from '../../../../../core/systems/old-world/analysis/transition';
import { autoInput, rngFor } from '../../../../support/drive';
import { expectUnitsAgree, playFates } from '../../../../support/unitFates';
import { conformance as declared } from '../../../../../core/systems/old-world/conformance';
import { human, setupOf, start, type OldWorldCombat } from '../helpers';
import { exampleOf } from './modelSupport';

/**
 * The old world's whole combat with its own round transition (analysis/transition.ts): the same
 * exact odds as the chain walked step by step where both can finish, and now exact for fights the
 * walk could not finish within the host's budget — checked against 2,000 seeded play-outs of the
 * engine. And the chain's key (analysis/key.ts) leaves out only what no rule reads again.
 */

const SLOW = 240_000;
/** Work enough for the walk-only chain of the small combats. */
const TEST_LIMIT = 1e11;
const GAMES = 2000;

// The engine's walk alone: neither the round transition nor the round model (model/) that the host now uses.
const walkOnly: CombatChain<State> = { ...oldWorldCombat, transition: undefined, model: undefined };

function expectSameOdds(a: WholeCombatOdds, b: WholeCombatOdds) {
  const figures = (o: WholeCombatOdds) => [
    o.pAttackerWins,
    o.pDefenderWins,
    o.pDraw,
    o.pUnfinished,
    ...o.rounds,
    ...[o.attacker, o.defender, ...(o.units ?? [])].flatMap((u) => [u.pDestroyed, u.pFlees, u.pCaught]),
  ];
  expect(a.exact && b.exact).toBe(true);
  expect(figures(a).length).toBe(figures(b).length);
  figures(a).forEach((p, i) => expect(Math.abs(p - figures(b)[i]!), `figure ${i}`).toBeLessThanOrEqual(1e-12));
}

describe('the old world whole combat with its round transition', () => {
  it.each([
    ['2 Halberdiers v 2 Orc Boyz, both unbreakable', () => oldWorld.setupSchema.parse(declared.combats.small)],
    ['2 v 2 of the example (break tests, flight and pursuit)', () => exampleOf(2)],
    // Initiatives that never tie: the walk cannot follow a roll-off (a tie rolls again, its positions repeat).
    [
      '3 v 2 with a character, the defender unbreakable',
      () =>
        setupOf(
          {
            models: 3,
            rankWidth: 3,
            charged: true,
            characters: [
              {
                name: 'Captain',
                profile: { ...human, weaponSkill: 4, strength: 4, wounds: 2, initiative: 4, attacks: 2 },
              },
            ],
          },
          { models: 2, rankWidth: 2, unbreakable: true, profile: { toughness: 4, initiative: 2 } },
        ),
    ],
  ])(
    'the same exact odds as the chain walked step by step: %s',
    (_name, setupOf_) => {
      const state = start(setupOf_()).state;
      const walked = metered(
        () => exactWholeCombat(walkOnly, state),
        () => 'too large',
        TEST_LIMIT,
      );
      const fast = metered(
        () => exactWholeCombat(oldWorldCombat, state),
        () => 'too large',
        TEST_LIMIT,
      );
      expectSameOdds(fast, walked);
    },
    SLOW,
  );

  it(
    "8 v 8 of the example is exact within the host's budget (the walk was not), and agrees with 2,000 seeded play-outs",
    () => {
      const combat = start(exampleOf(8));
      const before = wholeCombatOf({ ...analyses['old-world']!, combat: walkOnly as CombatChain }, combat.state);
      expect(before?.ok && before.odds.exact).toBe(false);
      const answer = wholeCombatOf(analyses['old-world'], combat.state);
      expect(answer?.ok).toBe(true);
      const odds = (answer as { ok: true; odds: WholeCombatOdds }).odds;
      expect(odds.exact).toBe(true);
      expect(odds.attacker.pCaught + odds.defender.pCaught).toBeGreaterThan(0.1);
      const games = playFates(oldWorldCombat as CombatChain, combat, GAMES, odds.maxRounds);
      expectUnitsAgree(odds, games);
      // The sides' figures too: who wins, and in which round.
      const n = games.length;
      const tolerance = (p: number) => 4 * Math.sqrt((p * (1 - p)) / n) + 2 / n;
      const wins = Array.from({ length: GAMES }, (_, k) => playWinner(combat, k, odds.maxRounds));
      for (const [who, p] of [
        ['attacker', odds.pAttackerWins],
        ['defender', odds.pDefenderWins],
        ['draw', odds.pDraw],
        ['unfinished', odds.pUnfinished],
      ] as const) {
        const seen = wins.filter((w) => w.winner === who).length / n;
        expect(Math.abs(seen - p), `${who}: engine ${seen} v odds ${p}`).toBeLessThanOrEqual(tolerance(p));
      }
      odds.rounds.forEach((p, i) => {
        const seen = wins.filter((w) => w.winner !== 'unfinished' && w.round === i + 1).length / n;
        expect(Math.abs(seen - p), `ends in round ${i + 1}`).toBeLessThanOrEqual(tolerance(p));
      });
    },
    SLOW,
  );

  it(
    'a roll-off for the first strike (equal Initiative, nobody charging), which the walk cannot follow: exact now, and agrees with 2,000 play-outs',
    () => {
      const combat = start(setupOf({ models: 3, rankWidth: 3 }, { models: 3, rankWidth: 3, profile: { armour: 6 } }));
      expect(combat.state.queue[0]?.kind).toBe('rolloff');
      // (Walked step by step, a tie's roll again repeats the position until the walk gives up: transition.test.ts.)
      const answer = wholeCombatOf(analyses['old-world'], combat.state);
      const odds = (answer as { ok: true; odds: WholeCombatOdds }).odds;
      expect(odds.exact).toBe(true);
      expectUnitsAgree(odds, playFates(oldWorldCombat as CombatChain, combat, GAMES, odds.maxRounds));
    },
    SLOW,
  );
});

/** One seeded game's winner (or unfinished past `maxRounds`) and its last round. */
function playWinner(combat: OldWorldCombat, seed: number, maxRounds: number): { winner: string; round: number } {
  let c: OldWorldCombat = { ...combat, rng: rngFor(seed) };
  for (;;) {
    if (c.state.round > maxRounds) return { winner: 'unfinished', round: c.state.round };
    if (c.step.kind === 'outcome' && c.step.final)
      return { winner: endOf(oldWorldCombat, c.state).winner, round: c.state.round };
    const r = advance(oldWorld, c, autoInput(c));
    if (!r.ok) throw new Error(r.error.message);
    c = r.combat as OldWorldCombat;
  }
}

/** Seeded play-outs from a state: each game's end and the steps it took (their ids and kinds). */
function playouts(state: State, games: number): string[] {
  return Array.from({ length: games }, (_, k) => {
    let c: OldWorldCombat = { ...start(state.setup), state, step: oldWorld.next(state), rng: rngFor(k) };
    const steps: string[] = [];
    while (!(c.step.kind === 'outcome' && c.step.final) && c.state.round <= 10) {
      steps.push(`${c.step.kind}:${c.step.id}`);
      const r = advance(oldWorld, c, autoInput(c));
      if (!r.ok) throw new Error(r.error.message);
      c = r.combat as OldWorldCombat;
    }
    return `${JSON.stringify(endOf(oldWorldCombat, c.state))} ${c.state.round} ${steps.join(',')}`;
  });
}

describe("the old world's position key leaves out only what no rule reads again", () => {
  // The likeliest start of the second round of 10 v 10 of the example (a side won the first).
  const second = roundTransition(oldWorldCombat, oldWorld.start(exampleOf(10)))!.next.sort((a, b) => b.p - a.p)[0]!
    .state;
  const s: State = { ...second, moves: {} };
  const flip = (r: State['hasWonRound']) => ({ attacker: !r.attacker, defender: !r.defender });
  const variants: Array<[string, State]> = [
    ['the distances of the last flee, pursuit or overrun', { ...s, moves: { 'attacker.0': 9, 'defender.0': 4 } }],
    [
      "who had won before the round began (the odds' baseline)",
      { ...s, roundBegin: { previousWinner: 'defender', hasWonRound: { attacker: false, defender: true } } },
    ],
    [
      'during the strikes, who won the last round (the order is set)',
      { ...s, previousWinner: s.previousWinner === 'attacker' ? 'defender' : 'attacker' },
    ],
    ['rounds won, with no defended obstacle', { ...s, hasWonRound: flip(s.hasWonRound) }],
  ];

  it.each(variants)(
    '%s: the same key, and seeded play-outs end alike, step for step',
    (_what, variant) => {
      expect(oldWorldCombat.key(variant)).toBe(oldWorldCombat.key(s));
      expect(playouts(variant, 200)).toEqual(playouts(s, 200));
    },
    SLOW,
  );

  it('what the rules do read still tells positions apart', () => {
    // Behind a defended obstacle, a round won lifts it.
    const walled = oldWorld.start(setupOf({ models: 5, charged: true }, { models: 5, defendedObstacle: true }));
    expect(oldWorldCombat.key({ ...walled, hasWonRound: { attacker: true, defender: false } })).not.toBe(
      oldWorldCombat.key(walled),
    );
    // After the strikes, the round's winner strikes first in the next.
    const after: State = { ...s, phase: 'end', queue: [], previousWinner: 'attacker' };
    expect(oldWorldCombat.key({ ...after, previousWinner: 'defender' })).not.toBe(oldWorldCombat.key(after));
    // Losses, the round and the statuses.
    expect(oldWorldCombat.key({ ...s, lost: { ...s.lost, 'defender.0': (s.lost['defender.0'] ?? 0) + 1 } })).not.toBe(
      oldWorldCombat.key(s),
    );
    expect(oldWorldCombat.key({ ...s, round: 3 })).not.toBe(oldWorldCombat.key(s));
  });
});
