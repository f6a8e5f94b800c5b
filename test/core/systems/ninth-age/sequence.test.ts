import { describe, expect, it } from 'vitest';
import { InputError } from '../../../../core/combat/system';
import { advance } from '../../../../core/combat/engine';
import { ninthAge } from '../../../../core/systems/ninth-age';
import {
  allDice,
  chooseStep,
  groupLabels,
  logText,
  lostOf,
  n,
  outcomeStep,
  play,
  rollStep,
  setupOf,
  start,
  titleOf,
} from './helpers';

/** The Combat Score is not a step of its own: the log line that records it, with its arithmetic as reasons. */
const scoreLog = (c: {
  state: { log: Array<{ title: string; result: string; why?: Array<{ rule: string; detail: string }> }> };
}) =>
  c.state.log.find(
    (l) =>
      /^Round \d+: Combat Score$/.test(l.title) &&
      l === c.state.log.filter((m) => /^Round \d+: Combat Score$/.test(m.title)).at(-1),
  )!;

/** The Ninth Age melee step by step: every rule branch of seed 004 and RULES.md §5 the issue names. */

describe('Agility steps (RULES §5)', () => {
  it('equal Agility strikes simultaneously: a unit wiped out in the step still strikes back, chargers +1', () => {
    // Knights Agility 3 + 1 for the charge = 4, the same as the Spearmen: one step.
    let c = start(setupOf({ models: 5, charged: true }, { models: 5, profile: { agility: 4 } }));
    // One step for the moment: both units' attacks, each rolled through to hit and to wound.
    expect(titleOf(c.step)).toBe('Agility 4: Knights and Spearmen strike');
    expect(rollStep(c).notes[0]).toBe('10 attacks at Agility 4.');
    expect(groupLabels(rollStep(c))).toEqual([
      'Knights to hit the Spearmen',
      'Knights to wound the Spearmen',
      'Spearmen to hit the Knights',
      'Spearmen to wound the Knights',
    ]);
    expect(rollStep(c).groups![0]!.count).toBe(5);
    expect(rollStep(c).groups![2]!.count).toBe(5);
    // Every Spearman is slain, but the step is simultaneous: they strike with all five.
    c = play(c, [...n(5, 6), ...n(5, 6), 6, 6, 1, 1, 1, 6, 6]);
    expect(lostOf(c, 'defender.rf')).toBe(5);
    expect(lostOf(c, 'attacker.rf')).toBe(2);
    // 5 HP + 1 wiped out + 1 charge; 3 Knights 5 wide: no Proper Rank.
    expect(scoreLog(c).why![1]!.detail).toMatch(/^5 \+ 1 \+ 1 \+ 0 \+ 0 \+ 0 \+ 0 = 7; /);
    // Once the blows are struck the status says the score, no longer the Agility order.
    expect(ninthAge.view(c.state).status).toEqual([
      expect.stringMatching(/^Round 1 · Combat Score Knights 7, Spearmen \d+$/),
    ]);
    // The loser has no model left: no break test, no pursuit; the melee is over (the score is the outcome's, not a step).
    expect(c.step.kind === 'outcome' && c.step.final).toBe(true);
    expect(outcomeStep(c).lines[1]).toBe('Blue — Spearmen: wiped out.');
  });

  it('highest Agility first; the +1 for chargers counts in the round of the charge only', () => {
    // Round 1: the charging Knights strike at Agility 3 + 1 = 4, before the Spearmen at 3.
    let c = start(setupOf({ models: 10, supporting: 0, charged: true }, { models: 10, supporting: 0 }));
    expect(titleOf(c.step)).toBe('Agility 4: Knights strike');
    c = play(c, n(5, 1));
    expect(c.state.log.map((l) => l.title).slice(-2)).toEqual([
      'Agility 4: casualties removed',
      'The Spearmen: allocate 5 attacks',
    ]);
    expect(titleOf(c.step)).toBe('Agility 3: Spearmen strike');
    c = play(c, n(5, 1));
    // 1 charge + 2 ranks = 3 against 2 ranks = 2: the Spearmen lose by 1 and test on 7 − 1; the score is said with the test.
    expect(rollStep(c).notes).toEqual(['Knights win by 1 (3 to 2).']);
    expect(rollStep(c).needs).toBe('2D6 ≤ 6 (a double 1 always passes)');
    c = play(c, [3, 3]);
    expect(chooseStep(c).title).toBe('Round 1 is over');
    c = play(c, 'next');
    // Round 2: no charge bonus, both at Agility 3: simultaneous, the attacker's part first.
    expect(c.state.round).toBe(2);
    expect(titleOf(c.step)).toBe('Agility 3: Knights and Spearmen strike');
    expect(groupLabels(rollStep(c))[0]).toBe('Knights to hit the Spearmen');
    c = play(c, n(10, 1));
    expect(chooseStep(c).why.find((w) => w.rule === 'Combat Score: Knights')!.detail).toContain(
      '+0 Charge: the charge counts only in the round of the charge',
    );
  });

  it('casualties of a step are removed before the next: fewer models, fewer attacks; the slain do not strike', () => {
    let c = start(
      setupOf(
        { models: 5, profile: { agility: 5 }, attacksAtCharacters: [0] },
        { models: 10, profile: { agility: 2 }, characters: [{ name: 'Captain', profile: { agility: 3, attacks: 2 } }] },
      ),
    );
    // The Knights may send attacks at the Captain in contact: asked first; part by part, every number is offered.
    expect(chooseStep(c).title).toBe('The Knights: allocate 5 attacks');
    c = play(c, 'parts');
    expect(chooseStep(c).title).toBe('The Knights: allocate 5 attacks');
    expect(chooseStep(c).options.map((o) => o.label)).toEqual([
      '0 at Captain',
      '1 at Captain',
      '2 at Captain',
      '3 at Captain',
      '4 at Captain',
      '5 at Captain',
    ]);
    c = play(c, '2');
    expect(c.state.log.at(-1)!.result).toBe('2 at Captain; in all: 2 at Captain, 3 at the Spearmen');
    // Part by part, target by target: the rank and file (allocation index 0) first, then the Captain.
    expect(groupLabels(rollStep(c))).toEqual([
      'Knights to hit the Spearmen',
      'Knights to wound the Spearmen',
      'Knights to hit Captain',
      'Knights to wound Captain',
    ]);
    c = play(c, [...n(3, 6), ...n(3, 6), ...n(2, 6), ...n(2, 6)]);
    expect(lostOf(c, 'defender.rf')).toBe(3);
    expect(lostOf(c, 'defender.c0')).toBe(1);
    // Agility 3: the Captain was slain at Agility 5 and does not strike.
    expect(logText(c)).toContain('Agility 3: Captain: slain before striking');
    // Agility 2: 7 Spearmen left, 5 wide less the Captain's place: 4 fight, 3 support (of 5 allowed).
    expect(rollStep(c).groups![0]!.count).toBe(4 + 3);
    expect(rollStep(c).notes[0]).toBe('7 attacks at Agility 2.');
  });
});

describe('Allocating attacks (seed 004)', () => {
  it('every allocation of a step is made before any die of that step is rolled, and only standing targets are offered', () => {
    let c = start(
      setupOf(
        { models: 5, characters: [{ name: 'Baron', profile: { attacks: 3 } }] },
        {
          models: 10,
          characters: [
            { name: 'Captain', profile: { attacks: 2 } },
            { name: 'Priest', profile: { attacks: 1 } },
          ],
        },
      ),
    );
    // All five parts strike at Agility 3: one question per side, for all its parts at once, then one roll.
    const titles: string[] = [];
    while (c.step.kind === 'choose') {
      titles.push(c.step.title);
      c = play(c, c.step.options.find((o) => o.suggested)!.id);
    }
    // The Knights: 5 wide less the Baron's place = 4 fighting, and 1 model behind supporting; the Spearmen 3 fighting and 5 supporting.
    expect(titles).toEqual([
      'Knights and Baron: allocate 8 attacks',
      'Spearmen, Captain and Priest: allocate 11 attacks',
    ]);
    expect(c.step.kind).toBe('roll');
    expect(titleOf(c.step)).toBe('Agility 3: Knights, Baron, Spearmen, Captain and Priest strike');
    expect(c.state.parts.every((p) => p.allocation !== null)).toBe(true);
  });

  it('offers "as suggested" when more than one question would follow, and one question per enemy character otherwise', () => {
    const side = start(
      setupOf(
        { models: 5, attacksAtCharacters: [1, 2] },
        { models: 10, characters: [{ name: 'Captain' }, { name: 'Priest' }] },
      ),
    );
    // The side's question suggests the setup's allocation whole; "Part by part…" opens the questions target by target.
    expect(chooseStep(side).options[0]).toEqual({
      id: 'suggested',
      label: 'As set up: 1 at Captain, 2 at Priest, 2 at the Spearmen',
      suggested: true,
    });
    expect(chooseStep(side).options.at(-1)).toMatchObject({ id: 'parts', label: 'Part by part…' });
    const c = play(side, 'parts');
    const step = chooseStep(c);
    expect(step.options[0]).toEqual({
      id: 'suggested',
      label: 'As suggested: 1 at Captain, 2 at Priest, 2 at the Spearmen',
      suggested: true,
    });
    expect(step.options.filter((o) => o.suggested)).toHaveLength(1);
    // Only legal numbers: 0 to 5 attacks at the Captain.
    expect(step.options.slice(1).map((o) => o.id)).toEqual(['0', '1', '2', '3', '4', '5']);
    // Answer the Captain by hand: the Priest's question follows with what is left, his default suggested.
    const next = play(c, '4');
    const priest = chooseStep(next);
    expect(priest.prompt).toBe('How many of the Knights’ remaining 1 attack at Priest? The rest go at the Spearmen.');
    expect(priest.options.map((o) => `${o.label}${o.suggested ? '*' : ''}`)).toEqual(['0 at Priest', '1 at Priest*']);
    expect(advance(ninthAge, next, { kind: 'choose', stepId: priest.id, option: '2' })).toMatchObject({
      ok: false,
      error: expect.any(InputError),
    });
  });

  it('attacks meant for a character already slain go to the rank and file (SCENARIOS §3 default)', () => {
    let c = start(
      setupOf(
        {
          models: 5,
          attacksAtCharacters: [2],
          characters: [{ name: 'Baron', profile: { agility: 6 }, attacksAtCharacters: [1] }],
        },
        {
          models: 10,
          profile: { attacks: 0 },
          supportingAttacks: 0,
          characters: [{ name: 'Captain', profile: { attacks: 0 } }],
        },
      ),
    );
    expect(chooseStep(play(c, 'parts')).options.map((o) => `${o.label}${o.suggested ? '*' : ''}`)).toEqual([
      '0 at Captain',
      '1 at Captain*',
    ]);
    c = play(c, 'suggested', [6, 6]);
    expect(lostOf(c, 'defender.c0')).toBe(1);
    // Agility 3: the Captain is gone, so the Knights' 2 attacks meant for him join the rest: no question asked.
    expect(logText(c)).toContain('The Knights: allocate 5 attacks: 5 at the Spearmen (the only target)');
    expect(rollStep(c).groups![0]!.count).toBe(5);
  });

  it('attacks at a rank and file already gone go to the first standing character; the other characters are asked about', () => {
    let c = start(
      setupOf(
        {
          models: 5,
          attacksAtCharacters: [0, 1],
          characters: [{ name: 'Baron', profile: { agility: 6, attacks: 1 } }],
        },
        {
          models: 1,
          characters: [
            { name: 'Captain', profile: { attacks: 0 } },
            { name: 'Priest', profile: { attacks: 0 } },
          ],
        },
      ),
    );
    c = play(c, 'suggested', [6, 6]);
    expect(lostOf(c, 'defender.rf')).toBe(1);
    // No rank and file left: nothing is offered at them, and the rest go at the first standing character.
    expect(chooseStep(c).options.map((o) => o.id)).not.toContain('rank-and-file');
    expect(chooseStep(c).options[0]!.label).toBe('As set up: 4 at Captain, 1 at Priest');
    const step = chooseStep(play(c, 'parts'));
    expect(step.prompt).toBe('How many of the Knights’ 5 attacks at Priest? The rest go at Captain.');
    expect(step.options.find((o) => o.suggested)!.id).toBe('1');
  });

  it('a pool emptied earlier in the same step takes nothing more: the dice allocated to it are rolled with the step, and what they do is lost', () => {
    let c = start(
      setupOf(
        { models: 5, attacksAtCharacters: [3], characters: [{ name: 'Baron', attacksAtCharacters: [1] }] },
        {
          models: 10,
          profile: { attacks: 0 },
          supportingAttacks: 0,
          characters: [{ name: 'Captain', profile: { attacks: 0 } }],
        },
      ),
    );
    // Both parts' allocations, as set up: the Knights 3 at the Captain, the Baron 1.
    c = play(c, 'suggested');
    // Part by part, target by target: the Knights' 2 at the Spearmen miss; their 3 at the Captain are all unsaved; he has 1 HP (the other 2 are lost).
    // Seed 004: every attack was allocated before any hit, so the Baron's attack at the Captain is rolled with the step; its wound finds nobody.
    c = play(c, [...n(2, 1), ...n(3, 6), ...n(3, 6), 6, 6]);
    const line = c.state.log.find((l) => l.title === 'Agility 3: Knights and Baron strike')!.result;
    expect(line).toContain(
      'Knights at Captain: 3 attacks, 3 hits, 3 wounds: 3 unsaved wounds, Captain loses 1 HP (2 beyond the pool, lost), 0 HP left',
    );
    expect(line).toContain(
      'Baron at Captain: 1 attack, 1 hit, 1 wound: 1 unsaved wound lost: Captain already slain this step',
    );
    expect(lostOf(c, 'defender.c0')).toBe(1);
    // Loss beyond a pool is never moved: the rank and file lost nothing from it.
    expect(lostOf(c, 'defender.rf')).toBe(0);
  });
});

describe('the attack sequence (seed 004, RULES §5)', () => {
  it('armour 7 − (Armour − AP), then the better special save for each failed armour save', () => {
    let c = start(
      setupOf(
        { models: 5, profile: { armourPenetration: 1 } },
        { models: 10, profile: { armour: 4, aegis: 5, fortitude: 4, attacks: 0 } },
      ),
    );
    const step = rollStep(c);
    const [, , armour, special] = step.groups!;
    // The defender's dice, said so: a save for each wound, the special save for each failed armour save.
    expect(armour).toMatchObject({
      label: 'Spearmen’s armour saves',
      passOn: 4,
      per: { group: '0.wound', on: 'pass' },
      note: 'a D6 per wound',
    });
    // The Spearmen's supporting attacks strike back at the same Agility: in the same step, their own chain.
    expect(step.notes.slice(1)).toEqual([
      'Red: roll for the Knights (attacks).',
      'Blue: roll for the Spearmen (saves and attacks).',
    ]);
    expect(step.why).toContainEqual({
      rule: 'Armour save: Knights at the Spearmen',
      detail: '7 − (Armour 4 − AP 1) = 4 → 4+',
    });
    expect(special).toMatchObject({
      label: 'Spearmen’s Fortitude saves',
      passOn: 4,
      per: { group: '0.armour', on: 'fail' },
      note: 'a D6 per failed save',
    });
    expect(step.why).toContainEqual({
      rule: 'Fortitude save: Knights at the Spearmen',
      detail: 'Fortitude 4+ (better than Aegis 5+), after a failed or no armour save',
    });
    // 3 hits, 3 wounds, armour 1 / 4 / 6: one failed; the Fortitude save for it fails too.
    c = play(c, [6, 6, 6, 1, 1, 6, 6, 6, 1, 4, 6, 3, ...n(5, 1)]);
    expect(lostOf(c, 'defender.rf')).toBe(1);
  });

  it('no armour save when Armour − AP is 0 or less: straight to the Aegis save', () => {
    let c = start(
      setupOf(
        { models: 5, profile: { armourPenetration: 2 } },
        { models: 10, profile: { armour: 2, aegis: 6, attacks: 0 } },
      ),
    );
    const groups = rollStep(c).groups!.slice(0, 3);
    expect(groups.map((g) => g.label)).toEqual([
      'Knights to hit the Spearmen',
      'Knights to wound the Spearmen',
      'Spearmen’s Aegis saves',
    ]);
    expect(groups[2]).toMatchObject({ per: { group: '0.wound', on: 'pass' }, note: 'a D6 per wound', count: 5 });
    // The Spearmen's 5 supporting attacks, rolled in the same step, all miss.
    c = play(c, [...n(5, 6), ...n(5, 6), 6, 1, 1, 1, 1, ...n(5, 1)]);
    expect(lostOf(c, 'defender.rf')).toBe(4);
  });

  it('a natural 1 always fails and a natural 6 always hits, whatever the modifier', () => {
    const easy = start(
      setupOf(
        { models: 1, profile: { offensiveSkill: 10, hitModifier: 3, attacks: 2 } },
        { models: 5, profile: { defensiveSkill: 1, attacks: 0 } },
      ),
    );
    expect(rollStep(easy).groups![0]!.passOn).toBe(2);
    expect(rollStep(easy).why).toContainEqual({
      rule: 'To-hit table',
      detail: 'OS 10 − DS 1 = +9 → 2+, +3 to hit → 2+ (a natural 1 always fails, a natural 6 always hits)',
    });
    const rolled = (c: typeof easy) =>
      c.state.log.find((l) => l.title.startsWith('Agility 3:') && !l.title.endsWith('removed'))!.result;
    expect(rolled(play(easy, [1, 2, 1]))).toBe('Knights at the Spearmen: 2 attacks, 1 hit, 0 wounds');
    const hard = start(
      setupOf(
        { models: 1, profile: { offensiveSkill: 1, hitModifier: -3, attacks: 2 } },
        { models: 5, profile: { defensiveSkill: 10, attacks: 0 } },
      ),
    );
    expect(rollStep(hard).groups![0]!.passOn).toBe(6);
    expect(rolled(play(hard, [6, 5, 1]))).toBe('Knights at the Spearmen: 2 attacks, 1 hit, 0 wounds');
  });

  it("a character's health pool is his own: whole models leave the rank and file from the rear, partial loss kept", () => {
    let c = start(
      setupOf(
        { models: 5, attacksAtCharacters: [2] },
        {
          models: 10,
          profile: { healthPoints: 2, attacks: 0 },
          supportingAttacks: 0,
          characters: [{ name: 'Captain', profile: { healthPoints: 3, attacks: 0 } }],
        },
      ),
    );
    c = play(c, 'suggested', [...n(3, 6), ...n(3, 6), ...n(2, 6), ...n(2, 6)]);
    expect(lostOf(c, 'defender.c0')).toBe(2);
    expect(lostOf(c, 'defender.rf')).toBe(3);
    const models = ninthAge.view(c.state).sides.defender.units[0]!.models;
    // 10 Spearmen of 2 HP lost 3 HP: one removed from the rear, the next one wounded.
    expect(models.filter((m) => !m.character).map((m) => m.woundsLeft)).toEqual([2, 2, 2, 2, 2, 2, 2, 2, 1, 0]);
    expect(models.find((m) => m.character)).toMatchObject({
      name: 'Captain',
      wounds: 3,
      woundsLeft: 1,
      destroyed: false,
    });
  });
});

describe('Combat Score, break test, flee and pursuit (RULES §5)', () => {
  /** 10 against 10, five wide, the front rank fighting alone: both have 2 Proper Ranks. */
  const even = (extra: Parameters<typeof setupOf>[0] = {}, foe: Parameters<typeof setupOf>[1] = {}) =>
    start(setupOf({ models: 10, supporting: 0, ...extra }, { models: 10, supporting: 0, ...foe }));

  it('equal scores: both win, nobody tests, and the next round is offered, or a pause to fight on next turn', () => {
    let c = even();
    c = play(c, n(10, 1));
    // The score goes with the round's end: no step of its own.
    expect(chooseStep(c).why[0]).toEqual({
      rule: 'Round 1: Combat Score',
      detail: 'Equal Combat Scores (2 each): both sides win, nobody takes a break test.',
    });
    // No character to allocate attacks at: "allocating anew" would ask nothing, so it is not offered.
    expect(chooseStep(c).options.map((o) => `${o.id}${o.suggested ? '*' : ''}`)).toEqual(['next*', 'pause']);
    expect(chooseStep(c).options[1]!.pause).toBe('paused after round 1 — round 2 next turn');
  });

  it('the loser tests on 2D6 ≤ Discipline − difference, with the highest Discipline among its standing models', () => {
    let c = even(
      { models: 5, profile: { agility: 4 } },
      { width: 6, characters: [{ name: 'Captain', profile: { discipline: 9, attacks: 0 } }] },
    );
    // The Knights send nothing at the Captain and kill 3 Spearmen; 7 are left: 5 fight beside the Captain, and miss.
    expect(chooseStep(c).options.map((o) => o.label)).toEqual([
      'As set up: 5 at the Spearmen',
      'Enough at Captain to be likely to slay him, the rest at the Spearmen',
      'All at Captain',
      'Part by part…',
    ]);
    c = play(c, 'suggested', [6, 6, 6, 1, 1, 6, 6, 6], n(5, 1));
    // Knights 3 HP + 1 rank = 4; Spearmen 8 models 6 wide: 1 Proper Rank = 1.
    const test = rollStep(c);
    expect(test.notes).toEqual(['Knights win by 3 (4 to 1).']);
    expect(test.needs).toBe('2D6 ≤ 6 (a double 1 always passes)');
    expect(test.why[0]).toEqual({ rule: 'Break Test', detail: '2D6 ≤ Discipline 9 − 3 = 6 passes (lost by 3)' });
    expect(play(c, [3, 3]).state.log.at(-1)!.result).toBe('6 against 6: Spearmen hold');
    expect(play(c, [3, 4]).state.log.at(-1)!.result).toBe('7 against 6: Spearmen break and flee!');
  });

  /** 5 Knights (1 Proper Rank) with 10 attacks against 14 large Spearmen three wide who do not strike back. */
  const largeSpearmen = () =>
    start(
      setupOf(
        { models: 5, supporting: 0, profile: { agility: 4, attacks: 2 } },
        { models: 14, height: 2, width: 3, profile: { attacks: 0 }, supportingAttacks: 0 },
      ),
    );

  it('Steady: more Proper Ranks than the enemy counts the difference at most 2', () => {
    // 9 slain: 5 left, 3 + 2: one Proper Rank of 3 at Height 2, no more than the Knights' one: not Steady.
    const plain = play(largeSpearmen(), [...n(9, 6), 1, ...n(9, 6)]);
    const t1 = rollStep(plain);
    expect(t1.notes).toEqual(['Knights win by 9 (10 to 1).']);
    expect(t1.why.map((w) => w.rule)).toEqual([
      'Break Test',
      'Insane Courage',
      'Round 1: Combat Score',
      'Combat Score: Knights',
      'Combat Score: Spearmen',
    ]);
    expect(t1.needs).toBe('2D6 ≤ -2 (a double 1 always passes)');
    // 6 slain: 8 left, 3 + 3 + 2: two Proper Ranks against one: Steady, the 5 counts as 2.
    const steady = play(largeSpearmen(), [...n(6, 6), ...n(4, 1), ...n(6, 6)]);
    const t2 = rollStep(steady);
    expect(t2.notes).toEqual(['Knights win by 5 (7 to 2).']);
    expect(t2.why[1]).toEqual({
      rule: 'Steady',
      detail: '2 Proper Ranks against the enemy’s 1: the difference counts at most 2',
    });
    expect(t2.needs).toBe('2D6 ≤ 5 (a double 1 always passes)');
  });

  it('Steady and Solid: 3 Proper Ranks at Height 0–2 ignore the difference; never at Height 3', () => {
    // 3 slain: 11 left, 3 + 3 + 3 + 2 at Height 2: Steady and Solid.
    const solid = play(largeSpearmen(), [...n(3, 6), ...n(7, 1), ...n(3, 6)]);
    const t = rollStep(solid);
    expect(t.notes).toEqual(['Knights win by 1 (4 to 3).']);
    expect(t.why[1]).toEqual({
      rule: 'Steady and Solid',
      detail: '3 Proper Ranks at Large Height: the difference is ignored',
    });
    expect(t.needs).toBe('2D6 ≤ 7 (a double 1 always passes)');
    // Gigantic: no Proper Rank at all, so neither Steady nor Solid.
    const giants = start(
      setupOf(
        { models: 5, supporting: 0, profile: { agility: 4, attacks: 2 } },
        { models: 14, height: 3, width: 3, profile: { attacks: 0 }, supportingAttacks: 0 },
      ),
    );
    const g = play(giants, [...n(3, 6), ...n(7, 1), ...n(3, 6)]);
    expect(rollStep(g).why.find((w) => w.rule === 'Combat Score: Spearmen')!.detail).toContain(
      '+0 Rank bonus: Gigantic Height: no Proper Ranks',
    );
    expect(rollStep(g).needs).toBe('2D6 ≤ 3 (a double 1 always passes)');
  });

  it('a test that cannot fail or cannot pass needs no dice; Insane Courage passes a natural double 1', () => {
    // Knights win by 1; Spearmen Discipline 10 + Steady and Solid are not enough for 12: use a Discipline 10 unit that loses by 0? Build one that needs ≥ 12 via Steady and Solid … impossible (max 10). Below 2 instead:
    let c = start(
      setupOf(
        { models: 5, profile: { agility: 4 }, facing: 'rear' },
        { models: 4, width: 4, profile: { discipline: 3 } },
        { insaneCourage: false },
      ),
    );
    c = play(c, [...n(5, 6), ...n(5, 6)]);
    // All 4 Spearmen slain: nobody left to test.
    expect(c.step.kind === 'outcome' && c.step.final).toBe(true);
    let d = start(
      setupOf(
        { models: 5, profile: { agility: 4 }, facing: 'rear' },
        { models: 4, width: 4, profile: { discipline: 3 } },
        { insaneCourage: false },
      ),
    );
    d = play(d, [6, 6, 1, 1, 1, 6, 6], n(2, 1));
    // Knights 2 + 2 rear + 1 rank = 5 against 0: Discipline 3 − 5 < 2 and no Insane Courage: fails without a roll.
    expect(logText(d)).toContain('Spearmen: Break Test: Spearmen fail without rolling (2D6 ≤ -2 cannot pass)');
    expect(chooseStep(d).title).toBe('Knights: pursue?');
    let i = start(
      setupOf(
        { models: 5, profile: { agility: 4 }, facing: 'rear' },
        { models: 4, width: 4, profile: { discipline: 3 } },
      ),
    );
    i = play(i, [6, 6, 1, 1, 1, 6, 6], n(2, 1));
    expect(rollStep(i).needs).toBe('2D6 ≤ -2 (a double 1 always passes)');
    expect(play(i, [1, 1]).state.log.at(-1)!.result).toBe('2 against -2: Insane Courage! Spearmen hold');
  });

  it('flee 2D6 and pursue 2D6 in one step: a tie catches; not pursuing rolls no pursuit; a winner with nobody left cannot pursue', () => {
    const setup = setupOf(
      { models: 5, profile: { agility: 4 }, facing: 'rear' },
      { models: 4, width: 4, profile: { discipline: 3 } },
    );
    const broken = play(start(setup), [6, 6, 1, 1, 1, 6, 6], n(2, 1), [6, 6]);
    // The rules give the winner the choice: it stays a question, decided before the flee roll.
    expect(chooseStep(broken).options.map((o) => `${o.id}${o.suggested ? '*' : ''}`)).toEqual(['pursue*', 'hold']);
    const both = rollStep(play(broken, 'pursue'));
    // One step, each player's own dice: the flee roll first, the pursuit second.
    expect(both.title).toBe('Spearmen: flee, Knights: pursue');
    expect(both.groups!.map((g) => `${g.label} ${g.count}D${g.sides}`)).toEqual([
      'Spearmen flee (Blue) 2D6',
      'Knights pursue (Red) 2D6',
    ]);
    const caught = play(broken, 'pursue', [3, 4, 5, 2]);
    expect(caught.state.log.at(-1)!.result).toBe('Spearmen flee 7″; Knights pursue 7″: Spearmen caught and destroyed');
    // The distances are in the outcome: the players move the models that far.
    expect(outcomeStep(caught).lines.slice(0, 2)).toEqual([
      'Red — Knights: won and pursued 7″: 5 rank-and-file models left.',
      'Blue — Spearmen: broke, fled 7″ and was caught by a pursuit of 7″: destroyed.',
    ]);
    expect(ninthAge.winner!(caught.state)).toBe('attacker');
    const escaped = play(broken, 'pursue', [3, 4, 5, 1]);
    expect(outcomeStep(escaped).lines[1]).toBe(
      'Blue — Spearmen: broke and fled 7″, and escaped a pursuit of 6″: 2 rank-and-file models left.',
    );
    const held = play(broken, 'hold', [3, 4]);
    expect(outcomeStep(held).final).toBe(true);
    // Decided: the flee and pursuit dice are still asked, because the models move that far on the table (RULES §5) — each says so.
    expect(rollStep(play(broken, 'hold')).notes).toEqual([
      'Nobody pursues Spearmen: the roll is how far they flee on the table.',
    ]);
    expect(both.notes).toContain('Knights move the distance rolled, whether they catch Spearmen or not.');
    // A flee of 2″ (the least 2D6 can roll) is caught whatever the pursuit: a double 1 catches.
    expect(play(broken, 'pursue', [1, 1, 1, 1]).state.status.defender).toBe('caught');
    expect(outcomeStep(held).lines[0]).toBe('Red — Knights: won and did not pursue: 5 rank-and-file models left.');
  });
});

describe('allocating attacks at several targets (seed 004)', () => {
  it('asks target by target; the later questions count the attacks still to place, and each target shows its odds and HP left', () => {
    let c = start(
      setupOf(
        { models: 5 },
        {
          models: 10,
          characters: [
            { name: 'Captain', profile: { healthPoints: 3 } },
            { name: 'Standard Bearer', profile: { healthPoints: 2 } },
          ],
        },
      ),
    );
    expect(chooseStep(c).title).toBe('The Knights: allocate 5 attacks');
    expect(chooseStep(c).why.map((r) => r.detail.split(':')[0])).toEqual([
      'every attack of the Agility step picks its target before any hit is rolled',
      'Captain (3 of 3 HP left)',
      'Standard Bearer (2 of 2 HP left)',
      'the Spearmen (10 of 10 HP left, 10 models)',
    ]);
    c = play(c, 'parts');
    expect(chooseStep(c).title).toBe('The Knights: allocate 5 attacks');
    c = play(c, '2');
    expect(chooseStep(c).title).toBe('The Knights: allocate 3 more attacks');
    expect(chooseStep(c).prompt).toBe(
      'How many of the Knights’ remaining 3 attacks at Standard Bearer? The rest go at the Spearmen.',
    );
    c = play(c, '1');
    expect(c.state.parts.find((p) => p.part.role === 'attacker')!.allocation).toEqual([2, 2, 1]);
  });
});

describe('a round with characters in at most ten steps (issue 22)', () => {
  it('the SCENARIOS example: one allocation question per side and Agility step, one roll per Agility step, then the break test and pursuit', () => {
    let c = start(
      setupOf(
        {
          models: 6,
          width: 3,
          height: 2,
          charged: true,
          standard: true,
          profile: {
            offensiveSkill: 4,
            defensiveSkill: 4,
            strength: 5,
            armourPenetration: 2,
            healthPoints: 2,
            armour: 4,
            discipline: 8,
            aegis: 6,
          },
          characters: [
            { name: 'Baron', attacksAtCharacters: [2], profile: { attacks: 4, offensiveSkill: 6, agility: 5 } },
          ],
        },
        {
          models: 30,
          width: 6,
          standard: true,
          characters: [
            { name: 'Captain', profile: { attacks: 3 } },
            { name: 'Standard Bearer', battleStandard: true },
          ],
        },
      ),
    );
    const titles: string[] = [];
    while (
      !(c.step.kind === 'outcome' && c.step.final) &&
      !(c.step.kind === 'choose' && c.step.id.startsWith('round.'))
    ) {
      const step = c.step;
      titles.push(`${step.kind} ${step.title}`);
      c = play(
        c,
        step.kind === 'roll'
          ? allDice(step, 4)
          : step.kind === 'choose'
            ? step.options.find((o) => o.suggested)!.id
            : 'go',
      );
    }
    // Agility 6 (the charging Baron), 4 (the charging Knights), 3 (the Spearmen with the Standard Bearer; the Captain fell at 6): one roll each.
    expect(titles.filter((t) => t.startsWith('roll Agility'))).toEqual([
      'roll Agility 6: Baron strikes',
      'roll Agility 4: Knights strike',
      'roll Agility 3: Spearmen and Standard Bearer strike',
    ]);
    expect(titles.filter((t) => t.startsWith('outcome'))).toEqual([]);
    expect(titles.length).toBeLessThanOrEqual(10);
  });
});

describe('what the wizard is shown (view)', () => {
  it('each pool model by model, the ranks and their rule, notes and where the round stands', () => {
    let c = start(
      setupOf(
        { models: 5, charged: true, standard: true, attacksAtCharacters: [1] },
        {
          models: 12,
          width: 4,
          height: 2,
          characters: [{ name: 'Captain', battleStandard: true, profile: { healthPoints: 2, aegis: 5 } }],
        },
      ),
    );
    const allocating = ninthAge.view(c.state);
    expect(allocating.status).toEqual([
      'Round 1 · Agility 4 · Knights: 5 attacks to allocate',
      'Agility order: 4, 3 (chargers +1)',
    ]);
    expect(chooseStep(c).why.slice(1)).toEqual([
      {
        rule: 'Odds per attack',
        detail: 'Captain (2 of 2 HP left): hit 4+, wound 4+, Aegis 5+ → 17% become unsaved wounds',
      },
      {
        rule: 'Odds per attack',
        detail: 'the Spearmen (12 of 12 HP left, 12 models): hit 4+, wound 4+, no save → 25% become unsaved wounds',
      },
    ]);
    c = play(c, 'suggested');
    // Every attack allocated: the status is one line, and where the attacks go is the roll's own lines.
    expect(ninthAge.view(c.state).status).toEqual(['Round 1 · Agility 4']);
    expect(
      rollStep(c)
        .groups!.filter((g) => !g.per)
        .map((g) => `${g.count} ${g.label}`),
    ).toEqual(['4 Knights to hit the Spearmen', '1 Knights to hit Captain']);
    const view = ninthAge.view(c.state);
    const spearmen = view.sides.defender.units[0]!;
    expect(spearmen.models.map((m) => m.name)).toEqual([
      ...Array.from({ length: 12 }, (_, i) => `Spearmen ${i + 1}`),
      'Captain',
    ]);
    expect(spearmen.models.at(-1)).toMatchObject({
      character: true,
      wounds: 2,
      woundsLeft: 2,
      tags: expect.arrayContaining(['Aegis 5+', 'Character', 'Battle Standard Bearer']),
    });
    // 13 models, 4 wide, Height 2: ranks of 4, 4, 4 and 1 — three Proper Ranks of 3+.
    expect(spearmen.formation).toMatchObject({
      rankWidth: 4,
      rankAndFile: 12,
      characters: 1,
      countingRanks: 3,
      rankBonus: 3,
      status: 'fighting',
      inCombat: true,
      wipedOut: false,
      facing: 'front',
    });
    // No Unit Strength: another game's term (issue 22); the rank diagram says the models standing instead.
    expect(spearmen.formation).not.toHaveProperty('unitStrength');
    expect(view.sides.attacker.notes).toEqual(['charged']);
    // Height as players say it, never a bare number.
    expect(view.sides.attacker.units[0]!.notes).toEqual([
      'Height: Standard',
      '5 wide',
      'Standard',
      'charged: +1 Agility',
      '0 HP lost this round',
    ]);
    expect(spearmen.notes![0]).toBe('Height: Large');
  });
});
