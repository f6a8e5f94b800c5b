import type { FieldHint } from '../../combat/setupLayout';
import type { SetupLayout } from '../../combat/setupLayout';

/** A profile as the army book prints it: one row OS DS S AP Agi Att HP Res Arm Dis; the saves and the to-hit modifier below. */
const profile: FieldHint = {
  inline: true,
  statLine: [
    'offensiveSkill',
    'defensiveSkill',
    'strength',
    'armourPenetration',
    'agility',
    'attacks',
    'healthPoints',
    'resilience',
    'armour',
    'discipline',
  ],
};

/** Attacks at each enemy character, by his name; the rest go at the enemy's rank and file. */
const atCharacters: FieldHint = {
  perItem: {
    list: '{other}.unit.characters[]',
    label: 'at {name}',
    empty: 'The enemy unit has no characters: every attack goes at its rank and file.',
  },
};

const hero = {
  offensiveSkill: 5,
  defensiveSkill: 5,
  strength: 4,
  armourPenetration: 1,
  agility: 5,
  attacks: 3,
  healthPoints: 3,
  resilience: 4,
  armour: 3,
  discipline: 8,
  aegis: null,
  fortitude: null,
  hitModifier: 0,
};

/**
 * The Ninth Age melee: each side one unit (its rank and file and the characters in its front
 * rank), who charged and where it fights; the attacks each part sends at enemy characters are
 * the choice the wizard suggests (it asks again at every Agility step).
 */
export const ninthAgeLayout: SetupLayout = {
  title: 'The Ninth Age melee — set up the fight',
  intro:
    'One round of melee between two units. Prefilled with charging Knights and their Baron against Spearmen with a Captain and the Battle Standard Bearer: change the names and the numbers that differ. Saves are written as on the army book: Aegis 5 means 5+.',
  sideNotes: { attacker: 'the side whose turn it is (usually the chargers)', defender: 'the side being charged' },
  restTitle: 'Rules of the fight',
  fields: {
    // The side's one unit is drawn in the side's card: its fields are the side's.
    '*.unit': {
      inline: true,
      order: [
        'name',
        'models',
        'width',
        'height',
        'profile',
        'charged',
        'standard',
        'facing',
        'attacksAtCharacters',
        'characters',
      ],
      advanced: ['fighting', 'supporting', 'supportingAttacks'],
      advancedLabel: 'Front rank and supporting attacks',
    },
    '*.unit.profile': profile,
    '*.unit.facing': { widget: 'segmented', optionLabels: { front: 'Front', flank: 'Flank (+2)', rear: 'Rear (+2)' } },
    '*.unit.fighting': { noneLabel: 'the width less the characters' },
    '*.unit.supporting': { noneLabel: 'the width' },
    '*.unit.attacksAtCharacters': atCharacters,
    '*.unit.characters': {
      addLabel: 'Add a character',
      newItem: { name: '', battleStandard: false, profile: hero, attacksAtCharacters: [] },
    },
    '*.unit.characters[]': { order: ['name', 'battleStandard', 'profile', 'attacksAtCharacters'] },
    '*.unit.characters[].profile': profile,
    '*.unit.characters[].attacksAtCharacters': atCharacters,
  },
  fromRoster: [
    // A roster unit is one side's unit (the converter's output): its profile, size and command fill the unit, the roster's name names the side; where it fights and its allocations stay, and so do the characters entered when the roster unit has none.
    { at: '*', label: 'From roster', take: 'unit', into: 'unit', keepWhenEmpty: ['characters'], namesSide: true },
    // A roster character joins this unit's front rank.
    {
      at: '*.unit.characters[]',
      label: 'From roster',
      take: 'unit.characters[0]',
      missing: 'That unit is not a character: pick a roster unit whose special rules include Character.',
    },
  ],
};
