import { describe, expect, it } from 'vitest';
import { groupsOf } from '../../../../core/combat/rollGroups';
import { epicArmageddon } from '../../../../core/systems/epic-armageddon';
import { chooseStep, left, logText, outcomeStep, play, rollStep, setupOf, start, unit } from './helpers';

/** Draws and further rounds, war engines, A7 withdrawal and A8 (RULES §4). */

const tough = (name: string, over = {}) => unit({ name, armour: 2, cc: 6, ff: 6, ...over });

describe('a draw goes on from A3 (RULES §4 A6)', () => {
  it('a tie asks about counter-charges ("as before" suggested) and fights another round, casualties kept and kills counted together', () => {
    let c = start(setupOf({ units: [tough('Marines', { count: 2 })] }, { units: [tough('Boyz', { count: 2 })] }));
    c = play(c, [6, 1], [1, 1]); // one hit on the Boyz
    c = play(c, [1], 'go'); // its 2+ save fails: Red 1 kill
    // Red: 3 + 1 kill + 1 more units (2 against 1) + 1 no Blast markers = 6; Blue: 5 + 1 no Blast markers = 6 → a draw.
    c = play(c, [3, 2], [5, 1]);
    expect(outcomeStep(c).lines.at(-1)).toBe('A draw: another round from A3 (counter-charges), casualties kept.');
    expect(c.state.result).toMatchObject({ winner: 'draw', at: 'A6' });
    c = play(c, 'go');
    const ask = chooseStep(c);
    expect(ask).toMatchObject({ title: 'Round 2: counter-charges (A3)', actor: 'defender' });
    expect(ask.options.map((o) => [o.id, o.suggested ?? false])).toEqual([
      ['same', true],
      ['changed', false],
    ]);
    c = play(c, 'same');
    expect(c.state.round).toBe(2);
    expect(left(c, 'defender')).toEqual([1]);
    // Round 2, A4: the surviving units roll again.
    expect(groupsOf(rollStep(c))[0]).toMatchObject({ label: 'Red: CC 6+ of Marines ×2', count: 2, passOn: 6 });
    c = play(c, [6, 1], [1], [1], 'go');
    // Blue wiped out in round 2: Red wins at A4 with 2 kills over both rounds.
    expect(c.state.result).toMatchObject({
      winner: 'attacker',
      at: 'A4',
      kills: { attacker: 2, defender: 0 },
      round: 2,
    });
  });

  it("when engagements changed, asks unit by unit (the unit's owner), each with its value for the new engagement", () => {
    let c = start(setupOf({ units: [tough('Marines', { cc: 6, ff: 3 })] }, { units: [tough('Boyz')] }));
    c = play(c, [1], [1], 'go', [3, 3], [3, 3], 'go', 'changed');
    const q = chooseStep(c);
    expect(q).toMatchObject({ actor: 'attacker', title: 'Red: Marines in round 2' });
    expect(q.options.map((o) => [o.id, o.label, o.suggested ?? false])).toEqual([
      ['contact', 'In base contact, CC 6+', true],
      ['firefight', 'In a firefight (within 15cm), FF 3+', false],
      ['none', 'Not directly engaged: cannot attack or be hit', false],
    ]);
    c = play(c, 'firefight');
    expect(chooseStep(c)).toMatchObject({ actor: 'defender', title: 'Blue: Boyz in round 2' });
    c = play(c, 'contact');
    expect(groupsOf(rollStep(c))[0]).toMatchObject({ label: 'Red: FF 3+ of Marines', passOn: 3, count: 1 });
    expect(c.state.units.attacker[0]!.engaged).toBe('firefight');
  });

  it('seed 003: with no attacking unit left directly engaged after counter-charges, the defender wins at once', () => {
    let c = start(
      setupOf({ units: [tough('Marines'), tough('Rhino', { engaged: 'none' })] }, { units: [tough('Boyz')] }),
    );
    // Red: 3 + 1 more units + 1 no markers = 5; Blue: 4 + 1 = 5: a draw.
    c = play(c, [1], [1], 'go', [3, 3], [4, 4], 'go', 'changed', 'none', 'none', 'contact');
    expect(logText(c)).toContain(
      'Round 2: the outcome of the combat attacks (A4): Blue win the assault at A4: every directly engaged attacking unit is destroyed.',
    );
  });
});

describe('war engines (RULES §4, SCENARIOS §1)', () => {
  it('each unsaved hit removes 1 DC and counts as a kill; the excess is lost', () => {
    let c = start(
      setupOf(
        { units: [unit({ name: 'Marines', count: 5, cc: 2 })] },
        { units: [unit({ name: 'Stompa', type: 'war-engine', damageCapacity: 2, armour: null, cc: 6 })] },
      ),
    );
    c = play(c, [6, 6, 6, 6, 6], [1, 1]);
    expect(left(c, 'defender')).toEqual([0]);
    expect(c.state.kills.attacker).toBe(2);
    expect(logText(c)).toContain(
      'Combat attacks: casualties: Red lose nothing; Blue lose Stompa 2 damage (destroyed) (2 kills for Red)',
    );
    // Its damage is the war engine's place in the result: a DC 2 engine counts 2 units.
    expect(logText(c)).toContain(
      'Round 1: the outcome of the combat attacks (A4): Red win the assault at A4: every unit of the defending formation is destroyed.',
    );
  });

  it('a damaged war engine still rolls its starting DC; war-engine critical hits are not rolled', () => {
    let c = start(
      setupOf(
        { units: [unit({ name: 'Marines', armour: 2, cc: 2 })] },
        { units: [unit({ name: 'Gargant', type: 'war-engine', damageCapacity: 3, armour: 2, cc: 6 })] },
      ),
    );
    c = play(c, [6], [1, 1, 1], [1], 'go'); // one hit, its 2+ save fails: 1 DC lost
    expect(left(c, 'defender')).toEqual([2]);
    c = play(c, [4, 4], [4, 4]); // Red 4 + 1 kill + 1 no markers = 6; Blue 4 + 1 no markers + 1 more units (2 DC against 1) = 6: a draw
    c = play(c, 'go', 'same');
    // Round 2: the Marine's die and the Gargant's 3 (its starting DC, though damaged).
    expect(groupsOf(rollStep(c)).map((g) => g.count)).toEqual([1, 3]);
    expect(JSON.stringify(c.state.log)).not.toMatch(/critical/i);
  });
});

describe('A7 and A8 (RULES §4)', () => {
  const decidedAtA6 = (defenderBroken: boolean) => {
    let c = start(
      setupOf(
        { blastMarkers: 1, units: [tough('Marines', { count: 2 })] },
        { broken: defenderBroken, units: [tough('Boyz', { count: 3 })] },
      ),
    );
    c = play(c, [6, 1], [6, 1, 1], [1], [1], 'go'); // one kill each
    // Red: 6 + 1 kill = 7 (+1 enemy more markers when Broken: 2 left > 1); Blue: 1 + 1 kill + 1 more units (+1 no markers unless Broken)
    return play(c, [6, 6], [1, 1], 'go');
  };

  it('the loser becomes Broken and withdraws; units that end within 15cm of the enemy are destroyed, one at a time', () => {
    let c = decidedAtA6(false);
    // Blue lose by 7 − 4 = 3: 2 Boyz left take the extra hits (3 > 2: both destroyed, nothing to ask).
    expect(left(c, 'defender')).toEqual([0]);
    expect(c.state.phase.at).toBe('end');
    c = start(
      setupOf(
        { units: [tough('Marines', { count: 2 })] },
        { units: [tough('Boyz', { count: 3 }), tough('Grots', { count: 3, engaged: 'none', fearless: true })] },
      ),
    );
    c = play(c, [1, 1], [1, 1, 1], 'go', [6, 6], [1, 1], 'go'); // Red 6 + 1 = 7; Blue 1 + 2 (6 units > 2, and more than twice) + 1 = 4: 3 extra hits
    expect(left(c, 'defender')).toEqual([0, 3]);
    const w = chooseStep(c);
    expect(w).toMatchObject({ actor: 'defender', title: 'Blue: withdrawal (A7)' });
    expect(w.options.map((o) => [o.id, o.suggested ?? false])).toEqual([
      ['none', true],
      ['unit:3', false],
    ]);
    c = play(c, 'unit:3');
    expect(left(c, 'defender')).toEqual([0, 2]);
    c = play(c, 'none');
    const end = outcomeStep(c);
    expect(end.final).toBe(true);
    expect(end.lines).toContain('Blue force (Blue) is Broken and has withdrawn.');
    expect(end.lines).toContain('Blue — Grots ×3: 2 left — Grots #1 destroyed (withdrawal, round 1).');
    expect(c.state.broken.defender).toBe(true);
    expect(epicArmageddon.winner!(c.state)).toBe('attacker');
  });

  it('a formation that loses while already Broken is destroyed', () => {
    const c = decidedAtA6(true);
    expect(c.state.phase.at).toBe('end');
    expect(logText(c)).toContain('Blue: lost the assault: Blue force has no units left');
    const c2 = (() => {
      let x = start(
        setupOf(
          { units: [tough('Marines', { count: 2 })] },
          { broken: true, units: [tough('Boyz', { count: 3, fearless: true })] },
        ),
      );
      x = play(x, [1, 1], [1, 1, 1], 'go', [6, 6], [1, 1], 'go');
      return x;
    })();
    expect(logText(c2)).toContain(
      'Blue: lost the assault while Broken: Blue force was already Broken: it is destroyed',
    );
    expect(left(c2, 'defender')).toEqual([0]);
    expect(outcomeStep(c2).lines).toContain(
      'Blue — Boyz ×3: all destroyed — Boyz #1 destroyed (formation destroyed, round 1), Boyz #2 destroyed (formation destroyed, round 1), Boyz #3 destroyed (formation destroyed, round 1).',
    );
  });

  it('RULES §4 A8: the winner takes a Blast marker per unit it lost, and may consolidate', () => {
    const c = decidedAtA6(false);
    expect(c.state.blastMarkers.attacker).toBe(2);
    const end = outcomeStep(c);
    expect(end.lines).toContain('Red: 2 Blast markers (1 unit lost in the assault).');
    expect(end.lines).toContain('Red may consolidate: each unit moves up to 5cm.');
  });
});
