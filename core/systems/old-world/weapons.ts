import type { Profile } from './setup';

/**
 * Close combat weapons of Warhammer Fantasy Battle 6th edition, as data: what each adds to the
 * model that wields it, and when. A model's profile is its own; its weapon is chosen beside it.
 */

/** As a scenario file writes them: in players' words. */
export const weapons = [
  'hand weapon',
  'additional hand weapon',
  'great weapon',
  'halberd',
  'spear',
  'flail',
  'lance',
  'morning star',
] as const;
export type Weapon = (typeof weapons)[number];

/** The weapons in players' words, with what they do. */
export const weaponWords: Record<Weapon, string> = {
  'hand weapon': 'Hand weapon',
  'additional hand weapon': 'Additional hand weapon (+1 Attack)',
  'great weapon': 'Great weapon (+2 Strength, strikes last)',
  halberd: 'Halberd (+1 Strength)',
  spear: 'Spear (infantry: one more rank fights; cavalry: +1 Strength on the charge)',
  flail: 'Flail (+2 Strength in the first round)',
  lance: 'Lance (cavalry: +2 Strength on the charge)',
  'morning star': 'Morning star (+1 Strength in the first round)',
};

/** Short names, for a reason's arithmetic ("S5: 3 +2 great weapon"). */
export const weaponNames: Record<Weapon, string> = {
  'hand weapon': 'hand weapon',
  'additional hand weapon': 'additional hand weapon',
  'great weapon': 'great weapon',
  halberd: 'halberd',
  spear: 'spear',
  flail: 'flail',
  lance: 'lance',
  'morning star': 'morning star',
};

/** When a weapon is used: the round of the combat, and whether the model's unit charged this turn. */
export interface Moment {
  round: number;
  charged: boolean;
}

const cavalry = (p: Profile) => p.troopType === 'cavalry';
const onTheCharge = (m: Moment) => m.charged && m.round === 1;

/**
 * Strength a weapon adds: a great weapon +2 and a halberd +1 always; a flail +2 and a morning star
 * +1 in the first round of the combat; a lance +2 and a spear +1 for cavalry on the charge.
 */
export function weaponStrength(p: Profile, m: Moment): number {
  switch (p.weapon ?? 'hand weapon') {
    case 'great weapon':
      return 2;
    case 'halberd':
      return 1;
    case 'flail':
      return m.round === 1 ? 2 : 0;
    case 'morning star':
      return m.round === 1 ? 1 : 0;
    case 'lance':
      return cavalry(p) && onTheCharge(m) ? 2 : 0;
    case 'spear':
      return cavalry(p) && onTheCharge(m) ? 1 : 0;
    default:
      return 0;
  }
}

/** An additional hand weapon gives +1 Attack. */
export const weaponAttacks = (p: Profile) => (p.weapon === 'additional hand weapon' ? 1 : 0);

/** A great weapon strikes last, even on the charge. */
export const strikesLast = (p: Profile) => p.weapon === 'great weapon';

/** Infantry with spears fight in one more rank. */
export const fightsInExtraRank = (p: Profile) => p.weapon === 'spear' && p.troopType === 'infantry';

/** A hand weapon and shield: +1 to the armour save in close combat (a shield with any other weapon gives nothing here). */
export const shieldBonus = (p: Profile) => (p.shield && (p.weapon ?? 'hand weapon') === 'hand weapon' ? 1 : 0);
