import { describe, expect, it } from 'vitest';
import { walkRound } from '../../../../../core/analysis/combat';
import type { State, Setup } from '../../../../../core/systems/epic-armageddon';
import { epicArmageddonCombat as chain } from '../../../../../core/systems/epic-armageddon/analysis';
import { roundDriver, rngFor } from '../../../../support/roundDriver';
import { epicArmageddonSystem } from '../../../../../core/systems/epic-armageddon/definition';
import type { EpicCombat } from '../helpers';
import { lineFight } from './setups';

const { apply, begin, inputFor } = roundDriver<Setup, State>(epicArmageddonSystem);

/**
 * The whole-combat walk merges positions by their key (core/analysis/combat). The results of earlier
 * drawn rounds (their dice and modifiers) are only shown, in the next round's first prompt: two
 * states that differ only there play out alike, so they share a key — else round 2 is walked once
 * for every way round 1 could be drawn.
 */

/** The first seeded game of evenly matched infantry that reaches round 2 (round 1 drawn), at round 2's first step. */
function roundTwo(): State {
  for (let seed = 0; seed < 500; seed++) {
    let c: EpicCombat = { ...begin(lineFight()), rng: rngFor(seed) };
    while (!(c.step.kind === 'outcome' && c.step.final) && c.state.round === 1) c = apply(c, inputFor(c));
    if (c.state.round === 2) return c.state;
  }
  throw new Error('no seeded game was drawn');
}

/** The same round-2 position reached by another drawn round 1: other dice, another total. */
function drawnOtherwise(s: State): State {
  const last = s.previous[0]!;
  const totals = last.totals && {
    attacker: { ...last.totals.attacker, dice: [1, 1] },
    defender: { ...last.totals.defender, dice: [1, 1] },
  };
  return { ...s, previous: [{ ...last, totals, reason: 'another draw' }] };
}

describe('Epic Armageddon: the position key of the whole-combat walk', () => {
  it('leaves out how earlier rounds were drawn, and the walk of the round from either state is the same', () => {
    const s = roundTwo();
    expect(s.previous).toHaveLength(1);
    const other = drawnOtherwise(s);
    expect(JSON.stringify(other.previous)).not.toBe(JSON.stringify(s.previous));
    expect(chain.key(other)).toBe(chain.key(s));
    const summary = (st: State) => {
      const t = walkRound(chain, st);
      return {
        next: t.next.map((n) => [chain.key(n.state), n.p]),
        ended: t.ended.map((e) => [JSON.stringify(e.end), e.p]),
      };
    };
    expect(summary(other)).toEqual(summary(s));
  });

  it('still tells apart what the rules read: the round, the units left', () => {
    const s = roundTwo();
    expect(chain.key({ ...s, round: 3 })).not.toBe(chain.key(s));
    const [first, ...rest] = s.units.defender;
    expect(chain.key({ ...s, units: { ...s.units, defender: [{ ...first!, left: 0 }, ...rest] } })).not.toBe(
      chain.key(s),
    );
  });
});
