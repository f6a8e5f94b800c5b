import { label as l, type ProfileLabels } from '../../../validation/profileLabels';

/**
 * How the unit editor names this system's profile fields: the game's own abbreviations where
 * players know them, with the full name as help. The host writes them into the profile's JSON
 * Schema (titles and descriptions, in this order first), so the editor knows no system.
 */
export const epicArmageddonRosterLabels: ProfileLabels = {
  fields: {
    units: l('Units'),
    name: l('Name'),
    count: l('How many', 'Number of units'),
    type: l('Type'),
    speed: l('Speed (cm)'),
    armour: l('Armour (+)', '4 means 4+, 7 for none'),
    closeCombat: l('CC (+)', 'Close combat: 4 means 4+'),
    firefight: l('FF (+)', 'Firefight: 4 means 4+'),
    damageCapacity: l('DC', 'Damage capacity (war engines), empty for none'),
    weapons: l('Weapons'),
    range: l('Range (cm)', '0 for base contact'),
    antiPersonnel: l('AP (+)', 'Anti-personnel to-hit, empty for none'),
    antiTank: l('AT (+)', 'Anti-tank to-hit, empty for none'),
    antiAircraft: l('AA (+)', 'Anti-aircraft to-hit, empty for none'),
    barrage: l('BP', 'Barrage points, empty for none'),
    macroWeapon: l('MW (+)', 'Macro-weapon to-hit, empty for none'),
    blastMarkers: l('Blast markers'),
    specialRules: l('Special rules'),
  },
  /** One item of a list, where it is not the list's name in the singular. */
  items: { models: 'Model profile' },
};
