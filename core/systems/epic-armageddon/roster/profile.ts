import type { z } from 'zod';
import { labels, list, name, oneOf, record, rollTarget, saveTarget, stat } from '../../../validation/profileFields';

/**
 * Epic Armageddon. A roster entry is a formation (what activates and takes blast markers), made
 * of units with type, speed, armour, CC and FF, and weapons with range and firepower.
 */
export const epicUnitTypes = [
  'infantry',
  'light-vehicle',
  'armoured-vehicle',
  'war-engine',
  'aircraft',
  'character',
] as const;

export const epicWeaponSchema = record({
  name: name(),
  /** Centimetres; 0 for base contact (assault weapons, small arms). */
  range: stat(0, 1000),
  /** Firepower: AP/AT/AA to-hit rolls (null when the weapon has none) and barrage points. */
  antiPersonnel: rollTarget(2, 6).nullable().default(null),
  antiTank: rollTarget(2, 6).nullable().default(null),
  antiAircraft: rollTarget(2, 6).nullable().default(null),
  barrage: stat(1, 20).nullable().default(null),
  /** Hits as macro-weapon: a to-hit roll, null when not a macro-weapon. */
  macroWeapon: rollTarget(2, 6).nullable().default(null),
  /** e.g. "First Strike", "Extra Attacks (+1)", "Titan Killer (D3)", "Ignore Cover". */
  specialRules: labels(),
});

export const epicUnitSchema = record({
  name: name(),
  count: stat(1, 30),
  type: oneOf(epicUnitTypes),
  /** Centimetres. */
  speed: stat(0, 100),
  /** 2…6 for 2+…6+, 7 for none. */
  armour: saveTarget(2),
  closeCombat: saveTarget(2),
  firefight: saveTarget(2),
  /** War engines only. */
  damageCapacity: stat(1, 20).nullable().default(null),
  weapons: list(epicWeaponSchema, 0, 20, 'weapons').default([]),
  specialRules: labels(),
});

export const epicArmageddonProfileSchema = record({
  units: list(epicUnitSchema, 1, 30, 'units'),
  /** Blast markers on the formation now (carried between turns of a game). */
  blastMarkers: stat(0, 99).default(0),
  specialRules: labels(),
});
export type EpicArmageddonProfile = z.output<typeof epicArmageddonProfileSchema>;
