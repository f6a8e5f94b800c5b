import { label as l, type ProfileLabels } from '../../../validation/profileLabels';

/**
 * How the unit editor names this system's profile fields: the game's own abbreviations where
 * players know them, with the full name as help. The host writes them into the profile's JSON
 * Schema (titles and descriptions, in this order first), so the editor knows no system.
 */
export const wh40k10eRosterLabels: ProfileLabels = {
  fields: {
    name: l('Name'),
    count: l('How many', 'Number of models'),
    movement: l('M', 'Move (inches)'),
    toughness: l('T', 'Toughness'),
    save: l('Sv (+)', 'Save: 3 means 3+, 7 for none'),
    wounds: l('W', 'Wounds'),
    leadership: l('Ld (+)', 'Leadership: 6 means 6+'),
    objectiveControl: l('OC', 'Objective Control'),
    invulnerable: l('Invuln (++)', 'Invulnerable save, empty for none'),
    feelNoPain: l('FNP (+)', 'Feel No Pain, empty for none'),
    feelNoPainMortal: l('FNP vs MW (+)', 'Feel No Pain against mortal wounds only, empty for none'),
    deadlyDemise: l('Deadly Demise', 'Deadly Demise x, empty for none'),
    character: l('Character'),
    range: l('Range', '"melee" or inches'),
    // The unit's model profiles (a weapon's "Models" is titled in its schema).
    models: l('Model profiles'),
    attacks: l('A', 'Attacks per model: a number or dice such as D6'),
    skill: l('BS/WS (+)', 'Ballistic or Weapon Skill: 3 means 3+'),
    strength: l('S', 'Strength'),
    ap: l('AP', 'Armour Penetration, 0 or negative'),
    damage: l('D', 'Damage: a number or dice such as D3'),
    hitModifier: l('Hit mod'),
    woundModifier: l('Wound mod'),
    hitReroll: l('Hit re-roll'),
    woundReroll: l('Wound re-roll'),
    keywords: l('Keywords'),
    weapons: l('Weapons'),
    abilities: l('Abilities'),
    sustainedHits: l('Sustained Hits X'),
    rapidFire: l('Rapid Fire X'),
    melta: l('Melta X'),
    anti: l('Anti-KEYWORD X+'),
    keyword: l('Keyword'),
    threshold: l('X+'),
  },
  /** One item of a list, where it is not the list's name in the singular. */
  items: { models: 'Model profile' },
  // The unit's defensive modifiers as the combat setup draws them (setupLayout.ts): switches for the rules a unit has or not.
  hints: {
    defensiveModifiers: {
      order: ['stealth', 'saveModifier', 'saveReroll', 'apReduction', 'halfDamage', 'damageReduction'],
    },
    'defensiveModifiers.stealth': { widget: 'switch' },
    'defensiveModifiers.apReduction': { widget: 'switch' },
    'defensiveModifiers.halfDamage': { widget: 'switch' },
    'defensiveModifiers.damageReduction': { widget: 'switch' },
    'defensiveModifiers.saveReroll': {
      optionLabels: { none: 'No re-roll', ones: 'Re-roll saves of 1', failed: 'Re-roll failed saves' },
    },
  },
};
