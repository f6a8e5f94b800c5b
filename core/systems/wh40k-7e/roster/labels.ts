import { label as l, type ProfileLabels } from '../../../validation/profileLabels';

/**
 * How the unit editor names this system's profile fields: the game's own abbreviations where
 * players know them, with the full name as help. The host writes them into the profile's JSON
 * Schema (titles and descriptions, in this order first), so the editor knows no system.
 */
export const wh40k7eRosterLabels: ProfileLabels = {
  fields: {
    unitType: l('Unit type'),
    name: l('Name'),
    count: l('How many', 'Number of models'),
    weaponSkill: l('WS', 'Weapon Skill'),
    ballisticSkill: l('BS', 'Ballistic Skill'),
    strength: l('S', 'Strength'),
    toughness: l('T', 'Toughness'),
    wounds: l('W', 'Wounds'),
    initiative: l('I', 'Initiative'),
    attacks: l('A', 'Attacks'),
    leadership: l('Ld', 'Leadership'),
    save: l('Sv (+)', 'Armour save: 3 means 3+, 7 for none'),
    invulnerable: l('Invuln (++)', 'Invulnerable save, empty for none'),
    feelNoPain: l('FNP (+)', 'Feel No Pain, empty for none'),
    vehicle: l('Vehicle'),
    front: l('Front AV', 'Front armour'),
    side: l('Side AV', 'Side armour'),
    rear: l('Rear AV', 'Rear armour'),
    hullPoints: l('HP', 'Hull points'),
    range: l('Range', '"melee", "template" or inches'),
    type: l('Type'),
    ap: l('AP', '1 to 6, empty for "-"'),
    shots: l('Shots'),
    specialRules: l('Special rules'),
    models: l('Models'),
    weapons: l('Weapons'),
  },
  /** One item of a list, where it is not the list's name in the singular. */
  items: { models: 'Model profile' },
};
