import { describe, expect, it } from 'vitest';
import { advance, rollForMe, startCombat, type Combat } from '../../../../core/combat/engine';
import { drawDice, seedState } from '../../../../core/dice/prng';
import { oldWorld, type Setup, type State } from '../../../../core/systems/old-world';
import { inputFor } from '../../../support/drive';
import { knightsAtTheWall, ogresVsHalberdiers, swordsmenVsBoyz, twoUnitsASide } from './analysis/setups';
import { setupOf } from './helpers';
import { stepWords } from '../../../support/words';

/**
 * Words players use (issue 22, item 7): every step title, reason, option, outcome line and log line
 * of Warhammer Fantasy Battle 6th edition, read over whole combats played with the app's dice and
 * choices drawn at random (so branches beyond the suggested ones are read too), for the kinds of
 * slips the issue lists: a "1 units" or "(1 set)", a float where a count is meant, the project's
 * sources ("seed", "RULES", "§"), an internal term of the code, a value that is not a word.
 */

const SLIPS: Array<[string, RegExp]> = [
  ['a source citation', /\bseed\b|\bRULES\b|§/i],
  [
    'a count of one with a plural noun',
    /(^|[^\d.])1 (units|models|wounds|hits|attacks|saves|ranks|dice|sets|steps|rounds|characters)\b/,
  ],
  ['"(1 set)"', /\(1 set\)/],
  ['a float where a count is meant', /\b\d+\.\d+\b/],
  ['a value that is not a word', /\bundefined\b|\bnull\b|\bNaN\b|\[object|\bInfinity\b/],
  ['an internal term of the code', /\bpools?\b|\bvolleys?\b|\bmemberKey\b|\b(attacker|defender)\.\d|\.c\d\b|\brf\b/],
  ['a bare troop or unit key', /\b(old-world|noRankBonus|rankWidth|inContact|attacksAt)\b/],
];

/** A whole combat with the app's dice and random choices; every word shown on the way. */
function playedOut(setup: Setup, seed: number): { combat: Combat<Setup, State>; words: string[] } {
  let combat = startCombat(oldWorld, setup, seed);
  let picks = seedState(seed + 1000);
  const words: string[] = [];
  for (let taken = 0; taken < 3000 && !(combat.step.kind === 'outcome' && combat.step.final); taken++) {
    const step = combat.step;
    words.push(...stepWords(step));
    let input;
    if (step.kind === 'roll') input = rollForMe(combat as Combat);
    else if (step.kind === 'outcome') input = inputFor(step, 'go');
    else {
      // A pause (fought on next turn) is the host's, not an answer the rules take.
      const answers = step.options.filter((o) => !o.pause);
      const draw = drawDice(picks, 1, answers.length);
      picks = draw.state;
      input = inputFor(step, answers[draw.faces[0]! - 1]!.id);
    }
    const next = advance(oldWorld, combat, input);
    if (!next.ok) throw new Error(`at "${step.title}": ${next.error.message}`);
    combat = next.combat;
  }
  words.push(...stepWords(combat.step));
  words.push(
    ...oldWorld
      .view(combat.state)
      .log.flatMap((l) => [l.title, l.result, ...(l.why ?? []).flatMap((r) => [r.rule, r.detail])]),
  );
  return { combat, words };
}

const setups: Array<[string, () => Setup]> = [
  ['the setup screen example', () => oldWorld.setupSchema.parse(oldWorld.exampleSetup)],
  ['Swordsmen and Captain against Orc Boyz and Boss', swordsmenVsBoyz],
  ['two units a side, panic nearby', twoUnitsASide],
  ['Ogres against Halberdiers and a Priest', ogresVsHalberdiers],
  ['a challenge at a defended obstacle', knightsAtTheWall],
  [
    'one model a side, one wound each',
    () => setupOf({ models: 1, rankWidth: 1, charged: true }, { models: 1, rankWidth: 1 }),
  ],
  [
    'a lone character against a unit',
    () =>
      setupOf(
        {
          models: 0,
          characters: [
            {
              name: 'Hero',
              profile: {
                movement: 4,
                weaponSkill: 6,
                strength: 4,
                toughness: 4,
                wounds: 2,
                initiative: 6,
                attacks: 3,
                leadership: 9,
              },
            },
          ],
        },
        { models: 1, rankWidth: 1 },
      ),
  ],
];

describe('WFB 6th edition speaks as players do', () => {
  describe.each(setups)('%s', (_name, setup) => {
    it.each([1, 2, 3, 4, 5])(
      'dice and choices from seed %i: no slip in any word shown, and the combat ends',
      (seed) => {
        const { combat, words } = playedOut(setup(), seed);
        expect(combat.step.kind === 'outcome' && combat.step.final).toBe(true);
        for (const [slip, pattern] of SLIPS)
          expect(
            words.filter((w) => pattern.test(w)),
            slip,
          ).toEqual([]);
      },
    );
  });

  it('the checks catch the slips they name', () => {
    const caught = (w: string) => SLIPS.filter(([, p]) => p.test(w)).map(([slip]) => slip);
    expect(caught('Boyz (1 units)')).toContain('a count of one with a plural noun');
    expect(caught('Result: 5.00')).toContain('a float where a count is meant');
    expect(caught('see RULES §3')).toContain('a source citation');
    expect(caught('the pool of attacker.0')).toContain('an internal term of the code');
    expect(caught('Swordsmen: 1 hit; 11 hits')).toEqual([]);
  });
});
