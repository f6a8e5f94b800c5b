import { describe, expect, it } from 'vitest';
import { advance, rollForMe, startCombat, type Combat } from '../../../../core/combat';
import { splitDice } from '../../../../core/combat/rollGroups';
import { epicArmageddon } from '../../../../core/systems/epic-armageddon';
import { resolveScenario } from '../../../../core/scenario/resolve';
import { left, logText, play, rollStep, setupOf, start, unit } from './helpers';

/**
 * Saves rolled through (issue 22, "one roll step per kind of roll for everything that happens at
 * the same moment"): a hit's save, then — one die for each failure, in the same step — a
 * Reinforced Armour re-roll, then an invulnerable 6+ (RULES §4 Saves: Reinforced Armour re-rolls a
 * failed save, not against Macro-weapons; an invulnerable save is a further 6+ after a failed
 * save). Hits whose saves go differently are groups of their own, however alike their first save.
 */

/** Red hit Blue's Nob (4+) and Stompa (war engine DC 3, 4+ Reinforced Armour): 1 hit on the Nob, 3 on the Stompa. */
const nobAndStompa = () => {
  const c = start(
    setupOf(
      { units: [unit({ name: 'Marines', count: 4, cc: 2 })] },
      {
        units: [
          unit({ name: 'Nob', armour: 4, cc: 6 }),
          unit({ name: 'Stompa', type: 'war-engine', damageCapacity: 3, armour: 4, reinforcedArmour: true, cc: 6 }),
        ],
      },
    ),
  );
  // 4 hits on Blue (Blue's 4 dice miss): the Nob and the Stompa's 3 places fill the pass, nothing to ask.
  return play(c, [6, 6, 6, 6], [1, 1, 1, 1]);
};

describe('saves rolled through in one step (RULES §4 Saves)', () => {
  it('the Reinforced Armour hits are a group of their own, their re-rolls chained on: one die for each failed save', () => {
    const c = nobAndStompa();
    const step = rollStep(c);
    expect(step.title).toBe('Blue: saves, 4 dice, then a die for each failure');
    expect(step.groups!.map((g) => [g.id, g.label, g.count, g.passOn, g.per ?? null])).toEqual([
      ['g0s0', 'Blue: saves 4+', 1, 4, null],
      ['g1s0', 'Blue: saves 4+, re-rolled if failed', 3, 4, null],
      ['g1s1', 'Blue: re-rolls 4+', 3, 4, { group: 'g1s0', on: 'fail' }],
    ]);
    expect(step.groups![2]!.note).toBe('one die for each failed save');
    // The Nob fails (1); the Stompa saves one (5) and fails two (2, 3): two re-rolls, one saved (6), one not (1).
    const dice = [1, 5, 2, 3, 6, 1];
    expect(splitDice(step, dice)).toEqual([[1], [5, 2, 3], [6, 1]]);
    const after = play(c, dice);
    expect(left(after, 'defender')).toEqual([0, 2]);
    expect(logText(after)).toContain(
      'Blue: saves, 4 dice, then a die for each failure: 2 saves (1 by a re-roll or invulnerable save), 2 failed',
    );
  });

  it('a save made takes no re-roll: every first save passing ends the step with the first group', () => {
    const after = play(nobAndStompa(), [4, 4, 5, 6]);
    expect(left(after, 'defender')).toEqual([1, 3]);
  });

  it('no re-roll against a Macro-weapon hit, but the invulnerable 6+ follows a failed Reinforced Armour roll', () => {
    let c = start(
      setupOf(
        {
          units: [
            unit({
              name: 'Terminators',
              cc: 2,
              weapons: [{ name: 'Power fist', use: 'cc', extraAttacks: 1, macroWeapon: true }],
            }),
          ],
        },
        {
          units: [
            unit({
              name: 'Knight',
              type: 'war-engine',
              damageCapacity: 2,
              armour: 4,
              reinforcedArmour: true,
              invulnerable: true,
              cc: 6,
            }),
          ],
        },
      ),
    );
    c = play(c, [6, 6], [1, 1]); // 1 hit and 1 Macro-weapon hit on the Knight (2 places a pass: no question)
    const step = rollStep(c);
    expect(step.groups!.map((g) => [g.label, g.count, g.passOn, g.per?.group ?? null])).toEqual([
      ['Blue: saves 4+, invulnerable 6+ if failed', 1, 4, null],
      ['Blue: saves 4+, re-rolled if failed', 1, 4, null],
      ['Blue: invulnerable saves 6+', 1, 6, 'g0s0'],
      ['Blue: re-rolls 4+', 1, 4, 'g1s0'],
      ['Blue: invulnerable saves 6+', 1, 6, 'g1s1'],
    ]);
    // The Macro-weapon hit (allocated first): 3 fails, its invulnerable 6 saves. The other hit: 2 fails, its re-roll 1 fails, its invulnerable 5 fails.
    const after = play(c, [3, 2, 6, 1, 5]);
    expect(left(after, 'defender')).toEqual([1]);
  });

  it('"Roll for me" and entered dice through resolve take each chained group as the dice before it call for', () => {
    const setup = setupOf(
      { units: [unit({ name: 'Marines', cc: 2 })] },
      { units: [unit({ name: 'Tank', type: 'armoured-vehicle', armour: 4, reinforcedArmour: true, cc: 6 })] },
    );
    // Attack: Red's 6 hits, Blue's 1 misses; the save's 3 fails, the re-roll's 5 saves; result rolls 2 2 / 6 6: Blue win, Red take the extra hits.
    const resolved = resolveScenario({
      system: epicArmageddon,
      setup,
      seed: 1,
      dice: [6, 1, 3, 5, 2, 2, 6, 6],
    } as never);
    expect(resolved.view.log.map((l) => `${l.title}: ${l.result}`)).toContain(
      'Blue: saves, 1 die, then a die for each failure: 1 save (1 by a re-roll or invulnerable save), 0 failed',
    );
    for (let seed = 1; seed <= 20; seed++) {
      let c = startCombat(epicArmageddon, setup, seed) as Combat;
      for (let n = 0; n < 50 && !(c.step.kind === 'outcome' && c.step.final); n++) {
        const step = c.step;
        const input =
          step.kind === 'roll'
            ? rollForMe(c)
            : step.kind === 'choose'
              ? { kind: 'choose' as const, stepId: step.id, option: step.options[0]!.id }
              : { kind: 'continue' as const, stepId: step.id };
        const r = advance(epicArmageddon, c as never, input);
        expect(r.ok, `seed ${seed} at ${step.title}`).toBe(true);
        if (r.ok) c = r.combat as Combat;
      }
    }
  });
});
