import { epicArmageddon, type Setup, type SetupInput } from '../../../../../core/systems/epic-armageddon';
import { setupParser } from '../../../../support/setups';

/** Assaults the Epic analysis is checked on: each exercises different rules (named in the test that uses it). */

/** An Epic setup from what differs from the schema's defaults. */
export const parse = setupParser<SetupInput, Setup>(epicArmageddon);

type Unit = SetupInput['attacker']['units'][number];
type Weapon = NonNullable<Unit['weapons']>[number];

const lascannon: Weapon = { name: 'Lascannon', use: 'ff', extraAttacks: 1, macroWeapon: true };
const powerKlaws: Weapon = { name: 'Power klaws', use: 'cc', extraAttacks: 1, macroWeapon: true };
const assaultMarines: Unit = {
  name: 'Assault Marines',
  count: 2,
  armour: 4,
  cc: 3,
  ff: 5,
  weapons: [{ name: 'Chainswords', use: 'cc', extraAttacks: 1, firstStrike: true }],
};
const landRaider: Unit = {
  name: 'Land Raider',
  type: 'armoured-vehicle',
  armour: 4,
  cc: 6,
  ff: 4,
  engaged: 'firefight',
  reinforcedArmour: true,
};
const battlefortress: Unit = {
  name: 'Battlefortress',
  type: 'war-engine',
  damageCapacity: 3,
  armour: 4,
  cc: 6,
  ff: 5,
  engaged: 'firefight',
  reinforcedArmour: true,
  fearless: true,
};
/** Macro-weapon First Strike swords. */
export const howlingBanshees: Unit = {
  name: 'Howling Banshees',
  count: 2,
  armour: 5,
  cc: 3,
  ff: 6,
  weapons: [{ name: 'Power swords', use: 'cc', extraAttacks: 1, firstStrike: true, macroWeapon: true }],
};

/** Space Marines assault Orks: First Strike chainswords, a Reinforced Armour tank, cover, a Macro-weapon power klaw, a Fearless war engine, supporting fire. */
export const marinesVsOrks = () =>
  parse({
    attacker: {
      name: 'Space Marines',
      formation: 'Assault detachment',
      blastMarkers: 1,
      units: [
        assaultMarines,
        { name: 'Tactical Marines', count: 2, armour: 4, cc: 4, ff: 3, engaged: 'firefight' },
        landRaider,
      ],
      support: [{ name: 'Devastators', ff: 3, weapons: [lascannon] }],
    },
    defender: {
      name: 'Orks',
      formation: 'Warband',
      blastMarkers: 2,
      units: [
        { name: 'Boyz', count: 4, armour: 6, cc: 4, ff: 6, cover: 5 },
        {
          name: 'Nobz',
          armour: 4,
          cc: 3,
          ff: 5,
          inspiring: true,
          weapons: [powerKlaws],
        },
        battlefortress,
      ],
    },
  });

/**
 * First Strike on both sides, so the main wave couples the two sides through the survivors' dice;
 * a Macro-weapon war engine with Reinforced Armour and an invulnerable save against Macro-weapon
 * Banshees; a unit not engaged (counts in A6, cannot be hit); a Broken defender.
 */
export const bansheesVsKnight = () =>
  parse({
    attacker: {
      name: 'Eldar',
      formation: 'Aspect host',
      units: [
        howlingBanshees,
        { name: 'Guardians', count: 2, armour: 6, cc: 5, ff: 4, engaged: 'firefight', inspiring: true },
        { name: 'Wave Serpent', type: 'armoured-vehicle', armour: 4, cc: 6, ff: 5, engaged: 'none' },
      ],
    },
    defender: {
      name: 'Imperial Knights',
      formation: 'Household',
      broken: true,
      units: [
        {
          name: 'Knight Paladin',
          type: 'war-engine',
          damageCapacity: 3,
          armour: 4,
          cc: 3,
          ff: 4,
          reinforcedArmour: true,
          invulnerable: true,
          weapons: [{ name: 'Reaper chainsword', use: 'cc', extraAttacks: 2, macroWeapon: true, firstStrike: true }],
        },
        { name: 'Squires', count: 2, armour: 5, cc: 5, ff: 5, cover: 4, fearless: true },
      ],
    },
  });

/** Evenly matched infantry: draws are common (ties go to another round), more-than-twice-as-many, no Blast markers. */
export const lineFight = () =>
  parse({
    attacker: {
      name: 'Guard',
      formation: 'Infantry company',
      units: [
        { name: 'Guardsmen', count: 3, armour: 6, cc: 6, ff: 5 },
        { name: 'Commissar', armour: 5, cc: 4, ff: 5, inspiring: true, fearless: true },
      ],
    },
    defender: {
      name: 'Traitors',
      formation: 'Cultists',
      blastMarkers: 1,
      units: [{ name: 'Cultists', count: 2, armour: null, cc: 5, ff: 6, cover: 5 }],
      support: [{ name: 'Heavy weapons', ff: 5 }],
    },
  });

/** The benchmark of the issue: 10 units with 3 supporting units against 12 units with a DC 3 war engine. */
export const benchmarkAssault = () =>
  parse({
    attacker: {
      name: 'Space Marines',
      formation: 'Tactical detachment',
      units: [
        assaultMarines,
        { name: 'Tactical Marines', count: 3, armour: 4, cc: 4, ff: 3 },
        { name: 'Tactical Marines', count: 1, armour: 4, cc: 4, ff: 3, engaged: 'firefight' },
        {
          name: 'Captain',
          armour: 4,
          cc: 3,
          ff: 4,
          inspiring: true,
          invulnerable: true,
          weapons: [{ name: 'Power weapon', use: 'cc', extraAttacks: 1, macroWeapon: true }],
        },
        { name: 'Rhino', count: 2, type: 'armoured-vehicle', armour: 5, cc: 6, ff: 6, engaged: 'firefight' },
        landRaider,
      ],
      support: [
        {
          name: 'Devastators',
          count: 2,
          ff: 3,
          weapons: [lascannon],
        },
        { name: 'Whirlwind', ff: 5 },
      ],
    },
    defender: {
      name: 'Orks',
      formation: 'Warband',
      blastMarkers: 2,
      units: [
        { name: 'Boyz', count: 4, armour: 6, cc: 4, ff: 6, cover: 5 },
        { name: 'Grots', count: 2, armour: null, cc: 6, ff: 5, cover: 5 },
        {
          name: 'Nobz',
          count: 2,
          armour: 4,
          cc: 3,
          ff: 5,
          weapons: [powerKlaws],
        },
        { name: 'Boyz', count: 2, armour: 6, cc: 4, ff: 6, engaged: 'firefight' },
        {
          name: 'Warboss',
          armour: 4,
          cc: 3,
          ff: 5,
          inspiring: true,
          invulnerable: true,
          weapons: [{ name: 'Power klaw', use: 'cc', extraAttacks: 1, macroWeapon: true }],
        },
        battlefortress,
      ],
    },
  });
