import { describe, expect, it } from 'vitest';
import { advance } from '../../../../core/combat/engine';
import {
  chooseStep,
  kindOf,
  outcomeStep,
  play,
  resultOf,
  results,
  rollStep,
  setupOf,
  start,
  trooper,
  woundsOf,
} from './helpers';
import { wh40k7e } from '../../../../core/systems/wh40k-7e';

/**
 * Every rule branch issue 12 lists, through the engine with entered dice. Each test cites its
 * rule: seed 000 (WS to hit, Destroyer, the wound pool, allocation) or RULES.md §2.
 */

const lastLine = (c: ReturnType<typeof start>) => results(c)[results(c).length - 1]!;

describe('Destroyer weapons (seed 000; RULES §2)', () => {
  // One Destroyer attack at I5; the target strikes back with nothing (A0).
  const destroyer = (target: Parameters<typeof trooper>[0]) =>
    start(
      setupOf(
        {
          models: [
            trooper({
              name: 'Knight',
              weaponSkill: 5,
              initiative: 5,
              attacks: 1,
              weapon: { name: 'D-scythe', strength: 'D', ap: 2 },
            }),
          ],
        },
        { models: [trooper({ name: 'Wraith', attacks: 0, ...target })] },
      ),
    );

  it('rolls to hit as normal, then a D6 instead of the wound roll (2+ does something, 6 is a deathblow)', () => {
    // One roll, rolled through: the Knight's to-hit die, then for a hit the Destroyer D6.
    const step = rollStep(destroyer({ toughness: 8 }));
    expect(step.title).toBe('Initiative step 5: Red roll to hit and to wound');
    expect(step.groups!.map((g) => g.id)).toEqual(['attacker.0.hit', 'attacker.0.wound']);
    expect(step.groups![0]).toMatchObject({ label: 'Knight to hit', passOn: 3 });
    expect(step.groups![1]).toMatchObject({
      label: 'Knight Destroyer roll',
      passOn: 2,
      criticalOn: 6,
      needs: '2–5 seriously wounded, 6 deathblow',
      per: { group: 'attacker.0.hit', on: 'pass' },
      note: 'a D6 for each hit',
    });
    expect(step.why.map((w) => w.rule)).toContain('Destroyer weapon (Knight)');
  });

  it('1: no effect', () => {
    const c = play(destroyer({ wounds: 3 }), [6, 1]);
    expect(woundsOf(c, 'defender')).toEqual([[3]]);
    expect(c.state.log.find((l) => l.stepId.startsWith('strike.'))!.result).toBe(
      '1 hit, 0 deathblows, 0 seriously wounded, 1 no effect',
    );
  });

  it('2–5: seriously wounded — the invulnerable save only (not armour), then D3 wounds, no Feel No Pain', () => {
    let c = play(destroyer({ wounds: 4, save: 2, invulnerable: 5, feelNoPain: 4 }), [6, 4]);
    const save = rollStep(c);
    expect(save).toMatchObject({
      title: 'Blue: 1 save against Seriously wounded (D3 wounds, invulnerable save only)',
      passOn: 5,
      count: 1,
    });
    c = play(c, [4]);
    // No Feel No Pain roll: straight to the D3.
    expect(rollStep(c)).toMatchObject({ sides: 3, count: 1, needs: 'D3 wounds (Wraith has 4)' });
    c = play(c, [3]);
    expect(woundsOf(c, 'defender')).toEqual([[1]]);
    expect(c.state.log.some((l) => l.stepId.startsWith('fnp.'))).toBe(false);
  });

  it('2–5 with no invulnerable save: no save roll at all', () => {
    const c = play(destroyer({ wounds: 4, save: 2 }), [6, 2]);
    expect(rollStep(c).sides).toBe(3);
    expect(results(c)).toContain('no save allowed: every wound is unsaved');
  });

  it('2–5 on a model with 1 wound left needs no D3: it loses that wound whatever the die', () => {
    const c = play(destroyer({ wounds: 1 }), [6, 3]);
    expect(woundsOf(c, 'defender')).toEqual([[0]]);
    expect(c.state.log.some((l) => l.stepId.startsWith('d3.'))).toBe(false);
  });

  it('6: deathblow — no save of any kind, no Feel No Pain; D6 + 6 wounds, the excess lost', () => {
    let c = play(destroyer({ wounds: 10, save: 2, invulnerable: 3, feelNoPain: 4 }), [6, 6]);
    expect(rollStep(c)).toMatchObject({ sides: 6, count: 1, needs: 'D6 + 6 ≥ 10 slays Wraith' });
    c = play(c, [2]);
    expect(woundsOf(c, 'defender')).toEqual([[2]]);
    expect(c.state.log.find((l) => l.stepId.startsWith('deathblow.'))!.result).toMatch(
      /^8 wounds: Wraith loses 8, 2 left/,
    );
    // The combat result counts what was removed: 8.
    expect(c.state.result!.caused.attacker).toBe(8);
  });

  it('6 on a model with 7 wounds or fewer: slain with no die, and it counts only the wounds it had', () => {
    const c = play(destroyer({ wounds: 5, save: 2, invulnerable: 3 }), [6, 6]);
    expect(woundsOf(c, 'defender')).toEqual([[0]]);
    expect(c.state.result!.caused.attacker).toBe(5);
    expect(c.state.log.some((l) => l.stepId.startsWith('deathblow.') || l.stepId.startsWith('save.'))).toBe(false);
  });

  it('a deathblow excess never carries over to the next model', () => {
    const c = start(
      setupOf(
        { models: [trooper({ name: 'Knight', weaponSkill: 5, initiative: 5, attacks: 1, weapon: { strength: 'D' } })] },
        { models: [trooper({ name: 'Wraith', count: 3, attacks: 0, wounds: 2 })] },
      ),
    );
    const after = play(c, [6, 6]);
    expect(woundsOf(after, 'defender')).toEqual([[0, 2, 2]]);
  });

  it('the deathblow pool comes before the seriously-wounded pool; the attacker may take them the other way', () => {
    const setup = setupOf(
      {
        allocateByHand: true,
        models: [trooper({ name: 'Knight', weaponSkill: 5, initiative: 5, attacks: 2, weapon: { strength: 'D' } })],
      },
      { allocateByHand: true, models: [trooper({ name: 'Wraith', count: 2, attacks: 0, wounds: 3 })] },
    );
    const c = play(start(setup), [6, 6, 3, 6]);
    const order = chooseStep(c);
    expect(order).toMatchObject({ actor: 'attacker', title: 'Red: which wound pool next?' });
    expect(order.options.map((o) => [o.id, !!o.suggested])).toEqual([
      ['deathblow', true],
      ['seriously', false],
    ]);
    // Seriously wounded first: identical Wraiths, so no choice; its D3 lands on the first one.
    const sw = play(c, 'seriously', [1]);
    expect(woundsOf(sw, 'defender')).toEqual([[2, 3]]);
    // Now the Wraiths differ: the defender is asked; as suggested, the wounded one takes the deathblow.
    expect(chooseStep(sw).options.map((o) => o.id)).toEqual(['auto', 'm0w2', 'm0w3']);
    const db = play(sw, 'auto');
    expect(woundsOf(db, 'defender')).toEqual([[0, 3]]);
  });
});

describe('Instant Death and Eternal Warrior (RULES §2)', () => {
  const fist = (target: Parameters<typeof trooper>[0], sixthEditionFeelNoPain = false) =>
    start(
      setupOf(
        {
          models: [
            trooper({
              name: 'Sergeant',
              weaponSkill: 4,
              strength: 4,
              attacks: 1,
              weapon: { name: 'Power fist', strength: 'x2', ap: 2 },
            }),
          ],
        },
        {
          models: [
            trooper({ name: 'Captain', attacks: 0, toughness: 4, wounds: 3, save: 3, feelNoPain: 4, ...target }),
          ],
        },
        { sixthEditionFeelNoPain },
      ),
    );

  it("S ≥ 2 × T, played with 6th edition's Feel No Pain: an unsaved wound removes all the model's wounds, with no Feel No Pain", () => {
    const c = play(fist({}, true), [6, 6]);
    // AP2 beats Sv 3+: no save; Instant Death: no Feel No Pain either.
    expect(woundsOf(c, 'defender')).toEqual([[0]]);
    expect(c.state.log.some((l) => l.stepId.startsWith('fnp.'))).toBe(false);
    expect(c.state.result!.caused.attacker).toBe(3);
    expect(c.state.log.find((l) => l.result.startsWith('no save'))!.why!.map((w) => w.detail)).toContain(
      'AP 2 beats Sv 3+ (AP 2 ≤ Sv 3): no armour save',
    );
  });

  it('7th edition: Feel No Pain may be rolled against a wound that inflicts Instant Death; passed, it is ignored; failed, the model is slain', () => {
    let c = play(fist({}), [6, 6]);
    const fnp = rollStep(c);
    expect(fnp).toMatchObject({ title: 'Blue: Feel No Pain for 1 unsaved wound', passOn: 4 });
    expect(fnp.why[0]!.detail).toBe(
      '4+ for each unsaved wound (7th edition: also against Instant Death; a wound not ignored slays the model)',
    );
    c = play(c, [3]);
    expect(woundsOf(c, 'defender')).toEqual([[0]]);
    expect(c.state.result!.caused.attacker).toBe(3);
    const ignored = play(fist({}), [6, 6], [4]);
    expect(woundsOf(ignored, 'defender')).toEqual([[3]]);
  });

  it('with Eternal Warrior: loses 1 wound instead, and Feel No Pain may be rolled', () => {
    let c = play(fist({ eternalWarrior: true }), [6, 6]);
    const fnp = rollStep(c);
    expect(fnp).toMatchObject({ title: 'Blue: Feel No Pain for 1 unsaved wound', passOn: 4 });
    expect(fnp.why[0]!.detail).toContain('Eternal Warrior');
    c = play(c, [3]);
    expect(woundsOf(c, 'defender')).toEqual([[2]]);
    const saved = play(fist({ eternalWarrior: true }), [6, 6], [4]);
    expect(woundsOf(saved, 'defender')).toEqual([[3]]);
  });

  it('S below 2 × T: an ordinary wound, Feel No Pain rolled', () => {
    const c = play(fist({ toughness: 5 }), [6, 6]);
    expect(kindOf(c)).toBe('fnp');
  });
});

describe('saves (RULES §2): the best of armour (unless AP ≤ Sv) and invulnerable', () => {
  const hit = (weapon: { strength?: 'user' | number; ap: number | null }, target: Parameters<typeof trooper>[0]) =>
    play(
      start(
        setupOf(
          { models: [trooper({ name: 'Sword', attacks: 1, weapon })] },
          { models: [trooper({ name: 'Guard', attacks: 0, wounds: 2, ...target })] },
        ),
      ),
      [6, 6],
    );

  it('AP equal to Sv beats it: no armour save, no roll', () => {
    const c = hit({ ap: 3 }, { save: 3 });
    expect(woundsOf(c, 'defender')).toEqual([[1]]);
    expect(c.state.log.find((l) => l.result.startsWith('no save'))!.why![0]!.detail).toBe(
      'AP 3 beats Sv 3+ (AP 3 ≤ Sv 3): no armour save',
    );
  });

  // The Sword strikes alone and every wound lands on the Guard: the save is rolled in the same
  // step, a D6 for each wound; its reasons are the Guard's side's ("(Blue)").
  const strike = (weapon: { strength?: 'user' | number; ap: number | null }, target: Parameters<typeof trooper>[0]) =>
    rollStep(
      start(
        setupOf(
          { models: [trooper({ name: 'Sword', attacks: 1, weapon })] },
          { models: [trooper({ name: 'Guard', attacks: 0, wounds: 2, ...target })] },
        ),
      ),
    );
  const save = (step: ReturnType<typeof strike>) => {
    const group = step.groups!.find((g) => g.id === 'attacker.0.save')!;
    const why = step.why
      .filter((w) => w.rule.endsWith(' (Blue)'))
      .map((w) => ({ ...w, rule: w.rule.slice(0, -' (Blue)'.length) }));
    return { ...group, why };
  };

  it('AP above Sv does not: the armour save with its arithmetic', () => {
    const step = save(strike({ ap: 4 }, { save: 3 }));
    expect(step).toMatchObject({ passOn: 3, needs: '3+', per: { group: 'attacker.0.wound', on: 'pass' } });
    expect(step.why[0]!.detail).toBe('AP 4 does not beat Sv 3+ (AP 4 > Sv 3): Sv 3+');
  });

  it('AP "–" never beats a save', () => {
    expect(save(strike({ ap: null }, { save: 2 })).passOn).toBe(2);
  });

  it('the invulnerable save when the armour is beaten or worse; the armour when better', () => {
    const beaten = save(strike({ ap: 2 }, { save: 2, invulnerable: 4 }));
    expect(beaten).toMatchObject({ passOn: 4 });
    expect(beaten.why.map((w) => w.rule).slice(0, 2)).toEqual(['Armour save', 'Invulnerable save']);
    expect(save(strike({ ap: null }, { save: 5, invulnerable: 4 })).passOn).toBe(4);
    const armour = save(strike({ ap: null }, { save: 3, invulnerable: 4 }));
    expect(armour.passOn).toBe(3);
    expect(armour.why[1]!.detail).toBe('Sv 3+ is at least as good as invulnerable 4++: one save per wound, the best');
  });

  it('a model with no save takes the wound with no roll', () => {
    const c = hit({ ap: null }, { save: null });
    expect(woundsOf(c, 'defender')).toEqual([[1]]);
  });
});

describe('Initiative steps and Unwieldy (RULES §2)', () => {
  it('a model strikes at its Initiative, at 1 with an Unwieldy weapon; higher steps first', () => {
    const setup = setupOf(
      {
        models: [
          trooper({ name: 'Fist', initiative: 5, attacks: 1, weapon: { strength: 'x2', ap: 2, unwieldy: true } }),
        ],
      },
      { models: [trooper({ name: 'Boy', initiative: 2, attacks: 1 })] },
    );
    let c = start(setup);
    expect(c.state.initiative).toBe(2);
    expect(rollStep(c).title).toBe('Initiative step 2: Blue roll to hit and to wound');
    expect(rollStep(c).groups!.map((g) => g.label)).toEqual(['Boy to hit', 'Boy to wound']);
    c = play(c, [1]);
    expect(c.state.initiative).toBe(1);
    expect(rollStep(c).title).toBe('Initiative step 1: Red roll to hit and to wound');
    expect(rollStep(c).groups![0]!.label).toBe('Fist to hit');
    expect(c.state.log.find((l) => l.title === 'Round 1 · Initiative step 1')!.result).toBe(
      'strike now: Fist with A1 (Red)',
    );
  });

  it('models at the same step strike together: one slain in that step still strikes', () => {
    const setup = setupOf(
      { models: [trooper({ name: 'Red one', attacks: 1 })] },
      { models: [trooper({ name: 'Blue one', attacks: 1 })] },
    );
    // Both roll their hits and wounds before any wound is allocated: one roll to hit, one to wound, a group of dice each.
    const c = play(start(setup), [6, 6, 6, 6]);
    expect(woundsOf(c, 'attacker')).toEqual([[0]]);
    expect(woundsOf(c, 'defender')).toEqual([[0]]);
    expect(resultOf(c).at(-1)).toBe('Both units are wiped out: a draw.');
    expect(c.state.result).toMatchObject({ winner: null, wiped: { attacker: true, defender: true } });
  });

  it('a model slain at an earlier step does not strike', () => {
    const setup = setupOf(
      { models: [trooper({ name: 'Quick', initiative: 5, attacks: 1 })] },
      { models: [trooper({ name: 'Slow', initiative: 1, attacks: 3 })] },
    );
    const c = play(start(setup), [6, 6]);
    // The round went straight to its result.
    expect(c.state.result).not.toBeNull();
    expect(c.state.log.some((l) => l.title === 'Round 1 · Initiative step 1')).toBe(false);
  });

  it('+1 Attack on the charge (round 1 only) and for two weapons', () => {
    const setup = setupOf(
      { charged: true, models: [trooper({ name: 'Boy', count: 2, attacks: 2, twoWeapons: true })] },
      { models: [trooper({ name: 'Guard', count: 10, wounds: 3, save: 2, attacks: 0 })] },
    );
    const c = start(setup);
    expect(rollStep(c).groups![0]).toMatchObject({ count: 8 });
    expect(rollStep(c).why[1]!.detail).toBe(
      '2 models × 4 attacks (A2 +1 charged +1 two weapons) with Close combat weapon (S3 AP–)',
    );
    // Round 2: no charge bonus.
    const r2 = play(c, [1, 1, 1, 1, 1, 1, 1, 1], 'next');
    expect(rollStep(r2).groups![0]).toMatchObject({ count: 6 });
  });
});

describe('To Hit and To Wound against the target unit (seed 000; SCENARIOS §2)', () => {
  it("the target's WS and T are those of the majority of its models; a tie goes to the highest", () => {
    const setup = setupOf(
      { models: [trooper({ name: 'Hitter', weaponSkill: 4, strength: 4, attacks: 1 })] },
      {
        models: [
          trooper({ name: 'Grot', count: 2, weaponSkill: 2, toughness: 2, attacks: 0 }),
          trooper({ name: 'Boss', count: 2, weaponSkill: 5, toughness: 5, attacks: 0 }),
        ],
      },
    );
    const c = start(setup);
    expect(rollStep(c).groups![0]).toMatchObject({ passOn: 4 });
    expect(rollStep(c).why[0]!.detail).toBe(
      "WS 4 vs WS 5 (Blue's majority): the target's is higher, but not more than double → 4+",
    );
    // The wound roll, a D6 for each hit, in the same step.
    expect(rollStep(c).groups![1]).toMatchObject({ passOn: 5 });
    expect(rollStep(c).why[2]!.detail).toBe("S4 vs T5 (Blue's majority): S − T = −1 → 5+");
  });

  it('more than double the WS hits on 5+; a higher WS on 3+', () => {
    const weak = start(
      setupOf(
        { models: [trooper({ name: 'Grot', weaponSkill: 2 })] },
        { models: [trooper({ name: 'Hero', weaponSkill: 5, attacks: 0 })] },
      ),
    );
    expect(rollStep(weak).groups![0]).toMatchObject({ passOn: 5, needs: '5+' });
    const strong = start(
      setupOf(
        { models: [trooper({ name: 'Hero', weaponSkill: 5 })] },
        { models: [trooper({ name: 'Grot', weaponSkill: 2, attacks: 0 })] },
      ),
    );
    expect(rollStep(strong).groups![0]).toMatchObject({ passOn: 3 });
  });

  it('S − T of −4 or worse cannot wound: nobody rolls those attacks, and the log says why', () => {
    const c = start(
      setupOf(
        { models: [trooper({ name: 'Grot', strength: 2 })] },
        { models: [trooper({ name: 'Wraithlord', toughness: 6, attacks: 0 })] },
      ),
    );
    // The round went straight to its result.
    expect(c.state.result).not.toBeNull();
    expect(c.state.log[0]).toMatchObject({ result: 'cannot wound Blue: no dice rolled' });
  });
});

describe('the wound pool and allocation (seed 000)', () => {
  it('wounds of different Strength or AP make separate pools; the attacker orders them (suggested: the order of its groups)', () => {
    const setup = setupOf(
      {
        allocateByHand: true,
        models: [
          trooper({ name: 'Marine', count: 2, strength: 4, initiative: 4, weapon: { strength: 'user', ap: null } }),
          trooper({
            name: 'Sergeant',
            strength: 4,
            initiative: 4,
            weapon: { name: 'Power sword', strength: 'user', ap: 3 },
          }),
        ],
      },
      { models: [trooper({ name: 'Guard', count: 5, save: 4, attacks: 0 })] },
    );
    // Marines and Sergeant strike at the same step: one roll to hit, one to wound, a group of dice each.
    let c = play(start(setup), [6, 6, 6, 6, 6, 6]);
    const order = chooseStep(c);
    expect(order.options.map((o) => [o.label, !!o.suggested])).toEqual([
      ['2 × S4 AP– next', true],
      ['1 × S4 AP3 next', false],
    ]);
    expect(c.state.pools.attacker.map((p) => p.key)).toEqual(['S4/AP–', 'S4/AP3']);
    // The AP3 wound first: no save for Sv 4+ (AP 3 ≤ Sv 4); then the AP– pool has no choice left to ask.
    c = play(c, 'S4/AP3');
    // The log says what follows the choice, not the choice again.
    expect(c.state.log.find((l) => l.title === 'Red: which wound pool next?')!.result).toBe(
      '1 wound of S4 AP3 allocated now; then 2 × S4 AP–',
    );
    expect(woundsOf(c, 'defender')).toEqual([[0, 1, 1, 1, 1]]);
    expect(rollStep(c)).toMatchObject({ title: 'Blue: 2 saves against S4 AP–', passOn: 4 });
  });

  it('the defender picks which model takes a wound; that model keeps taking them until it is removed', () => {
    const setup = setupOf(
      { models: [trooper({ name: 'Slugga', count: 4, attacks: 1, strength: 4 })] },
      {
        allocateByHand: true,
        models: [
          trooper({ name: 'Boy', count: 3, attacks: 0, toughness: 3 }),
          trooper({ name: 'Nob', attacks: 0, toughness: 3, wounds: 2 }),
          trooper({ name: 'Grot', attacks: 0 }),
        ],
      },
    );
    let c = play(start(setup), [6, 6, 6, 6, 6, 6, 6, 6]);
    const ask = chooseStep(c);
    expect(ask.actor).toBe('defender');
    expect(ask.options.map((o) => [o.id, o.label, !!o.suggested])).toEqual([
      ['auto', 'Allocate the 4 wounds as suggested: Boy first, then down the list', true],
      ['m0w1', 'Boy (one of 3)', false],
      ['m1w2', 'Nob (2 of 2 wounds left)', false],
      ['m2w1', 'Grot', false],
    ]);
    // The Nob: both of his wounds are taken before anyone is asked again (no save: both certain).
    c = play(c, 'm1w2');
    expect(c.state.log.find((l) => l.title === 'Blue: allocate 4 wounds (S4 AP–)')!.result).toBe(
      'Nob takes the next wound, and the rest of the pool until it is removed',
    );
    expect(woundsOf(c, 'defender')).toEqual([[1, 1, 1], [0], [1]]);
    const again = chooseStep(c);
    expect(again.title).toBe('Blue: allocate 2 wounds (S4 AP–)');
    expect(again.options.map((o) => o.id)).toEqual(['auto', 'm0w1', 'm2w1']);
    // The Grot, then only Boyz are left: one kind of model, no more questions.
    c = play(c, 'm2w1');
    expect(c.state.log.find((l) => l.title === 'Blue: allocate 2 wounds (S4 AP–)')!.result).toBe(
      'Grot takes the next wound, and the rest of the pool until it is removed',
    );
    expect(woundsOf(c, 'defender')).toEqual([[0, 1, 1], [0], [0]]);
  });

  it('a saved wound still locks the model: the next wound of the pool goes to it, nobody is asked', () => {
    const setup = setupOf(
      { models: [trooper({ name: 'Slugga', count: 3, attacks: 1, strength: 4 })] },
      {
        allocateByHand: true,
        models: [
          trooper({ name: 'Boy', count: 2, attacks: 0, toughness: 3, save: 4 }),
          trooper({ name: 'Nob', attacks: 0, toughness: 3, save: 4 }),
        ],
      },
    );
    let c = play(start(setup), [6, 6, 6, 6, 6, 6], 'm1w1');
    expect(rollStep(c)).toMatchObject({
      count: 1,
      passOn: 4,
      notes: ['A pass saves the wound; 2 wounds more wait in the pool.'],
    });
    c = play(c, [5]);
    // Saved: the Nob stands and keeps taking this pool's wounds.
    expect(lastLine(c)).toBe("1 save, 0 failed; no wounds lost; Nob keeps taking this pool's wounds");
    // The wizard says so beside the unit while it lasts.
    expect(wh40k7e.view(c.state).sides.defender.units[0]!.notes).toContain("Nob keeps taking this pool's wounds");
    expect(rollStep(c)).toMatchObject({ count: 1 });
    // One wound at a time: no Fast Dice to explain, only where it goes.
    expect(rollStep(c).why.at(-1)).toEqual({
      rule: 'Wound pool',
      detail: 'this wound goes to Nob (already has a wound of this pool allocated)',
    });
    c = play(c, [1]);
    expect(woundsOf(c, 'defender')).toEqual([[1, 1], [0]]);
    expect(wh40k7e.view(c.state).sides.defender.units[0]!.notes!.filter((n) => n.includes('keeps taking'))).toEqual([]);
    // The Nob is gone: the last wound is the defender's to place again, on the Boyz (one kind left: no question).
    expect(rollStep(c)).toMatchObject({ title: 'Blue: 1 save against S4 AP–' });
    expect(rollStep(c).why.at(-1)).toEqual({
      rule: 'Wound pool',
      detail: "this wound goes to Boy (the next in the unit's order)",
    });
  });

  it('with one kind of model left there is nothing to choose: no step is asked', () => {
    const setup = setupOf(
      { models: [trooper({ name: 'Slugga', count: 3, attacks: 1, strength: 4 })] },
      { models: [trooper({ name: 'Boy', count: 5, attacks: 0, toughness: 3, save: 6 })] },
    );
    const c = start(setup);
    // Fast dice: every wound the Sluggas can make lands on identical one-wound Boyz, so their
    // saves are rolled in the same step as the attacks, a D6 for each wound.
    expect(rollStep(c).title).toBe('Initiative step 3: Red roll to hit and to wound, Blue save');
    expect(rollStep(c).groups!.at(-1)).toMatchObject({
      id: 'attacker.0.save',
      count: 3,
      passOn: 6,
      note: 'a D6 for each wound',
    });
    expect(rollStep(c).why.at(-1)!.detail).toContain('lands on Boy of Blue, next in line');
    const after = play(c, [6, 6, 6, 6, 6, 6, 1, 6, 1]);
    expect(woundsOf(after, 'defender')).toEqual([[0, 0, 1, 1, 1]]);
    expect(after.state.log.some((l) => l.stepId.startsWith('allocate.') || l.stepId.startsWith('save.'))).toBe(false);
  });

  it('saves are rolled together only for wounds that certainly land on one group', () => {
    const setup = setupOf(
      { models: [trooper({ name: 'Slugga', count: 5, attacks: 1, strength: 4 })] },
      {
        models: [
          trooper({ name: 'Boy', count: 2, attacks: 0, toughness: 3, save: 5 }),
          trooper({ name: 'Nob', count: 3, attacks: 0, toughness: 3, save: 4 }),
        ],
      },
    );
    // Not allocating by hand: the order of the list, nobody asked.
    let c = play(start(setup), [6, 6, 6, 6, 6, 6, 6, 6, 6, 6]);
    // Two Boyz can take at most two wounds: two saves at 5+, then the Nobz' three at 4+.
    expect(rollStep(c)).toMatchObject({ count: 2, passOn: 5 });
    c = play(c, [1, 1]);
    expect(rollStep(c)).toMatchObject({ count: 3, passOn: 4 });
  });

  it('wounds left in a pool when the unit is gone are lost', () => {
    const setup = setupOf(
      { models: [trooper({ name: 'Slugga', count: 4, attacks: 1, strength: 4 })] },
      { models: [trooper({ name: 'Boy', count: 2, attacks: 0, toughness: 3 })] },
    );
    const c = play(start(setup), [6, 6, 6, 6, 6, 6, 6, 6]);
    expect(woundsOf(c, 'defender')).toEqual([[0, 0]]);
    expect(results(c)).toContain('2 wounds left in the pool are lost: no model of Blue is left');
    expect(c.state.result!.caused.attacker).toBe(2);
  });

  it('Feel No Pain: one roll per unsaved wound', () => {
    const setup = setupOf(
      { models: [trooper({ name: 'Slugga', count: 3, attacks: 1, strength: 4 })] },
      { models: [trooper({ name: 'Plague Marine', count: 3, attacks: 0, toughness: 4, save: 3, feelNoPain: 5 })] },
    );
    let c = start(setup);
    c = play(c, [6, 6, 6, 6, 6, 6]);
    // Feel No Pain is rolled for each unsaved wound in the roll of the saves: a D6 for each failed save.
    const saves = rollStep(c);
    expect(saves.title).toBe('Blue: 3 saves against S4 AP–, then Feel No Pain');
    expect(saves.groups).toMatchObject([
      { id: 'save', count: 3, passOn: 3 },
      { id: 'fnp', count: 3, passOn: 5, per: { group: 'save', on: 'fail' }, note: 'a D6 for each failed save' },
    ]);
    c = play(c, [1, 1, 4, 5, 2]);
    expect(c.state.log.find((l) => l.stepId.startsWith('save.'))!.result).toMatch(
      /^1 save, 2 failed; Feel No Pain: 1 wound ignored, 1 lost/,
    );
    expect(woundsOf(c, 'defender')).toEqual([[0, 1, 1]]);
  });
});

describe('combat result (RULES §2; SCENARIOS §2)', () => {
  it('more wounds wins, with each line of arithmetic', () => {
    const setup = setupOf(
      { models: [trooper({ name: 'Red one', count: 3, initiative: 4 })] },
      { models: [trooper({ name: 'Blue one', count: 3 })] },
    );
    const c = play(start(setup), [6, 6, 1, 6, 6], [1]);
    expect(resultOf(c)).toEqual([
      'Red caused 2 wounds: Blue had 3, now 1 (3 − 1 = 2; Blue one: 2 slain).',
      'Blue caused 0 wounds: Red had 3, now 3 (3 − 3 = 0; no losses).',
      'Red win by 2 (2 − 0 = 2).',
    ]);
  });

  it('a unit wiped out loses, whatever the wounds', () => {
    const setup = setupOf(
      { models: [trooper({ name: 'Red one', count: 1, initiative: 3 })] },
      { models: [trooper({ name: 'Blue one', count: 3, attacks: 1 })] },
    );
    // Red kills one, Blue kills Red's only model: 1 wound each, but Red is gone.
    // Both strike at I3: one roll to hit (Red's die, then Blue's three), one to wound.
    const c = play(start(setup), [6, 6, 1, 1, 6, 6]);
    expect(c.state.result).toMatchObject({ caused: { attacker: 1, defender: 1 }, winner: 'defender' });
    expect(resultOf(c).at(-1)).toBe('Red are wiped out: Blue win.');
    const end = c;
    expect(outcomeStep(end).final).toBe(true);
    expect(outcomeStep(end).lines.slice(0, 2)).toEqual(['Red: wiped out.', 'Blue: won the combat: 2 × Blue one left.']);
  });

  it('a draw: no Morale check, the next round (or a pause: fought on next turn)', () => {
    const setup = setupOf(
      { models: [trooper({ name: 'Red one', count: 2 })] },
      { models: [trooper({ name: 'Blue one', count: 2 })] },
    );
    const c = play(start(setup), [6, 1, 6, 1, 6, 6]);
    const next = chooseStep(c);
    expect(next.options.map((o) => [o.id, !!o.suggested])).toEqual([
      ['next', true],
      ['pause', false],
    ]);
    expect(next.options[1]!.pause).toBe('paused after round 1 — round 2 next turn');
    const r2 = play(c, 'next');
    expect(r2.state.round).toBe(2);
    // The state is kept: one model each, fresh counts for round 2.
    expect(woundsOf(r2, 'attacker')).toEqual([[0, 1]]);
    expect(r2.state.roundStart).toBe(r2.state.wounds);
    // A pause is the host's: the rules take no such answer, and the combat stays at the round's end.
    const paused = advance(wh40k7e, c, { kind: 'choose', stepId: next.id, option: 'pause' });
    expect(paused.ok).toBe(false);
    expect(!paused.ok && paused.error.message).toMatch(/pauses the combat here/);
  });
});

describe('Morale (RULES §2)', () => {
  // Red kills 3 of 5 Blue with no losses: Blue lose by 3.
  const lost = (blue: Record<string, unknown> = {}, red: Record<string, unknown> = {}) =>
    play(
      start(
        setupOf(
          { ...red, models: [trooper({ name: 'Red one', count: 3, initiative: 4, leadership: 8 })] },
          { ...blue, models: [trooper({ name: 'Blue one', count: 5, leadership: 8 })] },
        ),
      ),
      [6, 6, 6, 6, 6, 6],
      [1, 1],
    );

  it('the loser passes on 2D6 ≤ Ld − difference', () => {
    const c = lost();
    expect(rollStep(c)).toMatchObject({
      title: 'Blue: Morale check',
      actor: 'defender',
      count: 2,
      needs: '2D6 ≤ 5 (a double 1 always passes)',
    });
    expect(kindOf(play(c, [2, 3]))).toBe('round');
    expect(kindOf(play(c, [3, 3]))).toBe('sweep');
  });

  it('a double 1 always passes', () => {
    const c = play(
      start(
        setupOf(
          { models: [trooper({ name: 'Red one', count: 8, initiative: 4 })] },
          { models: [trooper({ name: 'Blue one', count: 9, leadership: 7 })] },
        ),
      ),
      [6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6],
      [1],
    );
    // Lost by 8: Ld 7 − 8 = −1, only the double 1 passes.
    expect(rollStep(c).needs).toBe('2D6 ≤ -1 (a double 1 always passes)');
    const passed = play(c, [1, 1]);
    expect(kindOf(passed)).toBe('round');
    expect(lastLine(passed)).toBe('2 against -1: a double 1 always passes — Blue fight on');
  });

  it('Fearless passes with no roll', () => {
    const c = lost({ fearless: true });
    expect(kindOf(c)).toBe('round');
    expect(c.state.log.at(-1)).toMatchObject({ result: 'Blue pass automatically and fight on' });
    expect(c.state.log.at(-1)!.why![0]!.rule).toBe('Fearless');
  });

  it('Stubborn ignores the difference', () => {
    const c = lost({ stubborn: true });
    expect(rollStep(c).needs).toBe('2D6 ≤ 8 (a double 1 always passes)');
    expect(rollStep(c).why[0]!.rule).toBe('Stubborn');
  });

  it('no roll when no 2D6 can fail', () => {
    const c = play(
      start(
        setupOf(
          { models: [trooper({ name: 'Red one', initiative: 4 })] },
          { models: [trooper({ name: 'Blue one', count: 2, leadership: 10, attacks: 0 })] },
        ),
      ),
      [6, 6],
    );
    // Lost by 1 against Ld 10: 2D6 ≤ 9 fails on 10+; still a roll.
    expect(kindOf(c)).toBe('morale');
  });
});

describe('Sweeping Advance (RULES §2)', () => {
  const broken = (blue: Record<string, unknown> = {}, blueI = 3) =>
    play(
      start(
        setupOf(
          { models: [trooper({ name: 'Red one', count: 3, initiative: 4 })] },
          { ...blue, models: [trooper({ name: 'Blue one', count: 5, initiative: blueI })] },
        ),
      ),
      [6, 6, 6, 6, 6, 6],
      [1, 1],
      [6, 6],
    );

  it('each side rolls D6 + its lowest Initiative, both at once (a roll-off); a tie catches the loser, who is destroyed', () => {
    const c = broken();
    expect(rollStep(c)).toMatchObject({
      title: 'Sweeping Advance: Red roll off against Blue',
      actor: 'attacker',
      count: 2,
      needs: "Red catch Blue if their D6 + I4 is equal to or more than Blue's D6 + I3",
    });
    expect(rollStep(c).groups!.map((g) => [g.label, g.needs])).toEqual([
      ['Red', "D6 + I4: equal to or more than Blue's total catches them"],
      ['Blue', "D6 + I3: more than Red's total escapes"],
    ]);
    const tie = play(c, [2, 3]);
    expect(tie.state.fate.defender).toBe('swept');
    expect(tie.state.log.find((l) => l.stepId.startsWith('sweep.'))!.result).toBe(
      'Red 2 + I4 = 6, Blue 3 + I3 = 6: caught',
    );
    expect(outcomeStep(tie).lines[1]).toBe(
      'Blue: lost, failed its Morale check and was destroyed by the Sweeping Advance.',
    );
    const escape = play(c, [2, 4]);
    expect(escape.state.fate.defender).toBe('fellBack');
    expect(outcomeStep(escape).lines).toContain(
      'Blue fall back toward their table edge; Red consolidate D6" (reminders: move them at the table).',
    );
  });

  it('And They Shall Know No Fear: caught, but not destroyed — still locked in combat', () => {
    const c = play(broken({ atsknf: true }), [6, 1]);
    expect(c.state.fate.defender).toBe('heldByATSKNF');
    expect(chooseStep(c).id.startsWith('round.')).toBe(true);
    expect(lastLine(c)).toBe(
      'Blue are caught, but And They Shall Know No Fear: they are not destroyed and stay locked in combat',
    );
  });

  it('no dice when the Initiatives decide it', () => {
    const setup = setupOf(
      { models: [trooper({ name: 'Red one', count: 3, initiative: 9 })] },
      { models: [trooper({ name: 'Blue one', count: 5, initiative: 3 })] },
    );
    const decided = play(start(setup), [6, 6, 6, 6, 6, 6], [1, 1], [6, 6]);
    expect(decided.state.fate.defender).toBe('swept');
    expect(decided.state.log.some((l) => l.stepId.startsWith('sweep.'))).toBe(false);
  });
});
