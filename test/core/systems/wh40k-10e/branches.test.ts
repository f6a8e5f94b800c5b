import { describe, expect, it } from 'vitest';
import { situationOf } from '../../../../core/systems/wh40k-10e/situationOf';
import {
  chooseStep,
  finalLines,
  play,
  repeat,
  rollStep,
  setupOf,
  start,
  weapon,
  wounds,
  type WCombat,
} from './helpers';

/** Engine branches not covered elsewhere: a wiped target, the 200-dice split, 7+ saves, declined Precision, fishing for Critical Wounds. */

const titles = (c: WCombat) => c.state.log.map((l) => l.title);
const logOf = (c: WCombat, title: string) => c.state.log.filter((l) => l.title === title);

describe('the target unit is destroyed (seed 001: attacks against a destroyed unit are lost)', () => {
  const one = { name: 'Lone', models: [{ count: 1, toughness: 4, save: 7, wounds: 1 }] };

  it('a second weapon profile gets no step once the first one has destroyed the unit', () => {
    const setup = setupOf({
      weapons: [weapon({ name: 'First' }), weapon({ name: 'Second', attacks: 5 })],
      defender: one,
    });
    const c = play(start(setup), [4], [4]); // Sv 7: no save possible, the model is destroyed
    expect(titles(c)).not.toContain('Second: hit roll');
    expect(titles(c)).not.toContain('Second: attacks');
    expect(c.state.log.at(-1)).toMatchObject({
      title: 'Target destroyed',
      actor: 'defender',
      result: 'Lone is destroyed: the remaining attacks are lost',
    });
    expect(c.state).toMatchObject({
      run: null,
      nextWeapons: [],
      devastatingPending: [],
      mortalWoundsPending: 0,
      resolving: null,
    });
    expect(finalLines(c)).toEqual(['Lone: 1 model destroyed of 1', 'Wounds lost: 1', 'Lone is destroyed.']);
  });

  it('what comes after the attacks still happens: Deadly Demise of the destroyed model is rolled', () => {
    const demise = { name: 'Lone', models: [{ count: 1, toughness: 4, save: 7, wounds: 1, deadlyDemise: '1' }] };
    let c = play(
      start(setupOf({ weapons: [weapon({ name: 'First' }), weapon({ name: 'Second' })], defender: demise })),
      [4],
      [4],
    );
    expect(c.state.log.at(-1)!.title).toBe('Target destroyed');
    expect(rollStep(c)).toMatchObject({ title: 'Deadly Demise', count: 1 });
    c = play(c, [6]);
    expect(finalLines(c).at(-1)).toMatch(/^Lone: Deadly Demise 1 — rolled a 6/);
  });

  it('the rest of the same profile is lost too: no damage roll for the attacks after the unit falls', () => {
    // D3 damage: one attack at a time; the first attack destroys the only model, the other two are lost
    const setup = setupOf({
      weapons: [weapon({ attacks: 3, damage: 'D3' })],
      defender: { name: 'Lone', models: [{ count: 1, toughness: 4, save: 7, wounds: 2 }] },
    });
    let c = play(start(setup), [4, 4, 4], [4, 4, 4]);
    // the three (impossible) saves fail together; their random damage is then applied one attack at a time
    expect(situationOf(c.state).current).toMatchObject({ savesToMake: 0, damageToApply: 3 });
    expect(rollStep(c)).toMatchObject({ title: 'Gun: damage', count: 1, sides: 3 });
    c = play(c, [3]);
    expect(logOf(c, 'Gun: damage')).toHaveLength(1);
    expect(c.state.log.at(-1)!.title).toBe('Target destroyed');
    expect(finalLines(c).slice(0, 2)).toEqual(['Lone: 1 model destroyed of 1', 'Wounds lost: 2']);
  });

  it('pending Devastating Wounds and other mortal wounds are lost when normal damage destroys the unit', () => {
    const dev = weapon({ attacks: 2, abilities: { devastatingWounds: true } });
    const c0 = start(setupOf({ weapons: [dev], attacker: { mortalWounds: 3 }, defender: one }));
    expect(c0.state.mortalWoundsPending).toBe(3);
    const c = play(c0, [4, 4], [6, 4]); // one Critical Wound (pending) and one normal wound; Sv 7 fails
    expect(titles(c)).toContain('No save possible');
    expect(c.state.log.at(-1)).toMatchObject({ title: 'Target destroyed' });
    expect(c.state).toMatchObject({ devastatingPending: [], mortalWoundsPending: 0 });
    expect(finalLines(c).slice(0, 2)).toEqual(['Lone: 1 model destroyed of 1', 'Wounds lost: 1']);
  });
});

describe('rolls over 200 dice are split into steps of at most 200 (step protocol limit, seed 001 fast dice rolling)', () => {
  it('300 attacks: a hit roll of 200 dice, then one of 100; the hits of both add up', () => {
    const defender = { models: [{ count: 20, toughness: 4, save: 7, wounds: 1 }] };
    let c = start(setupOf({ weapons: [weapon({ attacks: 3, models: 100 })], defender }));
    expect(rollStep(c)).toMatchObject({ title: 'Gun: hit roll', count: 200 });
    c = play(c, [...repeat(4, 150), ...repeat(1, 50)]);
    expect(c.state.log.at(-1)!.result).toBe('150 hits (0 critical)');
    expect(situationOf(c.state).current).toMatchObject({ hitsToRoll: 100, woundsToRoll: 150 });
    expect(rollStep(c)).toMatchObject({ title: 'Gun: hit roll', count: 100 });
    c = play(c, [...repeat(6, 10), ...repeat(4, 50), ...repeat(1, 40)]);
    expect(situationOf(c.state).current).toMatchObject({ hitsToRoll: 0, woundsToRoll: 210 });
    // 210 wound rolls: again 200, then 10
    expect(rollStep(c)).toMatchObject({ title: 'Gun: wound roll', count: 200 });
    c = play(c, [...repeat(4, 5), ...repeat(1, 195)]);
    expect(rollStep(c)).toMatchObject({ title: 'Gun: wound roll', count: 10 });
    c = play(c, [4, ...repeat(1, 9)]);
    // 6 wounds, Sv 7: no save possible, six models destroyed
    expect(logOf(c, 'Gun: hit roll').map((l) => l.dice!.length)).toEqual([200, 100]);
    expect(logOf(c, 'Gun: wound roll').map((l) => l.dice!.length)).toEqual([200, 10]);
    expect(finalLines(c).slice(0, 2)).toEqual(['Targets: 6 models destroyed of 20', 'Wounds lost: 6']);
  });

  it('random attacks: 3D6 for 100 models is rolled 66 models (198 dice) at a time, then the other 34', () => {
    let c = start(setupOf({ weapons: [weapon({ attacks: '3D6', models: 100 })] }));
    expect(rollStep(c)).toMatchObject({ title: 'Gun: roll attacks', count: 198, needs: '3D6 per model (66 models)' });
    c = play(c, repeat(1, 198));
    expect(situationOf(c.state).current).toMatchObject({ hitsToRoll: 66 * 3 });
    expect(rollStep(c)).toMatchObject({ title: 'Gun: roll attacks', count: 102, needs: '3D6 per model (34 models)' });
    c = play(c, repeat(2, 102));
    expect(situationOf(c.state).current).toMatchObject({ hitsToRoll: 66 * 3 + 34 * 6 });
    expect(rollStep(c)).toMatchObject({ title: 'Gun: hit roll', count: 200 });
  });
});

describe('a save worsened to 7+ cannot be passed (seed 001, RULES §1: AP has no cap)', () => {
  it('fast dice rolling: no save roll is asked, the log says no save is possible, every wound is applied', () => {
    let c = start(setupOf({ weapons: [weapon({ attacks: 3, ap: -4 })] })); // Sv 3+, AP -4 → 7+
    c = play(c, [4, 4, 4], [4, 4, 1]);
    expect(logOf(c, 'Gun: saving throws')).toHaveLength(0);
    expect(logOf(c, 'No save possible')).toEqual([
      expect.objectContaining({ actor: 'defender', result: '2 failed saves of 2: 2 wounds lost, 2 models destroyed' }),
    ]);
    expect(wounds(c)).toEqual([0, 0, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(finalLines(c).slice(0, 2)).toEqual(['Targets: 2 models destroyed of 10', 'Wounds lost: 2']);
  });

  it('fast dice rolling with Feel No Pain: the saves fail without a roll, then the Feel No Pain dice are asked', () => {
    let c = start(
      setupOf({
        weapons: [weapon({ attacks: 2, ap: -5, damage: 2 })],
        defender: { models: [{ count: 3, toughness: 4, save: 2, wounds: 2, feelNoPain: 5 }] },
      }),
    );
    c = play(c, [4, 4], [4, 4]);
    expect(logOf(c, 'No save possible')).toHaveLength(1);
    expect(rollStep(c)).toMatchObject({ title: 'Targets: Feel No Pain', count: 4, passOn: 5 });
    // first attack: 5 ignores a wound, 1 loses one (2 → 1); the second goes to that wounded model: 1 destroys it, the excess is lost
    c = play(c, [5, 1, 1, 1]);
    expect(wounds(c)).toEqual([0, 2, 2]);
    expect(c.state.log.at(-1)!.result).toBe('1 ignored by Feel No Pain; 2 wounds lost, 1 model destroyed');
  });

  it('one attack at a time (random damage): no saving throw step, straight to the damage roll', () => {
    const defender = { models: [{ count: 2, toughness: 4, save: 3, wounds: 3 }] };
    let c = start(setupOf({ weapons: [weapon({ attacks: 2, ap: -4, damage: 'D3' })], defender }));
    c = play(c, [4, 4], [4, 4]);
    expect(rollStep(c)).toMatchObject({ title: 'Gun: damage', count: 1 });
    expect(situationOf(c.state).current).toMatchObject({ savesToMake: 0, damageToApply: 2 });
    c = play(c, [2], [3]);
    expect(titles(c).filter((t) => t.endsWith('saving throw'))).toEqual([]);
    expect(wounds(c)).toEqual([0, 3]); // 2 then 3 to the same model: the excess 2 is lost
    expect(finalLines(c).slice(0, 2)).toEqual(['Targets: 1 model destroyed of 2', 'Wounds lost: 3']);
  });

  it('with an invulnerable save: the 7+ armour save is not offered, the invulnerable one is rolled', () => {
    const defender = { models: [{ count: 1, toughness: 4, save: 3, invulnerable: 5, wounds: 3 }] };
    const c = play(start(setupOf({ weapons: [weapon({ ap: -4, damage: 'D3' })], defender })), [4], [4]);
    expect(rollStep(c)).toMatchObject({ title: 'Gun: saving throws', passOn: 5 });
    const mixed = {
      models: [...defender.models, { name: 'Sergeant', count: 1, toughness: 4, save: 2, invulnerable: 4, wounds: 3 }],
    };
    const single = play(
      start(setupOf({ weapons: [weapon({ ap: -4, damage: 'D3' })], defender: mixed })),
      [4],
      [4],
      'm0',
    );
    expect(rollStep(single)).toMatchObject({ title: 'Targets: saving throw', passOn: 5 });
  });
});

describe('Precision declined (RULES §1 Precision: the attacker may, not must, pick the CHARACTER)', () => {
  const defender = {
    name: 'Squad',
    models: [
      { name: 'Sergeant', count: 1, toughness: 4, save: 3, wounds: 2 },
      { name: 'Trooper', count: 2, toughness: 4, save: 3, wounds: 1 },
      { name: 'Captain', count: 1, toughness: 4, save: 3, wounds: 5, character: true },
    ],
  };

  it("'Let the defender allocate': the defender then picks among the non-CHARACTER models", () => {
    let c = start(setupOf({ weapons: [weapon({ damage: 2, abilities: { precision: true } })], defender }));
    c = play(c, [4], [4]);
    const precision = chooseStep(c);
    expect(precision).toMatchObject({ title: 'Allocate the attack (Gun)', actor: 'attacker' });
    expect(precision.options.map((o) => [o.id, o.suggested])).toEqual([
      ['m3', false],
      ['defender', true],
    ]);
    c = play(c, 'defender');
    expect(c.state.log.at(-1)).toMatchObject({ actor: 'attacker', result: 'the defender allocates' });
    const step = chooseStep(c);
    expect(step).toMatchObject({ title: 'Allocate the attack (Gun)', actor: 'defender' });
    expect(step.options.map((o) => o.id)).toEqual(['m0', 'm1']);
    c = play(c, 'm1', [1]);
    expect(wounds(c)).toEqual([2, 0, 1, 5]);
    expect(finalLines(c)).toContain('1 × Captain unharmed');
  });

  it('declining is per attack: the next Precision attack asks the attacker again', () => {
    let c = start(setupOf({ weapons: [weapon({ attacks: 2, abilities: { precision: true } })], defender }));
    c = play(c, [4, 4], [4, 4], 'defender', 'm0', [1]);
    expect(wounds(c)).toEqual([1, 1, 1, 5]);
    expect(chooseStep(c)).toMatchObject({ actor: 'attacker' });
    c = play(c, 'm3', [1]);
    expect(wounds(c)).toEqual([1, 1, 1, 4]);
  });

  it('declined with only the CHARACTER and one must-take model: the allocation is then automatic', () => {
    const pair = {
      models: [
        { name: 'Guard', count: 1, toughness: 4, save: 3, wounds: 1 },
        { name: 'Captain', count: 1, toughness: 4, save: 3, wounds: 5, character: true },
      ],
    };
    let c = start(setupOf({ weapons: [weapon({ abilities: { precision: true } })], defender: pair }));
    c = play(c, [4], [4], 'defender');
    expect(rollStep(c)).toMatchObject({ title: 'Guard: saving throw' });
    c = play(c, [2]);
    expect(wounds(c)).toEqual([0, 5]);
  });
});

describe("'all' wound re-rolls with Devastating Wounds: fishing for Critical Wounds (RULES §1 re-rolls, Devastating Wounds)", () => {
  const dev = () =>
    start(setupOf({ weapons: [weapon({ attacks: 4, woundReroll: 'all', abilities: { devastatingWounds: true } })] }));

  it('the choice is offered after the wound roll; the Critical Wound already scored is kept', () => {
    const c = play(dev(), [4, 4, 4, 4], [6, 4, 2, 1]);
    const step = chooseStep(c);
    expect(step).toMatchObject({ title: 'Gun: wound re-roll', actor: 'attacker' });
    expect(step.options.map((o) => [o.id, o.suggested])).toEqual([
      ['failed', true],
      ['fish', undefined],
    ]);
    expect(c.state.log.at(-1)!.result).toBe(
      '2 wounds (1 critical), 2 to re-roll; 1 Devastating Wounds: mortal wounds after all normal damage',
    );
    expect(c.state.devastatingPending).toEqual([{ weapon: 0, count: 1 }]);
    expect(situationOf(c.state).current).toMatchObject({
      woundRerollsPending: 2,
      savesToMake: 1,
      rerollChoice: { stage: 'wound', successes: 1 },
    });
  });

  it("'fish': the failed dice and the non-critical success are re-rolled together; a 6 adds Devastating Wounds", () => {
    let c = play(dev(), [4, 4, 4, 4], [6, 4, 2, 1], 'fish');
    expect(c.state.log.at(-1)!.result).toBe('also re-rolling 1 non-critical success');
    expect(rollStep(c)).toMatchObject({ title: 'Gun: wound re-roll', count: 3, criticalOn: 6 });
    expect(situationOf(c.state).current).toMatchObject({ savesToMake: 0, woundRerollsPending: 3 });
    c = play(c, [6, 4, 1]);
    expect(c.state.log.at(-1)!.result).toBe(
      '2 wounds (1 critical); 1 Devastating Wounds: mortal wounds after all normal damage',
    );
    expect(c.state.devastatingPending).toEqual([{ weapon: 0, count: 2 }]);
    expect(rollStep(c)).toMatchObject({ title: 'Gun: saving throws', count: 1 });
    c = play(c, [1]);
    expect(finalLines(c).slice(0, 2)).toEqual(['Targets: 3 models destroyed of 10', 'Wounds lost: 3']);
  });

  it("'fish' can cost the success: a re-rolled success that fails is gone", () => {
    const c = play(dev(), [4, 4, 4, 4], [6, 4, 2, 1], 'fish', [1, 1, 1]);
    expect(logOf(c, 'Gun: saving throws')).toHaveLength(0);
    expect(finalLines(c).slice(0, 2)).toEqual(['Targets: 1 model destroyed of 10', 'Wounds lost: 1']); // the first Critical Wound only
  });

  it("'failed': only the two failed dice are re-rolled, the success keeps its save", () => {
    let c = play(dev(), [4, 4, 4, 4], [6, 4, 2, 1], 'failed');
    expect(rollStep(c)).toMatchObject({ title: 'Gun: wound re-roll', count: 2 });
    c = play(c, [1, 1]);
    expect(rollStep(c)).toMatchObject({ title: 'Gun: saving throws', count: 1 });
  });

  it('no choice without Devastating Wounds, nor when there is no non-critical success', () => {
    const plain = play(
      start(setupOf({ weapons: [weapon({ attacks: 4, woundReroll: 'all' })] })),
      [4, 4, 4, 4],
      [6, 4, 2, 1],
    );
    expect(rollStep(plain)).toMatchObject({ title: 'Gun: wound re-roll', count: 2 });
    const noSuccess = play(dev(), [4, 4, 4, 4], [6, 3, 2, 1]);
    expect(rollStep(noSuccess)).toMatchObject({ title: 'Gun: wound re-roll', count: 3 });
  });
});
