import type { FieldHint } from '../../combat/setupLayout';
import type { SetupLayout } from '../../combat/setupLayout';

const weapon = { name: '', use: 'cc', extraAttacks: 1, macroWeapon: false, firstStrike: false };

/** A formation's long list of units: one compact row each, what few units have under "More". */
const unitRow: FieldHint = {
  compact: true,
  order: ['name', 'count', 'type', 'armour', 'cc', 'ff', 'engaged'],
  advanced: ['weapons', 'reinforcedArmour', 'invulnerable', 'fearless', 'inspiring', 'cover', 'damageCapacity'],
  advancedLabel: 'Weapons, abilities, cover, DC',
};

/** Epic Armageddon: one assault between two formations, each a list of units nearest first. */
export const epicArmageddonLayout: SetupLayout = {
  title: 'Epic Armageddon — set up the assault',
  intro:
    'Two formations after charges and counter-charges. List each formation’s units nearest the enemy first (hits are allocated in that order) and say how each is engaged. Armour, CC and FF: 4 means 4+; leave empty for none.',
  sideNotes: { attacker: 'the formation that charged', defender: 'the formation that was charged' },
  fields: {
    '*.units': {
      // Nearest first is the order hits go in: a formation picked from a roster comes in roster order.
      reorderable: true,
      addLabel: 'Add a unit',
      newItem: {
        name: '',
        count: 1,
        type: 'infantry',
        armour: 5,
        cc: 4,
        ff: 4,
        engaged: 'contact',
        weapons: [],
        cover: null,
        damageCapacity: 1,
      },
    },
    '*.units[]': unitRow,
    // As datasheets write the type, so the row stays one line.
    '*.units[].type': {
      optionLabels: { infantry: 'INF', 'light-vehicle': 'LV', 'armoured-vehicle': 'AV', 'war-engine': 'WE' },
    },
    '*.units[].engaged': { optionLabels: { contact: 'Contact', firefight: 'Firefight', none: 'Not engaged' } },
    '*.units[].weapons': { addLabel: 'Add a weapon with Extra Attacks', newItem: weapon },
    '*.units[].weapons[]': { compact: true, order: ['name', 'use', 'extraAttacks', 'macroWeapon', 'firstStrike'] },
    '*.units[].weapons[].use': { widget: 'segmented', optionLabels: { cc: 'CC: assault', ff: 'FF: small arms' } },
    '*.support': {
      addLabel: 'Add a supporting unit',
      newItem: { name: '', count: 1, ff: 4, weapons: [], inspiring: false, broken: false, marched: false },
    },
    '*.support[]': { compact: true, order: ['name', 'count', 'ff', 'inspiring', 'weapons'] },
    // Supporting fire is small arms only, and never from a Broken formation or one that marched
    // (the host refuses either): nothing to choose on this screen.
    '*.support[].broken': { hidden: true },
    '*.support[].marched': { hidden: true },
    '*.support[].weapons': {
      addLabel: 'Add a weapon with Extra Attacks',
      newItem: { ...weapon, use: 'ff', firstStrike: false },
    },
    '*.support[].weapons[]': { compact: true, order: ['name', 'extraAttacks', 'macroWeapon'] },
    '*.support[].weapons[].use': { hidden: true },
    '*.support[].weapons[].firstStrike': { hidden: true },
  },
  // A roster entry is a formation: the converter gives the whole side; supporting fire entered stays.
  fromRoster: [
    { at: 'attacker', label: 'Pick the formation from a roster', keepWhenEmpty: ['support'] },
    { at: 'defender', label: 'Pick the formation from a roster', keepWhenEmpty: ['support'] },
  ],
};
