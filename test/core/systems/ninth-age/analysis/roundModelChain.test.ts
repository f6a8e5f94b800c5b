import { describe, expect, it } from 'vitest';
import type { State } from '../../../../../core/systems/ninth-age';
import { runToEnd } from '../../../../../core/analysis/chunked';
import { modelChainInChunks } from '../../../../../core/analysis/combat/modelChain';
import { wholeCombatOf } from '../../../../../core/analysis/combat/forHost';
import { MAX_ROUNDS } from '../../../../../core/analysis/combat/wholeCombat';
import { ninthAgeAnalysis } from '../../../../../core/systems/ninth-age/analysis/forSystem';
import { storeLimits } from '../../../../../core/systems/ninth-age/analysis/model/store';
import { chainMatchesWalk, figuresOf } from '../../../../support/roundModel';
import { setupOf } from '../helpers';
import { clubSize } from './clubSize';
import {
  SLOW,
  firstAt,
  layerMatchesTransitions,
  small,
  smallWithCaptain,
  withCharacters,
  theExample,
} from './modelCases';
import { chain, model, standingStates, startOf, tagOf } from './modelStates';

/**
 * The Ninth Age's compact round model (core/systems/ninth-age/analysis/model) held to the engine —
 * here the whole combat: against the engine's walked chain on small combats (break tests, flight
 * and pursuit), the shared chain with the model's layer against the same chain over its
 * transitions, and exact within the host's budget. Each case names the rule its state carries.
 */

describe('the whole combat over the model against the engine’s walked chain (chainMatchesWalk, 1e-9)', () => {
  it(
    'the small combat: 1 Knight v 3 Spearmen, break tests, flight and pursuit',
    () => {
      const odds = chainMatchesWalk(chain, startOf(small()));
      expect(odds.attacker.pCaught + odds.defender.pCaught).toBeGreaterThan(0);
    },
    SLOW,
  );

  it(
    'the small combat with a Captain among the Spearmen (his own health pool, allocations kept round to round)',
    () => {
      chainMatchesWalk(chain, startOf(smallWithCaptain()));
    },
    SLOW,
  );

  it(
    'Steady Spearmen in the Knights’ flank, no Insane Courage: break tests with the difference capped',
    () => {
      const setup = setupOf(
        {
          models: 2,
          width: 2,
          height: 2,
          charged: true,
          facing: 'flank',
          profile: { offensiveSkill: 4, strength: 5, healthPoints: 2, armour: 3 },
        },
        { models: 5, width: 5, standard: true, profile: { armour: 1, discipline: 6 } },
        { insaneCourage: false },
      );
      chainMatchesWalk(chain, startOf(setup));
    },
    SLOW,
  );

  it(
    'from part-way through a round: at its Break Test and at its flee roll',
    () => {
      for (const at of ['break', 'flee']) chainMatchesWalk(chain, firstAt(startOf(small()), at));
    },
    SLOW,
  );
});

describe('the shared chain with the model’s layer (a round’s whole layer at once) against the same chain over its transitions', () => {
  it('from round starts and part-way through rounds of small combats, with characters and allocations kept', () => {
    layerMatchesTransitions(startOf(small()));
    for (const { state } of standingStates(startOf(withCharacters()), 2, () => null, 2)) layerMatchesTransitions(state);
  });

  it('the club-size melee', () => layerMatchesTransitions(startOf(clubSize())), SLOW);

  it(
    'templates spread over many small chunks of the store and forgotten between rounds: the engine’s walk on the small combat, the same odds on the club-size melee',
    () => {
      const odds = (state: State) => figuresOf(runToEnd(modelChainInChunks(chain, model, state, MAX_ROUNDS)));
      const usual = odds(startOf(clubSize()));
      const saved = { ...storeLimits };
      Object.assign(storeLimits, { firstChunk: 8, lastChunk: 64, entries: 500 });
      try {
        chainMatchesWalk(chain, startOf(small()));
        const chunked = odds(startOf(clubSize()));
        for (const [k, p] of Object.entries(usual)) expect(chunked[k], k).toBeCloseTo(p, 12);
      } finally {
        Object.assign(storeLimits, saved);
      }
    },
    SLOW,
  );
});

describe('exact within the host’s budget (forHost.ts wholeCombatOf: half the work limit)', () => {
  const exactForHost = (state: State) => {
    const answer = wholeCombatOf(ninthAgeAnalysis, state);
    expect(answer?.ok && answer.odds.exact, 'exact').toBe(true);
  };

  it(
    'the example from its start and part-way through its first round (at its last Agility step, at its Break Test), and the club-size melee',
    () => {
      exactForHost(startOf(theExample()));
      const states = standingStates(startOf(theExample()), 1, () => null, 1);
      for (const tag of ['strikes', 'break'])
        exactForHost({ ...states.filter((s) => tagOf(s.step) === tag).at(-1)!.state, setup: theExample() });
      exactForHost(startOf(clubSize()));
    },
    SLOW,
  );
});
