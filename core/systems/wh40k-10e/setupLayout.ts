import type { FieldHint, SetupLayout } from '../../combat/setupLayout';

const rerolls = { none: 'No re-roll', ones: 'Re-roll 1s', failed: 'Re-roll failed', all: 'Re-roll any' };
const saveRerolls = { none: 'No re-roll', ones: 'Re-roll saves of 1', failed: 'Re-roll failed saves' };
const damageRerolls = { none: 'No re-roll', ones: 'Re-roll Damage 1s', all: 'Re-roll below average' };

/** Shown while shooting; no rule reads it in a fight, so a value set stays harmlessly (setupLayout.ts). */
const shootingOnly: FieldHint['shownWhen'] = { field: 'attacker.ranged', is: ['true'], unreadOtherwise: true };

/** 40k 10th edition: one attacking unit's weapons against one target unit. */
export const wh40k10eLayout: SetupLayout = {
  title: '40k 10th edition — set up the attack',
  intro:
    "One attacking unit's weapons against one target unit. Prefilled with five Intercessors shooting at ten Boyz: change the names and the numbers that differ. Numbers are as on the datasheet: BS/WS 3 means 3+, Sv 3 means 3+.",
  sideNotes: { attacker: 'the unit making its attacks', defender: 'the unit being attacked' },
  fields: {
    attacker: {
      order: ['name', 'ranged', 'charged', 'remainedStationary', 'halfRange', 'weapons'],
      advanced: ['mortalWounds'],
      advancedLabel: 'Mortal wounds from other rules',
    },
    'attacker.ranged': {
      widget: 'segmented',
      optionLabels: { true: 'Shooting (BS)', false: 'Fighting (WS)' },
      // A field the other mode hides does not count unseen (Heavy, Rapid Fire and Melta are shooting's).
      clears: ['remainedStationary', 'halfRange'],
    },
    // What each mode uses: standing still and half range only when shooting.
    'attacker.remainedStationary': { shownWhen: { field: 'attacker.ranged', is: ['true'] } },
    'attacker.halfRange': { shownWhen: { field: 'attacker.ranged', is: ['true'] } },
    'attacker.weapons': {
      addLabel: 'Add a weapon profile',
      newItem: {
        name: '',
        models: 1,
        attacks: '1',
        skill: 3,
        strength: 4,
        ap: 0,
        damage: '1',
        hitReroll: 'none',
        woundReroll: 'none',
        damageReroll: 'none',
        abilities: {},
      },
    },
    'attacker.weapons[]': {
      order: ['name', 'models', 'attacks', 'skill', 'strength', 'ap', 'damage'],
      advanced: [
        'hitModifier',
        'hitReroll',
        'woundModifier',
        'woundReroll',
        'criticalHitOn',
        'criticalWoundOn',
        'damageReroll',
        'abilities',
      ],
      advancedLabel: 'Modifiers, re-rolls, critical hits and abilities',
      // The attacker's modifiers as players name them (WH40K10-MODIFIERS.md weapon fields).
      groups: [
        { title: 'Hit and wound rolls', fields: ['hitModifier', 'hitReroll', 'woundModifier', 'woundReroll'] },
        { title: 'Critical Hits and Critical Wounds', fields: ['criticalHitOn', 'criticalWoundOn'] },
        { title: 'Damage', fields: ['damageReroll'] },
      ],
    },
    'attacker.weapons[].skill': {
      labelBy: { field: 'attacker.ranged', labels: { true: 'Ballistic Skill (BS)', false: 'Weapon Skill (WS)' } },
    },
    'attacker.weapons[].hitReroll': { optionLabels: rerolls },
    'attacker.weapons[].woundReroll': { optionLabels: rerolls },
    'attacker.weapons[].damageReroll': { optionLabels: damageRerolls },
    defender: {
      order: [
        'name',
        'keywords',
        'models',
        'cover',
        'stealth',
        'saveModifier',
        'saveReroll',
        'apReduction',
        'halfDamage',
        'damageReduction',
      ],
      // The target's defensive modifiers as players name them (WH40K10-MODIFIERS.md defender fields).
      groups: [
        {
          title: 'Being hit and saving throws',
          fields: ['cover', 'stealth', 'saveModifier', 'saveReroll', 'apReduction'],
        },
        { title: 'Damage taken', fields: ['halfDamage', 'damageReduction'] },
      ],
    },
    // Cover and Stealth count against ranged attacks only (seed 001 "Benefit of Cover"; tables.ts
    // coverBonus, abilities.ts): not asked while fighting, and kept for when the unit shoots again.
    'defender.cover': { widget: 'switch', shownWhen: shootingOnly },
    'defender.stealth': { widget: 'switch', shownWhen: shootingOnly },
    'defender.apReduction': { widget: 'switch' },
    'defender.halfDamage': { widget: 'switch' },
    'defender.damageReduction': { widget: 'switch' },
    'defender.saveReroll': { optionLabels: saveRerolls },
    'defender.models': {
      addLabel: 'Add models with another profile',
      newItem: {
        name: '',
        count: 5,
        toughness: 4,
        save: 3,
        wounds: 1,
        invulnerable: null,
        feelNoPain: null,
        feelNoPainMortal: null,
        character: false,
      },
    },
  },
  fromRoster: [
    {
      at: 'attacker',
      label: 'Pick the attacker from a roster',
      rangedFrom: 'attacker.ranged',
      keepWhenEmpty: ['weapons'],
    },
    { at: 'defender', label: 'Pick the target from a roster', rangedFrom: 'attacker.ranged' },
  ],
};
