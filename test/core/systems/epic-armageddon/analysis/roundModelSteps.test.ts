import { describe, expect, it } from 'vitest';
import { epicArmageddon, type State } from '../../../../../core/systems/epic-armageddon';
import { epicArmageddonCombat } from '../../../../../core/systems/epic-armageddon/analysis';
import * as assaults from './model/assaults';
import { choose, firstTo, roundStates } from './model/games';
import { roundMatchesWalk } from './model/labelledWalk';
import { epicArmageddonModel as model } from '../../../../../core/systems/epic-armageddon/analysis/model/roundModel';

/**
 * The round model (core/systems/epic-armageddon/analysis/model) held to the engine, one round at a
 * time: from states part-way through a round (after each kind of step), against the engine's own
 * walk of it unit by unit (model/labelledWalk.ts). One round: roundModel.test.ts (from its start),
 * roundModelSteps.test.ts (part-way), roundModelEdges.test.ts (by hand); the whole assault:
 * roundModelChain.test.ts and roundModelClub.test.ts.
 */

const chain = epicArmageddonCombat;
/** Long enough for a machine shared with several other runs (the walked rounds take most of it). */
const SLOW = 300_000;
const matches = (state: State) => roundMatchesWalk(chain, model, state);

describe('one round from part-way through it, as the engine walks it', () => {
  it(
    'every step of a round: attacks rolled (First Strike first), hits allocated, saves rolled, the result rolled',
    () => {
      const states = [
        ...roundStates(assaults.small(), 1),
        ...roundStates(assaults.breaking(), 2),
        ...roundStates(assaults.brokenDefender(), 0),
        ...roundStates(assaults.knight(), 0),
      ];
      expect(new Set(states.map((s) => s.phase.at))).toEqual(new Set(['wave', 'a6']));
      for (const state of states) matches(state);
    },
    SLOW,
  );

  it('every step of a second round, after a draw: casualties kept (which Boy fell, known), the kills of round 1 counted in its result', () => {
    for (let s = 0; s < 40; s++) {
      const states = roundStates(assaults.small(), s, 2);
      if (states.length === 0) continue;
      for (const state of states) matches(state);
      return;
    }
    throw new Error('no seeded game reached round 2');
  });

  it('saves of one group of dice on two alike units: each unit saves its own hit (seed 003), so either Boy may fall', () => {
    const save = firstTo(
      assaults.breaking(),
      (c) =>
        c.step.id.startsWith('save.') &&
        c.state.phase.at === 'wave' &&
        new Set(c.state.phase.wave.on.defender.saves?.map((h) => h.unit)).size === 2 &&
        (c.state.phase.wave.on.attacker.saves ?? []).length === 0,
    );
    matches(save.state);
  });

  it('a side that chose where its hits go: a whole allocation kept (Paladin last), and hit by hit', () => {
    const allocating = (c: { step: { kind: string; id: string } }) =>
      c.step.kind === 'choose' && c.step.id.startsWith('allocate');
    const spare = firstTo(assaults.knight(), allocating);
    const applied = epicArmageddon.apply(spare.state, choose(spare, 'spare:0'));
    expect(applied.allocation?.defender).toEqual({ by: 'spare', entry: 0 });
    matches(applied);
    const byHand = epicArmageddon.apply(spare.state, choose(spare, 'byHand'));
    matches(byHand);
    // The first Macro-weapon hit named by hand, to the Squire (the other then has one place left: the Paladin).
    const named = epicArmageddon.apply(byHand, {
      kind: 'choose',
      stepId: epicArmageddon.next(byHand).id,
      option: 'unit:1',
    });
    expect(named.phase.at === 'wave' && named.phase.wave.on.defender.given![1]).toEqual([1, 0]);
    matches(named);
  });

  it('the loser part-way through its extra hits (RULES §4 A6: the rest nearest first), and part-way through its withdrawal (A7)', () => {
    const extra = firstTo(assaults.breaking(), (c) => c.step.kind === 'choose' && c.step.id.startsWith('extra'));
    matches(extra.state);
    matches(epicArmageddon.apply(extra.state, choose(extra, 'unit:2')));
    // Two units left to withdraw (Boyz and Grots): one of them ended within 15cm of the enemy, destroyed.
    const withdraw = firstTo(
      assaults.breaking(),
      (c) => c.step.kind === 'choose' && c.step.id.startsWith('withdraw') && c.step.options.length === 3,
    );
    matches(withdraw.state);
    matches(epicArmageddon.apply(withdraw.state, choose(withdraw, 'unit:2')));
  });

  it('the result roll with one side’s dice known (a combat stored when each side rolled on its own step)', () => {
    const a6 = firstTo(assaults.breaking(), (c) => c.state.phase.at === 'a6');
    matches({ ...a6.state, phase: { at: 'a6', rolls: { attacker: [2, 5] } } });
  });
});
