import type { OldWorldProfile } from './profile';
import type { Character, TroopType, Unit } from '../setup';
import type { Weapon } from '../weapons';

/**
 * A roster unit ("old world" profile) as one unit of a close combat setup (RULES §3). The roster
 * keeps what an army book has (BS, weapons with range, champion, regeneration); a close combat
 * needs the profile as it fights: Strength with its close combat weapon, the saves, the rank
 * block, command and the special rules that change the result or a break test.
 */

/** The unit of the setup as the setup screen fills it (every field given, before the schema's defaults). */
export type CombatUnit = Pick<
  Unit,
  | 'name'
  | 'profile'
  | 'models'
  | 'woundsLost'
  | 'rankWidth'
  | 'characters'
  | 'standard'
  | 'musician'
  | 'battleStandard'
  | 'noRankBonus'
  | 'causesFear'
  | 'causesTerror'
  | 'stubborn'
  | 'unbreakable'
  | 'immuneToPsychology'
>;

/** The roster's troop types are the close combat's own (RULES §3, Unit Strength per model). */
export const troopTypeFor: Record<OldWorldProfile['troopType'], TroopType> = {
  infantry: 'infantry',
  cavalry: 'cavalry',
  large: 'large',
  monster: 'monster',
};

const clamp = (n: number, min: number, max: number) => Math.max(min, Math.min(max, n));

/**
 * Strength as it fights: the first close combat weapon's (range 0) absolute Strength, else the
 * bearer's Strength plus the weapon's bonus; the bearer's own with no close combat weapon.
 */
export function fightingStrength(profile: OldWorldProfile): number {
  const weapon = profile.weapons.find((w) => w.range === 0);
  const s = weapon ? (weapon.strength ?? profile.strength + weapon.strengthBonus) : profile.strength;
  return clamp(s, 1, 10);
}

/** The close combat weapons players name, as the combat's choices (a plural names the same weapon). */
const namedWeapons: Array<[Weapon, RegExp]> = [
  ['additional hand weapon', /^(additional hand weapons?|two hand weapons|paired weapons?|hand weapons? \(pair\))$/],
  ['great weapon', /^great ?weapons?$/],
  ['halberd', /^halberds?$/],
  ['spear', /^spears?$/],
  ['flail', /^flails?$/],
  ['lance', /^lances?$/],
  ['morning star', /^morning ?stars?$/],
  ['hand weapon', /^hand weapons?$/],
];

/** The first close combat weapon of the roster named like one of the combat's choices, if any. */
export function weaponChoice(profile: OldWorldProfile): Weapon | undefined {
  for (const w of profile.weapons.filter((x) => x.range === 0)) {
    const name = w.name.trim().toLowerCase();
    const found = namedWeapons.find(([, re]) => re.test(name));
    if (found) return found[0];
  }
  return undefined;
}

/** A shield, as a weapon or a special rule of the roster. */
const hasShield = (profile: OldWorldProfile) =>
  [...profile.weapons.map((w) => w.name), ...profile.specialRules].some((n) =>
    /^shields?$/.test(n.trim().toLowerCase()),
  );

/** Special rules (as written in the roster, any case) that the close combat reads. */
type FlagKey =
  'causesFear' | 'causesTerror' | 'stubborn' | 'unbreakable' | 'immuneToPsychology' | 'noRankBonus' | 'battleStandard';
const ruleFlags: Array<[FlagKey, RegExp]> = [
  ['causesFear', /^(causes )?fear$/],
  ['causesTerror', /^(causes )?terror$/],
  ['stubborn', /^stubborn$/],
  ['unbreakable', /^unbreakable$/],
  ['immuneToPsychology', /^immune to psychology$/],
  ['noRankBonus', /^(fast cavalry|skirmish(ers)?)$/],
  ['battleStandard', /^battle standard( bearer)?$/],
];

export function unitForCombat(name: string, profile: OldWorldProfile): CombatUnit {
  const rules = profile.specialRules.map((r) => r.trim().toLowerCase());
  const has = (re: RegExp) => rules.some((r) => re.test(r));
  // A weapon named like one of the combat's choices becomes that choice, which adds its own bonus
  // when it counts (a flail in the first round only…): the Strength is then the bearer's own.
  const weapon = weaponChoice(profile);
  const shield = hasShield(profile);
  const fights: CombatUnit['profile'] = {
    movement: clamp(profile.movement, 1, 12),
    weaponSkill: clamp(profile.weaponSkill, 1, 10),
    strength: weapon ? clamp(profile.strength, 1, 10) : fightingStrength(profile),
    toughness: clamp(profile.toughness, 1, 10),
    wounds: profile.wounds,
    initiative: clamp(profile.initiative, 1, 10),
    attacks: profile.attacks,
    leadership: clamp(profile.leadership, 1, 10),
    armour: profile.armour,
    ward: profile.ward,
    troopType: troopTypeFor[profile.troopType],
    ...(weapon && weapon !== 'hand weapon' ? { weapon } : {}),
    ...(shield ? { shield } : {}),
  };
  const character = profile.character;
  const characters: Character[] = character ? [{ name, profile: fights }] : [];
  const flags = Object.fromEntries(ruleFlags.map(([key, re]) => [key, has(re)])) as Record<FlagKey, boolean>;
  return {
    name,
    profile: fights,
    models: character ? 0 : profile.models,
    woundsLost: 0,
    rankWidth: profile.rankWidth,
    characters,
    ...flags,
    standard: !character && profile.standard,
    musician: !character && profile.musician,
  };
}
