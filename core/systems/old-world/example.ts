import type { Profile, SetupInput } from './setup';

/** A human rank-and-file profile (M4 WS3 S3 T3 W1 I3 A1 Ld7, light armour); the setup screen's new units start from it too. */
export const human: Profile = {
  movement: 4,
  weaponSkill: 3,
  strength: 3,
  toughness: 3,
  wounds: 1,
  initiative: 3,
  attacks: 1,
  leadership: 7,
  armour: 6,
  ward: null,
  troopType: 'infantry',
};

/** A hero of the human line (WS5 S4 T4 W2 I5 A3 Ld8, 5+ armour); the setup screen's new characters start from it. */
export const hero: Profile = {
  ...human,
  weaponSkill: 5,
  strength: 4,
  toughness: 4,
  wounds: 2,
  initiative: 5,
  attacks: 3,
  leadership: 8,
  armour: 5,
};

/**
 * The setup screen's starting point: a typical charge — 20 Empire Halberdiers (S3, +1 with
 * their halberds: S4; standard and musician) charging 20 Orc Boyz (T4 I2, 5+ armour, standard) front on,
 * in the first round — so a quick combat needs only the names and numbers that differ.
 */
export const exampleSetup: SetupInput = {
  system: 'old-world',
  attacker: {
    name: 'Empire',
    units: [
      {
        name: 'Halberdiers',
        profile: { ...human, weapon: 'halberd' },
        models: 20,
        woundsLost: 0,
        rankWidth: 5,
        standard: true,
        musician: true,
        charged: true,
        target: 0,
        facing: 'front',
        attacksAt: null,
        inContact: null,
      },
    ],
    nearby: [],
  },
  defender: {
    name: 'Orcs',
    units: [
      {
        name: 'Orc Boyz',
        profile: { ...human, toughness: 4, initiative: 2, armour: 5 },
        models: 20,
        woundsLost: 0,
        rankWidth: 5,
        standard: true,
        target: 0,
        facing: 'front',
        attacksAt: null,
        inContact: null,
      },
    ],
    nearby: [],
  },
  challenge: null,
  insaneCourage: true,
  round: 1,
  previousWinner: null,
};
