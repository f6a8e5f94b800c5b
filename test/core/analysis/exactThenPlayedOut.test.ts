import { describe, expect, it } from 'vitest';
import { estimateWholeCombat, exactWholeCombat, type WholeCombatOdds } from '../../../core/analysis/combat';
import { metered } from '../../../core/analysis/budget';
import { playoutsFor, PLAYOUTS } from '../../../core/analysis/combat/playouts';
import { CannotFinish, type ExactSoFar } from '../../../core/analysis/combat/soFar';
import { Tally } from '../../../core/analysis/combat/tally';
import { analyses, getSystem } from '../../../core/systems/index';

/**
 * Where the exact chain gives up (issue 24, "bounded and honest"), the rounds it followed stay
 * exact and the play-outs start from the positions it reached, each drawn by its chance: each
 * figure is the exact part plus the share still fighting times the play-outs' own figure, and its
 * standard error is the play-outs' scaled by that share. Checked on a WFB 6th fight of 8 a side,
 * which is exact at a larger budget: the estimate against the exact figures.
 */

const chain = analyses['old-world']!.combat!;
const rules = getSystem('old-world')!;
/** 8 v 8 of the example: exact within about 1e8 units, given up after two rounds at 1e7. */
function eightAside() {
  const raw = structuredClone(rules.exampleSetup) as {
    attacker: { units: Array<{ models: number }> };
    defender: { units: Array<{ models: number }> };
  };
  raw.attacker.units[0]!.models = 8;
  raw.defender.units[0]!.models = 8;
  return rules.start(rules.setupSchema.parse(raw));
}
const SMALL_BUDGET = 1e7;

/**
 * What the chain counted when it gave up within `budget` (it must give up): from its projection
 * of the next round, or — `projecting` false — only where the meter stops it, half-way through a round.
 */
function soFarAt(
  state: ReturnType<typeof eightAside>,
  budget: number,
  projecting = true,
): ExactSoFar<ReturnType<typeof eightAside>> {
  try {
    metered(
      () => exactWholeCombat(chain, state, 10, projecting ? budget : Infinity),
      () => 'the meter',
      budget,
    );
  } catch (error) {
    if (error instanceof CannotFinish) return error.soFar as ExactSoFar<ReturnType<typeof eightAside>>;
    throw error;
  }
  throw new Error('the chain finished');
}

/** Every chance the odds give, named. */
const chancesOf = (o: WholeCombatOdds): Array<[string, number]> => [
  ['attacker wins', o.pAttackerWins],
  ['defender wins', o.pDefenderWins],
  ['draw', o.pDraw],
  ['unfinished', o.pUnfinished],
  ...o.rounds.map((p, i): [string, number] => [`ends in round ${i + 1}`, p]),
  ...(o.units ?? []).flatMap((u): Array<[string, number]> => [
    [`${u.unit} destroyed`, u.pDestroyed],
    [`${u.unit} flees`, u.pFlees],
    [`${u.unit} caught`, u.pCaught],
  ]),
];

describe('the play-outs wanted for the share of the combat still fighting', () => {
  it('the whole combat gets the most; a tenth of it a few hundred; a sliver the fewest an estimate takes', () => {
    expect(playoutsFor(1)).toBe(PLAYOUTS);
    // (0.1 / (2 × 0.25%))² = 400: the worst standard error, 0.1 × ½ / √400, is 0.25%.
    expect(playoutsFor(0.1)).toBe(400);
    expect(playoutsFor(0.001)).toBe(50);
    expect(playoutsFor(0)).toBe(50);
  });
});

describe('a tally of play-outs added into the exact part at the share they stand for', () => {
  it('adds every count times the factor: winners, rounds, unfinished, each unit', () => {
    const units = [
      { role: 'attacker' as const, unit: 'A', end: null },
      { role: 'defender' as const, unit: 'B', end: null },
    ];
    const exact = new Tally().track(units);
    exact.add(
      {
        winner: 'attacker',
        fates: { attacker: null, defender: 'destroyed' },
        units: [
          { ...units[0]!, end: null },
          { ...units[1]!, end: 'destroyed' },
        ],
      },
      1,
      0.5,
    );
    const played = new Tally().track(units);
    played.add(
      {
        winner: 'defender',
        fates: { attacker: 'flees', defender: null },
        units: [
          { ...units[0]!, end: 'flees' },
          { ...units[1]!, end: null },
        ],
      },
      3,
      3,
    );
    played.unfinished += 1;
    const names = { mainUnits: { attacker: 'A', defender: 'B' }, sides: { attacker: 'Red', defender: 'Blue' } };
    const odds = exact.plus(played, 0.5 / 4).odds(names, { exact: false, fromRound: 1, maxRounds: 10 });
    expect(odds.pAttackerWins).toBe(0.5);
    expect(odds.pDefenderWins).toBe(0.375);
    expect(odds.pUnfinished).toBe(0.125);
    expect(odds.rounds).toEqual([0.5, 0, 0.375]);
    expect(odds.attacker.pFlees).toBe(0.375);
    expect(odds.units![1]!.pDestroyed).toBe(0.5);
  });
});

describe('the exact chain gives up and hands on what it counted', () => {
  it.each([
    ['projected not to finish', true],
    ['stopped by the meter half-way through a round', false],
  ])(
    '%s: the rounds it finished and the positions of the next, together the whole combat (none of a round given up half-way)',
    (_, projecting) => {
      const soFar = soFarAt(eightAside(), SMALL_BUDGET, projecting);
      expect(soFar.round).toBeGreaterThan(1);
      const ended = soFar.tally.rounds.reduce((a, b) => a + b, 0);
      const still = soFar.layer.reduce((a, w) => a + w.p, 0);
      expect(soFar.tally.rounds).toHaveLength(soFar.round - 1);
      expect(ended + still).toBeCloseTo(1, 12);
      for (const w of soFar.layer) expect(chain.round(w.state)).toBe(soFar.round);
    },
  );

  it('given up in its first round, the estimate is the plain one, play-out for play-out', () => {
    const state = eightAside();
    const soFar = soFarAt(state, 1e6);
    expect(soFar.round).toBe(1);
    expect(estimateWholeCombat(chain, state, 10, 1e8, soFar)).toEqual(estimateWholeCombat(chain, state, 10, 1e8));
  });
});

describe('exact rounds, then play-outs: against the exact figures', () => {
  const exact = metered(
    () => exactWholeCombat(chain, eightAside()),
    () => 'too large',
    1e9,
  );
  const state = eightAside();
  const mixed = estimateWholeCombat(chain, state, 10, 1e8, soFarAt(state, SMALL_BUDGET));
  const plain = estimateWholeCombat(chain, state, 10, 1e8);

  it('every figure within 4 standard errors of the exact one, and they sum to 1', () => {
    expect(mixed.exact).toBe(false);
    const exactOf = new Map(chancesOf(exact));
    for (const [what, p] of chancesOf(mixed))
      expect(Math.abs(p - (exactOf.get(what) ?? 0)), what).toBeLessThanOrEqual(4 * mixed.standardError! + 1e-12);
    expect(mixed.pAttackerWins + mixed.pDefenderWins + mixed.pDraw + mixed.pUnfinished).toBeCloseTo(1, 12);
  });

  it('says how many rounds it counted exactly (none for play-outs of the whole combat)', () => {
    expect(mixed.exactRounds).toBe(soFarAt(eightAside(), SMALL_BUDGET).round - 1);
    expect(mixed.exactRounds).toBeGreaterThanOrEqual(2);
    expect(plain.exactRounds).toBe(0);
  });

  it('the rounds the chain finished are exact, to the last digit', () => {
    expect(mixed.rounds[0]).toBeCloseTo(exact.rounds[0]!, 12);
    expect(mixed.rounds[1]).toBeCloseTo(exact.rounds[1]!, 12);
  });

  it('finer than play-outs of the whole combat, with fewer of them (about a fifth of the combat is left to play out)', () => {
    expect(mixed.standardError!).toBeLessThan(plain.standardError! / 2);
    expect(mixed.playouts!).toBeLessThan(plain.playouts!);
  });
});
