import type { SetupInput } from './profiles';

/**
 * The setup screen's starting point: one weapon profile against one group of models, with the
 * numbers the quick-entry screen has always been prefilled with (A1 BS3+ S4 AP0 D1 against five
 * T4 Sv3+ W1 models), shooting. Players change the names and the numbers that differ.
 */
export const exampleSetup: SetupInput = {
  system: 'wh40k-10e',
  attacker: {
    name: 'Attacking unit',
    weapons: [
      {
        name: 'Weapon',
        models: 1,
        attacks: '1',
        skill: 3,
        strength: 4,
        ap: 0,
        damage: '1',
        hitReroll: 'none',
        woundReroll: 'none',
        damageReroll: 'none',
        abilities: {},
      },
    ],
    ranged: true,
    charged: false,
    remainedStationary: false,
    halfRange: false,
  },
  defender: {
    name: 'Target unit',
    keywords: [],
    cover: false,
    saveReroll: 'none',
    models: [
      {
        name: '',
        count: 5,
        toughness: 4,
        save: 3,
        wounds: 1,
        invulnerable: null,
        feelNoPain: null,
        feelNoPainMortal: null,
        character: false,
      },
    ],
  },
};
