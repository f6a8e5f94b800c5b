import { describe, expect, it } from 'vitest';
import { groupsOf } from '../../../../core/combat/rollGroups';
import { chooseStep, left, logText, play, rollStep, setupOf, start, unit } from './helpers';

/** Each rule branch of an assault, played with entered dice (seed 003 and RULES §4; SCENARIOS §1 defaults). */

describe('A4 combat attacks (seed 003)', () => {
  it('seed 003: the dice of a wave are one step, a group per side and score needed, CC in contact and FF in a firefight, Macro-weapon dice apart', () => {
    const c = start(
      setupOf(
        {
          units: [
            unit({ name: 'Tacticals', count: 2, cc: 4, ff: 3 }),
            unit({ name: 'Devastators', cc: 5, ff: 3, engaged: 'firefight' }),
            unit({
              name: 'Terminators',
              cc: 3,
              ff: 4,
              weapons: [{ name: 'Power fists', use: 'cc', extraAttacks: 1, macroWeapon: true }],
            }),
          ],
        },
        { units: [unit({ name: 'Boyz', count: 3, cc: 4, ff: 6 })] },
      ),
    );
    // Issue 22: the rules' fast dice rolling — every die of the wave in one step, in groups.
    const step = rollStep(c);
    expect(step).toMatchObject({ actor: 'attacker', count: 8, title: 'Red and Blue: combat attacks, 8 dice' });
    expect(groupsOf(step).map((g) => [g.label, g.count, g.passOn])).toEqual([
      ['Red: FF 3+ of Devastators, CC 3+ of Terminators', 2, 3],
      ['Red: Power fists of Terminators (Macro-weapon)', 1, 3],
      ['Red: CC 4+ of Tacticals ×2', 2, 4],
      ['Blue: CC 4+ of Boyz ×3', 3, 4],
    ]);
    expect(step.why.map((w) => w.rule)).toEqual([
      'Firefight (FF)',
      'Close Combat (CC)',
      'Extra Attacks',
      'Close Combat (CC)',
      'Close Combat (CC)',
      'Macro-weapon',
      'No modifiers',
    ]);
  });

  it('a unit with no value for its engagement makes no attack, and its weapons for that value none (SCENARIOS §1)', () => {
    const c = start(
      setupOf(
        {
          units: [
            unit({ name: 'Rhino', cc: null, ff: 6, weapons: [{ name: 'Dozer', use: 'cc', extraAttacks: 2 }] }),
            unit({ name: 'Marines' }),
          ],
        },
        { units: [unit({ name: 'Boyz' })] },
      ),
    );
    expect(groupsOf(rollStep(c))[0]).toMatchObject({ label: 'Red: CC 4+ of Marines', count: 1, passOn: 4 });
  });

  it('a war engine rolls dice equal to its starting damage capacity, plus extra attacks (RULES §4)', () => {
    const c = start(
      setupOf(
        {
          units: [
            unit({
              name: 'Warhound',
              type: 'war-engine',
              damageCapacity: 3,
              cc: 4,
              weapons: [{ name: 'Claw', use: 'cc', extraAttacks: 1 }],
            }),
          ],
        },
        { units: [unit({ name: 'Boyz' })] },
      ),
    );
    expect(groupsOf(rollStep(c))[0]).toMatchObject({ count: 4, passOn: 4 });
  });

  it('First Strike: its extra attacks go first, and what they destroy strikes no blow (SCENARIOS §1)', () => {
    let c = start(
      setupOf(
        {
          units: [
            unit({
              name: 'Banshees',
              cc: 3,
              weapons: [{ name: 'Power swords', use: 'cc', extraAttacks: 1, firstStrike: true }],
            }),
          ],
        },
        { units: [unit({ name: 'Boyz', count: 2, cc: 4 })] },
      ),
    );
    expect(rollStep(c)).toMatchObject({
      actor: 'attacker',
      count: 1,
      title: 'Red: 1 die needing 3+ (Power swords of Banshees)',
    });
    expect(rollStep(c).why.map((w) => w.rule)).toContain('First Strike');
    c = play(c, [6]); // one hit: Boyz #1 (no save) is destroyed before striking
    expect(left(c, 'defender')).toEqual([1]);
    // The main wave: the Banshees' own die, and only the Boyz still standing.
    expect(groupsOf(rollStep(c)).map((g) => [g.label, g.count])).toEqual([
      ['Red: CC 3+ of Banshees', 1],
      ['Blue: CC 4+ of Boyz', 1],
    ]);
    expect(logText(c)).toContain('First Strike wave: casualties: Red lose nothing; Blue lose Boyz #1 (1 kill for Red)');
  });

  it('hits are allocated nearest first, no unit taking a second hit before each has one; only directly engaged units are hit (seed 003)', () => {
    let c = start(
      setupOf(
        { units: [unit({ name: 'Marines', count: 3, cc: 2 })] },
        { units: [unit({ name: 'Boyz', count: 2 }), unit({ name: 'Grots', engaged: 'none' }), unit({ name: 'Nobz' })] },
      ),
    );
    c = play(c, [6, 6, 1], [1, 1, 1]);
    // One question: whole allocations (sparing the Boyz is the only other one), or hit by hit.
    const whole = chooseStep(c);
    expect(whole.actor).toBe('defender');
    expect(whole.options.map((o) => o.id)).toEqual(['rest', 'spare:0', 'byHand']);
    expect(whole.options[0]).toMatchObject({ suggested: true, label: 'Nearest first, as listed: Boyz #1, Boyz #2' });
    expect(whole.options[1]).toMatchObject({ label: 'Boyz last: Boyz #1, Nobz' });
    c = play(c, 'byHand');
    const step = chooseStep(c);
    expect(step.actor).toBe('defender');
    // Grots are not engaged: never a choice. The Boyz are alike: one choice for both.
    expect(step.options.map((o) => o.id)).toEqual(['rest', 'unit:0', 'unit:3']);
    expect(step.options[0]).toMatchObject({ suggested: true, label: 'Nearest first, as listed: Boyz #1, Boyz #2' });
    expect(step.options[1]).toMatchObject({
      label: '1 hit to Boyz #1',
      detail: 'or any of Boyz #1, Boyz #2: they are alike',
    });
    c = play(c, 'unit:3');
    // The last hit can only go to a Boyz unit (Nobz already has one this pass): no second question.
    expect(logText(c).slice(1, 4)).toEqual([
      'Blue: allocate 2 hits: hit by hit',
      'Blue: allocate 2 hits, hit by hit: 1 hit to Nobz',
      'Blue: 2 hits allocated: Boyz #1, Nobz',
    ]);
    expect(left(c, 'defender')).toEqual([1, 1, 0]);
    expect(logText(c)).toContain(
      'Round 1: the outcome of the combat attacks (A4): No immediate winner: supporting fire (A5), then the assault result (A6).',
    );
  });

  it('never asks when only one allocation is legal: one unit, or hits that fill the pass', () => {
    let c = start(
      setupOf(
        { units: [unit({ name: 'Marines', count: 2, cc: 2 })] },
        { units: [unit({ name: 'Boyz', count: 2, armour: 4 })] },
      ),
    );
    c = play(c, [6, 6], [1, 1]);
    // Two hits on two alike Boyz: one each, no question; the saves come next, each die its own
    // Boy's (ordered, so which die fails says which Boy falls).
    expect(rollStep(c)).toMatchObject({ actor: 'defender', count: 2, title: 'Blue: saves, 2 dice needing 4+' });
    expect(rollStep(c).groups).toEqual([expect.objectContaining({ count: 2, passOn: 4, ordered: true })]);
    expect(rollStep(c).notes[0]).toBe('In order, die 1: Boyz #1 · die 2: Boyz #2.');
  });

  it('a war engine takes as many hits per pass as its DC left; Macro-weapon hits are allocated first (SCENARIOS §1)', () => {
    let c = start(
      setupOf(
        {
          units: [
            unit({
              name: 'Terminators',
              count: 2,
              cc: 2,
              weapons: [{ name: 'Power fists', use: 'cc', extraAttacks: 1, macroWeapon: true }],
            }),
          ],
        },
        {
          units: [
            unit({ name: 'Boyz' }),
            unit({ name: 'Stompa', type: 'war-engine', damageCapacity: 3, armour: 4 }),
            unit({ name: 'Grots' }),
          ],
        },
      ),
    );
    c = play(c, [6, 6], [6, 6], [1, 1, 1, 1, 1]); // 2 hits, then 2 Macro-weapon hits: 4 hits over 5 places (Boyz, Stompa ×3, Grots)
    const step = chooseStep(c);
    expect(step.title).toBe('Blue: allocate 2 Macro-weapon hits and 2 other hits');
    expect(step.options[0]!.label).toBe('Nearest first, as listed: Boyz (Macro-weapon), Stompa ×3 (1 Macro-weapon)');
    expect(step.options.at(-1)!.id).toBe('byHand');
    expect(chooseStep(play(c, 'byHand')).options[1]!.label).toBe('1 Macro-weapon hit to Boyz');
  });
});

describe('saves (RULES §4 Saves, SCENARIOS §1)', () => {
  const oneHitOn = (target: Parameters<typeof unit>[0], macro = false) =>
    play(
      start(
        setupOf(
          {
            units: [
              unit({
                name: 'Hitter',
                cc: 2,
                weapons: macro ? [{ name: 'Fist', use: 'cc', extraAttacks: 1, macroWeapon: true }] : [],
              }),
            ],
          },
          { units: [unit({ name: 'Target', ...target })] },
        ),
      ),
      ...(macro ? [[1], [6], [1]] : [[6], [1]]),
    );

  it('a normal hit: armour save; Reinforced Armour re-rolls a failure; then the invulnerable 6+', () => {
    // Rolled through in one step (issue 22): the save, a re-roll if it fails, then the 6+ if that fails too.
    const c = oneHitOn({ armour: 4, reinforcedArmour: true, invulnerable: true, type: 'armoured-vehicle' });
    expect(rollStep(c)).toMatchObject({ actor: 'defender', title: 'Blue: saves, 1 die, then a die for each failure' });
    expect(rollStep(c).groups!.map((g) => [g.label, g.passOn, g.count, g.per ?? null])).toEqual([
      ['Blue: saves 4+, re-rolled if failed', 4, 1, null],
      ['Blue: re-rolls 4+', 4, 1, { group: 'g0s0', on: 'fail' }],
      ['Blue: invulnerable saves 6+', 6, 1, { group: 'g0s1', on: 'fail' }],
    ]);
    expect(left(play(c, [3, 2, 6]), 'defender')).toEqual([1]);
    expect(left(play(c, [3, 2, 5]), 'defender')).toEqual([0]);
    // A save made takes no more dice; a re-roll made no invulnerable save.
    expect(left(play(c, [4]), 'defender')).toEqual([1]);
    expect(left(play(c, [3, 4]), 'defender')).toEqual([1]);
    expect(logText(play(c, [3, 4]))).toContain(
      'Blue: saves, 1 die, then a die for each failure: 1 save (1 by a re-roll or invulnerable save), 0 failed',
    );
  });

  it('a Macro-weapon hit gets no save on a unit with neither Reinforced Armour nor an invulnerable save', () => {
    const c = oneHitOn({ armour: 3 }, true);
    expect(left(c, 'defender')).toEqual([0]);
    expect(c.step.kind).not.toBe('roll');
  });

  it('a Macro-weapon hit on Reinforced Armour: one armour roll, no cover, no re-roll', () => {
    const c = oneHitOn({ armour: 4, reinforcedArmour: true, type: 'armoured-vehicle' }, true);
    expect(rollStep(c)).toMatchObject({ passOn: 4 });
    expect(rollStep(c).why[0]!.rule).toBe('Reinforced Armour against a Macro-weapon');
    expect(left(play(c, [3]), 'defender')).toEqual([0]);
  });

  it('a Macro-weapon hit on an invulnerable unit: the 6+ still applies', () => {
    const c = oneHitOn({ armour: 3, invulnerable: true }, true);
    expect(rollStep(c)).toMatchObject({ passOn: 6 });
    expect(left(play(c, [6]), 'defender')).toEqual([1]);
  });

  it('seed 003: cover saves only for the defending infantry, when better than armour', () => {
    expect(rollStep(oneHitOn({ armour: 6, cover: 4 }))).toMatchObject({ passOn: 4 });
    expect(rollStep(oneHitOn({ armour: 6, cover: 4 })).why[0]).toEqual({
      rule: 'Cover save',
      detail: 'defending infantry in cover: 4+ cover better than 6+ armour',
    });
    expect(rollStep(oneHitOn({ armour: 3, cover: 4 }))).toMatchObject({ passOn: 3 });
    expect(rollStep(oneHitOn({ armour: null, cover: 5 }))).toMatchObject({ passOn: 5 });
    // A vehicle in cover uses its armour.
    expect(rollStep(oneHitOn({ armour: 5, cover: 4, type: 'light-vehicle' }))).toMatchObject({ passOn: 5 });
    // Charging infantry leave cover: the attacker's save is its armour.
    let c = start(
      setupOf({ units: [unit({ name: 'Marines', armour: 5, cover: 3 })] }, { units: [unit({ name: 'Boyz', cc: 2 })] }),
    );
    c = play(c, [1], [6]);
    expect(rollStep(c)).toMatchObject({ actor: 'attacker', passOn: 5 });
    expect(rollStep(c).why[0]!.detail).toBe('Sv 5+ (charging infantry get no cover save)');
  });

  it('a unit already destroyed by an unsaved hit rolls no more saves (dice that change nothing are not rolled)', () => {
    let c = start(
      setupOf(
        {
          units: [
            unit({ name: 'Hitter', cc: 2, weapons: [{ name: 'Fist', use: 'cc', extraAttacks: 1, macroWeapon: true }] }),
          ],
        },
        { units: [unit({ name: 'Target', armour: 4 })] },
      ),
    );
    c = play(c, [6], [6], [1]); // a hit and a Macro-weapon hit, both on the only target: the Macro-weapon hit cannot be saved
    expect(logText(c).some((l) => l.startsWith('Round 1: the outcome of the combat attacks (A4)'))).toBe(true);
    expect(logText(c).some((l) => /saves/.test(l))).toBe(false);
    expect(left(c, 'defender')).toEqual([0]);
  });
});

describe('the outcome of A4, supporting fire, and the result (seed 003, RULES §4)', () => {
  it('seed 003: the attacker wins at once when every defending unit is destroyed, even if every engaged attacker died too', () => {
    let c = start(setupOf({ units: [unit({ name: 'Marines', cc: 2 })] }, { units: [unit({ name: 'Boyz', cc: 2 })] }));
    c = play(c, [6], [6]);
    expect(logText(c)).toContain(
      'Round 1: the outcome of the combat attacks (A4): Red win the assault at A4: every unit of the defending formation is destroyed.',
    );
    expect(c.state.result).toMatchObject({ winner: 'attacker', at: 'A4', kills: { attacker: 1, defender: 1 } });
  });

  it('seed 003: the defender wins at once when every directly engaged attacker is destroyed; no supporting fire, no result roll', () => {
    let c = start(
      setupOf(
        {
          units: [unit({ name: 'Marines', cc: 6 }), unit({ name: 'Rhino', engaged: 'none' })],
          support: [{ name: 'Devastators', ff: 3 }],
        },
        { units: [unit({ name: 'Boyz', count: 2, cc: 2 })] },
      ),
    );
    c = play(c, [1], [6, 6]);
    expect(logText(c)).toContain(
      'Round 1: the outcome of the combat attacks (A4): Blue win the assault at A4: every directly engaged attacking unit is destroyed.',
    );
    c = play(c, 'go');
    // A7: the Rhino, the attacker's last unit, withdraws; the Broken question comes next.
    expect(chooseStep(c).title).toBe('Red: withdrawal (A7)');
    expect(logText(c).join('\n')).not.toMatch(/supporting fire|assault result/);
  });

  it('RULES §4 A5: supporting units fire in A5 and cannot be hit; their hits go to the enemy formation', () => {
    let c = start(
      setupOf(
        {
          units: [unit({ name: 'Marines', cc: 6 })],
          support: [{ name: 'Devastators', count: 2, ff: 3, inspiring: true }],
        },
        { units: [unit({ name: 'Boyz', count: 3, cc: 6 })] },
      ),
    );
    c = play(c, [1], [1, 1, 1], 'go');
    expect(rollStep(c)).toMatchObject({
      actor: 'attacker',
      count: 2,
      passOn: 3,
      title: 'Red: 2 dice needing 3+ (FF 3+ of Devastators ×2)',
    });
    expect(rollStep(c).why[0]).toEqual({
      rule: 'Supporting fire',
      detail: 'Devastators ×2 (supporting fire): FF 3+: 2 dice',
    });
    c = play(c, [6, 1]);
    expect(left(c, 'defender')).toEqual([2]);
    // A6: the Inspiring supporting units count, +1 each.
    expect(rollStep(c).why[1]!.detail).toContain('2 Inspiring units: +2');
    expect(c.state.units.attacker).toHaveLength(1);
  });

  it('SCENARIOS §1: a formation with no units left after supporting fire loses (the defender checked first)', () => {
    let c = start(
      setupOf(
        { units: [unit({ name: 'Marines', cc: 6 })], support: [{ name: 'Devastators', ff: 3 }] },
        { units: [unit({ name: 'Boyz', cc: 6 })] },
      ),
    );
    c = play(c, [1], [1], 'go', [6]);
    expect(logText(c)).toContain(
      'Round 1: after supporting fire (A5): Red win the assault at A5: the defending formation has no units left after supporting fire.',
    );
  });

  it('RULES §4 A6: 2D6 keep the highest, each modifier a line; the loser takes the difference as extra hits, no saves', () => {
    let c = start(
      setupOf(
        { units: [unit({ name: 'Marines', count: 3, cc: 6, armour: 3 })] },
        { blastMarkers: 1, units: [unit({ name: 'Boyz', count: 3, cc: 6, armour: 3 })] },
      ),
    );
    c = play(c, [6, 1, 1], [1, 1, 1]); // one hit on Boyz #1; the Boyz miss
    c = play(c, [1], 'go'); // its save fails
    // Both sides roll at once: a group of 2D6 each.
    expect(groupsOf(rollStep(c)).map((g) => [g.label, g.count, g.needs])).toEqual([
      ['Red: 2D6, keep the highest', 2, 'the highest of 2D6'],
      ['Blue: 2D6, keep the highest', 2, 'the highest of 2D6'],
    ]);
    c = play(c, [2, 5], [4, 1]);
    const lines = [
      'Red: highest of 2 and 5 = 5, +1 (1 kill), +1 (more units), +1 (no Blast markers), +1 (enemy has more Blast markers) = 9',
      'Blue: highest of 4 and 1 = 4 = 4',
      'Red win the assault: 9 against 4.',
      'Blue take 5 extra hits (the difference), no saves; Fearless units ignore them.',
    ];
    // A win needs no acknowledging: the result and its arithmetic are logged, and shown again at the end.
    expect(logText(c)).toContain(`Round 1: the assault result (A6): ${lines.join(' ')}`);
    // Two Boyz left, five hits: both destroyed, no question; the rest is lost.
    expect(left(c, 'defender')).toEqual([0]);
    expect(logText(c)).toContain(
      'Blue: 5 extra hits, no saves: Blue lose Boyz #2, Boyz #3; 3 hits lost: no unit left to take them',
    );
  });

  it('RULES §4 A6: Fearless units ignore the extra hits; the loser picks which other units take them (nearest first suggested)', () => {
    let c = start(
      setupOf(
        { units: [unit({ name: 'Marines', count: 2, cc: 6 })] },
        {
          blastMarkers: 3,
          units: [
            unit({ name: 'Nobz', fearless: true, cc: 6 }),
            unit({ name: 'Boyz', count: 2, cc: 6 }),
            unit({ name: 'Grots', count: 4, engaged: 'none' }),
          ],
        },
      ),
    );
    c = play(c, [1, 1], [1, 1, 1], 'go', [6, 6], [1, 1], 'go');
    // Red: 6 + 1 (no Blast markers) + 1 (enemy has more) = 8; Blue: 1 + 1 (7 units > 2) + 1 (more than twice) = 3: 5 extra hits.
    const step = chooseStep(c);
    expect(step).toMatchObject({ actor: 'defender', title: 'Blue: allocate 5 extra hits' });
    expect(step.options.map((o) => [o.id, o.label, o.suggested ?? false])).toEqual([
      ['rest', 'Allocate the 5 extra hits as suggested: Boyz #1, Boyz #2, Grots #1, Grots #2, Grots #3', true],
      ['unit:1', '1 extra hit to Boyz #1 (destroyed)', false],
      ['unit:3', '1 extra hit to Grots #1 (destroyed)', false],
    ]);
    expect(step.why.map((w) => w.rule)).toEqual(['Losing an assault', 'Fearless']);
    // Put one on the Grots first; the other four are then forced (Boyz and Grots alike within each entry? no: a choice remains).
    c = play(c, 'unit:3');
    expect(chooseStep(c).title).toBe('Blue: allocate 4 extra hits');
    c = play(c, 'rest');
    expect(left(c, 'defender')).toEqual([1, 0, 1]);
  });
});
