import { describe, expect, it } from 'vitest';
import { parseDice } from '../../../../core/dice/expression';
import { wh40k10e } from '../../../../core/systems/wh40k-10e';
import { hitTest, saveFaces, woundTest } from '../../../../core/systems/wh40k-10e/abilities';
import { damageRerollIndices, expectedValue } from '../../../../core/systems/wh40k-10e/damageRoll';
import { setupSchema } from '../../../../core/systems/wh40k-10e/profiles';
import { situationOf } from '../../../../core/systems/wh40k-10e/situationOf';
import {
  armourSaveFace,
  coverBonus,
  effectiveAp,
  halveDamage,
  invulnerableSaveFace,
  modifiedDamage,
  reduceDamage,
} from '../../../../core/systems/wh40k-10e/tables';
import { finalLines, play, repeat, rollStep, setupOf, start, weapon, wounds } from './helpers';

/**
 * The rules of WH40K10-MODIFIERS.md ("40k 10th edition: new scenario fields"), each with a test
 * that cites the section it checks. The setups are small, the dice entered by hand.
 */

const W = (w: number, extra: Record<string, unknown> = {}) => ({
  models: [{ count: 3, toughness: 4, save: 3, wounds: w, ...extra }],
});

describe('WH40K10-MODIFIERS.md: every field is optional and its default is today’s behaviour', () => {
  it('the defaults', () => {
    const s = setupOf();
    expect(s.attacker.weapons[0]).toMatchObject({ criticalHitOn: 6, criticalWoundOn: 6, damageReroll: 'none' });
    expect(s.defender).toMatchObject({
      stealth: false,
      saveModifier: 0,
      saveReroll: 'none',
      apReduction: 0,
      halfDamage: false,
      damageReduction: 0,
    });
    expect(s.defender.models[0]!.feelNoPainMortal).toBeNull();
  });

  it.each([
    [
      { attacker: { name: 'A', weapons: [{ ...weapon(), criticalHitOn: 1 }] } },
      'attacker.weapons.0.criticalHitOn',
      'expected a roll from 2+ to 6+',
    ],
    [
      { attacker: { name: 'A', weapons: [{ ...weapon(), criticalWoundOn: 7 }] } },
      'attacker.weapons.0.criticalWoundOn',
      'expected a roll from 2+ to 6+',
    ],
    [
      { attacker: { name: 'A', weapons: [{ ...weapon(), damageReroll: 'failed' }] } },
      'attacker.weapons.0.damageReroll',
      'expected one of none, ones, all',
    ],
    [
      { defender: { name: 'D', models: [{ count: 1, toughness: 4, save: 3, wounds: 1 }], saveModifier: 2 } },
      'defender.saveModifier',
      'expected a number from -1 to 1',
    ],
    [
      { defender: { name: 'D', models: [{ count: 1, toughness: 4, save: 3, wounds: 1 }], saveReroll: 'all' } },
      'defender.saveReroll',
      'expected one of none, ones, failed',
    ],
    [
      { defender: { name: 'D', models: [{ count: 1, toughness: 4, save: 3, wounds: 1 }], apReduction: 2 } },
      'defender.apReduction',
      'expected a number from 0 to 1',
    ],
    [
      { defender: { name: 'D', models: [{ count: 1, toughness: 4, save: 3, wounds: 1 }], damageReduction: -1 } },
      'defender.damageReduction',
      'expected a number from 0 to 1',
    ],
    [
      { defender: { name: 'D', models: [{ count: 1, toughness: 4, save: 3, wounds: 1 }], halfDamage: 'yes' } },
      'defender.halfDamage',
      'expected true or false',
    ],
    [
      { defender: { name: 'D', models: [{ count: 1, toughness: 4, save: 3, wounds: 1, feelNoPainMortal: 1 }] } },
      'defender.models.0.feelNoPainMortal',
      'expected a save from 2 to 6, or 7 for none',
    ],
  ])('a value outside its range is a bad field, named, in words (%#)', (patch, path, message) => {
    const base = {
      system: 'wh40k-10e',
      attacker: { name: 'A', weapons: [weapon()] },
      defender: { name: 'D', models: [{ count: 1, toughness: 4, save: 3, wounds: 1 }] },
    };
    const r = setupSchema.safeParse({ ...base, ...patch });
    expect(r.success).toBe(false);
    const issue = r.error!.issues.find((i) => i.path.join('.') === path);
    expect(issue?.message).toContain(message);
  });
});

describe('WH40K10-MODIFIERS.md weapon fields: Critical Hit (criticalHitOn)', () => {
  it('an unmodified 5+ always hits whatever the modifiers, and triggers Lethal Hits and Sustained Hits; a 1 still fails', () => {
    // BS 4+, −1 to hit: a 5 would need 5+ anyway; with −1 and BS 5+ a 5 would miss, but it is a Critical Hit.
    let c = start(
      setupOf({
        weapons: [
          weapon({
            attacks: 4,
            skill: 5,
            hitModifier: -1,
            criticalHitOn: 5,
            abilities: { lethalHits: true, sustainedHits: 1 },
          }),
        ],
        attacker: { ranged: true },
      }),
    );
    const step = rollStep(c);
    expect(step).toMatchObject({ passOn: 5, criticalOn: 5 }); // 6+ after −1, but 5+ is critical
    expect(step.why.map((r) => r.rule)).toEqual(['Hit roll — Making Attacks', 'Critical Hit']);
    c = play(c, [5, 6, 4, 1]);
    // two Critical Hits: 2 Lethal auto-wounds, 2 Sustained extra hits to wound
    expect(c.state.log.at(-1)!.result).toBe('2 hits (2 critical); 2 Lethal: wound automatically; +2 Sustained Hits');
    expect(rollStep(c)).toMatchObject({ title: 'Gun: wound roll', count: 2 });
  });

  it('re-rolls happen first: the face after the re-roll decides', () => {
    let c = start(
      setupOf({
        weapons: [
          weapon({ attacks: 2, skill: 4, criticalHitOn: 5, hitReroll: 'ones', abilities: { lethalHits: true } }),
        ],
      }),
    );
    c = play(c, [1, 3], [5]); // the 1 is re-rolled into a 5: a Critical Hit
    expect(c.state.log.at(-1)!.result).toBe('1 hit (1 critical); 1 Lethal: wound automatically');
  });

  it('Torrent makes no hit roll, so it never scores a Critical Hit', () => {
    const c = start(
      setupOf({ weapons: [weapon({ attacks: 3, criticalHitOn: 2, abilities: { torrent: true, lethalHits: true } })] }),
    );
    expect(c.state.log.at(-1)!.result).toBe('3 automatic hits (no Critical Hits)');
    expect(rollStep(c)).toMatchObject({ title: 'Gun: wound roll', count: 3 });
  });
});

describe('WH40K10-MODIFIERS.md weapon fields: Critical Wound (criticalWoundOn) and Anti-KEYWORD X+', () => {
  const w = weapon({
    strength: 2,
    criticalWoundOn: 5,
    abilities: { anti: { keyword: 'vehicle', threshold: 3 }, devastatingWounds: true },
  });

  it('the lowest threshold that applies: Anti-VEHICLE 3+ against a VEHICLE, criticalWoundOn 5+ against anything else', () => {
    const vehicle = play(start(setupOf({ weapons: [w], defender: { keywords: ['vehicle'] } })), [4]);
    expect(rollStep(vehicle)).toMatchObject({ criticalOn: 3, passOn: 3 });
    const other = play(start(setupOf({ weapons: [w] })), [4]);
    expect(rollStep(other)).toMatchObject({ criticalOn: 5, passOn: 5 }); // S2 vs T4 needs 6+, a 5 is a Critical Wound
    expect(
      woundTest(
        setupOf({ weapons: [w] }),
        start(setupOf({ weapons: [w] })).state.models,
        setupOf({ weapons: [w] }).attacker.weapons[0]!,
      ).why[1]!.rule,
    ).toBe('Critical Wound');
  });

  it('a Critical Wound triggers Devastating Wounds; a Lethal Hits automatic wound is still not one', () => {
    let c = start(
      setupOf({
        weapons: [
          weapon({
            attacks: 2,
            criticalWoundOn: 5,
            criticalHitOn: 6,
            abilities: { devastatingWounds: true, lethalHits: true },
          }),
        ],
      }),
    );
    c = play(c, [6, 4], [5]); // a Lethal auto-wound (saves), a 5 to wound: Critical Wound
    expect(c.state.devastatingPending).toEqual([{ weapon: 0, count: 1 }]);
    expect(rollStep(c)).toMatchObject({ title: 'Gun: saving throws', count: 1 });
  });
});

describe('WH40K10-MODIFIERS.md defender fields: Stealth', () => {
  const stealthy = { stealth: true, models: [{ count: 5, toughness: 4, save: 3, wounds: 1 }] };
  it('−1 to the hit roll of ranged attacks, inside the ±1 cap: with Heavy +1 the net is 0', () => {
    const setup = setupOf({
      weapons: [weapon({ abilities: { heavy: true } })],
      attacker: { ranged: true, remainedStationary: true },
      defender: stealthy,
    });
    const t = hitTest(setup, setup.attacker.weapons[0]!);
    expect(t.face).toBe(3);
    expect(t.why[0]!.detail).toContain('Stealth −1, Heavy +1 (remained stationary) → net 0 → 3+');
  });
  it('with a hit modifier of −1 it gives −1, not −2; with +1 it gives 0', () => {
    const minus = start(
      setupOf({ weapons: [weapon({ hitModifier: -1 })], attacker: { ranged: true }, defender: stealthy }),
    );
    expect(rollStep(minus).passOn).toBe(4);
    expect(rollStep(minus).why[0]!.detail).toContain('hit modifier −1, Stealth −1 → net −2, capped at ±1 → −1 → 4+');
    const plus = start(
      setupOf({ weapons: [weapon({ hitModifier: 1 })], attacker: { ranged: true }, defender: stealthy }),
    );
    expect(rollStep(plus).passOn).toBe(3);
  });
  it('no effect on melee attacks, nor on Torrent (no hit roll)', () => {
    expect(
      rollStep(start(setupOf({ weapons: [weapon()], attacker: { ranged: false }, defender: stealthy }))).passOn,
    ).toBe(3);
    const torrent = start(
      setupOf({
        weapons: [weapon({ attacks: 2, abilities: { torrent: true } })],
        attacker: { ranged: true },
        defender: stealthy,
      }),
    );
    expect(rollStep(torrent)).toMatchObject({ title: 'Gun: wound roll', count: 2 });
  });
  it('Critical Hits still depend only on the unmodified roll', () => {
    const c = start(
      setupOf({ weapons: [weapon({ skill: 6, criticalHitOn: 6 })], attacker: { ranged: true }, defender: stealthy }),
    );
    expect(rollStep(c)).toMatchObject({ passOn: 6, criticalOn: 6 });
  });
});

describe('WH40K10-MODIFIERS.md defender fields: saving throw (save modifier, the +1 cap, AP reduction, invulnerable)', () => {
  it('the cap applies to cover plus the save modifier, before AP: Sv 5+, AP −2, in cover, +1 → 6+', () => {
    expect(armourSaveFace(5, -2, 1 + 1)).toBe(6);
    const setup = setupOf({
      weapons: [weapon({ ap: -2 })],
      attacker: { ranged: true },
      defender: { cover: true, saveModifier: 1, models: [{ count: 2, toughness: 4, save: 5, wounds: 1 }] },
    });
    const c = play(start(setup), [4], [4]);
    expect(rollStep(c)).toMatchObject({ title: 'Gun: saving throws', passOn: 6 });
    expect(rollStep(c).why.find((r) => r.rule === 'Saving throw')!.detail).toBe(
      'Sv 5+, AP −2; Benefit of Cover +1, save modifier +1 → +2, capped at +1 → 6+; an unmodified 1 fails',
    );
  });
  it('the improvement may be negative: −1 without cover worsens the save', () => {
    expect(armourSaveFace(3, 0, -1)).toBe(4);
    expect(armourSaveFace(3, 0, 1 - 1)).toBe(3); // cover +1 and −1 cancel
  });
  it('AP reduction worsens AP towards 0, never positive', () => {
    expect([effectiveAp(-2, 1), effectiveAp(-1, 1), effectiveAp(0, 1), effectiveAp(-3, 0)]).toEqual([-1, 0, 0, -3]);
  });
  it('AP reduction changes the Benefit of Cover test: Sv 3+ against AP −1 reduced to 0 gets no cover', () => {
    const g = { count: 1, toughness: 4, save: 3, wounds: 1 };
    const plain = setupOf({
      weapons: [weapon({ ap: -1 })],
      attacker: { ranged: true },
      defender: { cover: true, saveModifier: 1, models: [g] },
    });
    const reduced = setupOf({
      weapons: [weapon({ ap: -1 })],
      attacker: { ranged: true },
      defender: { cover: true, saveModifier: 1, apReduction: 1, models: [g] },
    });
    // AP −1 with cover +1 and +1 (capped at +1): 3+; AP 0 without cover but +1: 2+.
    expect(saveFaces(plain, plain.defender.models[0]!, plain.attacker.weapons[0]!)).toMatchObject({
      armour: 3,
      cover: 1,
      ap: -1,
    });
    expect(saveFaces(reduced, reduced.defender.models[0]!, reduced.attacker.weapons[0]!)).toMatchObject({
      armour: 2,
      cover: 0,
      ap: 0,
    });
    expect(coverBonus({ cover: true, ranged: true, ignoresCover: false, save: 3, ap: effectiveAp(-1, 1) })).toBe(0);
    const c = play(start(reduced), [4], [4]);
    expect(rollStep(c).why.find((r) => r.rule === 'Benefit of Cover')!.detail).toBe(
      'none: Sv 3+ or better against AP 0 (after AP reduction)',
    );
  });
  it('invulnerable: the face is invulnerable − saveModifier; cover and AP never apply; none stays none', () => {
    expect([
      invulnerableSaveFace(4, 1),
      invulnerableSaveFace(4, -1),
      invulnerableSaveFace(2, 1),
      invulnerableSaveFace(6, -1),
      invulnerableSaveFace(null, 1),
      invulnerableSaveFace(7, 1),
    ]).toEqual([3, 5, 2, 7, 7, 7]);
  });
  it('the defender uses the better of the two, per attack, without being asked (the lower roll needed is always the better save)', () => {
    const setup = setupOf({
      weapons: [weapon({ ap: -3 })],
      defender: { saveModifier: -1, models: [{ count: 1, toughness: 4, save: 2, invulnerable: 4, wounds: 3 }] },
    });
    const c = play(start(setup), [4], [4]);
    // armour 2 + 3 + 1 = 6+; invulnerable 4 + 1 = 5+
    expect(rollStep(c)).toMatchObject({ title: 'Gun: saving throws', passOn: 5, needs: '5+' });
    expect(rollStep(c).why.find((r) => r.rule === 'Armour or invulnerable save')!.detail).toBe(
      'the invulnerable save (5+) rather than the armour save (6+): the lower roll needed is always the better save',
    );
  });
});

describe('WH40K10-MODIFIERS.md defender fields: save re-roll', () => {
  it("'ones': saves rolled together re-roll their unmodified 1s once, needing the same", () => {
    let c = play(
      start(
        setupOf({
          weapons: [weapon({ attacks: 4 })],
          defender: { saveReroll: 'ones', models: [{ count: 5, toughness: 4, save: 3, wounds: 1 }] },
        }),
      ),
      [4, 4, 4, 4],
      [4, 4, 4, 4],
    );
    c = play(c, [1, 2, 1, 5]);
    expect(rollStep(c)).toMatchObject({ title: 'Gun: save re-rolls', count: 2, passOn: 3 });
    expect(situationOf(c.state).current).toMatchObject({ savesToMake: 0, saveRerollsPending: 2, damageToApply: 1 });
    c = play(c, [3, 1]);
    expect(finalLines(c)[0]).toBe('Targets: 2 models destroyed of 5'); // the 2 and the second re-rolled 1
  });
  it("'failed': any failed save is re-rolled once, one at a time too", () => {
    const defender = {
      saveReroll: 'failed' as const,
      models: [
        { count: 1, toughness: 4, save: 4, wounds: 2 },
        { name: 'Sergeant', count: 1, toughness: 4, save: 3, wounds: 2 },
      ],
    };
    let c = play(start(setupOf({ weapons: [weapon()], defender })), [4], [4], 'm0');
    c = play(c, [3]);
    expect(rollStep(c)).toMatchObject({ title: 'Targets: save re-roll', count: 1, passOn: 4 });
    expect(situationOf(c.state).resolving).toMatchObject({ target: 0, saveRerolled: true });
    c = play(c, [2]);
    expect(wounds(c)).toEqual([1, 2]);
  });
  it('applies to the save used: the re-rolled die needs the same face, invulnerable or armour', () => {
    // Sv 2+ at AP −3 → 5+; 4++ → 4+: the invulnerable save is used, and its re-roll keeps its face.
    const setup = setupOf({
      weapons: [weapon({ ap: -3 })],
      defender: { saveReroll: 'failed', models: [{ count: 1, toughness: 4, save: 2, invulnerable: 4, wounds: 3 }] },
    });
    const invulnerable = play(start(setup), [4], [4]);
    expect(rollStep(invulnerable).passOn).toBe(4);
    const afterInvulnerable = play(invulnerable, [3]);
    expect(rollStep(afterInvulnerable)).toMatchObject({ passOn: 4, count: 1 });
    expect(rollStep(afterInvulnerable).why.map((r) => r.rule)).toContain('Save re-roll');
    expect(wounds(play(afterInvulnerable, [4]))).toEqual([3]);
    // Sv 2+ at AP −2 → 4+; 5++ → 5+: the armour save is used, and its re-roll keeps its face.
    const armourSetup = setupOf({
      weapons: [weapon({ ap: -2 })],
      defender: { saveReroll: 'failed', models: [{ count: 1, toughness: 4, save: 2, invulnerable: 5, wounds: 3 }] },
    });
    const armour = play(start(armourSetup), [4], [4]);
    expect(rollStep(armour).passOn).toBe(4);
    const afterArmour = play(armour, [3]);
    expect(rollStep(afterArmour)).toMatchObject({ passOn: 4, count: 1 });
    expect(wounds(play(afterArmour, [3]))).toEqual([2]);
  });
  it('nothing to re-roll against a Devastating Wounds Critical Wound, and Feel No Pain rolls are never re-rolled', () => {
    let c = start(
      setupOf({
        weapons: [weapon({ abilities: { devastatingWounds: true } })],
        defender: { saveReroll: 'failed', models: [{ count: 2, toughness: 4, save: 3, wounds: 1, feelNoPain: 5 }] },
      }),
    );
    c = play(c, [4], [6]);
    expect(rollStep(c)).toMatchObject({ title: "Targets: Feel No Pain against Gun's Devastating Wounds", count: 1 });
    c = play(c, [1]);
    expect(finalLines(c)[0]).toBe('Targets: 1 model destroyed of 2');
  });
});

describe('WH40K10-MODIFIERS.md "Damage of one attack": half damage and −1 Damage', () => {
  it('halving rounds up: 1→1, 2→1, 3→2, 4→2, 5→3, 6→3, 7→4', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(halveDamage)).toEqual([1, 1, 2, 2, 3, 3, 4]);
  });
  it('−1 Damage to a minimum of 1, and a Damage of 0 stays 0', () => {
    expect([0, 1, 2, 3, 6].map((d) => reduceDamage(d, 1))).toEqual([0, 1, 1, 2, 5]);
  });
  it('halving first, then −1 to a minimum of 1', () => {
    const both = { halfDamage: true, damageReduction: 1 };
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((d) => modifiedDamage(d, both))).toEqual([0, 1, 1, 1, 1, 2, 2, 3]);
  });
  it('a fixed Damage 6 against half damage and −1 Damage takes 2 wounds per failed save', () => {
    const c = play(
      start(
        setupOf({
          weapons: [weapon({ attacks: 2, damage: 6 })],
          defender: { halfDamage: true, damageReduction: 1, models: [{ count: 2, toughness: 4, save: 3, wounds: 5 }] },
        }),
      ),
      [4, 4],
      [4, 4],
      [1, 1],
    );
    expect(wounds(c)).toEqual([1, 5]);
  });
  it('they apply to Devastating Wounds mortal wounds, not to the mortal wounds of other rules', () => {
    const defender = { halfDamage: true, models: [{ count: 1, toughness: 4, save: 3, wounds: 10 }] };
    const dev = play(
      start(setupOf({ weapons: [weapon({ damage: 4, abilities: { devastatingWounds: true } })], defender })),
      [4],
      [6],
    );
    expect(wounds(dev)).toEqual([8]); // 4 halved to 2
    const mortal = play(start(setupOf({ weapons: [weapon()], attacker: { mortalWounds: 3 }, defender })), [1]);
    expect(wounds(mortal)).toEqual([7]); // each mortal wound is 1 damage
  });
});

describe('WH40K10-MODIFIERS.md weapon fields: damage re-roll', () => {
  it("'all' re-rolls a total strictly below the expected value: D3 → 2 (re-roll a 1); D6 → 3.5 (1–3); D6+1 → 4.5 (totals 2–4); 2D6 → 7 (2–6); D3+3 → 5 (4)", () => {
    const again = (text: string, faces: number[]) => damageRerollIndices('all', parseDice(text), faces).length > 0;
    expect(['D3', 'D6', 'D6+1', '2D6', 'D3+3'].map((t) => expectedValue(parseDice(t)))).toEqual([2, 3.5, 4.5, 7, 5]);
    expect([1, 2, 3].map((f) => again('D3', [f]))).toEqual([true, false, false]);
    expect([1, 2, 3, 4, 5, 6].map((f) => again('D6', [f]))).toEqual([true, true, true, false, false, false]);
    expect([1, 2, 3, 4].map((f) => again('D6+1', [f]))).toEqual([true, true, true, false]);
    expect([again('2D6', [1, 5]), again('2D6', [3, 4]), again('2D6', [6, 1])]).toEqual([true, false, false]);
    expect([1, 2].map((f) => again('D3+3', [f]))).toEqual([true, false]);
  });
  it("'ones': each die showing 1 is re-rolled once — a D3 showing 1 too", () => {
    expect(damageRerollIndices('ones', parseDice('2D6'), [1, 1])).toEqual([0, 1]);
    expect(damageRerollIndices('ones', parseDice('D3'), [1])).toEqual([0]);
    expect(damageRerollIndices('ones', parseDice('D3'), [2])).toEqual([]);
  });
  it('a fixed Damage has no dice and is never re-rolled', () => {
    expect(damageRerollIndices('all', parseDice('2'), [])).toEqual([]);
    const c = play(
      start(setupOf({ weapons: [weapon({ damage: 2, damageReroll: 'all' })], defender: W(3, { save: 7 }) })),
      [4],
      [4],
    );
    expect(wounds(c)).toEqual([1, 3, 3]);
  });
  it('the engine asks for the re-rolled dice, keeps the second roll even if it is lower, then the Feel No Pain dice with them', () => {
    let c = play(
      start(
        setupOf({
          weapons: [weapon({ damage: 'D6', damageReroll: 'all' })],
          defender: W(6, { save: 7, feelNoPain: 6 }),
        }),
      ),
      [4],
      [4],
    );
    // The Feel No Pain dice come with the Damage; a re-roll sets them aside unread and asks for them again.
    expect(rollStep(c)).toMatchObject({
      title: 'Gun: damage',
      count: 7,
      groups: [
        { id: 'damage', count: 1, sides: 6 },
        { id: 'fnp', count: 6, passOn: 6 },
      ],
    });
    c = play(c, [3, 6, 6, 6, 6, 6, 6]);
    const step = rollStep(c);
    expect(step).toMatchObject({
      title: 'Gun: damage re-roll',
      count: 7,
      groups: [
        { id: 'reroll', count: 1, sides: 6 },
        { id: 'fnp', count: 6, passOn: 6 },
      ],
    });
    expect(step.why.find((r) => r.rule === 'Damage re-roll')!.detail).toContain('rolled 3, so it is re-rolled');
    c = play(c, [2, 6, 1, 6, 6, 6, 6]); // 2 damage: the first Feel No Pain die ignores one, the second does not
    expect(wounds(c)).toEqual([5, 6, 6]);
    expect(c.state.log.at(-1)!.result).toBe('2 damage; Targets 1 loses 1 wound (1 ignored by Feel No Pain)');
  });
  it('no Damage die to re-roll: the Feel No Pain dice rolled with the Damage count, and the attack takes one step (Feel No Pain — one D6 per wound that would be lost)', () => {
    let c = play(
      start(
        setupOf({
          weapons: [weapon({ damage: 'D6', damageReroll: 'all' })],
          defender: W(6, { save: 7, feelNoPain: 6 }),
        }),
      ),
      [4],
      [4],
    );
    expect(rollStep(c).why.find((r) => r.rule === 'Feel No Pain')!.detail).toContain(
      'if a Damage die is re-rolled, they are rolled again with the re-roll',
    );
    c = play(c, [5, 6, 1, 1, 1, 1, 6]); // 5 is above the average (3.5): kept; the first five dice count, one 6 ignores a wound
    expect(wounds(c)).toEqual([2, 6, 6]);
    expect(c.state.log.at(-1)!.result).toBe('5 damage; Targets 1 loses 4 wounds (1 ignored by Feel No Pain)');
    expect(c.step).toMatchObject({ kind: 'outcome', final: true });
  });
  it('Melta X is rolled with it, never re-rolled, and added after the re-roll', () => {
    let c = start(
      setupOf({
        weapons: [weapon({ damage: 'D3', damageReroll: 'ones', abilities: { melta: 2 } })],
        attacker: { halfRange: true },
        defender: W(10, { save: 7 }),
      }),
    );
    c = play(c, [4], [4], [1]);
    expect(rollStep(c)).toMatchObject({ title: 'Gun: damage re-roll', count: 1, sides: 3 });
    c = play(c, [1]); // the new 1 stays: 1 + Melta 2
    expect(wounds(c)).toEqual([7, 10, 10]);
  });
  it('Devastating Wounds mortal wounds use the same re-rolled, modified value', () => {
    let c = start(
      setupOf({
        weapons: [weapon({ damage: 'D6', damageReroll: 'all', abilities: { devastatingWounds: true } })],
        defender: { halfDamage: true, models: [{ count: 1, toughness: 4, save: 3, wounds: 10 }] },
      }),
    );
    c = play(c, [4], [6], [2]);
    expect(rollStep(c)).toMatchObject({ title: 'Gun: damage re-roll', count: 1 });
    c = play(c, [5]); // 5 halved → 3 mortal wounds
    expect(wounds(c)).toEqual([7]);
  });
});

describe('WH40K10-MODIFIERS.md model group field: Feel No Pain against mortal wounds', () => {
  const models = (extra: Record<string, unknown>) => ({
    models: [{ count: 2, toughness: 4, save: 7, wounds: 3, ...extra }],
  });

  it('only against mortal wounds: normal damage uses Feel No Pain alone (here none)', () => {
    const c = play(
      start(setupOf({ weapons: [weapon({ damage: 2 })], defender: models({ feelNoPainMortal: 2 }) })),
      [4],
      [4],
    );
    expect(wounds(c)).toEqual([1, 3]);
  });
  it('against mortal wounds the better of the two: Feel No Pain 6+ and 4+ vs mortal wounds roll 4+', () => {
    let c = start(
      setupOf({
        weapons: [weapon()],
        attacker: { mortalWounds: 2 },
        defender: models({ feelNoPain: 6, feelNoPainMortal: 4 }),
      }),
    );
    c = play(c, [1]);
    expect(rollStep(c)).toMatchObject({ count: 2, passOn: 4 });
    expect(rollStep(c).why.find((r) => r.rule === 'Feel No Pain')!.detail).toMatch(/^4\+ against mortal wounds/);
    const worse = play(
      start(
        setupOf({
          weapons: [weapon()],
          attacker: { mortalWounds: 1 },
          defender: models({ feelNoPain: 4, feelNoPainMortal: 6 }),
        }),
      ),
      [1],
    );
    expect(rollStep(worse).passOn).toBe(4);
  });
  it('Devastating Wounds mortal wounds are resolved after all normal damage, facing the mortal-wound Feel No Pain', () => {
    const setup = setupOf({
      weapons: [weapon({ attacks: 2, damage: 2, abilities: { devastatingWounds: true } })],
      defender: models({ feelNoPain: 6, feelNoPainMortal: 3 }),
    });
    let c = play(start(setup), [4, 4], [6, 4]);
    // the normal wound first (FNP 6+): no save (Sv 7), then its Feel No Pain dice
    expect(rollStep(c)).toMatchObject({ title: 'Targets: Feel No Pain', count: 2, passOn: 6 });
    c = play(c, [1, 1]);
    expect(wounds(c)).toEqual([1, 3]);
    // then the Devastating Wounds (FNP 3+ vs mortal wounds), two mortal wounds on the wounded model
    expect(rollStep(c)).toMatchObject({ passOn: 3, count: 2 });
    c = play(c, [3, 1]);
    expect(wounds(c)).toEqual([0, 3]); // one ignored, the other destroys it; the excess is lost
    expect(finalLines(c)[0]).toBe('Targets: 1 model destroyed of 2');
  });
});

describe('WH40K10-MODIFIERS.md "Everything else is unchanged": a roll of damage below 0 counts as 0', () => {
  it('D3−3 never harms, even halved or reduced (0 stays 0)', () => {
    const c = play(
      start(
        setupOf({
          weapons: [weapon({ attacks: 2, damage: 'D3-3' })],
          defender: { damageReduction: 1, models: [{ count: 2, toughness: 4, save: 7, wounds: 1 }] },
        }),
      ),
      repeat(4, 2),
      repeat(4, 2),
      [3],
      [2],
    );
    expect(wounds(c)).toEqual([1, 1]);
  });
});

describe('the printed summary and the unit panel show the modifiers each side had (system profiles hook, view)', () => {
  const setup = setupOf({
    weapons: [weapon({ criticalHitOn: 5, criticalWoundOn: 5, damageReroll: 'ones', damage: 2 })],
    defender: {
      stealth: true,
      saveModifier: -1,
      saveReroll: 'failed',
      apReduction: 1,
      halfDamage: true,
      damageReduction: 1,
      models: [{ count: 2, toughness: 4, save: 3, invulnerable: 4, wounds: 3, feelNoPain: 6, feelNoPainMortal: 4 }],
    },
  });
  it('the attacker’s weapon line names its critical thresholds and damage re-roll; the target its defensive modifiers', () => {
    const p = wh40k10e.profiles!(setup);
    expect(p.attacker[0]!.text).toBe(
      '1 model × A1 · WS 3+ · S4 AP0 D2 · Critical Hits on 5+ · Critical Wounds on 5+ · re-roll Damage 1s',
    );
    expect(p.defender).toContainEqual({
      label: 'Targets ×2',
      text: 'T4 · Sv 3+ · 4++ · W3 · Feel No Pain 6+ · Feel No Pain 4+ vs mortal wounds',
    });
    expect(p.defender).toContainEqual({
      label: 'Defensive modifiers',
      text: 'Stealth (−1 to be hit by ranged attacks) · −1 to saving throws · re-roll failed saving throws · AP reduced by 1 · half damage · −1 Damage',
    });
  });
  it('nothing extra for a target without them', () => {
    expect(wh40k10e.profiles!(setupOf()).defender.map((l) => l.label)).toEqual(['Targets ×10']);
    expect(wh40k10e.view(start(setupOf()).state).sides.defender.units[0]!.notes).toBeUndefined();
  });
  it('the unit panel notes them beside the target’s name, and tags the Feel No Pain vs mortal wounds', () => {
    const view = wh40k10e.view(start(setup).state);
    expect(view.sides.defender.units[0]!.notes).toEqual([
      'Stealth (−1 to be hit by ranged attacks)',
      '−1 to saving throws',
      're-roll failed saving throws',
      'AP reduced by 1',
      'half damage',
      '−1 Damage',
    ]);
    expect(view.sides.defender.units[0]!.models[0]!.tags).toContain('FNP 4+ vs mortal wounds');
  });
});
