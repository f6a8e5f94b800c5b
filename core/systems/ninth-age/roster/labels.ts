import { label as l, type ProfileLabels } from '../../../validation/profileLabels';

/**
 * How the unit editor names this system's profile fields: the game's own abbreviations where
 * players know them, with the full name as help. The host writes them into the profile's JSON
 * Schema (titles and descriptions, in this order first), so the editor knows no system.
 */
export const ninthAgeRosterLabels: ProfileLabels = {
  fields: {
    models: l('Models', 'Number of models'),
    // The rank block a melee starts from (phase 1 of the melee added it; 5 when a roster was stored without it).
    rankWidth: l('Rank width', 'Models per rank in its formation'),
    height: l('Height'),
    type: l('Type'),
    global: l('Global'),
    advanceRate: l('Adv', 'Advance Rate'),
    marchRate: l('Mar', 'March Rate'),
    discipline: l('Dis', 'Discipline'),
    defensive: l('Defensive'),
    healthPoints: l('HP', 'Health Points'),
    defensiveSkill: l('Def', 'Defensive Skill'),
    resilience: l('Res', 'Resilience'),
    armour: l('Arm', 'Armour'),
    aegis: l('Aegis (+)', 'Aegis save, empty for none'),
    fortitude: l('Fortitude (+)', 'Fortitude save, empty for none'),
    offensive: l('Offensive'),
    name: l('Name'),
    attacks: l('Att', 'Attack Value'),
    offensiveSkill: l('Off', 'Offensive Skill'),
    strength: l('Str', 'Strength'),
    armourPenetration: l('AP', 'Armour Penetration'),
    agility: l('Agi', 'Agility'),
    specialRules: l('Special rules'),
  },
  /** One item of a list, where it is not the list's name in the singular. */
  items: { offensive: 'Offensive profile' },
};
