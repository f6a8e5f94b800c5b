import { describe, expect, it } from 'vitest';
import {
  estimateWholeCombat,
  exactWholeCombat,
  wholeCombatOdds,
  type CombatChain,
  type WholeCombatOdds,
} from '../../../core/analysis/combat';
import { metered } from '../../../core/analysis/budget';
import { startCombat, advance, type Combat } from '../../../core/combat/engine';
import { analyses, getSystem } from '../../../core/systems/index';
import { exampleSetup as oldWorldExample } from '../../../core/systems/old-world/example';
import { autoInput, rngFor } from '../../support/drive';
import { walked } from '../../support/withoutModels';
import { smallWithCaptain } from '../systems/ninth-age/analysis/modelCases';
import type { SetupInput as OldWorldInput } from '../../../core/systems/old-world';
import { conformance as epicArmageddon } from '../../../core/systems/epic-armageddon/conformance';
import { conformance as ninthAge } from '../../../core/systems/ninth-age/conformance';
import { conformance as oldWorld } from '../../../core/systems/old-world/conformance';
import { conformance as wh40k7e } from '../../../core/systems/wh40k-7e/conformance';

/**
 * The whole combat's odds (core/analysis/combat) against the engine itself: 2,000 seeded games of
 * the same combat played out as `combat-companion resolve` plays them ("Roll for me", the suggested
 * option, continue), each figure within 4 standard errors (+ 2/N for the rare ones). Seeds are
 * fixed, so the test is deterministic. The small combats are fought to the last model (units that
 * never break), round after round; break tests, flight and pursuit are checked from a late position
 * of a full combat.
 */

const GAMES = 2000;
const SLOW = 240_000;
/** Enough work for the small combats' exact chain (the host's budget is ANALYSIS_WORK_LIMIT). */
const TEST_LIMIT = 1e9;

interface Played {
  winner: string;
  fates: Record<'attacker' | 'defender', string | null>;
  round: number;
  unfinished: boolean;
}

function playOut(chain: CombatChain, combat: Combat, seed: number, maxRounds: number): Played {
  let c: Combat = { ...combat, rng: rngFor(seed) };
  for (;;) {
    if (chain.round(c.state) > maxRounds)
      return { winner: '', fates: { attacker: null, defender: null }, round: 0, unfinished: true };
    if (c.step.kind === 'outcome' && c.step.final) {
      return {
        winner: chain.rules.winner?.(c.state) ?? 'draw',
        fates: chain.fates(c.state),
        round: chain.round(c.state),
        unfinished: false,
      };
    }
    const r = advance(chain.rules, c, autoInput(c));
    if (!r.ok) throw new Error(r.error.message);
    c = r.combat;
  }
}

const tolerance = (p: number, n: number) => 4 * Math.sqrt((p * (1 - p)) / n) + 2 / n;

function expectSumsToOne(odds: WholeCombatOdds) {
  expect(odds.pAttackerWins + odds.pDefenderWins + odds.pDraw + odds.pUnfinished).toBeCloseTo(1, 9);
  expect(odds.rounds.reduce((a, b) => a + b, 0) + odds.pUnfinished).toBeCloseTo(1, 9);
  for (const role of ['attacker', 'defender'] as const)
    expect(odds[role].pDestroyed + odds[role].pFlees + odds[role].pCaught).toBeLessThanOrEqual(1 + 1e-9);
}

function expectAgreement(odds: WholeCombatOdds, games: Played[], extra = 0) {
  const n = games.length;
  const share = (f: (g: Played) => boolean) => games.filter(f).length / n;
  const near = (p: number, sim: number, what: string) =>
    expect(Math.abs(sim - p), `${what}: engine ${sim} v odds ${p}`).toBeLessThanOrEqual(tolerance(p, n) + extra);
  near(
    odds.pAttackerWins,
    share((g) => !g.unfinished && g.winner === 'attacker'),
    'attacker wins',
  );
  near(
    odds.pDefenderWins,
    share((g) => !g.unfinished && g.winner === 'defender'),
    'defender wins',
  );
  near(
    odds.pDraw,
    share((g) => !g.unfinished && g.winner === 'draw'),
    'draw',
  );
  near(
    odds.pUnfinished,
    share((g) => g.unfinished),
    'unfinished',
  );
  odds.rounds.forEach((p, i) =>
    near(
      p,
      share((g) => g.round === i + 1),
      `ends in round ${i + 1}`,
    ),
  );
  for (const role of ['attacker', 'defender'] as const) {
    near(
      odds[role].pDestroyed,
      share((g) => g.fates[role] === 'destroyed'),
      `${role} destroyed`,
    );
    near(
      odds[role].pFlees,
      share((g) => g.fates[role] === 'flees'),
      `${role} flees`,
    );
    near(
      odds[role].pCaught,
      share((g) => g.fates[role] === 'caught'),
      `${role} caught`,
    );
  }
}

/** The system's chain as the engine walks it (without its round model: these are the walk's tests), and the combat of `raw`, a setup as the setup screen sends it. */
function begin(raw: unknown) {
  const { system } = raw as { system: string };
  const rules = getSystem(system)!;
  const chain = walked(analyses[system]!.combat!);
  return { chain, combat: startCombat(rules, rules.setupSchema.parse(raw), 1) };
}

const playAll = (chain: CombatChain, combat: Combat, maxRounds: number, from = 0) =>
  Array.from({ length: GAMES }, (_, k) => playOut(chain, combat, from + k, maxRounds));

describe('the whole combat exactly, against 2,000 play-outs of the engine', () => {
  it.each([
    ['WFB 6th edition: 2 Halberdiers v 2 Orc Boyz, both unbreakable', oldWorld.combats.small],
    ['40k 7th edition: 1 Space Marine v 2 Ork Boyz, both Fearless', wh40k7e.combats.small],
    ['The Ninth Age: 1 Knight v 3 Spearmen (break tests, flight and pursuit)', ninthAge.combats.small],
  ])(
    '%s',
    (_name, raw) => {
      const { chain, combat } = begin(raw);
      const odds = metered(
        () => exactWholeCombat(chain, combat.state),
        () => 'too large',
        TEST_LIMIT,
      );
      expect(odds.exact).toBe(true);
      expect(odds.fromRound).toBe(1);
      expectSumsToOne(odds);
      // A combat of several rounds: the chain carries the losses from round to round.
      expect(odds.rounds.filter((p) => p > 0.01).length).toBeGreaterThan(2);
      expectAgreement(odds, playAll(chain, combat, odds.maxRounds));
    },
    SLOW,
  );

  it(
    'WFB 6th edition from a late position: a broken unit flees and the winner pursues',
    () => {
      const { chain, combat } = begin(oldWorldExample);
      // The first seeded game that reaches a flee roll: its position there.
      let at: Combat | null = null;
      for (let seed = 0; seed < 200 && !at; seed++) {
        let c: Combat = { ...combat, rng: rngFor(seed) };
        while (!(c.step.kind === 'outcome' && c.step.final) && !at) {
          if (c.step.kind === 'roll' && /flee/i.test(c.step.title)) at = c;
          else c = (advance(chain.rules, c, autoInput(c)) as { combat: Combat }).combat;
        }
      }
      expect(at, 'a game with a flee roll').not.toBeNull();
      const odds = metered(
        () => exactWholeCombat(chain, at!.state),
        () => 'too large',
        TEST_LIMIT,
      );
      expectSumsToOne(odds);
      expect(odds.attacker.pCaught + odds.defender.pCaught).toBeGreaterThan(0);
      expectAgreement(odds, playAll(chain, at!, odds.maxRounds, 10_000));
    },
    SLOW,
  );

  it(
    "every unit and character of WFB 6th edition gets its fates, the main units the same as the sides' figures, each against play-outs",
    () => {
      const { chain, combat } = begin(oldWorld.combats.small);
      const odds = metered(
        () => exactWholeCombat(chain, combat.state),
        () => 'too large',
        TEST_LIMIT,
      );
      expect(odds.units?.map((u) => `${u.role}: ${u.unit}`)).toEqual(['attacker: Halberdiers', 'defender: Orc Boyz']);
      for (const u of odds.units!) {
        const side = odds[u.role];
        expect([u.pDestroyed, u.pFlees, u.pCaught]).toEqual([side.pDestroyed, side.pFlees, side.pCaught]);
      }
      // With a character in the front rank: his own chance to be slain, counted apart from his unit's.
      const withCaptain = structuredClone(oldWorld.combats.small) as OldWorldInput;
      const halberdiers = withCaptain.attacker.units[0]!;
      halberdiers.characters = [{ name: 'Captain', profile: { ...halberdiers.profile, wounds: 1, attacks: 2 } }];
      const c2 = begin(withCaptain);
      const o2 = metered(
        () => exactWholeCombat(c2.chain, c2.combat.state),
        () => 'too large',
        TEST_LIMIT,
      );
      const captain = o2.units!.find((u) => u.unit === 'Captain')!;
      expect(captain.pDestroyed).toBeGreaterThan(0);
      const games = Array.from({ length: GAMES }, (_, k) => {
        let c: Combat = { ...c2.combat, rng: rngFor(k) };
        while (!(c.step.kind === 'outcome' && c.step.final) && c2.chain.round(c.state) <= o2.maxRounds)
          c = (advance(c2.chain.rules, c, autoInput(c)) as { combat: Combat }).combat;
        return c.step.kind === 'outcome' && c.step.final
          ? c2.chain.unitFates!(c.state).find((u) => u.unit === 'Captain')!.end
          : 'unfinished';
      });
      const slain = games.filter((e) => e === 'destroyed').length / GAMES;
      expect(Math.abs(slain - captain.pDestroyed)).toBeLessThanOrEqual(tolerance(captain.pDestroyed, GAMES));
    },
    SLOW,
  );

  it(
    'The Ninth Age: a character in the unit gets his own chance to be slain, against play-outs',
    () => {
      const { chain, combat } = begin(smallWithCaptain());
      const odds = metered(
        () => exactWholeCombat(chain, combat.state),
        () => 'too large',
        TEST_LIMIT,
      );
      expect(odds.units?.map((u) => u.unit)).toEqual(['Knights', 'Spearmen', 'Captain']);
      const captain = odds.units![2]!;
      expect(captain.pDestroyed).toBeGreaterThan(0);
      const games = Array.from({ length: GAMES }, (_, k) => {
        let c: Combat = { ...combat, rng: rngFor(k) };
        while (!(c.step.kind === 'outcome' && c.step.final) && chain.round(c.state) <= odds.maxRounds)
          c = (advance(chain.rules, c, autoInput(c)) as { combat: Combat }).combat;
        return c.step.kind === 'outcome' && c.step.final ? chain.unitFates!(c.state)[2]!.end : 'unfinished';
      });
      for (const [end, p] of [
        ['destroyed', captain.pDestroyed],
        ['flees', captain.pFlees],
        ['caught', captain.pCaught],
      ] as const) {
        const seen = games.filter((e) => e === end).length / GAMES;
        expect(Math.abs(seen - p), `Captain ${end}`).toBeLessThanOrEqual(tolerance(p, GAMES));
      }
    },
    SLOW,
  );

  it(
    'Epic Armageddon: over the exact budget, an honest estimate that agrees with other play-outs',
    () => {
      const { chain, combat } = begin(epicArmageddon.combats.small);
      const odds = wholeCombatOdds(chain, combat.state);
      expect(odds.exact).toBe(false);
      expect(odds.playouts).toBeGreaterThanOrEqual(50);
      expect(odds.standardError).toBeGreaterThan(0);
      expectSumsToOne(odds);
      // Two estimates, each with its own error: 4 standard errors of their difference.
      const games = playAll(chain, combat, odds.maxRounds, 50_000);
      expectAgreement(odds, games, 4 * odds.standardError!);
    },
    SLOW,
  );

  it(
    'an estimate is the same for the same state (seeded from the position), and marked as one',
    { timeout: SLOW },
    () => {
      const { chain, combat } = begin(oldWorld.combats.small);
      const a = estimateWholeCombat(chain, combat.state, 10, 1e8);
      const b = estimateWholeCombat(chain, combat.state, 10, 1e8);
      expect(a).toEqual(b);
      expect(a.exact).toBe(false);
      expectSumsToOne(a);
    },
  );

  it(
    'over the budget the exact chain gives way; within it the host gets the exact odds',
    () => {
      const big = begin(oldWorldExample);
      const estimated = wholeCombatOdds(big.chain, big.combat.state);
      expect(estimated.exact).toBe(false);
      expectSumsToOne(estimated);
      const { chain, combat } = begin(oldWorld.combats.small);
      expect(wholeCombatOdds(chain, combat.state).exact).toBe(true);
    },
    SLOW,
  );

  it('40k 10th edition has no whole-combat chain: its attack sequence is one round', () => {
    expect(analyses['wh40k-10e']!.combat).toBeUndefined();
  });
});
