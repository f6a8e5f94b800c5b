import { describe, expect, it } from 'vitest';
import { advance } from '../../../../core/combat';
import { wh40k10e } from '../../../../core/systems/wh40k-10e';
import { situationOf } from '../../../../core/systems/wh40k-10e/situationOf';
import { chooseStep, finalLines, inputFor, play, rollStep, setupOf, start, weapon, wounds } from './helpers';

const models = (n: number, w: number, extra: Record<string, unknown> = {}) => ({
  models: [{ count: n, toughness: 4, save: 3, wounds: w, ...extra }],
});

describe('damage and allocation (seed 001)', () => {
  const d3 = () =>
    start(setupOf({ weapons: [weapon({ attacks: 3, damage: 'D3' })], defender: models(3, 2, { save: 7 }) }));

  it('random damage one attack at a time: D3 rolls 1, 2, 3 against 2-wound models destroy two', () => {
    let c = play(d3(), [4, 4, 4], [4, 4, 4]);
    expect(rollStep(c)).toMatchObject({ title: 'Gun: damage', count: 1, sides: 3 });
    c = play(c, [1], [2], [3]);
    expect(wounds(c)).toEqual([0, 0, 2]);
  });

  it('…and 3, 2, 1 destroy two and leave a third on one wound (seed 001 example)', () => {
    const c = play(d3(), [4, 4, 4], [4, 4, 4], [3], [2], [1]);
    expect(wounds(c)).toEqual([0, 0, 1]);
    expect(finalLines(c)).toEqual(['Targets: 2 models destroyed of 3', 'Wounds lost: 5', 'Targets 3: 1/2 wounds left']);
  });

  it('ordinary mortal wounds spill over to the next model', () => {
    const c = play(start(setupOf({ weapons: [weapon()], attacker: { mortalWounds: 3 }, defender: models(3, 2) })), [1]);
    expect(wounds(c)).toEqual([0, 1, 2]);
  });

  it('Feel No Pain applies to mortal wounds: one D6 per wound, rolled together against identical models (fast dice rolling)', () => {
    let c = start(
      setupOf({ weapons: [weapon()], attacker: { mortalWounds: 3 }, defender: models(3, 2, { feelNoPain: 5 }) }),
    );
    c = play(c, [1]);
    expect(rollStep(c)).toMatchObject({ title: 'Targets: Feel No Pain against mortal wounds', count: 3, passOn: 5 });
    c = play(c, [5, 1, 1]);
    expect(wounds(c)).toEqual([0, 2, 2]);
  });

  it('Feel No Pain against mortal wounds of a mixed unit: one wound at a time, the defender allocating', () => {
    const defender = {
      models: [
        { count: 1, toughness: 4, save: 3, wounds: 2, feelNoPain: 5 },
        { name: 'Sergeant', count: 1, toughness: 4, save: 3, wounds: 3, feelNoPain: 5 },
      ],
    };
    let c = start(setupOf({ weapons: [weapon()], attacker: { mortalWounds: 2 }, defender }));
    c = play(c, [1]);
    expect(chooseStep(c)).toMatchObject({ title: 'Allocate the mortal wound' });
    c = play(c, 'm0');
    expect(rollStep(c)).toMatchObject({ title: 'Targets: Feel No Pain', count: 1, passOn: 5 });
    c = play(c, [1], [2]);
    expect(wounds(c)).toEqual([0, 3]);
  });

  it('a model group left unnamed in a form (empty name) is called by its unit, in the Feel No Pain step too', () => {
    let c = start(
      setupOf({
        weapons: [weapon({ damage: 3 })],
        defender: { models: [{ name: '', count: 2, toughness: 4, save: 3, wounds: 2, feelNoPain: 6 }] },
      }),
    );
    c = play(c, [4], [4], [1]);
    expect(rollStep(c).title).toBe('Targets: Feel No Pain');
  });

  it('Feel No Pain against an attack: a D6 per point of damage, the excess after destruction is lost', () => {
    let c = start(setupOf({ weapons: [weapon({ damage: 3 })], defender: models(2, 2, { feelNoPain: 6 }) }));
    c = play(c, [4], [4], [1]);
    expect(rollStep(c)).toMatchObject({ title: 'Targets: Feel No Pain', count: 3 });
    c = play(c, [6, 2, 2]);
    expect(wounds(c)).toEqual([0, 2]);
  });

  it('re-rolls happen before modifiers: re-roll ones only re-rolls unmodified 1s even at -1 to hit', () => {
    const w = (hitReroll: 'ones' | 'failed') => weapon({ attacks: 4, hitModifier: -1, hitReroll });
    let c = start(setupOf({ weapons: [w('ones')] }));
    expect(rollStep(c).passOn).toBe(4);
    c = play(c, [1, 2, 3, 5]);
    expect(rollStep(c)).toMatchObject({ title: 'Gun: hit re-roll', count: 1 });
    c = play(c, [4]);
    expect(rollStep(c)).toMatchObject({ title: 'Gun: wound roll', count: 2 });
    const failed = play(start(setupOf({ weapons: [w('failed')] })), [1, 2, 3, 5]);
    expect(rollStep(failed).count).toBe(3);
  });

  it("'all' re-rolls: the attacker may also re-roll non-critical successes when criticals matter", () => {
    let c = start(setupOf({ weapons: [weapon({ attacks: 3, hitReroll: 'all', abilities: { lethalHits: true } })] }));
    c = play(c, [1, 4, 6]);
    const step = chooseStep(c);
    expect(step.options.map((o) => [o.id, o.suggested])).toEqual([
      ['failed', true],
      ['fish', undefined],
    ]);
    expect(situationOf(c.state).current).toMatchObject({
      hitRerollsPending: 1,
      woundsToRoll: 1,
      savesToMake: 1,
      rerollChoice: { stage: 'hit', successes: 1 },
    });
    c = play(c, 'fish');
    expect(rollStep(c)).toMatchObject({ title: 'Gun: hit re-roll', count: 2 });
    // without Lethal/Sustained a success can only get worse: just the failed dice
    const plain = play(start(setupOf({ weapons: [weapon({ attacks: 3, hitReroll: 'all' })] })), [1, 4, 6]);
    expect(rollStep(plain)).toMatchObject({ title: 'Gun: hit re-roll', count: 1 });
  });

  it('modifiers are capped at ±1: +2 to hit acts as +1, -3 to wound acts as -1', () => {
    let c = start(setupOf({ weapons: [weapon({ hitModifier: 2, woundModifier: -3 })], attacker: { ranged: true } }));
    expect(rollStep(c).passOn).toBe(2);
    expect(rollStep(c).why[0]!.detail).toContain('capped at ±1 → +1');
    c = play(c, [2]);
    expect(rollStep(c).passOn).toBe(5);
  });

  it('a partly wounded model carries over to the next weapon profile and must take its attacks', () => {
    const setup = setupOf({
      weapons: [weapon({ name: 'A' }), weapon({ name: 'B', damage: 'D3' })],
      defender: models(3, 3),
    });
    let c = play(start(setup), [4], [4], [1]);
    expect(wounds(c)).toEqual([2, 3, 3]);
    c = play(c, [4], [4], [1], [2]);
    expect(wounds(c)).toEqual([0, 3, 3]);
  });

  it('fast dice rolling with a wounded model: the batch goes to it first, excess lost, as one at a time would', () => {
    const setup = setupOf({
      weapons: [weapon({ name: 'A' }), weapon({ name: 'B', attacks: 2, damage: 2 })],
      defender: models(3, 3),
    });
    let c = play(start(setup), [4], [4], [1]);
    c = play(c, [4, 4], [4, 4]);
    expect(rollStep(c)).toMatchObject({ title: 'B: saving throws', count: 2 });
    c = play(c, [1, 1]);
    expect(wounds(c)).toEqual([0, 1, 3]);
  });

  it('Toughness of an attached unit: the Bodyguard T, not the Leader (character) T', () => {
    const defender = {
      models: [
        { count: 2, toughness: 4, save: 3, wounds: 1 },
        { count: 1, toughness: 8, save: 3, wounds: 4, character: true },
      ],
    };
    const c = play(start(setupOf({ weapons: [weapon({ strength: 8 })], defender })), [4]);
    expect(rollStep(c).passOn).toBe(2); // S8 vs T4
  });
});

describe('a mixed unit: sergeant, troopers and a character (seed 001 allocation)', () => {
  const defender = {
    name: 'Squad',
    models: [
      { name: 'Sergeant', count: 1, toughness: 4, save: 3, wounds: 2 },
      { name: 'Trooper', count: 3, toughness: 4, save: 3, wounds: 1 },
      { name: 'Captain', count: 1, toughness: 4, save: 2, invulnerable: 4, wounds: 5, character: true },
    ],
  };
  const begin = () => play(start(setupOf({ weapons: [weapon({ attacks: 2, ap: -1 })], defender })), [4, 4], [4, 4]);

  it('the defender chooses among the legal models only (no CHARACTER while others remain)', () => {
    const step = chooseStep(begin());
    expect(step.actor).toBe('defender');
    expect(step.options.map((o) => o.id)).toEqual(['m0', 'm1']);
    expect(step.options.filter((o) => o.suggested).map((o) => o.id)).toEqual(['m0']);
  });

  it('refuses the CHARACTER and leaves the combat unchanged', () => {
    const c = begin();
    const before = structuredClone(c);
    const result = advance(wh40k10e, c, inputFor(c, 'm4'));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(/"m4" is not one of the choices: Sergeant, Trooper 1/);
    expect(c).toEqual(before);
  });

  it('a model that had an attack allocated must take the next one', () => {
    let c = play(begin(), 'm1', [4]); // trooper saves (4+ needed: AP -1), still allocated
    expect(c.state.models[1]).toMatchObject({ allocated: true, woundsLeft: 1 });
    expect(rollStep(c)).toMatchObject({ title: 'Trooper 1: saving throw', passOn: 4 });
    c = play(c, [2]);
    expect(wounds(c)).toEqual([2, 0, 1, 1, 5]);
  });

  it('armour or invulnerable: the better one is used without asking, and the step says why', () => {
    const alone = {
      models: [{ name: 'Captain', count: 1, toughness: 4, save: 2, invulnerable: 4, wounds: 5, character: true }],
    };
    const c = play(start(setupOf({ weapons: [weapon({ ap: -3 })], defender: alone })), [4], [4]);
    expect(rollStep(c)).toMatchObject({ title: 'Gun: saving throws', passOn: 4 });
    expect(rollStep(c).why.map((r) => r.detail)).toContain(
      'the invulnerable save (4+) rather than the armour save (5+): the lower roll needed is always the better save',
    );
  });
});

describe('illegal inputs are refused with a clear message, state unchanged', () => {
  const c0 = () => start(setupOf({ weapons: [weapon({ attacks: 3 })] }));
  it.each([
    ['too few dice', { dice: [4, 4] }, /needs 3 dice, 2 given/],
    ['a face of 7', { dice: [4, 4, 7] }, /Die 3 shows 7/],
    ['another step', { stepId: 'w0.wound.9', dice: [4, 4, 4] }, /combat is at "w0.hit.0"/],
  ])('%s', (_what, patch, message) => {
    const c = c0();
    const before = structuredClone(c);
    const result = advance(wh40k10e, c, {
      ...(inputFor(c, [4, 4, 4]) as { kind: 'roll'; stepId: string; dice: number[]; by: 'entered' }),
      ...patch,
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(message);
    expect(c).toEqual(before);
  });
  it('nothing is accepted after the final outcome', () => {
    const c = play(c0(), [1, 1, 1]);
    const result = advance(wh40k10e, c, { kind: 'continue', stepId: c.step.id });
    expect(result.ok).toBe(false);
  });
  it('the system itself refuses an input for a stale step', () => {
    const c = c0();
    expect(() => wh40k10e.apply(c.state, { kind: 'roll', stepId: 'nope', dice: [1, 1, 1], by: 'entered' })).toThrow(
      /combat is at/,
    );
  });
});

describe('view and situation', () => {
  it('the view shows both sides, model tags and a log line per step', () => {
    const defender = { models: [{ count: 2, toughness: 4, save: 3, invulnerable: 4, wounds: 2, feelNoPain: 5 }] };
    const c = play(start(setupOf({ weapons: [weapon({ attacks: 3 })], defender })), [6, 4, 1]);
    const view = wh40k10e.view(c.state);
    expect(view.sides.attacker.name).toBe('Attackers');
    expect(view.sides.defender.units[0]!.models[0]).toMatchObject({
      id: 'm0',
      wounds: 2,
      woundsLeft: 2,
      destroyed: false,
      tags: ['T4', 'Sv 3+', '4++', 'FNP 5+'],
    });
    expect(view.log.at(-1)).toMatchObject({ title: 'Gun: hit roll', dice: [6, 4, 1], result: '2 hits (1 critical)' });
  });

  it('situationOf describes the start, mid-weapon and the end', () => {
    const setup = setupOf({ weapons: [weapon({ attacks: 3 }), weapon()] });
    let c = start(setup);
    expect(situationOf(c.state)).toMatchObject({
      current: { weapon: 0, hitsToRoll: 3 },
      nextWeapons: [1],
      modelsDestroyed: 0,
      woundsLost: 0,
    });
    c = play(c, [4, 4, 1]);
    expect(situationOf(c.state).current).toMatchObject({ hitsToRoll: 0, woundsToRoll: 2 });
    c = play(c, [4, 4], [1, 1], [1]);
    expect(situationOf(c.state)).toMatchObject({ current: null, nextWeapons: [], modelsDestroyed: 2, woundsLost: 2 });
  });

  it('situationOf names the model and the known damage of an attack resolved one at a time', () => {
    // A fixed Damage is known at once; its Feel No Pain dice are still to roll (a random Damage takes them with its own dice).
    const mixed = {
      models: [
        { count: 1, toughness: 4, save: 7, wounds: 5, feelNoPain: 5 },
        { name: 'Sergeant', count: 1, toughness: 4, save: 7, wounds: 6, feelNoPain: 5 },
      ],
    };
    const c = play(start(setupOf({ weapons: [weapon({ damage: 4 })], defender: mixed })), [4], [4], 'm0');
    expect(rollStep(c)).toMatchObject({ title: 'Targets: Feel No Pain', count: 4 });
    expect(situationOf(c.state)).toMatchObject({
      current: { savesToMake: 0, damageToApply: 1 },
      resolving: { source: 'attack', target: 0, damage: 4 },
    });
    const defender = { models: [{ count: 2, toughness: 4, save: 7, wounds: 5, feelNoPain: 5 }] };
    const due = play(
      start(
        setupOf({
          weapons: [weapon({ damage: 'D6+1', damageReroll: 'ones', abilities: { melta: 'D3' } })],
          attacker: { halfRange: true },
          defender,
        }),
      ),
      [4],
      [4],
      [1, 2, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6],
    );
    expect(situationOf(due.state).resolving).toMatchObject({
      source: 'attack',
      target: 0,
      damageRoll: { rest: 'D6+1', plus: 2 },
    });
  });
});
