import type { SetupInput } from './profiles';

/**
 * The setup screen's starting point, as the other systems open on one: five Intercessors firing
 * their bolt rifles (A2 BS3+ S4 AP-1 D1) at ten Boyz, nine Boys and a Boss Nob of two wounds
 * (T5 Sv5+). Nothing the players would have to notice is set: no charge, no standing still, not
 * within half range, no cover — so a roster unit put in its place (the setup screen's "Pick from
 * roster", the matchup table) brings its own numbers and finds nothing of the example left over.
 */
export const exampleSetup: SetupInput = {
  system: 'wh40k-10e',
  attacker: {
    name: 'Intercessor Squad',
    weapons: [
      {
        name: 'Bolt rifle',
        models: 5,
        attacks: '2',
        skill: 3,
        strength: 4,
        ap: -1,
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
    name: 'Boyz',
    keywords: ['infantry', 'orks'],
    cover: false,
    saveReroll: 'none',
    models: [
      {
        name: 'Boy',
        count: 9,
        toughness: 5,
        save: 5,
        wounds: 1,
        invulnerable: null,
        feelNoPain: null,
        feelNoPainMortal: null,
        character: false,
      },
      {
        name: 'Boss Nob',
        count: 1,
        toughness: 5,
        save: 5,
        wounds: 2,
        invulnerable: null,
        feelNoPain: null,
        feelNoPainMortal: null,
        character: false,
      },
    ],
  },
};
