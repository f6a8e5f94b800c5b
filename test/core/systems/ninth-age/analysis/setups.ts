import { ninthAge, type Setup, type SetupInput } from '../../../../../core/systems/ninth-age';
import type { Profile } from '../../../../../core/systems/ninth-age/setup';
import { setupParser } from '../../../../support/setups';
import { soldier } from '../helpers';

/** Named Ninth Age setups for the analysis tests and the bench. */

/** A Ninth Age setup from what differs from the schema's defaults. */
const parse = setupParser<SetupInput, Setup>(ninthAge);
/** A profile: an ordinary foot soldier but for `over`. */
const p = (over: Partial<Profile>): Profile => ({ ...soldier, ...over });

/**
 * The bench case: 30 Spearmen with a Captain and a Battle Standard Bearer against 6
 * Knights with a Baron, who charge. One full round with the break test and pursuit.
 */
export const knightsVsSpearmen = (): Setup =>
  parse({
    attacker: {
      name: 'Kingdom of Equitaine',
      unit: {
        name: 'Knights',
        models: 6,
        width: 3,
        height: 2,
        charged: true,
        standard: true,
        profile: p({
          offensiveSkill: 4,
          defensiveSkill: 4,
          strength: 5,
          armourPenetration: 2,
          healthPoints: 2,
          armour: 5,
          discipline: 8,
          aegis: 6,
        }),
        characters: [
          {
            name: 'Baron',
            attacksAtCharacters: [2],
            profile: p({
              offensiveSkill: 6,
              defensiveSkill: 6,
              strength: 5,
              armourPenetration: 2,
              agility: 5,
              attacks: 4,
              healthPoints: 3,
              resilience: 4,
              armour: 6,
              discipline: 9,
              aegis: 5,
            }),
          },
        ],
      },
    },
    defender: {
      name: 'Empire of Sonnstahl',
      unit: {
        name: 'Spearmen',
        models: 30,
        width: 6,
        standard: true,
        supporting: 12,
        profile: p({ armour: 2 }),
        characters: [
          {
            name: 'Captain',
            attacksAtCharacters: [3],
            profile: p({
              offensiveSkill: 5,
              defensiveSkill: 5,
              strength: 4,
              armourPenetration: 1,
              agility: 4,
              attacks: 3,
              healthPoints: 3,
              resilience: 4,
              armour: 4,
              discipline: 8,
              fortitude: 5,
            }),
          },
          {
            name: 'Standard Bearer',
            battleStandard: true,
            profile: p({
              offensiveSkill: 4,
              defensiveSkill: 4,
              strength: 4,
              agility: 4,
              attacks: 2,
              healthPoints: 2,
              armour: 3,
              discipline: 8,
            }),
          },
        ],
      },
    },
  });

/** A bloody, even fight of multi-HP models: both sides break often; Steady against a wide unit; Fortitude and Aegis. */
export const orcsVsDwarfs = (): Setup =>
  parse({
    insaneCourage: false,
    attacker: {
      name: 'Orcs',
      unit: {
        name: 'Orc Brutes',
        models: 6,
        width: 3,
        height: 2,
        facing: 'flank',
        profile: p({
          offensiveSkill: 4,
          strength: 5,
          attacks: 2,
          healthPoints: 3,
          resilience: 4,
          armour: 1,
          discipline: 6,
          fortitude: 6,
        }),
        attacksAtCharacters: [2],
      },
    },
    defender: {
      name: 'Dwarfs',
      unit: {
        name: 'Greybeards',
        models: 8,
        width: 4,
        profile: p({
          offensiveSkill: 5,
          defensiveSkill: 5,
          strength: 4,
          armourPenetration: 1,
          agility: 2,
          attacks: 1,
          healthPoints: 1,
          resilience: 4,
          armour: 4,
          discipline: 9,
        }),
        characters: [
          {
            name: 'Thane',
            profile: p({
              offensiveSkill: 6,
              defensiveSkill: 6,
              strength: 5,
              armourPenetration: 2,
              agility: 3,
              attacks: 3,
              healthPoints: 2,
              resilience: 4,
              armour: 5,
              discipline: 9,
              aegis: 4,
            }),
            attacksAtCharacters: [],
          },
        ],
      },
    },
  });

/** Small units, characters on both sides who seek each other out, the rank and file soon gone. */
export const heroesDuel = (): Setup =>
  parse({
    attacker: {
      name: 'Red',
      unit: {
        name: 'Guards',
        models: 3,
        width: 3,
        charged: true,
        profile: p({ attacks: 1, healthPoints: 1 }),
        attacksAtCharacters: [1, 1],
        characters: [
          {
            name: 'Champion',
            attacksAtCharacters: [2, 0],
            profile: p({
              offensiveSkill: 5,
              strength: 4,
              agility: 4,
              attacks: 3,
              healthPoints: 2,
              armour: 2,
              discipline: 8,
            }),
          },
        ],
      },
    },
    defender: {
      name: 'Blue',
      unit: {
        name: 'Cultists',
        models: 2,
        width: 4,
        profile: p({ agility: 4, healthPoints: 1 }),
        characters: [
          {
            name: 'Priest',
            attacksAtCharacters: [1],
            profile: p({ agility: 5, attacks: 2, healthPoints: 2, aegis: 5, discipline: 8 }),
          },
          { name: 'Acolyte', profile: p({ agility: 2, attacks: 1, healthPoints: 1 }) },
        ],
      },
    },
  });
