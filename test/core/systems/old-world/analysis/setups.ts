import { oldWorld, type Setup, type SetupInput } from '../../../../../core/systems/old-world';
import type { Profile } from '../../../../../core/systems/old-world/setup';
import { setupParser } from '../../../../support/setups';

/**
 * Old-world combats for the analysis tests and the benchmark: realistic 6th edition profiles
 * (the profile's Strength includes its weapon; armour is the number before "+").
 */

type P = Partial<Profile> &
  Pick<Profile, 'weaponSkill' | 'strength' | 'toughness' | 'initiative' | 'attacks' | 'leadership'>;
const profile = (p: P): Profile => ({ movement: 4, wounds: 1, armour: 7, ward: null, troopType: 'infantry', ...p });
/** An Empire state trooper (WS3 S3 T3 I3 A1 Ld7) but for `over`. */
const stateTroop = (over: Partial<Profile>): Profile =>
  profile({ weaponSkill: 3, strength: 3, toughness: 3, initiative: 3, attacks: 1, leadership: 7, ...over });

export const swordsman = profile({
  weaponSkill: 4,
  strength: 3,
  toughness: 3,
  initiative: 4,
  attacks: 1,
  leadership: 7,
  armour: 5,
});
export const captain = profile({
  weaponSkill: 5,
  strength: 4,
  toughness: 4,
  wounds: 2,
  initiative: 5,
  attacks: 3,
  leadership: 8,
  armour: 4,
});
export const orcBoy = profile({
  weaponSkill: 3,
  strength: 3,
  toughness: 4,
  initiative: 2,
  attacks: 1,
  leadership: 7,
  armour: 5,
});
export const orcBoss = profile({
  weaponSkill: 5,
  strength: 5,
  toughness: 5,
  wounds: 2,
  initiative: 3,
  attacks: 3,
  leadership: 8,
  armour: 4,
});
export const knight = profile({
  movement: 7,
  weaponSkill: 4,
  strength: 4,
  toughness: 3,
  initiative: 3,
  attacks: 1,
  leadership: 8,
  armour: 1,
  troopType: 'cavalry',
});
export const wolfRider = profile({
  movement: 9,
  weaponSkill: 2,
  strength: 3,
  toughness: 3,
  initiative: 2,
  attacks: 1,
  leadership: 6,
  armour: 5,
  troopType: 'cavalry',
});

/** An old-world setup from what differs from the schema's defaults. */
const parse = setupParser<SetupInput, Setup>(oldWorld);

type Unit = SetupInput['attacker']['units'][number];
/** An Empire block five wide with a standard, charging, led by a Captain. */
const captained = (name: string, unitProfile: Profile, models: number, over: Partial<Unit> = {}): Unit => ({
  name,
  profile: unitProfile,
  models,
  rankWidth: 5,
  standard: true,
  charged: true,
  characters: [{ name: 'Captain', profile: captain }],
  ...over,
});
/** Orc Boyz five wide with a standard, led by `boss` (an Orc Boss's profile). */
const bossed = (unitProfile: Profile, models: number, boss = 'Boss', over: Partial<Unit> = {}): Unit => ({
  name: 'Orc Boyz',
  profile: unitProfile,
  models,
  rankWidth: 5,
  standard: true,
  characters: [{ name: boss, profile: orcBoss }],
  ...over,
});

/**
 * The benchmark's round: 30 Swordsmen (5 wide, a Captain, standard, charged) against 25 Orc Boyz
 * (5 wide, a Boss, standard).
 */
export function swordsmenVsBoyz(): Setup {
  return parse({
    attacker: {
      name: 'Empire',
      units: [captained('Swordsmen', swordsman, 30)],
    },
    defender: { name: 'Orcs', units: [bossed(orcBoy, 25)] },
  });
}

/**
 * Two units a side (examples/old-world-swordsmen-vs-orcs.json): Knights charge the Boyz' flank
 * (US 10: the Boyz lose their ranks, the Empire gets +1 flank); Wolf Riders hit the Swordsmen's
 * flank in turn. Both Empire units may pursue broken Boyz, the Wolf Riders hold the Swordsmen;
 * the Arrer Boyz nearby may have to test for panic.
 */
export function twoUnitsASide(): Setup {
  return parse({
    attacker: {
      name: 'Empire',
      units: [
        captained('Swordsmen', swordsman, 20, { musician: true }),
        { name: 'Knights', profile: knight, models: 5, rankWidth: 5, charged: true, facing: 'flank', inContact: 3 },
      ],
    },
    defender: {
      name: 'Orcs',
      units: [
        bossed(orcBoy, 20),
        {
          name: 'Wolf Riders',
          profile: wolfRider,
          models: 5,
          rankWidth: 5,
          noRankBonus: true,
          facing: 'flank',
          inContact: 3,
        },
      ],
      nearby: [{ name: 'Orc Arrer Boyz', leadership: 7 }],
    },
  });
}

/**
 * A roll-off for the first strike (equal Initiative, nobody charged, no previous winner), models
 * of three wounds, fear (the Ogres cause it), a ward save: 6 Ogres against 20 Halberdiers.
 */
export function ogresVsHalberdiers(): Setup {
  return parse({
    attacker: {
      name: 'Ogre Kingdoms',
      units: [
        {
          name: 'Ogres',
          profile: profile({
            movement: 6,
            weaponSkill: 3,
            strength: 4,
            toughness: 4,
            wounds: 3,
            initiative: 3,
            attacks: 3,
            leadership: 7,
            armour: 6,
            troopType: 'large',
          }),
          models: 6,
          rankWidth: 3,
          causesFear: true,
        },
      ],
    },
    defender: {
      name: 'Empire',
      units: [
        {
          name: 'Halberdiers',
          profile: stateTroop({ strength: 4, armour: 6 }),
          models: 20,
          rankWidth: 5,
          standard: true,
          characters: [
            {
              name: 'Priest',
              profile: profile({
                weaponSkill: 4,
                strength: 4,
                toughness: 4,
                wounds: 2,
                initiative: 3,
                attacks: 2,
                leadership: 8,
                armour: 5,
                ward: 5,
              }),
            },
          ],
        },
      ],
    },
  });
}

/**
 * A challenge with overkill (Champion against a Sergeant with a 6+ ward save), a defended obstacle (the Knights hit
 * only on 6s), cavalry fleeing and pursuing 3D6: Knights charge Spearmen behind a wall.
 */
export function knightsAtTheWall(): Setup {
  return parse({
    attacker: {
      name: 'Bretonnia',
      units: [
        {
          name: 'Knights Errant',
          profile: knight,
          models: 6,
          rankWidth: 3,
          charged: true,
          standard: true,
          characters: [{ name: 'Champion', profile: profile({ ...knight, attacks: 2, weaponSkill: 5, strength: 5 }) }],
        },
      ],
    },
    defender: {
      name: 'Empire',
      units: [
        {
          name: 'Spearmen',
          profile: stateTroop({ armour: 5 }),
          models: 15,
          rankWidth: 5,
          defendedObstacle: true,
          inContact: 3,
          characters: [
            {
              name: 'Sergeant',
              profile: stateTroop({ attacks: 2, armour: 5, ward: 6 }),
            },
          ],
        },
      ],
    },
    challenge: { attacker: { unit: 0, character: 0 }, defender: { unit: 0, character: 0 } },
  });
}

/**
 * A club-size fight: 30 Empire Halberdiers (5 wide, halberds: S4; standard, musician, a Captain)
 * charge 30 Orc Boyz (5 wide, hand weapon and shield; standard, musician, a Big Boss). Neither is
 * unbreakable: every round has its break test, flight and pursuit.
 */
export function halberdiersVsBoyz(): Setup {
  return parse({
    attacker: {
      name: 'Empire',
      units: [captained('Halberdiers', stateTroop({ armour: 6, weapon: 'halberd' }), 30, { musician: true })],
    },
    defender: {
      name: 'Orcs',
      units: [bossed({ ...orcBoy, armour: 6, shield: true }, 30, 'Big Boss', { musician: true })],
    },
  });
}
