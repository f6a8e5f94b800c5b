import type { SetupInput } from './setup';

/** A Space Marine's profile line (WS4 S4 T4 W1 I4 A1 Ld8); the setup screen's new model groups start from it too. */
export const marineLine = {
  weaponSkill: 4,
  strength: 4,
  toughness: 4,
  wounds: 1,
  initiative: 4,
  attacks: 1,
  leadership: 8,
};

/**
 * The setup screen's starting point: a charging Tactical Squad (a Sergeant with a power fist) against
 * 20 Ork Boyz with a Nob and his power klaw — the benchmark round — so a quick combat needs only
 * the names and numbers that differ.
 */
export const exampleSetup: SetupInput = {
  system: 'wh40k-7e',
  attacker: {
    name: 'Tactical Squad',
    charged: true,
    atsknf: true,
    models: [
      {
        name: 'Space Marine',
        count: 9,
        ...marineLine,
        save: 3,
        weapon: {
          name: 'Bolt pistol',
          strength: 'user',
          ap: null,
        },
      },
      {
        name: 'Sergeant',
        weaponSkill: 4,
        strength: 4,
        toughness: 4,
        wounds: 1,
        initiative: 4,
        attacks: 2,
        leadership: 9,
        save: 3,
        weapon: {
          name: 'Power fist',
          strength: 'x2',
          ap: 2,
          unwieldy: true,
        },
      },
    ],
  },
  defender: {
    name: 'Ork Boyz',
    models: [
      {
        name: 'Ork Boy',
        count: 19,
        weaponSkill: 4,
        strength: 3,
        toughness: 4,
        wounds: 1,
        initiative: 2,
        attacks: 2,
        leadership: 7,
        save: 6,
        twoWeapons: true,
        weapon: {
          name: 'Choppa',
          strength: 'user',
          ap: null,
        },
      },
      {
        name: 'Ork Nob',
        weaponSkill: 4,
        strength: 4,
        toughness: 4,
        wounds: 2,
        initiative: 3,
        attacks: 3,
        leadership: 7,
        save: 6,
        weapon: {
          name: 'Power klaw',
          strength: 'x2',
          ap: 2,
          unwieldy: true,
        },
      },
    ],
  },
};
