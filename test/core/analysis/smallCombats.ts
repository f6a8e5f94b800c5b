/**
 * Small combats of each round-by-round game, small enough for the whole-combat odds to be exact
 * within the work budget: the examples with fewer models, no characters, and units that do not
 * break (unbreakable, Fearless), so every combat is fought to the last model round after round —
 * the break tests, flight and pursuit multiply the positions and are tested from a late position. Shared by the whole-combat tests and bench.
 */

const human = {
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

export const smallOldWorld = {
  system: 'old-world',
  attacker: {
    name: 'Empire',
    units: [
      {
        name: 'Halberdiers',
        profile: { ...human, strength: 4 },
        models: 2,
        woundsLost: 0,
        rankWidth: 2,
        standard: true,
        musician: false,
        charged: true,
        unbreakable: true,
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
        models: 2,
        woundsLost: 0,
        rankWidth: 2,
        standard: false,
        unbreakable: true,
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

export const small7e = {
  system: 'wh40k-7e',
  attacker: {
    name: 'Tactical Squad',
    charged: true,
    fearless: true,
    models: [
      {
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
      },
    ],
  },
  defender: {
    name: 'Ork Boyz',
    fearless: true,
    models: [
      {
        name: 'Ork Boy',
        count: 2,
        weaponSkill: 4,
        strength: 3,
        toughness: 4,
        wounds: 1,
        initiative: 2,
        attacks: 2,
        leadership: 7,
        save: 6,
      },
    ],
  },
};

const knight = {
  offensiveSkill: 4,
  defensiveSkill: 4,
  strength: 5,
  armourPenetration: 2,
  agility: 3,
  attacks: 1,
  healthPoints: 2,
  resilience: 3,
  armour: 5,
  discipline: 8,
};
const spearman = {
  offensiveSkill: 3,
  defensiveSkill: 3,
  strength: 3,
  armourPenetration: 0,
  agility: 3,
  attacks: 1,
  healthPoints: 1,
  resilience: 3,
  armour: 2,
  discipline: 7,
};

export const smallNinthAge = {
  system: 'ninth-age',
  attacker: {
    name: 'Kingdom of Equitaine',
    unit: { name: 'Knights', models: 1, width: 1, height: 2, profile: knight, charged: true },
  },
  defender: { name: 'Empire of Sonnstahl', unit: { name: 'Spearmen', models: 3, width: 3, profile: spearman } },
};

export const smallEpic = {
  system: 'epic-armageddon',
  attacker: {
    name: 'Space Marines',
    formation: 'Assault detachment',
    blastMarkers: 0,
    units: [{ name: 'Assault Marines', count: 1, armour: 4, cc: 3, ff: 5, fearless: true }],
  },
  defender: {
    name: 'Orks',
    formation: 'Warband',
    blastMarkers: 0,
    units: [{ name: 'Boyz', count: 2, armour: 6, cc: 4, ff: 6, fearless: true }],
  },
};
