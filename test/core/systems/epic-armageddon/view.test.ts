import { describe, expect, it } from 'vitest';
import { combatViewSchema, type ModelView } from '../../../../core/combat/view';
import { epicArmageddon } from '../../../../core/systems/epic-armageddon';
import { play, setupOf, start, unit, type EpicCombat } from './helpers';

/**
 * What the wizard's picture of the formations is drawn from (the host's view only): each unit's
 * engagement, the hits it has taken in the assault and how many it saved, war engines' damage
 * capacity left, the formations' Blast markers and Broken (RULES §4, seed 003).
 */

const view = (c: EpicCombat) => combatViewSchema.parse(epicArmageddon.view(c.state));
const unitsOf = (c: EpicCombat, role: 'attacker' | 'defender'): ModelView[] =>
  view(c).sides[role].units.flatMap((u) => u.models);
const hitsOf = (c: EpicCombat, role: 'attacker' | 'defender') =>
  Object.fromEntries(unitsOf(c, role).map((m) => [m.name, m.hits]));

/** examples/epic-armageddon-entered-dice.json: Banshees and Guardians assault Guardsmen in cover and a Commissar. */
const eldarVsGuard = () =>
  start(
    setupOf(
      {
        name: 'Eldar',
        units: [
          unit({
            name: 'Howling Banshees',
            count: 2,
            armour: 5,
            cc: 3,
            ff: 6,
            weapons: [{ name: 'Power swords', use: 'cc', extraAttacks: 1, firstStrike: true }],
          }),
          unit({ name: 'Guardians', count: 2, armour: 6, cc: 5, ff: 4, engaged: 'firefight' }),
        ],
      },
      {
        name: 'Imperial Guard',
        blastMarkers: 1,
        units: [
          unit({ name: 'Guardsmen', count: 3, armour: 6, cc: 6, ff: 5, cover: 4 }),
          unit({ name: 'Commissar', armour: 5, cc: 4, ff: 5, inspiring: true, fearless: true }),
        ],
        support: [{ name: 'Sentinels', count: 2, ff: 5 }],
      },
    ),
  );

describe('the view of an assault: the picture of both formations', () => {
  it('gives every unit nearest first with how it is engaged, and supporting fire as such; its values as tags, not its engagement', () => {
    const c = eldarVsGuard();
    expect(unitsOf(c, 'attacker').map((m) => [m.name, m.engagement])).toEqual([
      ['Howling Banshees #1', 'contact'],
      ['Howling Banshees #2', 'contact'],
      ['Guardians #1', 'firefight'],
      ['Guardians #2', 'firefight'],
    ]);
    expect(unitsOf(c, 'defender').map((m) => [m.name, m.engagement])).toEqual([
      ['Guardsmen #1', 'contact'],
      ['Guardsmen #2', 'contact'],
      ['Guardsmen #3', 'contact'],
      ['Commissar', 'contact'],
      ['Sentinels #1', 'support'],
      ['Sentinels #2', 'support'],
    ]);
    expect(unitsOf(c, 'defender')[0]!.tags).toEqual(['CC 6+', 'FF 5+', 'Sv 6+', 'cover 4+']);
    expect(view(c).sides.defender).toMatchObject({ blastMarkers: 1, broken: false });
  });

  it('counts the hits each unit takes over the whole assault: waiting for their save once allocated, then saved or not (seed 003)', () => {
    let c = play(eldarVsGuard(), [6, 6]); // First Strike: 2 hits on the Guardsmen
    c = play(c, 'rest');
    expect(hitsOf(c, 'defender')['Guardsmen #1']).toEqual({ taken: 1, saved: 0, pending: 1 });
    expect(hitsOf(c, 'defender')['Guardsmen #2']).toEqual({ taken: 1, saved: 0, pending: 1 });
    c = play(c, [6, 3]); // cover 4+: #1 saves, #2 does not
    expect(hitsOf(c, 'defender')['Guardsmen #1']).toEqual({ taken: 1, saved: 1, pending: 0 });
    expect(hitsOf(c, 'defender')['Guardsmen #2']).toEqual({ taken: 1, saved: 0, pending: 0 });
    expect(unitsOf(c, 'defender')[1]!.destroyed).toBe(true);
    // The main wave: 3 hits on the Guard (one each: Guardsmen #1 and #3, Commissar), 1 on the Eldar.
    // Both sides allocate before either saves: the Eldar's hit can only go to a Howling Banshee (base contact, alike), then both sides' saves in one step.
    c = play(c, [4, 5], [3, 6], [2], [6, 5], [2, 3], [6], [2]);
    expect(hitsOf(c, 'defender')).toMatchObject({
      'Guardsmen #1': { taken: 2, saved: 1, pending: 0 },
      'Guardsmen #3': { taken: 1, saved: 0, pending: 0 },
      Commissar: { taken: 1, saved: 1, pending: 0 },
    });
    expect(hitsOf(c, 'attacker')).toMatchObject({
      'Howling Banshees #1': { taken: 1, saved: 0 },
      'Howling Banshees #2': { taken: 0, saved: 0 },
    });
    // Supporting fire is never hit.
    expect(
      unitsOf(c, 'defender')
        .filter((m) => m.engagement === 'support')
        .every((m) => m.hits === undefined && !m.destroyed),
    ).toBe(true);
  });

  it('extra hits count as hits taken, with none saved (RULES §4 A6); the loser is Broken after A7', () => {
    let c = start(
      setupOf(
        { units: [unit({ name: 'Marines', count: 2, cc: 2 })] },
        { units: [unit({ name: 'Boyz', count: 3, cc: 6 }), unit({ name: 'Nob', cc: 6 })] },
      ),
    );
    c = play(c, [1, 1], [1, 1, 1, 1], 'go', [6, 6], [1, 1], 'go');
    // 7 (6 + no Blast markers) against 3 (1 + more units + no Blast markers): 4 extra hits, one per unit.
    expect(hitsOf(c, 'defender')).toEqual({
      'Boyz #1': { taken: 1, saved: 0, pending: 0 },
      'Boyz #2': { taken: 1, saved: 0, pending: 0 },
      'Boyz #3': { taken: 1, saved: 0, pending: 0 },
      Nob: { taken: 1, saved: 0, pending: 0 },
    });
    expect(view(c).sides.defender.broken).toBe(false); // nothing left to be Broken: the formation is destroyed
    expect(unitsOf(c, 'defender').every((m) => m.destroyed)).toBe(true);
  });

  it("a war engine shows its damage capacity left as it takes damage; the loser's formation is Broken once it withdraws, the winner's Blast markers grow (RULES §4 A7, A8)", () => {
    let c = start(
      setupOf(
        { units: [unit({ name: 'Marines', count: 3, cc: 2, armour: 4 })] },
        { units: [unit({ name: 'Gargant', type: 'war-engine', damageCapacity: 3, cc: 6, armour: 5, fearless: true })] },
      ),
    );
    // 2 hits on the Gargant (a war engine takes as many per pass as its DC left); the Gargant's 3 dice (its DC): 1 hit on the Marines.
    c = play(c, [6, 6, 1], [6, 1, 1]);
    c = play(c, [1, 1], [2]); // both Gargant saves fail; the Marine's 4+ save fails
    const gargant = unitsOf(c, 'defender')[0]!;
    expect([gargant.wounds, gargant.woundsLeft, gargant.destroyed, gargant.hits]).toEqual([
      3,
      1,
      false,
      { taken: 2, saved: 0, pending: 0 },
    ]);
    expect(view(c).sides.defender.broken).toBe(false);
    // A6: the Marines win; the Fearless Gargant ignores the extra hits, is Broken and withdraws.
    c = play(c, 'go', [6, 1], [1, 1], 'go');
    expect(view(c).sides.defender.broken).toBe(true);
    expect(view(c).sides.defender.notes).toContain('Broken: counts as 1 Blast marker (one per unit left)');
    c = play(c, 'none');
    expect(view(c).sides.attacker.blastMarkers).toBe(1); // one Marine lost
    expect(unitsOf(c, 'defender')[0]!.hits).toEqual({ taken: 2, saved: 0, pending: 0 });
  });
});
