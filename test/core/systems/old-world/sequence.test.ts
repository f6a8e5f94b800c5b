import { describe, expect, it } from 'vitest';
import { oldWorld } from '../../../../core/systems/old-world';
import { chooseStep, lastLog, n, outcomeStep, play, rollStep, setupOf, start } from './helpers';

/** Ten a side, 5 wide: the attacker charged. Its first strike needs 4+ to hit and 4+ to wound (WS3/S3 against WS3/T3). */
const duel = (attacker = {}, defender = {}, extra = {}) =>
  setupOf({ charged: true, ...attacker }, { ...defender }, extra);

describe('order of strikes (seed 002, "Order of Combat")', () => {
  it('chargers strike first in the first round, whatever the Initiative', () => {
    const c = start(duel({}, { profile: { initiative: 9 } }));
    expect(rollStep(c)).toMatchObject({
      title: 'Swordsmen attack Spearmen: to hit',
      actor: 'attacker',
      count: 5,
      passOn: 4,
    });
  });

  it('otherwise the higher Initiative strikes first', () => {
    const c = start(setupOf({}, { profile: { initiative: 4 } }));
    expect(rollStep(c)).toMatchObject({ title: 'Spearmen attack Swordsmen: to hit', actor: 'defender' });
  });

  it('equal Initiative and no previous winner: a roll-off, the higher D6 strikes first, a tie rolls again', () => {
    let c = start(setupOf({}, {}));
    expect(rollStep(c)).toMatchObject({ actor: 'attacker', count: 1 });
    c = play(c, [3], [3]);
    expect(lastLog(c).result).toMatch(/tie, roll again/);
    c = play(c, [2], [5]);
    expect(rollStep(c)).toMatchObject({ title: 'Spearmen attack Swordsmen: to hit', actor: 'defender' });
  });

  it('equal Initiative in a later round: the previous winner strikes first, the charge no longer counts', () => {
    // Round 1: the charging attacker wins narrowly, the defender holds; round 2 is fought at equal I.
    let c = start(duel({}, { profile: { initiative: 3 } }));
    c = play(c, [4, 4, 1, 1, 1], [4, 1], n(5, 1));
    expect(c.state.result).toMatchObject({ winner: 'attacker', difference: 2 });
    c = play(c, [2, 2], 'next');
    expect(rollStep(c)).toMatchObject({ title: 'Swordsmen attack Spearmen: to hit', actor: 'attacker' });
    // Had the defender won round 1, it would strike first in round 2 at equal Initiative.
    const d = play(start(duel({}, {})), n(5, 1), n(5, 6), n(5, 6), [1, 1], 'next');
    expect(rollStep(d)).toMatchObject({ actor: 'defender', title: 'Spearmen attack Swordsmen: to hit' });
  });

  it('characters strike at their own Initiative, between the pools of the other side', () => {
    const c = start(
      setupOf(
        {
          characters: [
            {
              name: 'Captain',
              profile: {
                movement: 4,
                weaponSkill: 5,
                strength: 4,
                toughness: 4,
                wounds: 2,
                initiative: 6,
                attacks: 3,
                leadership: 8,
              },
            },
          ],
        },
        { profile: { initiative: 4 } },
      ),
    );
    expect(rollStep(c)).toMatchObject({ title: 'Captain attacks Spearmen: to hit', count: 3, passOn: 3 }); // one model: the verb agrees ("Captain attacks", "Swordsmen attack")
    const after = play(c, [1, 1, 1]);
    expect(rollStep(after)).toMatchObject({ title: 'Spearmen attack Swordsmen: to hit' });
  });
});

describe('hits, wounds, saves and casualties (seed 002, RULES §3)', () => {
  it('no armour save step when the model has none; wounds go straight on', () => {
    let c = start(duel());
    c = play(c, [4, 4, 4, 1, 1], [4, 4, 1]);
    expect(lastLog(c).result).toBe('2 wounds; 2 unsaved wounds on Spearmen, 8 wounds left');
    expect(rollStep(c)).toMatchObject({ title: 'Spearmen attack Swordsmen: to hit', count: 5 });
  });

  it('armour saves use the Strength modifier and are rolled by the defending player; ward saves after', () => {
    let c = start(duel({ profile: { strength: 5 } }, { profile: { armour: 4, ward: 5 } }));
    c = play(c, n(5, 6), n(5, 6));
    expect(rollStep(c)).toMatchObject({ title: 'Spearmen: armour saves', actor: 'defender', count: 5, passOn: 6 });
    c = play(c, [6, 1, 1, 1, 1]);
    expect(rollStep(c)).toMatchObject({ title: 'Spearmen: ward saves', actor: 'defender', count: 4, passOn: 5 });
    c = play(c, [5, 1, 1, 1]);
    expect(c.state.caused.attacker).toBe(3);
  });

  it('"N": a Strength that cannot wound strikes no useful blow: nobody rolls for it', () => {
    const c = start(duel({ profile: { strength: 1 } }, { profile: { toughness: 5 } }));
    expect(lastLog(c)).toMatchObject({ title: 'Swordsmen strike', result: 'Swordsmen cannot wound Spearmen' });
    expect(lastLog(c).why![0]!.detail).toBe('S1 against T5 → N: cannot wound');
    expect(rollStep(c).title).toBe('Spearmen attack Swordsmen: to hit');
  });

  it('casualties come from the rear: a unit keeps its front rank until fewer models than its width remain', () => {
    let c = start(duel({}, { models: 7 }));
    c = play(c, n(5, 6), [6, 6, 1, 1, 1]);
    expect(rollStep(c)).toMatchObject({ title: 'Spearmen attack Swordsmen: to hit', count: 5 });
    c = start(duel({}, { models: 7 }));
    c = play(c, n(5, 6), [6, 6, 6, 6, 1]);
    // Four of seven slain before they struck: three models are left to strike (seed 002, Remove Casualties).
    expect(rollStep(c)).toMatchObject({ count: 3 });
  });

  it('multi-wound models keep partial wounds: 5 wounds on three 3-wound models leave one at 1', () => {
    let c = start(duel({}, { models: 3, rankWidth: 3, profile: { wounds: 3, troopType: 'large' } }));
    c = play(c, n(5, 6), n(5, 6));
    const models = oldWorld.view(c.state).sides.defender.units[0]!.models;
    expect(models.map((m) => m.woundsLeft)).toEqual([3, 1, 0]);
    expect(rollStep(c)).toMatchObject({ count: 2 });
  });

  it('excess wounds beyond the unit are lost, outside a challenge', () => {
    let c = start(duel({}, { models: 2 }));
    c = play(c, n(5, 6), n(5, 6));
    expect(c.state.caused.attacker).toBe(2);
    expect(c.state.overkill.attacker).toBe(0);
  });

  it('a defended obstacle is hit only on 6s until the attacker has won a round', () => {
    let c = start(duel({}, { defendedObstacle: true }));
    expect(rollStep(c)).toMatchObject({ passOn: 6, needs: '6+' });
    c = play(c, [6, 6, 6, 1, 1], [6, 6, 6], n(5, 1), [1, 1], 'next');
    expect(c.state.hasWonRound.attacker).toBe(true);
    expect(rollStep(c)).toMatchObject({ title: 'Swordsmen attack Spearmen: to hit', passOn: 4 });
  });
});

describe('a round to its end: break, flee and pursuit (seed 002)', () => {
  // Round 1 of the duel: 2 wounds + 1 rank + 1 outnumber = 4 against 0 + 1 rank: the attacker wins by 3.
  const wonBy3 = (attacker = {}, defender = {}, extra = {}) =>
    play(start(duel(attacker, defender, extra)), [4, 4, 4, 1, 1], [4, 4, 1], n(5, 1));

  it('the combat result lists each bonus with its reason (on the card of the break test it leads to, and in the log)', () => {
    const step = rollStep(wonBy3());
    expect(lastLog(wonBy3())).toMatchObject({ title: 'Round 1: combat result', result: 'Red win by 3 (4 to 1).' });
    expect(step.notes).toEqual([
      'Red: 2 wounds + 1 rank + 1 outnumber = 4',
      '  +1 Ranks: Swordsmen: 10 models 5 wide at the start of the round → 2 ranks of 4+ models',
      '  +1 Outnumber: Unit Strength 10 against 8',
      'Blue: 0 wounds + 1 rank = 1',
      '  +1 Ranks: Spearmen: 10 models 5 wide at the start of the round → 2 ranks of 4+ models',
      'Red win by 3 (4 to 1).',
    ]);
  });

  it('break test: 2D6 + the difference equal to Leadership holds; one more breaks', () => {
    const held = play(wonBy3(), [2, 2]);
    expect(lastLog(held).result).toBe('4 + 3 = 7 against Ld 7: Spearmen hold');
    const broke = play(wonBy3(), [2, 3]);
    expect(lastLog(broke).result).toBe('5 + 3 = 8 against Ld 7: Spearmen break!');
    expect(chooseStep(broke)).toMatchObject({ title: 'Swordsmen: pursue?', actor: 'attacker' });
  });

  it('a pursuit equal to the flee roll catches and destroys the fleeing unit (flee and pursuit rolled at the same moment)', () => {
    let c = play(wonBy3(), [6, 6], 'pursue');
    expect(rollStep(c)).toMatchObject({
      title: 'Spearmen: flee and pursuit',
      count: 4,
      groups: [
        { label: 'Spearmen flee', count: 2 },
        { label: 'Swordsmen pursue', count: 2, needs: 'the flee roll or more catches Spearmen' },
      ],
    });
    c = play(c, [3, 4, 5, 2]);
    expect(lastLog(c).result).toBe('Spearmen flee 7"; Swordsmen pursue 7": Spearmen caught and destroyed');
    expect(outcomeStep(c)).toMatchObject({ final: true });
    expect(outcomeStep(c).lines).toContain('Blue — Spearmen: broke, fled and was caught: destroyed.');
  });

  it('a pursuit one short lets the unit escape', () => {
    const c = play(wonBy3(), [6, 6], 'pursue', [3, 4, 5, 1]);
    expect(outcomeStep(c).lines).toContain('Blue — Spearmen: broke and fled: 8 models.');
  });

  it('a pursuer with Movement over 6 pursues 3D6; a fleeing unit with Movement over 6 flees 3D6', () => {
    const c = play(wonBy3({ profile: { movement: 8 } }, { profile: { movement: 7 } }), [6, 6], 'pursue');
    expect(rollStep(c).groups).toMatchObject([
      { label: 'Spearmen flee', count: 3 },
      { label: 'Swordsmen pursue', count: 3 },
    ]);
  });

  it('restraining pursuit: declared before the flee roll; passed, the unit stays; failed, it must pursue', () => {
    const kept = play(wonBy3(), [6, 6], 'restrain', [3, 4]);
    expect(lastLog(kept).result).toBe('7 against Ld 7: Swordsmen restrain their pursuit');
    expect(rollStep(kept).title).toBe('Spearmen: flee');
    const after = play(kept, [2, 2]);
    expect(outcomeStep(after).final).toBe(true);
    expect(outcomeStep(after).lines[0]).toMatch(/Swordsmen: still fighting/);

    const failed = play(wonBy3(), [6, 6], 'restrain', [4, 4]);
    expect(lastLog(failed).result).toBe('8 against Ld 7: failed — Swordsmen must pursue');
    expect(rollStep(failed)).toMatchObject({
      title: 'Spearmen: flee and pursuit',
      groups: [{ label: 'Spearmen flee' }, { label: 'Swordsmen pursue' }],
    });
  });

  it('a unit in a defended position holds it: it restrains automatically, with no test', () => {
    const c = play(wonBy3({ defendedObstacle: true }), [6, 6]);
    expect(chooseStep(c).options.map((o) => o.id)).toEqual(['pursue', 'hold']);
  });

  it('pursuit into a fresh enemy or off the table is noted for the next turn (where it ends is for the table: not asked)', () => {
    const end = play(wonBy3(), [6, 6], 'pursue', [1, 1, 2, 2]);
    expect(outcomeStep(end).lines.join('\n')).toMatch(
      /Swordsmen pursue 4": if that reaches a fresh enemy unit, it is a new charge resolved next turn/,
    );
    expect(outcomeStep(end).lines.join('\n')).toMatch(
      /off the table edge, they return where they left in their next turn/,
    );
  });

  it('a draw has no loser: no break test, the round ends and the next can be fought', () => {
    // One wound each way: 1 wound + 1 rank each, 9 models against 9 (nobody outnumbers).
    const draw = play(start(duel()), [4, 1, 1, 1, 1], [4], [4, 1, 1, 1, 1], [4]);
    expect(lastLog(draw).result).toBe('A draw at 2: nobody has to take a break test.');
    const next = draw;
    expect(chooseStep(next)).toMatchObject({ title: 'Round 1 is over' });
    expect(chooseStep(next).prompt.split('\n')).toContain('A draw at 2: nobody has to take a break test.');
    expect(next.state.previousWinner).toBeNull();
  });
});

describe('a side wiped out at the end of the round (RULES §3, 6th edition)', () => {
  // 10 Spearmen (5 wide: 2 ranks at the start of the round; 5 of them in contact beside their Champion) and their Champion (A10) strike first at I5 and cause
  // 15 wounds; the 15 surviving Swordsmen and their Captain then slay them all. On scores the Spearmen would win
  // 15 + 1 rank = 16 against 11 + 1 rank + 1 outnumber = 13, and the Swordsmen would test to break.
  const wiped = () =>
    setupOf(
      {
        models: 30,
        rankWidth: 20,
        characters: [
          {
            name: 'Captain',
            profile: {
              movement: 4,
              weaponSkill: 3,
              strength: 3,
              toughness: 3,
              wounds: 2,
              initiative: 3,
              attacks: 3,
              leadership: 8,
            },
          },
        ],
      },
      {
        models: 10,
        inContact: 5,
        profile: { initiative: 5 },
        characters: [
          {
            name: 'Champion',
            profile: {
              movement: 4,
              weaponSkill: 3,
              strength: 3,
              toughness: 3,
              wounds: 1,
              initiative: 5,
              attacks: 10,
              leadership: 7,
            },
          },
        ],
      },
      { round: 2 },
    );
  // The Spearmen and their Champion strike at the same moment: their dice are rolled together.
  const toResult = () =>
    play(start(wiped()), n(15, 6), n(15, 6), [...n(10, 6), ...n(5, 1)], n(10, 6), n(3, 6), n(3, 6));

  it('the side with models left wins whatever the scores, and takes no break test', () => {
    const atResult = toResult();
    const step = outcomeStep(atResult);
    expect(atResult.state.log.find((l) => l.title === 'Round 2: combat result')!.result).toBe(
      'Blue were wiped out: Red win the combat, whatever the scores.',
    );
    expect(step.lines).toContain('Round 2: Blue were wiped out: Red win the combat, whatever the scores.');
    expect(atResult.state.result).toMatchObject({ winner: 'attacker', wipedOut: ['defender'] });
    expect(atResult.state.result!.defender).toMatchObject({ wounds: 15, bonuses: [], total: 15 });
    const end = atResult;
    // No break test, no pursuit: the Spearmen are gone and the combat is over, won by the Swordsmen.
    expect(outcomeStep(end).final).toBe(true);
    expect(end.state.log.some((l) => l.title.includes('break test'))).toBe(false);
    expect(oldWorld.winner!(end.state)).toBe('attacker');
  });
});

describe('break tests: special cases (RULES §3)', () => {
  const wonBy3 = (attacker = {}, defender = {}, extra = {}) =>
    play(start(duel(attacker, defender, extra)), [4, 4, 4, 1, 1], [4, 4, 1], n(5, 1));

  it('insane courage (the default): a double 1 holds whatever the difference', () => {
    const c = play(wonBy3({}, { profile: { leadership: 4 } }), [1, 1]);
    expect(lastLog(c).result).toBe('2 + 3 = 5 against Ld 4: insane courage! Spearmen hold');
  });

  it('without insane courage a double 1 is just 2', () => {
    const c = play(wonBy3({}, { profile: { leadership: 4 } }, { insaneCourage: false }), [1, 1]);
    expect(lastLog(c).result).toBe('2 + 3 = 5 against Ld 4: Spearmen break!');
  });

  it('stubborn: tests on unmodified Leadership', () => {
    const c = wonBy3({}, { stubborn: true });
    expect(rollStep(c)).toMatchObject({ needs: '2D6 ≤ 7' });
    expect(lastLog(play(c, [3, 4])).result).toBe('7 against Ld 7: Spearmen hold');
  });

  it('unbreakable: never tests, never breaks', () => {
    const c = wonBy3({}, { unbreakable: true });
    expect(c.state.log.at(-1)).toMatchObject({ title: 'Spearmen: break test', result: 'Spearmen hold' });
    expect(chooseStep(c).title).toBe('Round 1 is over');
  });

  it('fear with a lower Unit Strength: the loser breaks without a test', () => {
    const c = wonBy3({ causesFear: true }, {});
    expect(c.state.log.at(-1)).toMatchObject({ title: 'Spearmen: break test', result: 'Spearmen break!' });
    expect(c.state.log.at(-1)!.why![0]!.detail).toMatch(/US 8 against 10/);
  });

  it('fear with an equal Unit Strength: the loser tests as normal', () => {
    // The defender has 12: after 2 casualties it is 10, equal to the attacker's 10.
    const c = wonBy3({ causesFear: true }, { models: 12 });
    expect(rollStep(c)).toMatchObject({ title: 'Spearmen: break test' });
  });

  it('the best Leadership in the unit is used (a character lends his)', () => {
    const c = wonBy3(
      {},
      {
        inContact: 5,
        characters: [
          {
            name: 'Sergeant',
            profile: {
              movement: 4,
              weaponSkill: 3,
              strength: 3,
              toughness: 3,
              wounds: 1,
              initiative: 1,
              attacks: 0,
              leadership: 9,
            },
          },
        ],
      },
    );
    expect(rollStep(c).needs).toContain('≤ 9');
  });
});

describe('panic tests (seed 002, "Panic Tests")', () => {
  const broke = (nearby: { name: string; leadership: number; immuneToPsychology?: boolean }[]) =>
    play(start(setupOf({ charged: true }, {}, {}, { defender: nearby })), [4, 4, 4, 1, 1], [4, 4, 1], n(5, 1), [6, 6]);

  it('asks whether each friend is within 6" of the broken unit, then tests those that are', () => {
    let c = broke([
      { name: 'Archers', leadership: 6 },
      { name: 'Crossbows', leadership: 8 },
    ]);
    expect(chooseStep(c)).toMatchObject({ title: 'Archers: within 6"?', actor: 'defender' });
    c = play(c, 'yes');
    expect(rollStep(c)).toMatchObject({ title: 'Archers: panic test', needs: '2D6 ≤ 6' });
    c = play(c, [4, 3]);
    expect(lastLog(c).result).toBe('7 against Ld 6: failed — Archers panics and flees');
    c = play(c, 'no');
    expect(chooseStep(c).title).toBe('Swordsmen: pursue?');
  });

  it('panic comes after all break tests and before the flee roll', () => {
    const c = broke([{ name: 'Archers', leadership: 6 }]);
    const titles = c.state.log.map((l) => l.title);
    expect(titles.at(-1)).toBe('Spearmen: break test');
    expect(chooseStep(c).title).toBe('Archers: within 6"?');
  });

  it('a friend immune to psychology never tests', () => {
    const c = play(broke([{ name: 'Zombies', leadership: 3, immuneToPsychology: true }]), 'yes');
    expect(lastLog(c).result).toMatch(/immune to psychology/);
  });
});

describe('overrun (seed 002, "The Overrun Rule")', () => {
  it('a unit that slays all its opponents in the first round may overrun 2D6 or 3D6', () => {
    let c = start(setupOf({ charged: true }, { models: 3, rankWidth: 3 }));
    c = play(c, n(5, 6), n(5, 6));
    expect(chooseStep(c)).toMatchObject({ title: 'Swordsmen: overrun?' });
    c = play(c, 'overrun', [3, 3]);
    expect(outcomeStep(c).final).toBe(true);
    expect(outcomeStep(c).lines[0]).toBe('Red — Swordsmen: won and overran: 10 models.');
  });

  it('not after the first round', () => {
    let c = start(setupOf({ charged: true }, { models: 3, rankWidth: 3 }, { round: 2, previousWinner: 'attacker' }));
    c = play(c, n(5, 6), n(5, 6));
    expect(outcomeStep(c).final).toBe(true);
  });
});

describe('challenges and overkill (RULES §3)', () => {
  it('challengers fight each other; wounds beyond the challenged character count as overkill', () => {
    const hero = (name: string, initiative: number) => ({
      name,
      profile: {
        movement: 4,
        weaponSkill: 5,
        strength: 5,
        toughness: 4,
        wounds: 2,
        initiative,
        attacks: 4,
        leadership: 8,
      },
    });
    const setup = setupOf(
      { characters: [hero('Captain', 6)] },
      { profile: { initiative: 2 }, characters: [hero('Boss', 4)] },
      { challenge: { attacker: { unit: 0, character: 0 }, defender: { unit: 0, character: 0 } } },
    );
    let c = start(setup);
    expect(rollStep(c).title).toBe('Captain attacks Boss: to hit');
    c = play(c, n(4, 6), n(4, 6));
    expect(c.state.caused.attacker).toBe(2);
    expect(c.state.overkill.attacker).toBe(2);
    // The Boss was slain before he struck; the rank and file fight on.
    expect(c.state.log.some((l) => l.result.startsWith('Boss: slain before striking'))).toBe(true);
  });
});

describe('several units a side (RULES §3)', () => {
  it('each winning unit in contact may pursue the broken unit; each rolls its own pursuit', () => {
    const setup = setupOf(
      [
        { charged: true },
        { name: 'Knights', models: 5, facing: 'flank', profile: { movement: 8, troopType: 'cavalry' } },
      ],
      {},
    );
    // Knights (I3, not charging) and Spearmen (I3) would strike at the same step: a roll-off first, the attacker wins it.
    let c = start(setup);
    c = play(c, [6], [1]);
    // The charging Swordsmen strike first and slay two; then the Knights miss, then the Spearmen miss.
    expect(rollStep(c)).toMatchObject({
      title: 'Swordsmen and Knights attack Spearmen: to hit',
      count: 10,
      groups: [
        { label: 'Swordsmen at Spearmen', count: 5 },
        { label: 'Knights at Spearmen', count: 5 },
      ],
    });
    c = play(c, [6, 6, 1, 1, 1, ...n(5, 1)], [6, 6]);
    c = play(c, n(5, 1), [6, 6]);
    // Both winners declare at once, before the flee roll; all pursuing is the suggestion.
    expect(chooseStep(c)).toMatchObject({ title: 'Swordsmen and Knights: pursue?' });
    expect(chooseStep(c).options.map((o) => o.id)).toEqual([
      'pursue+pursue',
      'pursue+restrain',
      'restrain+pursue',
      'restrain+restrain',
    ]);
    expect(chooseStep(c).options[0]).toMatchObject({
      label: 'Swordsmen pursue (2D6"); Knights pursue (3D6")',
      suggested: true,
    });
    c = play(c, 'pursue+pursue');
    expect(rollStep(c).groups).toMatchObject([
      { label: 'Spearmen flee', count: 2 },
      { label: 'Swordsmen pursue', count: 2 },
      { label: 'Knights pursue', count: 3 },
    ]);
    c = play(c, [3, 3, 1, 1, 2, 2, 2]);
    expect(lastLog(c).result).toBe(
      'Spearmen flee 6"; Swordsmen pursue 2": Spearmen escape; Knights pursue 6": Spearmen caught and destroyed',
    );
    expect(outcomeStep(c).lines).toContain('Blue — Spearmen: broke, fled and was caught: destroyed.');
  });

  it('a unit still held in combat by an enemy that did not break cannot pursue', () => {
    // Two defending units; only the flanker breaks (the main unit is unbreakable): the attacker, in contact with both, stays.
    const setup = setupOf({ charged: true, models: 20 }, [
      { unbreakable: true, models: 20 },
      { name: 'Archers', models: 5, target: 0 },
    ]);
    let c = start(setup);
    c = play(c, n(5, 6), n(5, 6));
    // Archers and Spearmen (both I3, the Swordsmen charged): the Spearmen's 5 and the Archers' 5, rolled together.
    c = play(c, n(10, 1), [6, 6]);
    expect(c.state.status['defender.1']).toBe('fled');
    expect(rollStep(c).title).toBe('Archers: flee');
  });
});

describe('the view of a ranked unit (what the rank diagram draws)', () => {
  it('gives ranks and bonus from the rules, and says when an enemy in the flank cancels them', () => {
    const setup = setupOf([{ models: 20 }, { name: 'Knights', models: 5, facing: 'flank' }], { models: 20 });
    const view = oldWorld.view(start(setup).state);
    expect(view.sides.attacker.units[0]!.formation).toMatchObject({ countingRanks: 4, rankBonus: 3 });
    expect(view.sides.defender.units[0]!.formation).toMatchObject({
      countingRanks: 4,
      rankBonus: 0,
      rankNote: 'ranks cancelled: Knights (US 5+) in its flank',
    });
  });

  it('the rank bonus it shows is the one the combat result counts: ranks at the start of the round, with the bonus as it stands now beside it', () => {
    // 10 Swordsmen 5 wide (2 ranks: +1) lose 5 to the Spearmen's charge; the result still counts +1.
    const setup = setupOf(
      { models: 10, profile: { initiative: 2 } },
      { models: 10, charged: true, profile: { weaponSkill: 10, strength: 10 } },
    );
    const atResult = play(start(setup), n(5, 6), n(5, 6), n(5, 1));
    const shown = oldWorld.view(atResult.state).sides.attacker.units[0]!.formation!;
    const counted = atResult.state.result!.attacker.bonuses.find((b) => b.label === 'Ranks')?.value ?? 0;
    expect(counted).toBe(1);
    expect(shown.rankBonus).toBe(counted);
    expect(shown.rankNote).toBe('counted at the start of this round; +0 as it stands now');
  });

  it('a unit caught by a pursuit shows nothing left', () => {
    const c = play(start(duel()), [4, 4, 4, 1, 1], [4, 4, 1], n(5, 1), [6, 6], 'pursue', [3, 4, 5, 2]);
    const boyz = oldWorld.view(c.state).sides.defender.units[0]!;
    expect(boyz.formation).toMatchObject({ rankAndFile: 0, unitStrength: 0, status: 'caught and destroyed' });
    expect(boyz.models.every((m) => m.destroyed)).toBe(true);
  });
});

describe('attacks directed at a character (6th edition: models in contact may attack him)', () => {
  const boss = {
    name: 'Boss',
    profile: {
      movement: 4,
      weaponSkill: 4,
      strength: 4,
      toughness: 4,
      wounds: 2,
      initiative: 1,
      attacks: 0,
      leadership: 8,
    },
  };

  it('the unit strikes the character it singles out; wounds beyond his are lost, not passed to the rank and file', () => {
    let c = start(duel({ attacksAt: 0 }, { characters: [boss] }));
    expect(rollStep(c).title).toBe('Swordsmen attack Boss: to hit');
    c = play(c, n(5, 6), n(5, 6));
    expect(c.state.lost['defender.0.c0']).toBe(2);
    expect(c.state.lost['defender.0']).toBe(0);
    expect(c.state.caused.attacker).toBe(2);
  });

  it('once he falls, the rest strike the rank and file', () => {
    const setup = setupOf(
      {
        charged: true,
        attacksAt: 0,
        characters: [
          {
            name: 'Hero',
            profile: {
              movement: 4,
              weaponSkill: 6,
              strength: 6,
              toughness: 4,
              wounds: 2,
              initiative: 6,
              attacks: 4,
              leadership: 9,
            },
          },
        ],
      },
      { characters: [boss] },
    );
    let c = start(setup);
    expect(rollStep(c).title).toBe('Hero attacks Boss: to hit');
    c = play(c, n(4, 6), n(4, 6));
    expect(rollStep(c).title).toBe('Swordsmen attack Spearmen: to hit');
  });

  it('a character that does not exist in the target unit is refused, naming the field', () => {
    const r = oldWorld.setupSchema.safeParse({
      ...duel(),
      attacker: { ...duel().attacker, units: [{ ...duel().attacker.units[0]!, attacksAt: 1 }] },
    });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({
      path: ['attacker', 'units', 0, 'attacksAt'],
      message: 'expected a character of Spearmen',
    });
  });
});
