import { describe, expect, it } from 'vitest';
import {
  chooseStep,
  play,
  results,
  rollStep,
  setupOf,
  start,
  trooper,
  woundsOf,
  type GroupInput,
  type W7,
} from './helpers';
import { oneStepCheck } from '../../../support/oneStep';
import { analyzeRound } from '../../../../core/systems/wh40k-7e/analysis';
import { roundDriver, rngFor } from '../../../support/roundDriver';
import { wh40k7eSystem } from '../../../../core/systems/wh40k-7e/definition';
import { replayAsFarAsItGoes } from '../../../../core/combat/engine';
import type { Input } from '../../../../core/combat/steps';
import { conformance } from '../../../../core/systems/wh40k-7e/conformance';
import { entered } from '../../../../core/systems/conformance';
import { wh40k7e, type Setup, type State } from '../../../../core/systems/wh40k-7e';

const checkOneStep = oneStepCheck<Setup, State>(wh40k7eSystem, analyzeRound);

const { apply, inputFor, roundOver } = roundDriver<Setup, State>(wh40k7eSystem);

/**
 * Issue 22, one step per moment of the fight, by the rules' own fast dice rolling (seed 000: both
 * units at one Initiative step strike together; "You can speed this process up by allocating
 * Wounds in groups (see Fast Dice)"): to hit and to wound rolled through in one step, the saves of
 * wounds that land on models sharing one save rolled together, and a choice that cannot change
 * anything not asked. Each new shape is also held to the exact analysis, one step at a time.
 */

const sides = (c: W7) => rollStep(c).groups!.map((g) => [g.id, g.label, g.per?.group ?? null]);

describe('one roll step for each moment of the fight', () => {
  it("both units at one Initiative step: one step, each side's dice named, hits before wounds, a D6 to wound for each hit", () => {
    const c = start(
      setupOf(
        { models: [trooper({ name: 'Guardsman', count: 2 })] },
        { models: [trooper({ name: 'Cultist', count: 3 })] },
      ),
    );
    const step = rollStep(c);
    expect(step.title).toBe('Initiative step 3: both units roll to hit and to wound');
    expect(sides(c)).toEqual([
      ['attacker.0.hit', 'Guardsman (Red) to hit', null],
      ['defender.0.hit', 'Cultist (Blue) to hit', null],
      ['attacker.0.wound', 'Guardsman (Red) to wound', 'attacker.0.hit'],
      ['defender.0.wound', 'Cultist (Blue) to wound', 'defender.0.hit'],
    ]);
    // Who rolls what, in words.
    expect(step.notes.join(' ')).toContain(
      'Red roll the dice of their own models; Blue roll the dice of their own models',
    );
    // Red's two dice, Blue's three, then a D6 to wound for each hit: Red 1 hit, Blue 2 hits.
    const after = play(c, [4, 1, 4, 4, 1, 4, 4, 1]);
    expect(after.state.log.find((l) => l.stepId === step.id)!.result).toBe(
      'Guardsman: 1 hit, 1 wound into the S3 AP– pool; Cultist: 2 hits, 1 wound into the S3 AP– pool',
    );
    // No save (no armour): the wounds go straight on, both at the end of the step.
    expect(woundsOf(after, 'attacker')).toEqual([[0, 1]]);
    expect(woundsOf(after, 'defender')).toEqual([[0, 1, 1]]);
  });

  it('a group with so many dice that to hit and to wound would not fit one roll rolls them as two steps', () => {
    const c = start(
      setupOf(
        { models: [trooper({ name: 'Gaunt', count: 50, attacks: 3 })] },
        { models: [trooper({ name: 'Guard', count: 10, attacks: 0 })] },
      ),
    );
    expect(rollStep(c)).toMatchObject({ title: 'Red: Gaunt to hit', count: 150 });
    expect(rollStep(c).groups).toBeUndefined();
    const wound = play(c, [...Array<number>(10).fill(6), ...Array<number>(140).fill(1)]);
    // The wounds, a D6 for each of the 10 hits, in a step of their own.
    expect(rollStep(wound).title).toBe('Initiative step 3: Red roll to wound');
    expect(rollStep(wound).groups).toMatchObject([{ id: 'attacker.0.wound', count: 10, passOn: 4 }]);
  });
});

describe('saves by fast dice rolling', () => {
  // Both units strike at Initiative 3, so the saves keep a step of their own.
  const mob = (defender: GroupInput[]) =>
    start(setupOf({ models: [trooper({ name: 'Slugga', count: 4, attacks: 1, strength: 4 })] }, { models: defender }));

  it("wounds landing on models that share one save are saved together, across model groups, casualties removed in the unit's order", () => {
    const c = play(
      mob([
        trooper({ name: 'Boy', count: 2, attacks: 1, save: 5 }),
        trooper({ name: 'Nob', attacks: 1, wounds: 2, save: 5 }),
      ]),
      [6, 6, 6, 6, 1, 1, 1, 6, 6, 6, 6],
    );
    // Four wounds: two Boyz and the Nob's two Wounds can take them all, whatever the dice.
    const saves = rollStep(c);
    expect(saves).toMatchObject({ title: 'Blue: 4 saves against S4 AP–', count: 4, passOn: 5 });
    expect(saves.why.at(-2)!.detail).toBe(
      "these 4 wounds all land on Boy and Nob, who share the same save, whatever the dice: rolled together, then the casualties removed in the unit's order (Boy first)",
    );
    const after = play(c, [1, 1, 1, 6]);
    // The first two unsaved wounds slay the Boyz, the third takes one of the Nob's Wounds; the saved one does nothing.
    expect(woundsOf(after, 'defender')).toEqual([[0, 0], [1]]);
    // All four unsaved: the line names every group that lost models.
    const all = play(c, [1, 1, 1, 1]);
    expect(woundsOf(all, 'defender')).toEqual([[0, 0], [0]]);
    expect(results(all)).toContain('0 saves, 4 failed; 4 wounds lost, 3 models slain (Boy and Nob)');
  });

  it('the saves stop where the next model saves differently (a Sergeant with better armour)', () => {
    const c = play(
      mob([
        trooper({ name: 'Boy', count: 2, attacks: 1, save: 5 }),
        trooper({ name: 'Sergeant', attacks: 1, save: 3 }),
      ]),
      [6, 6, 6, 1, 1, 1, 1, 6, 6, 6],
    );
    expect(rollStep(c)).toMatchObject({ count: 2, passOn: 5 });
    const next = play(c, [1, 6]);
    // One Boy stands: the third wound goes to him, not yet to the Sergeant.
    expect(rollStep(next)).toMatchObject({ count: 1, passOn: 5 });
  });
});

describe('one save roll for a whole pool where every model left saves alike (issue 35)', () => {
  // Ten Sluggas and four Marines strike together at Initiative 3: the saves keep a step of their own.
  const marines = (models: GroupInput[]) =>
    start(
      setupOf(
        { models: [trooper({ name: 'Slugga', count: 10, attacks: 1, strength: 4 })] },
        { models: models.map((m) => ({ ...m, toughness: 4 })) },
      ),
    );
  // Ten hits and ten wounds for the Sluggas, the Marines' four blows all missing.
  const tenWounds = [...Array<number>(10).fill(6), 1, 1, 1, 1, ...Array<number>(10).fill(6)];
  const six = (n: number) => Array<number>(n).fill(6);
  const one = (n: number) => Array<number>(n).fill(1);

  it('10 wounds on 4 Marines who all save on 3+: the 10 saves in one step', () => {
    const c = play(marines([trooper({ name: 'Marine', count: 4, save: 3 })]), tenWounds);
    const saves = rollStep(c);
    expect(saves).toMatchObject({ title: 'Blue: 10 saves against S4 AP–', count: 10, passOn: 3 });
    expect(saves.why.map((w) => w.detail)).toContain(
      "every model left of Blue (Marine) takes these 10 wounds with the same dice, so the order cannot change anything: rolled together, the casualties removed in the unit's order, and the wounds left when the unit is gone are lost",
    );
    // Three failed: three Marines slain, in the unit's order; the pool is done, nothing else to roll this step.
    const after = play(c, [1, 6, 1, 6, 1, 6, 6, 6, 6, 6]);
    expect(woundsOf(after, 'defender')).toEqual([[0, 0, 0, 1]]);
    expect(results(after)).toContain('7 saves, 3 failed; 3 wounds lost, 3 models slain (Marine)');
    expect(after.state.pools.attacker).toEqual([]);
  });

  it('wounds past the last Marine are lost, whatever their saves', () => {
    const c = play(marines([trooper({ name: 'Marine', count: 4, save: 3 })]), tenWounds);
    // Four failed saves slay the four Marines; the six dice after the fourth failure find nobody.
    const after = play(c, [1, 1, 1, 1, 6, 1, 6, 1, 6, 1]);
    expect(woundsOf(after, 'defender')).toEqual([[0, 0, 0, 0]]);
    expect(results(after)).toContain('3 saves, 7 failed; 4 wounds lost, 4 models slain (Marine)');
    expect(results(after)).toContain('6 wounds left in the pool are lost: no model of Blue is left');
    expect(after.state.result!.caused.attacker).toBe(4);
  });

  it("a Sergeant with better armour last: the Marines' saves up to him, then all the rest at once", () => {
    const c = play(
      marines([trooper({ name: 'Marine', count: 3, save: 3 }), trooper({ name: 'Sergeant', save: 2 })]),
      tenWounds,
    );
    // Three wounds certainly land on the three Marines; how many reach the Sergeant depends on those dice.
    expect(rollStep(c)).toMatchObject({ count: 3, passOn: 3 });
    // One fails: two Marines stand, so two more dice before the Sergeant can be reached.
    const two = play(c, [1, 6, 6]);
    expect(rollStep(two)).toMatchObject({ count: 2, passOn: 3 });
    // Both fail: only the Sergeant is left, and he takes every wound of the pool left, five, in one roll.
    const sergeant = play(two, [1, 1]);
    expect(woundsOf(sergeant, 'defender')).toEqual([[0, 0, 0], [1]]);
    expect(rollStep(sergeant)).toMatchObject({ count: 5, passOn: 2 });
  });

  it('a Sergeant with better armour first: his saves one at a time until he falls, then all the rest at once', () => {
    const c = play(
      marines([trooper({ name: 'Sergeant', save: 2 }), trooper({ name: 'Marine', count: 3, save: 3 })]),
      tenWounds,
    );
    expect(rollStep(c)).toMatchObject({ count: 1, passOn: 2 });
    // Saved: he keeps taking the pool's wounds (seed 000), one save at a time.
    const saved = play(c, [6]);
    expect(rollStep(saved)).toMatchObject({ count: 1, passOn: 2 });
    // Slain: the eight wounds left go to the Marines, who all save on 3+: one roll of eight.
    const slain = play(saved, [1]);
    expect(woundsOf(slain, 'defender')).toEqual([[0], [1, 1, 1]]);
    expect(rollStep(slain)).toMatchObject({ count: 8, passOn: 3 });
  });

  it('a Toughness or Wounds apart does not split the roll: only the dice a wound needs do', () => {
    // A Captain with T4 W2 and the same 3+ after three T4 W1 Marines: eleven wounds fit both, lost past the Captain.
    const c = play(
      marines([trooper({ name: 'Marine', count: 3, save: 3 }), trooper({ name: 'Captain', wounds: 2, save: 3 })]),
      tenWounds,
    );
    expect(rollStep(c)).toMatchObject({ count: 10, passOn: 3 });
    const after = play(c, [...one(4), ...six(6)]);
    expect(woundsOf(after, 'defender')).toEqual([[0, 0, 0], [1]]);
  });
});

describe('saves rolled in the strike step (hit → wound → save)', () => {
  const alone = (attacker: GroupInput[], defender: GroupInput[], byHand = false) =>
    start(setupOf({ models: attacker }, { allocateByHand: byHand, models: defender }));
  const sluggas = [trooper({ name: 'Slugga', count: 3, attacks: 1, strength: 4, initiative: 4 })];

  it('one unit striking alone, one pool, every wound landing on models that share the save: one step', () => {
    const c = alone(sluggas, [
      trooper({ name: 'Boy', count: 2, save: 5 }),
      trooper({ name: 'Nob', wounds: 2, save: 5 }),
    ]);
    const step = rollStep(c);
    expect(step.title).toBe('Initiative step 4: Red roll to hit and to wound, Blue save');
    expect(sides(c)).toEqual([
      ['attacker.0.hit', 'Slugga to hit', null],
      ['attacker.0.wound', 'Slugga to wound', 'attacker.0.hit'],
      ['attacker.0.save', "Blue's saves", 'attacker.0.wound'],
    ]);
    expect(step.groups![2]).toMatchObject({ passOn: 5, needs: '5+', note: 'a D6 for each wound' });
    expect(step.notes.join(' ')).toContain('Red roll to hit and to wound; Blue roll a save for each wound.');
    // 3 hits, 3 wounds, 1 saved: two Boyz slain by the first two unsaved wounds.
    const after = play(c, [6, 6, 6, 6, 6, 6, 1, 6, 1]);
    expect(woundsOf(after, 'defender')).toEqual([[0, 0], [2]]);
    expect(results(after)).toContain(
      '3 hits, 3 wounds into the S4 AP– pool; Blue: 1 save, 2 failed against S4 AP–; 2 wounds lost, 2 models slain (Boy)',
    );
  });

  it('more wounds possible than models, all sharing the save: the saves still in the one step, the rest lost', () => {
    const c = alone(sluggas, [trooper({ name: 'Boy', count: 2, save: 5 })]);
    const step = rollStep(c);
    expect(step.title).toBe('Initiative step 4: Red roll to hit and to wound, Blue save');
    expect(step.why.at(-1)!.detail).toContain('who all save on 5+ (wounds left when the unit is gone are lost)');
    // 3 hits, 3 wounds, none saved: both Boyz slain, the third wound lost.
    const after = play(c, [6, 6, 6, 6, 6, 6, 1, 1, 1]);
    expect(woundsOf(after, 'defender')).toEqual([[0, 0]]);
    expect(results(after)).toContain('1 wound left in the pool is lost: no model of Blue is left');
  });

  it.each([
    [
      'Feel No Pain would be a fourth roll',
      sluggas,
      [trooper({ name: 'Boy', count: 5, save: 5, feelNoPain: 5 })],
      false,
    ],
    ['the defending player allocates by hand', sluggas, [trooper({ name: 'Boy', count: 5, save: 5 })], true],
    [
      'more wounds can come than models sharing the save can take',
      sluggas,
      [trooper({ name: 'Boy', count: 2, save: 5 }), trooper({ name: 'Sergeant', save: 3 })],
      false,
    ],
    [
      'two pools (another AP)',
      [...sluggas, trooper({ name: 'Nob', attacks: 1, strength: 4, initiative: 4, weapon: { ap: 3 } })],
      [trooper({ name: 'Boy', count: 5, save: 5 })],
      false,
    ],
    ['no save to roll', sluggas, [trooper({ name: 'Boy', count: 5 })], false],
  ] as const)('the saves keep their own step where %s', (_why, attacker, defender, byHand) => {
    const c = alone([...attacker], [...defender], byHand);
    expect(rollStep(c).title).toBe('Initiative step 4: Red roll to hit and to wound');
    expect(rollStep(c).groups!.some((g) => g.id.endsWith('.save'))).toBe(false);
  });
});

describe('a choice with one sensible answer is not asked', () => {
  it('wound pools every model takes alike are not ordered by hand; pools that differ still are', () => {
    const axe = trooper({ name: 'Axe', attacks: 1, strength: 5, initiative: 4 });
    const club = trooper({ name: 'Club', attacks: 1, strength: 4, initiative: 4 });
    // T3, no save, 1 Wound: an S4 and an S5 wound do the same (no Instant Death below S6).
    const c = play(
      start(
        setupOf(
          { allocateByHand: true, models: [axe, club] },
          { models: [trooper({ name: 'Guard', count: 3, attacks: 0 })] },
        ),
      ),
      [6, 6, 6, 6],
    );
    expect(c.state.log.some((l) => l.stepId.startsWith('poolOrder.'))).toBe(false);
    expect(results(c)).toContain('1 × S5 AP–, 1 × S4 AP–: in this order, not asked');
    expect(woundsOf(c, 'defender')).toEqual([[0, 0, 1]]);
    // An S6 wound is Instant Death on a T3 model with 2 Wounds: the order matters, so it is asked.
    const maul = trooper({ name: 'Maul', attacks: 1, strength: 6, initiative: 4 });
    const asked = play(
      start(
        setupOf(
          { allocateByHand: true, models: [maul, club] },
          { models: [trooper({ name: 'Ogre', count: 3, attacks: 0, wounds: 2 })] },
        ),
      ),
      [6, 6, 6, 6],
    );
    expect(chooseStep(asked).title).toBe('Red: which wound pool next?');
  });
});

describe('the new step shapes, held to the exact analysis one step at a time', () => {
  const setups = {
    'saves in the strike step, reaching a second model group': () =>
      setupOf(
        { charged: true, models: [trooper({ name: 'Slugga', count: 3, attacks: 1, strength: 4, initiative: 4 })] },
        {
          models: [
            trooper({ name: 'Boy', count: 3, attacks: 1, save: 5 }),
            trooper({ name: 'Nob', attacks: 2, wounds: 2, save: 5 }),
          ],
        },
      ),
    'saves in the strike step, more wounds possible than models (the rest lost with the unit)': () =>
      setupOf(
        { charged: true, models: [trooper({ name: 'Slugga', count: 3, attacks: 1, strength: 4, initiative: 4 })] },
        { models: [trooper({ name: 'Boy', count: 2, attacks: 1, save: 5 })] },
      ),
    'a pool saved in one roll past the unit, a Sergeant with better armour first': () =>
      setupOf(
        { models: [trooper({ name: 'Slugga', count: 6, attacks: 1, strength: 4 })] },
        {
          models: [
            trooper({ name: 'Sergeant', attacks: 1, save: 3 }),
            trooper({ name: 'Marine', count: 2, attacks: 1, wounds: 2, save: 4 }),
          ],
        },
      ),
    'saves and Feel No Pain in one roll, more wounds than the unit can take': () =>
      setupOf(
        { models: [trooper({ name: 'Slugga', count: 8, attacks: 1, strength: 4 })] },
        { models: [trooper({ name: 'Zombie', count: 2, attacks: 1, save: 6, feelNoPain: 5 })] },
      ),
    'Destroyer wounds past the unit (a D3 each where it can matter)': () =>
      setupOf(
        { models: [trooper({ name: 'Knight', count: 3, attacks: 2, initiative: 4, weapon: { strength: 'D' } })] },
        { models: [trooper({ name: 'Ogre', count: 2, attacks: 1, wounds: 3, invulnerable: 5 })] },
      ),
    'saves with Feel No Pain, across groups, both units striking together': () =>
      setupOf(
        { models: [trooper({ name: 'Slugga', count: 4, attacks: 1, strength: 4 })] },
        {
          models: [
            trooper({ name: 'Zombie', count: 2, attacks: 1, save: 6, feelNoPain: 5 }),
            trooper({ name: 'Champion', attacks: 1, wounds: 2, save: 6, feelNoPain: 5 }),
          ],
        },
      ),
  };
  it.each(Object.entries(setups))('%s', (_name, setup) => {
    for (let seed = 1; seed <= 6; seed++) {
      let c: W7 = { ...start(setup()), rng: rngFor(seed) };
      while (!roundOver(c)) {
        checkOneStep(c, `seed ${seed} at ${c.step.id}`);
        c = apply(c, inputFor(c));
      }
    }
  });
});

describe('a combat stored before the pool was saved in one roll (issue 35)', () => {
  const { record } = conformance.stored;
  const log = (inputs: unknown[]) => ({
    system: record.system,
    setup: wh40k7e.setupSchema.parse(record.setup),
    seed: record.seed,
    inputs: inputs as Input[],
  });

  it('opens where its steps still replay: the Boyz saved in a step of their own then, with the blows now', () => {
    // The stored combat's dice as they were recorded: the two saves a step after the blows.
    const before = [
      entered('strike.0', [6, 6, 4, 1, 5, 4, 2]),
      entered('save.1', [1, 6]),
      entered('strike.2', [1, 2, 3, 1]),
      entered('morale.3', [6, 5]),
      entered('sweep.4', [3, 6]),
    ];
    const old = replayAsFarAsItGoes(wh40k7e, log(before));
    expect(old.replayed).toBe(0);
    expect(old.combat.step.id).toBe('strike.0');
    // The same dice in today's steps replay to the end, as the conformance record keeps them.
    const today = replayAsFarAsItGoes(wh40k7e, log([...record.inputs]));
    expect(today.replayed).toBe(record.inputs.length);
    expect(today.combat.state.phase).toBe('over');
    expect(today.combat.state.wounds.defender).toEqual([[0, 1, 1]]);
  });
});
