import type { z } from 'zod';
import { flag, labels, list, name, oneOf, optionalSave, record, stat } from './common';

/** Warhammer: The Old World (and rank-and-flank fantasy alike): the profile, saves and the rank block. */
export const oldWorldTroopTypes = [
  'infantry',
  'heavy-infantry',
  'monstrous-infantry',
  'light-cavalry',
  'heavy-cavalry',
  'monstrous-cavalry',
  'chariot',
  'war-beast',
  'swarm',
  'monster',
  'war-machine',
  'character',
] as const;

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
  /** Troop type: it fixes the unit strength and how ranks count. */
  troopType: oneOf(oldWorldTroopTypes),
  /** Models per rank. */
  rankWidth: stat(1, 10).default(5),
  standard: flag(),
  musician: flag(),
  champion: flag(),
  weapons: list(oldWorldWeaponSchema, 0, 10, 'weapons').default([]),
  specialRules: labels(),
});
export type OldWorldProfile = z.output<typeof oldWorldProfileSchema>;
