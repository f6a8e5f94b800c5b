import { epicArmageddon, type SetupInput } from '../../../../../../core/systems/epic-armageddon';
import { conformance } from '../../../../../../core/systems/epic-armageddon/conformance';
import { howlingBanshees, parse } from '../setups';

/**
 * Assaults the round model is held to the engine on, each small enough for the engine's walk of a
 * round (every die by its outcomes), each bringing in rules the others do not (named on each), and
 * the club-size assault of the bench.
 */

/** The small combat the system declares (its conformance.ts): one Assault Marine against two Boyz, everybody Fearless — draws go on round after round. */
export const small = () => epicArmageddon.setupSchema.parse(conformance.combats.small);

/** Nobody Fearless: the loser of A6 takes the difference as extra hits (no saves), becomes Broken and withdraws (A7); a Grot not directly engaged counts in A6, can take extra hits but no attacks. */
export const breaking = () =>
  parse({
    attacker: {
      name: 'Space Marines',
      formation: 'Assault detachment',
      units: [{ name: 'Assault Marines', count: 2, armour: 4, cc: 3, ff: 5 }],
    },
    defender: {
      name: 'Orks',
      formation: 'Warband',
      blastMarkers: 1,
      units: [
        { name: 'Boyz', count: 2, armour: 6, cc: 4, ff: 6 },
        { name: 'Grots', armour: null, cc: 6, ff: 6, engaged: 'none' },
      ],
    },
  });

/** A defender Broken before the assault (it counts as many Blast markers as its units left, and is destroyed if it loses); They Shall Know No Fear on the attacker (half the extra hits, half its Blast markers). */
export const brokenDefender = () =>
  parse({
    attacker: {
      name: 'Space Marines',
      formation: 'Tactical detachment',
      blastMarkers: 3,
      knowNoFear: true,
      units: [{ name: 'Tactical Marines', count: 2, armour: 4, cc: 5, ff: 3, engaged: 'firefight' }],
    },
    defender: {
      name: 'Guard',
      formation: 'Infantry platoon',
      broken: true,
      units: [{ name: 'Guardsmen', count: 2, armour: 6, cc: 5, ff: 5, cover: 4 }],
    },
  });

/** A war engine (damage capacity, 1 DC per unsaved hit, excess lost) with Reinforced Armour against Macro-weapon First Strike swords; an invulnerable save; Fearless infantry ignoring extra hits. */
export const knight = () =>
  parse({
    attacker: {
      name: 'Eldar',
      formation: 'Aspect host',
      units: [howlingBanshees],
    },
    defender: {
      name: 'Imperial Knights',
      formation: 'Household',
      units: [
        {
          name: 'Knight Paladin',
          type: 'war-engine',
          damageCapacity: 2,
          armour: 4,
          cc: 4,
          ff: 4,
          reinforcedArmour: true,
          invulnerable: true,
        },
        { name: 'Squire', armour: 5, cc: 5, ff: 5, fearless: true },
      ],
    },
  });

/** Supporting fire of other formations (A5) with an Inspiring supporting unit and a Macro-weapon; a firefight (FF, not CC); a Reinforced Armour tank; defending infantry in cover. */
export const supported = () =>
  parse({
    attacker: {
      name: 'Space Marines',
      formation: 'Tactical detachment',
      units: [
        { name: 'Tactical Marines', armour: 4, cc: 4, ff: 3, engaged: 'firefight' },
        { name: 'Land Raider', type: 'armoured-vehicle', armour: 4, cc: 6, ff: 4, reinforcedArmour: true },
      ],
      support: [
        { name: 'Devastators', ff: 4, weapons: [{ name: 'Lascannon', use: 'ff', extraAttacks: 1, macroWeapon: true }] },
      ],
    },
    defender: {
      name: 'Orks',
      formation: 'Warband',
      blastMarkers: 2,
      units: [{ name: 'Boyz', count: 2, armour: 6, cc: 4, ff: 6, cover: 5 }],
      support: [{ name: 'Warboss', ff: 5, inspiring: true }],
    },
  });

/** The example (example.ts, examples/epic-armageddon-marines-vs-orks.json). */
export const example = () => parse(epicArmageddon.exampleSetup as Omit<SetupInput, 'system'>);

/** Club-size: three formations a side, with supporting fire on both (conformance.ts `combats.club`, the bench's). */
export const clubSize = () => epicArmageddon.setupSchema.parse(conformance.combats.club);
