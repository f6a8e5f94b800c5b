import { humanise } from '../forms/labels';

/**
 * How the unit editor names a profile's fields: the game's own abbreviations where players know
 * them (T, Sv, WS…), a plain humanised name otherwise. The order of each map is also the order the
 * editor lays fields out in (fields not listed follow, in the schema's order).
 */

export interface FieldLabel {
  /** What the field is labelled, e.g. "T". */
  short: string;
  /** Said in full (tooltip, summaries), e.g. "Toughness". */
  long?: string;
}

type LabelMap = Record<string, FieldLabel>;

const l = (short: string, long?: string): FieldLabel => (long ? { short, long } : { short });

const wh40k10e: LabelMap = {
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
};

const wh40k7e: LabelMap = {
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
};

const oldWorld: LabelMap = {
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
};

const ninthAge: LabelMap = {
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
};

const epic: LabelMap = {
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
};

const bySystem: Record<string, LabelMap> = {
  'wh40k-10e': wh40k10e,
  'wh40k-7e': wh40k7e,
  'old-world': oldWorld,
  'ninth-age': ninthAge,
  'epic-armageddon': epic,
};

/** The rule systems a roster can be for, as players name them. */
export const systemNames: Record<string, string> = {
  'wh40k-10e': 'Warhammer 40,000 (10th edition)',
  'wh40k-7e': 'Warhammer 40,000 (7th edition)',
  'old-world': 'Warhammer Fantasy Battle 6th edition',
  'ninth-age': 'The Ninth Age',
  'epic-armageddon': 'Epic Armageddon',
};
export const systemOptions = Object.entries(systemNames).map(([value, label]) => ({ value, label }));
export const systemName = (id: string): string => systemNames[id] ?? id;

export { humanise };

/** The system's own names by key (empty for a system without any). */
export const labelMapFor = (system: string): LabelMap => bySystem[system] ?? {};

export function fieldLabel(system: string, key: string): FieldLabel {
  return bySystem[system]?.[key] ?? { short: humanise(key) };
}

/** Sorts a schema's keys: those the system's label map lists first, in its order. */
export function orderKeys(system: string, keys: string[]): string[] {
  const map = bySystem[system] ?? {};
  const order = Object.keys(map);
  const rank = (k: string) => {
    const i = order.indexOf(k);
    return i === -1 ? order.length : i;
  };
  return keys.map((k, i) => ({ k, i })).sort((a, b) => rank(a.k) - rank(b.k) || a.i - b.i).map(({ k }) => k);
}

/** One item of a repeatable group: "Weapons" → "Weapon", "Models" → "Model profile". */
export function itemNoun(system: string, key: string): string {
  if (key === 'models' && system !== 'old-world' && system !== 'ninth-age') return 'Model profile';
  if (key === 'offensive') return 'Offensive profile';
  const label = fieldLabel(system, key).short;
  return label.endsWith('s') ? label.slice(0, -1) : label;
}
