import { describe, expect, it } from 'vitest';
import { oldWorld } from '../../../../core/systems/old-world';
import { oldWorldProfileSchema } from '../../../../core/systems/old-world/roster/profile';
import { unitForCombat, weaponChoice } from '../../../../core/systems/old-world/roster/toCombat';
import type { Profile } from '../../../../core/systems/old-world/setup';
import { armourTest, attacksOf, strengthOf, strikeOrder, woundTest } from '../../../../core/systems/old-world/strikes';
import { play, rollStep, setupOf, start } from './helpers';

/**
 * Close combat weapons of Warhammer Fantasy Battle 6th edition, as named choices: each adds what
 * the rulebook gives it, when it gives it, through the engine's own tests (so the exact odds,
 * which use the same tests, follow).
 */

type Weapon = NonNullable<Profile['weapon']>;
const rf = (role: 'attacker' | 'defender') => ({ role, unit: 0, character: null });
/** Ten Swordsmen (S3) with a weapon charging ten Spearmen, in round `round`. */
const armed = (
  weapon: Weapon,
  over: { troopType?: Profile['troopType']; charged?: boolean; round?: number; shield?: boolean; armour?: number } = {},
) =>
  start(
    setupOf(
      { charged: over.charged ?? true, profile: { weapon, troopType: over.troopType ?? 'infantry' } },
      { profile: { armour: over.armour ?? 5, ...(over.shield ? { shield: true } : {}) } },
      { round: over.round ?? 1, ...(over.round && over.round > 1 ? { previousWinner: 'attacker' as const } : {}) },
    ),
  ).state;

describe('close combat weapons (6th edition)', () => {
  it('a hand weapon adds nothing: S3 stays S3', () => {
    expect(strengthOf(armed('hand weapon'), rf('attacker')).value).toBe(3);
  });

  it('an additional hand weapon: +1 Attack (5 models with A1 make 10 attacks)', () => {
    expect(attacksOf(armed('additional hand weapon'), rf('attacker'))).toBe(10);
  });

  it('a great weapon: +2 Strength, and strikes last, even on the charge', () => {
    const s = armed('great weapon');
    expect(strengthOf(s, rf('attacker')).value).toBe(5);
    expect(woundTest(s, rf('attacker'), rf('defender')).why[0]!.detail).toBe('S5 (3 +2 great weapon) against T3 → 2+');
    expect(strikeOrder(s).map((slot) => slot.by.role)).toEqual(['defender', 'attacker']);
  });

  it('a halberd: +1 Strength, in every round', () => {
    expect(strengthOf(armed('halberd'), rf('attacker')).value).toBe(4);
    expect(strengthOf(armed('halberd', { round: 3 }), rf('attacker')).value).toBe(4);
  });

  it('a spear: infantry fight in one more rank (a 5-wide unit of 10 strikes with 10 models)', () => {
    const s = armed('spear');
    expect(attacksOf(s, rf('attacker'))).toBe(10);
    expect(strengthOf(s, rf('attacker')).value).toBe(3);
  });

  it('a spear: cavalry +1 Strength on the charge, not otherwise, and no extra rank', () => {
    expect(strengthOf(armed('spear', { troopType: 'cavalry' }), rf('attacker')).value).toBe(4);
    expect(attacksOf(armed('spear', { troopType: 'cavalry' }), rf('attacker'))).toBe(5);
    expect(strengthOf(armed('spear', { troopType: 'cavalry', charged: false }), rf('attacker')).value).toBe(3);
    expect(strengthOf(armed('spear', { troopType: 'cavalry', round: 2 }), rf('attacker')).value).toBe(3);
  });

  it('a flail: +2 Strength in the first round only', () => {
    expect(strengthOf(armed('flail'), rf('attacker')).value).toBe(5);
    expect(strengthOf(armed('flail', { round: 2 }), rf('attacker')).value).toBe(3);
  });

  it('a lance: +2 Strength for cavalry on the charge; nothing on foot or after the charge', () => {
    expect(strengthOf(armed('lance', { troopType: 'cavalry' }), rf('attacker')).value).toBe(5);
    expect(strengthOf(armed('lance'), rf('attacker')).value).toBe(3);
    expect(strengthOf(armed('lance', { troopType: 'cavalry', round: 2 }), rf('attacker')).value).toBe(3);
  });

  it('a morning star: +1 Strength in the first round only', () => {
    expect(strengthOf(armed('morning star'), rf('attacker')).value).toBe(4);
    expect(strengthOf(armed('morning star', { round: 2 }), rf('attacker')).value).toBe(3);
  });

  it("a weapon's Strength worsens the armour save as any Strength does: a great weapon (S5) takes 2 off a 5+", () => {
    expect(armourTest(armed('great weapon'), rf('attacker'), rf('defender')).face).toBe(null);
    expect(armourTest(armed('halberd', { armour: 4 }), rf('attacker'), rf('defender')).face).toBe(5);
  });

  it('a hand weapon and shield: +1 armour save in close combat (5+ becomes 4+; no armour becomes 6+)', () => {
    const s = armed('hand weapon', { shield: true });
    expect(armourTest(s, rf('attacker'), rf('defender'))).toMatchObject({ face: 4 });
    expect(armourTest(s, rf('attacker'), rf('defender')).why[0]!.detail).toMatch(/hand weapon and shield: \+1/);
    expect(armourTest(armed('hand weapon', { shield: true, armour: 7 }), rf('attacker'), rf('defender')).face).toBe(6);
  });

  it('a shield with another weapon gives nothing in close combat', () => {
    const s = start(setupOf({ charged: true }, { profile: { armour: 5, shield: true, weapon: 'spear' } })).state;
    expect(armourTest(s, rf('attacker'), rf('defender')).face).toBe(5);
  });

  it('plays through the engine: the great weapon charger strikes after the defenders, its step says S5', () => {
    const c = start(setupOf({ charged: true, profile: { weapon: 'great weapon' } }, {}));
    expect(rollStep(c).title).toBe('Spearmen attack Swordsmen: to hit');
    const after = play(c, [1, 1, 1, 1, 1]);
    expect(rollStep(after).title).toBe('Swordsmen attack Spearmen: to hit');
    expect(rollStep(play(after, [6, 6, 6, 6, 6])).why[0]!.detail).toBe('S5 (3 +2 great weapon) against T3 → 2+');
  });

  it('the setup names each weapon in words and refuses one it does not know, naming the field', () => {
    const r = oldWorld.setupSchema.safeParse({
      ...setupOf({}, {}),
      attacker: {
        name: 'Red',
        units: [
          {
            name: 'A',
            models: 5,
            profile: {
              movement: 4,
              weaponSkill: 3,
              strength: 3,
              toughness: 3,
              wounds: 1,
              initiative: 3,
              attacks: 1,
              leadership: 7,
              weapon: 'sword',
            },
          },
        ],
      },
    });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path).toEqual(['attacker', 'units', 0, 'profile', 'weapon']);
    expect(r.error!.issues[0]!.message).toMatch(
      /expected a close combat weapon: hand weapon, additional hand weapon, great weapon, halberd, spear, flail, lance, morning star/,
    );
  });
});

describe('a roster weapon named like one of these becomes that choice', () => {
  const roster = (
    weapons: Array<{ name: string; range?: number; strengthBonus?: number }>,
    specialRules: string[] = [],
  ) =>
    oldWorldProfileSchema.parse({
      models: 10,
      movement: 4,
      weaponSkill: 3,
      ballisticSkill: 3,
      strength: 3,
      toughness: 3,
      wounds: 1,
      initiative: 3,
      attacks: 1,
      leadership: 7,
      armour: 5,
      troopType: 'infantry',
      weapons,
      specialRules,
    });

  it.each([
    ['Great weapon', 'great weapon'],
    ['Halberds', 'halberd'],
    ['Spear', 'spear'],
    ['Flail', 'flail'],
    ['Lance', 'lance'],
    ['Morning Star', 'morning star'],
    ['Additional hand weapon', 'additional hand weapon'],
    ['Hand weapon', 'hand weapon'],
  ])('"%s" is the %s', (name, weapon) => {
    expect(weaponChoice(roster([{ name, strengthBonus: 2 }]))).toBe(weapon);
  });

  it("the Strength is then the bearer's own (the weapon adds its bonus when it counts); an unknown weapon keeps its Strength", () => {
    expect(unitForCombat('Greatswords', roster([{ name: 'Great weapon', strengthBonus: 2 }])).profile).toMatchObject({
      strength: 3,
      weapon: 'great weapon',
    });
    expect(unitForCombat('Witch Elves', roster([{ name: 'Cursed blade', strengthBonus: 1 }])).profile).toMatchObject({
      strength: 4,
    });
    expect(
      unitForCombat('Witch Elves', roster([{ name: 'Cursed blade', strengthBonus: 1 }])).profile,
    ).not.toHaveProperty('weapon');
    // A bow is not a close combat weapon.
    expect(weaponChoice(roster([{ name: 'Spear', range: 24 }]))).toBeUndefined();
  });

  it('a shield (as a weapon or a special rule) comes along', () => {
    expect(unitForCombat('Spearmen', roster([{ name: 'Hand weapon' }, { name: 'Shield' }])).profile).toMatchObject({
      shield: true,
    });
    expect(unitForCombat('Spearmen', roster([], ['Shield'])).profile).toMatchObject({ shield: true });
  });
});
