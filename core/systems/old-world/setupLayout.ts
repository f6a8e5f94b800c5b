import type { FieldHint } from '../../combat/setupLayout';
import type { SetupLayout } from '../../combat/setupLayout';
import { hero, human } from './example';

const profile: FieldHint = {
  inline: true,
  statLine: ['movement', 'weaponSkill', 'strength', 'toughness', 'wounds', 'initiative', 'attacks', 'leadership'],
};
const flags = [
  'highGround',
  'defendedObstacle',
  'noRankBonus',
  'causesFear',
  'causesTerror',
  'stubborn',
  'unbreakable',
  'immuneToPsychology',
];

/** Warhammer Fantasy Battle 6th edition close combat: two sides of units, characters, a challenge, the round. */
export const oldWorldLayout: SetupLayout = {
  title: 'Warhammer Fantasy Battle 6th edition close combat — set up the fight',
  intro:
    'Warhammer Fantasy Battle 6th edition. Prefilled with a typical charge: change the names and the numbers that differ. Armour 5 means 5+; Strength is the model’s own: choose its close combat weapon and shield below, and their bonuses count when the rules say.',
  sideNotes: { attacker: 'the side whose turn it is (usually the chargers)', defender: 'the side being attacked' },
  restTitle: 'The fight',
  fields: {
    '*.units': { addLabel: 'Add a flanking unit', newItem: { name: '', profile: human, models: 5, facing: 'flank' } },
    '*.units[]': {
      order: [
        'name',
        'models',
        'rankWidth',
        'woundsLost',
        'profile',
        'standard',
        'battleStandard',
        'charged',
        // After the unit's ticks: its line in words stands under them, not between two of them.
        'musician',
        'target',
        'highGround',
        'characters',
      ],
      groups: [{ title: 'Fights', fields: ['target', 'facing', 'inContact', 'attacksAt'] }],
      advanced: flags,
      advancedLabel: 'Special rules and terrain',
    },
    '*.units[].profile': profile,
    // No close-combat rule this app follows reads a musician (RULES.md §3's combat result and break
    // test, from seed 002, name none; the engine and the odds read it nowhere): asking for it would
    // promise an effect there is none of. The setup still takes it, so files and rosters with one load.
    '*.units[].musician': {
      hidden: true,
      note: 'A musician is not asked for: it changes nothing in the close-combat rules this app follows.',
    },
    // A unit fights an enemy unit, by name; a new one drops the character singled out in the old.
    '*.units[].target': { ref: { list: '{other}.units[]' }, clears: ['attacksAt'] },
    '*.units[].facing': { widget: 'segmented' },
    '*.units[].inContact': { noneLabel: 'full front rank' },
    '*.units[].attacksAt': { ref: { list: '{other}.units[$target].characters[]' }, noneLabel: 'The rank and file' },
    '*.units[].characters': {
      addLabel: 'Add a character',
      newItem: { name: '', profile: hero },
    },
    '*.units[].characters[].profile': profile,
    '*.nearby': {
      addLabel: 'Add a nearby unit',
      newItem: { name: '', leadership: 7, movement: 4, immuneToPsychology: false },
    },
    '': { order: ['challenge', 'insaneCourage', 'round', 'previousWinner'] },
    // Each side's challenger: one of its characters, by name ("Captain (Halberdiers)").
    'challenge.*': {
      ref: {
        list: '{side}.units[].characters[]',
        into: ['unit', 'character'],
        empty: 'add a character to a unit first',
      },
    },
    previousWinner: {
      widget: 'segmented',
      noneLabel: 'Nobody / a draw',
      optionLabels: { attacker: '@attacker.name', defender: '@defender.name' },
    },
  },
  fromRoster: [{ at: '*.units[]', label: 'From roster', take: 'units[0]', namesSide: true }],
};
