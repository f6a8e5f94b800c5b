import { z } from 'zod';
import { labels, list, name, oneOf, optionalSave, record, saveTarget, stat } from '../../../validation/profileFields';

/** Warhammer 40,000 7th edition: the characteristic line, saves and weapons with S, AP and type. */
export const wh40k7eModelSchema = record({
  name: name(),
  count: stat(1, 100),
  weaponSkill: stat(0, 10),
  ballisticSkill: stat(0, 10),
  strength: stat(0, 10),
  toughness: stat(0, 10),
  wounds: stat(0, 10),
  initiative: stat(0, 10),
  attacks: stat(0, 10),
  leadership: stat(0, 10),
  /** Armour save (2 for 2+, 7 for none). */
  save: saveTarget(2),
  invulnerable: optionalSave(),
  feelNoPain: optionalSave(),
  specialRules: labels(),
});

export const wh40k7eWeaponTypes = ['melee', 'pistol', 'assault', 'rapid-fire', 'heavy', 'salvo', 'ordnance'] as const;

export const wh40k7eWeaponSchema = record({
  name: name(),
  /** Inches; "melee" for close combat weapons, "template" for flamers. */
  range: z.union([z.enum(['melee', 'template']), stat(1, 300)], {
    error: 'expected "melee", "template" or a range from 1 to 300 inches',
  }),
  /** A number, or relative to the bearer: "user", "+1", "+2", "x2"; "D" for Destroyer weapons. */
  strength: z.union([stat(1, 10), z.enum(['user', '+1', '+2', 'x2', 'D'])], {
    error: 'expected a strength from 1 to 10, "user", "+1", "+2", "x2" or "D"',
  }),
  /** 1…6; null for "-". */
  ap: stat(1, 6).nullable(),
  type: oneOf(wh40k7eWeaponTypes),
  /** Shots for pistol, assault, rapid-fire, heavy, salvo and ordnance weapons. */
  shots: stat(1, 20).default(1),
  specialRules: labels(),
});

export const wh40k7eProfileSchema = record({
  unitType: oneOf([
    'infantry',
    'jump-infantry',
    'jet-pack-infantry',
    'bike',
    'jetbike',
    'beast',
    'cavalry',
    'monstrous-creature',
    'flying-monstrous-creature',
    'gargantuan-creature',
    'vehicle',
    'walker',
    'flyer',
    'super-heavy',
  ]),
  models: list(wh40k7eModelSchema, 1, 20, 'model profiles'),
  /** Vehicles only: armour values and hull points; null for everything else. */
  vehicle: record({ front: stat(10, 14), side: stat(10, 14), rear: stat(10, 14), hullPoints: stat(1, 12) })
    .nullable()
    .default(null),
  weapons: list(wh40k7eWeaponSchema, 0, 30, 'weapons').default([]),
  specialRules: labels(),
});
export type Wh40k7eProfile = z.output<typeof wh40k7eProfileSchema>;
