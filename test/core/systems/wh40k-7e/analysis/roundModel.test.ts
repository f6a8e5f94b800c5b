import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Setup, type State } from '../../../../../core/systems/wh40k-7e';
import { wh40k7eCombat } from '../../../../../core/systems/wh40k-7e/analysis';
import { wh40k7eModel } from '../../../../../core/systems/wh40k-7e/analysis/model';
import { transitionMatchesWalk } from '../../../../support/roundModel';
import { setupArb } from '../arbitraries';
import { small, smallVariants, smallWith, startOf } from './model/scenarios';
import { oneOfEach, stopsOf } from './model/walkStates';
import { destroyerVsOgryns, hammersVsWarriors, marine, mixedBag } from './setups';

/**
 * 40k 7th edition's round model (core/systems/wh40k-7e/analysis/model) against the engine's own
 * exact walk of one round (transitionMatchesWalk): the next rounds' starts and the ends of the
 * combat, from round starts and from every kind of state part-way through a round.
 */

const matches = (state: State) => transitionMatchesWalk(wh40k7eCombat, wh40k7eModel, state);
const SEEDS = Array.from({ length: 40 }, (_, i) => i + 1);

describe('from the start of a round', () => {
  it('the small combat (Fearless both: fought to the last model)', () => matches(startOf(small())));

  for (const [rule, setup] of Object.entries(smallVariants))
    it(`the small combat with ${rule}`, () => matches(startOf(setup())));

  it('Instant Death both ways and multi-wound models (thunder hammers against Tyranid Warriors, Fearless)', () =>
    matches(startOf(hammersVsWarriors())));

  it('round 2: no +1 Attack on the charge (the first round only)', () => {
    const round2 = stopsOf(smallWith({ fearless: false }, { fearless: false }), 3, 3).find((s) => s.round === 2);
    expect(round2, 'a game that reaches round 2').toBeDefined();
    matches(round2!.state);
  });

  it('round 14, the last a game allows (seven game turns, a combat in each player turn): no round 15', () => {
    const s = startOf(small());
    const last = { ...s, round: 14 };
    const t = wh40k7eModel.transition(wh40k7eModel.enter(last)!);
    expect(t.next).toEqual([]);
    matches(last);
  });
});

describe('part-way through a round, after each kind of step', () => {
  const cases: Array<[string, () => Setup]> = [
    [
      'the small combat with Morale checks and Sweeping Advance',
      smallVariants['Morale checks, falling back and Sweeping Advance (nobody Fearless)']!,
    ],
    [
      'a character (the Sergeant) and And They Shall Know No Fear',
      () =>
        smallWith(
          {
            fearless: false,
            atsknf: true,
            models: [{ ...marine, name: 'Sergeant', attacks: 2, leadership: 9 }, marine],
          },
          { fearless: false },
        ),
    ],
    [
      'a Nob behind the Boyz and a power fist',
      smallVariants['a two-wound Nob behind the Boyz, and a power fist (Instant Death, Unwieldy)']!,
    ],
  ];
  for (const [what, setup] of cases)
    it(`${what}: every kind of stop of round 1 and 2`, () => {
      const stops = oneOfEach(setup(), SEEDS);
      const kinds = new Set(stops.map((s) => s.kind));
      // The states the players stand at: the blows (to hit, wound and save rolled through), a Morale check, the next round's choice.
      for (const kind of ['strike', 'round']) expect(kinds, `a ${kind} step among ${[...kinds]}`).toContain(kind);
      for (const stop of stops) matches(stop.state);
    });

  it('a broken loser awaiting the Sweeping Advance, and a loser at its Morale check', () => {
    const setup = smallVariants['Morale checks, falling back and Sweeping Advance (nobody Fearless)']!();
    const stops = SEEDS.flatMap((seed) => stopsOf(setup, seed, 3));
    const morale = stops.find((s) => s.kind === 'morale');
    const sweep = stops.find((s) => s.kind === 'sweep');
    expect(morale && sweep, 'games reaching a Morale check and a Sweeping Advance').toBeTruthy();
    matches(morale!.state);
    matches(sweep!.state);
  });

  it('the end of a round with its winner known: both units still locked, on to the next round', () => {
    const setup = smallWith({ fearless: false }, { fearless: false });
    const roundEnd = SEEDS.flatMap((seed) => stopsOf(setup, seed, 1)).find(
      (s) => s.kind === 'round' && s.state.result?.winner,
    );
    expect(roundEnd, 'a round won but not ended').toBeDefined();
    matches(roundEnd!.state);
  });

  it('Destroyer wounds (seriously wounded D3, deathblow D6 + 6), Feel No Pain, invulnerable saves: every stop of round 1', () => {
    for (const stop of oneOfEach(destroyerVsOgryns(), [1, 2, 3], 1)) matches(stop.state);
  });
});

describe('units allocating by hand: every choice taken as suggested', () => {
  it('the order of two wound pools (the attacker chooses), the model taking the wounds (the defender chooses), Feel No Pain, Stubborn', () => {
    // The later stops of round 1 (the first ones walk the whole round through Destroyer dice: seconds).
    const stops = oneOfEach(mixedBag(), [1, 2], 1).slice(-6);
    expect(stops.map((s) => s.kind)).toEqual(expect.arrayContaining(['poolOrder', 'allocate', 'morale']));
    for (const stop of stops) matches(stop.state);
  });
});

describe('random small setups', () => {
  it('the round from its start and from a state part-way through it equals the walk', () => {
    fc.assert(
      fc.property(setupArb(2, 2, 3), fc.integer({ min: 1, max: 1000 }), (setup, seed) => {
        const stops = stopsOf(setup, seed, 2);
        if (stops.length === 0) return;
        matches(stops[0]!.state);
        matches(stops[Math.floor(stops.length / 2)]!.state);
      }),
      { numRuns: 20, seed: 7 },
    );
  });
});
