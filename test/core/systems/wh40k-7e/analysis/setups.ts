import { wh40k7e, type Setup, type SetupInput } from '../../../../../core/systems/wh40k-7e';
import { setupParser } from '../../../../support/setups';

/** 7th edition combats for the analysis tests and the benchmark, with published profiles. */

type Group = SetupInput['attacker']['models'][number];
/** A 7th edition setup from what differs from the schema's defaults. */
export const parse = setupParser<SetupInput, Setup>(wh40k7e);

/** One Space Marine as the rulebook prints him, with the weapon the schema gives by default. */
export const marine: Group = {
  name: 'Space Marine',
  count: 1,
  weaponSkill: 4,
  strength: 4,
  toughness: 4,
  wounds: 1,
  initiative: 4,
  attacks: 1,
  leadership: 8,
  save: 3,
};
/** `count` Space Marines with bolt pistols (but for `over`). */
export const spaceMarine = (count: number, over: Partial<Group> = {}): Group => ({
  ...marine,
  count,
  weapon: { name: 'Bolt pistol', strength: 'user', ap: null },
  ...over,
});
export const sergeantWithFist: Group = spaceMarine(1, {
  name: 'Sergeant',
  attacks: 2,
  leadership: 9,
  weapon: { name: 'Power fist', strength: 'x2', ap: 2, unwieldy: true },
});
export const orkBoy = (count: number): Group => ({
  name: 'Ork Boy',
  count,
  weaponSkill: 4,
  strength: 3,
  toughness: 4,
  wounds: 1,
  initiative: 2,
  attacks: 2,
  leadership: 7,
  save: 6,
  twoWeapons: true,
  weapon: { name: 'Choppa', strength: 'user', ap: null },
});
export const nobWithKlaw: Group = {
  name: 'Ork Nob',
  weaponSkill: 4,
  strength: 4,
  toughness: 4,
  wounds: 2,
  initiative: 3,
  attacks: 3,
  leadership: 7,
  save: 6,
  weapon: { name: 'Power klaw', strength: 'x2', ap: 2, unwieldy: true },
};

/** The benchmark (issue 12): 10 Space Marines (a sergeant with a power fist, charging, ATSKNF) against 20 Ork Boyz (a Nob with a power klaw). */
export function marinesVsBoyz(): Setup {
  return parse({
    attacker: { name: 'Tactical Squad', charged: true, atsknf: true, models: [spaceMarine(9), sergeantWithFist] },
    defender: { name: 'Ork Boyz', models: [orkBoy(19), nobWithKlaw] },
  });
}

/** A two-wound Warden with a 4+ invulnerable save. */
const warden = (count: number): Group => ({
  name: 'Warden',
  count,
  weaponSkill: 5,
  strength: 4,
  toughness: 4,
  wounds: 2,
  initiative: 4,
  attacks: 2,
  leadership: 9,
  save: 3,
  invulnerable: 4,
});

/**
 * Everything at once: a Wraithknight-like Destroyer, Eternal Warrior, Feel No Pain, invulnerable
 * saves, multi-wound models, two pools from one unit (an AP3 sword and plain attacks), Stubborn.
 */
export function mixedBag(): Setup {
  return parse({
    attacker: {
      name: 'Wardens',
      charged: true,
      // Both sides allocate by hand, so the pool order and the choice of model are asked (and checked).
      allocateByHand: true,
      models: [
        { ...warden(3), weapon: { name: 'Power sword', strength: 'user', ap: 3 } },
        warden(2),
        {
          name: 'Titan-slayer',
          weaponSkill: 4,
          strength: 6,
          toughness: 6,
          wounds: 4,
          initiative: 3,
          attacks: 2,
          leadership: 10,
          save: 3,
          weapon: { name: 'Destroyer blade', strength: 'D', ap: 2 },
        },
      ],
    },
    defender: {
      name: 'Plague Guard',
      stubborn: true,
      allocateByHand: true,
      models: [
        {
          name: 'Plague Marine',
          count: 4,
          weaponSkill: 4,
          strength: 4,
          toughness: 5,
          wounds: 1,
          initiative: 3,
          attacks: 1,
          leadership: 9,
          save: 3,
          feelNoPain: 5,
        },
        {
          name: 'Champion',
          weaponSkill: 4,
          strength: 4,
          toughness: 5,
          wounds: 3,
          initiative: 3,
          attacks: 3,
          leadership: 9,
          save: 3,
          feelNoPain: 5,
          eternalWarrior: true,
          weapon: { name: 'Power axe', strength: '+1', ap: 2, unwieldy: true },
        },
      ],
    },
  });
}

/** Instant Death both ways: a thunder hammer squad against multi-wound Terminators, Fearless defenders. */
export function hammersVsWarriors(): Setup {
  return parse({
    attacker: {
      name: 'Assault Terminators',
      charged: true,
      models: [
        {
          name: 'Terminator',
          count: 3,
          weaponSkill: 4,
          strength: 4,
          toughness: 4,
          wounds: 1,
          initiative: 4,
          attacks: 2,
          leadership: 9,
          save: 2,
          invulnerable: 3,
          weapon: { name: 'Thunder hammer', strength: 'x2', ap: 2, unwieldy: true },
        },
      ],
    },
    defender: {
      name: 'Tyranid Warriors',
      fearless: true,
      models: [
        {
          name: 'Warrior',
          count: 3,
          weaponSkill: 5,
          strength: 4,
          toughness: 4,
          wounds: 3,
          initiative: 4,
          attacks: 3,
          leadership: 10,
          save: 4,
          twoWeapons: true,
          weapon: { name: 'Rending claws', strength: 'user', ap: null },
        },
      ],
    },
  });
}

/** A Destroyer against multi-wound models, the big one first (seriously wounded: D3 a wound; deathblow: D6 + 6 on 9 wounds), and they strike back. */
export function destroyerVsOgryns(): Setup {
  return parse({
    attacker: {
      name: 'Wraithknight',
      models: [
        {
          name: 'Wraithknight',
          weaponSkill: 4,
          strength: 10,
          toughness: 8,
          wounds: 6,
          initiative: 4,
          attacks: 3,
          leadership: 10,
          save: 3,
          weapon: { name: 'Ghostglaive', strength: 'D', ap: 2 },
        },
      ],
    },
    defender: {
      name: 'Ogryns',
      models: [
        {
          name: 'Bone Ogryn',
          weaponSkill: 4,
          strength: 5,
          toughness: 5,
          wounds: 9,
          initiative: 2,
          attacks: 4,
          leadership: 7,
          save: 5,
          weapon: { name: 'Ripper gun', strength: 'user', ap: null },
        },
        {
          name: 'Ogryn',
          count: 2,
          weaponSkill: 4,
          strength: 5,
          toughness: 5,
          wounds: 3,
          initiative: 2,
          attacks: 3,
          leadership: 6,
          save: 5,
          invulnerable: 5,
        },
      ],
    },
  });
}
