import type { z } from 'zod';
import { troopTypes, troopTypeWords } from '../setup';
import { flag, labels, list, name, oneOf, optionalSave, record, stat } from '../../../validation/profileFields';

/**
 * Warhammer Fantasy Battle 6th edition, the ranks game the close combat resolves (RULES §3): the
 * profile, saves and the rank block. Its troop types are the combat's own — each fixes a model's
 * Unit Strength — so a roster unit fits the combat without surprise. Fast cavalry, skirmishers and
 * the like are special rules ("Fast Cavalry", "Skirmishers"), as the army books write them.
 */
export const oldWorldTroopTypes = troopTypes;

/**
 * The troop types rosters were written with before (Warhammer: The Old World's names), as the
 * 6th edition counts them: how a stored roster or an old roster file is read today.
 */
export const legacyTroopTypes: Readonly<
  Record<string, { troopType: (typeof oldWorldTroopTypes)[number]; character?: true }>
> = {
  infantry: { troopType: 'infantry' },
  'heavy-infantry': { troopType: 'infantry' },
  swarm: { troopType: 'infantry' },
  'light-cavalry': { troopType: 'cavalry' },
  'heavy-cavalry': { troopType: 'cavalry' },
  'monstrous-infantry': { troopType: 'large' },
  'monstrous-cavalry': { troopType: 'large' },
  chariot: { troopType: 'large' },
  'war-beast': { troopType: 'large' },
  'war-machine': { troopType: 'large' },
  monster: { troopType: 'monster' },
  // A lone character: he fights on foot unless his entry says otherwise.
  character: { troopType: 'infantry', character: true },
};

/** A stored or filed old-world profile with a troop type of before, in today's terms (anything else unchanged). */
export function upgradeOldWorldProfile(profile: unknown): unknown {
  if (typeof profile !== 'object' || profile === null || Array.isArray(profile)) return profile;
  const p = profile as Record<string, unknown>;
  const legacy =
    typeof p['troopType'] === 'string' && !(oldWorldTroopTypes as readonly string[]).includes(p['troopType'])
      ? legacyTroopTypes[p['troopType']]
      : undefined;
  return legacy ? { ...p, troopType: legacy.troopType, ...(legacy.character ? { character: true } : {}) } : profile;
}

export const oldWorldWeaponSchema = record({
  name: name(),
  /** Inches; 0 for a close combat weapon. */
  range: stat(0, 120).default(0),
  /** "S" of the weapon, absolute; null when it uses the bearer's strength. */
  strength: stat(0, 10).nullable().default(null),
  /** Bonus to strength over the bearer's (e.g. +2 for a great weapon). */
  strengthBonus: stat(0, 5).default(0),
  /** Armour Piercing as a positive number (2 for -2). */
  armourPiercing: stat(0, 6).default(0),
  specialRules: labels(),
});

export const oldWorldProfileSchema = record({
  models: stat(1, 200),
  movement: stat(0, 12),
  weaponSkill: stat(0, 10),
  ballisticSkill: stat(0, 10),
  strength: stat(0, 10),
  toughness: stat(0, 10),
  wounds: stat(1, 10),
  initiative: stat(0, 10),
  attacks: stat(0, 10),
  leadership: stat(0, 10),
  /** Armour save: 1 for 1+ (possible with barding and shields), 7 for none. */
  armour: stat(1, 7),
  ward: optionalSave(),
  regeneration: optionalSave(),
  /** Troop type: it fixes the Unit Strength (RULES §3). */
  troopType: oneOf(oldWorldTroopTypes).meta({
    title: 'Troop type',
    description: 'it fixes the Unit Strength',
    optionLabels: troopTypeWords,
  }),
  /** A character (a hero): alone, or joined to a unit at the table. */
  character: flag().meta({
    title: 'Character',
    description: "a hero: in a combat he fights in a unit's front rank, or alone",
  }),
  /** Models per rank. */
  rankWidth: stat(1, 10).default(5),
  standard: flag(),
  musician: flag(),
  champion: flag(),
  weapons: list(oldWorldWeaponSchema, 0, 10, 'weapons').default([]),
  specialRules: labels(),
});
export type OldWorldProfile = z.output<typeof oldWorldProfileSchema>;
