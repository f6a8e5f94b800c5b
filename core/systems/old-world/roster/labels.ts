import { label as l, type ProfileLabels } from '../../../validation/profileLabels';

/**
 * How the unit editor names this system's profile fields: the game's own abbreviations where
 * players know them, with the full name as help. The host writes them into the profile's JSON
 * Schema (titles and descriptions, in this order first), so the editor knows no system.
 */
export const oldWorldRosterLabels: ProfileLabels = {
  fields: {
    troopType: l('Troop type'),
    models: l('Models', 'Number of models'),
    movement: l('M', 'Movement'),
    weaponSkill: l('WS', 'Weapon Skill'),
    ballisticSkill: l('BS', 'Ballistic Skill'),
    strength: l('S', 'Strength'),
    toughness: l('T', 'Toughness'),
    wounds: l('W', 'Wounds'),
    initiative: l('I', 'Initiative'),
    attacks: l('A', 'Attacks'),
    leadership: l('Ld', 'Leadership'),
    armour: l('Armour (+)', 'Armour save: 4 means 4+, 7 for none'),
    ward: l('Ward (+)', 'Ward save, empty for none'),
    regeneration: l('Regen (+)', 'Regeneration save, empty for none'),
    rankWidth: l('Rank width', 'Models per rank'),
    standard: l('Standard bearer'),
    musician: l('Musician'),
    champion: l('Champion'),
    name: l('Name'),
    range: l('Range', 'Inches; 0 for a close combat weapon'),
    strengthBonus: l('S bonus', 'Strength bonus over the bearer'),
    armourPiercing: l('AP', 'Armour Piercing (2 for -2)'),
    weapons: l('Weapons'),
    specialRules: l('Special rules'),
  },
};
