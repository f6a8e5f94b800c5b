import type { SetupInput } from './setup';

/**
 * The setup screen's starting point: a Space Marine assault detachment charging an Ork warband,
 * with supporting fire, so a quick assault needs only the names and numbers that differ.
 */
export const exampleSetup: SetupInput = {
  system: 'epic-armageddon',
  attacker: {
    name: 'Space Marines',
    formation: 'Assault detachment',
    blastMarkers: 1,
    units: [
      {
        name: 'Assault Marines',
        count: 2,
        armour: 4,
        cc: 3,
        ff: 5,
        weapons: [
          {
            name: 'Chainswords',
            use: 'cc',
            extraAttacks: 1,
            firstStrike: true,
          },
        ],
      },
      {
        name: 'Tactical Marines',
        count: 2,
        armour: 4,
        cc: 4,
        ff: 3,
        engaged: 'firefight',
      },
      {
        name: 'Land Raider',
        type: 'armoured-vehicle',
        armour: 4,
        cc: 6,
        ff: 4,
        engaged: 'firefight',
        reinforcedArmour: true,
      },
    ],
    support: [
      {
        name: 'Devastators',
        count: 1,
        ff: 3,
        weapons: [
          {
            name: 'Lascannon',
            use: 'ff',
            extraAttacks: 1,
            macroWeapon: true,
          },
        ],
      },
    ],
  },
  defender: {
    name: 'Orks',
    formation: 'Warband',
    blastMarkers: 2,
    units: [
      {
        name: 'Boyz',
        count: 4,
        armour: 6,
        cc: 4,
        ff: 6,
        cover: 5,
      },
      {
        name: 'Nobz',
        armour: 4,
        cc: 3,
        ff: 5,
        inspiring: true,
        weapons: [
          {
            name: 'Power klaws',
            use: 'cc',
            extraAttacks: 1,
            macroWeapon: true,
          },
        ],
      },
      {
        name: 'Battlefortress',
        type: 'war-engine',
        damageCapacity: 3,
        armour: 4,
        cc: 6,
        ff: 5,
        engaged: 'firefight',
        reinforcedArmour: true,
        fearless: true,
      },
    ],
  },
};
