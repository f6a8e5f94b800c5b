import fc from 'fast-check';
import { describe, it } from 'vitest';
import { epicArmageddon, type Setup, type State } from '../../../../../core/systems/epic-armageddon';
import { epicArmageddonCombat } from '../../../../../core/systems/epic-armageddon/analysis';
import { setupArb } from '../arbitraries';
import * as assaults from './model/assaults';
import { roundMatchesWalk } from './model/labelledWalk';
import { epicArmageddonModel as model } from '../../../../../core/systems/epic-armageddon/analysis/model/roundModel';

/**
 * The round model (core/systems/epic-armageddon/analysis/model) held to the engine, one round at a
 * time: from a round's start, against the engine's own walk of it unit by unit
 * (model/labelledWalk.ts), on assaults that each bring in rules the others do not, and on random
 * small ones. One round: roundModel.test.ts (from its start), roundModelSteps.test.ts (part-way),
 * roundModelEdges.test.ts (by hand); the whole assault: roundModelChain.test.ts and
 * roundModelClub.test.ts.
 */

const chain = epicArmageddonCombat;
/** Long enough for a machine shared with several other runs (the walked rounds take most of it). */
const SLOW = 300_000;
const startOf = (setup: Setup): State => epicArmageddon.start(setup);
const matches = (state: State) => roundMatchesWalk(chain, model, state);

describe('one round from its start, as the engine walks it', () => {
  it('everybody Fearless (the small combat): no extra hits, a draw fought again; two alike Boyz told apart as chances', () => {
    matches(startOf(assaults.small()));
  });

  it('nobody Fearless: extra hits for the loser, Broken and withdrawing; a unit not engaged takes extra hits but no attacks', () => {
    matches(startOf(assaults.breaking()));
  });

  it('a formation Broken before the assault counts its units as Blast markers and is destroyed if it loses; They Shall Know No Fear halves the extra hits', () => {
    matches(startOf(assaults.brokenDefender()));
  });

  it('a war engine loses 1 DC per unsaved hit; Macro-weapon First Strike swords against Reinforced Armour and an invulnerable save', () => {
    matches(startOf(assaults.knight()));
  });

  it('supporting fire of other formations (A5), an Inspiring supporting unit, a firefight, cover', () => {
    matches(startOf(assaults.supported()));
  });

  it('a side that keeps an allocation for the assault (its hits placed by it in every wave): Paladin last', () => {
    const start = startOf(assaults.knight());
    matches({ ...start, allocation: { defender: { by: 'spare', entry: 0 } } });
  });

  it(
    'random small assaults: every rule of the setup can come up',
    () => {
      const small = setupArb.filter((s) =>
        (['attacker', 'defender'] as const).every((r) => s[r].units.reduce((n, u) => n + u.count, 0) <= 2),
      );
      fc.assert(
        fc.property(small, (setup) => matches(startOf(setup))),
        { numRuns: 12, seed: 34 },
      );
    },
    SLOW,
  );
});
