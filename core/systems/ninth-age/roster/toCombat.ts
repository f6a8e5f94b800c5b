import type { NinthAgeProfile } from './profile';
import type { Character, Profile, Unit } from '../setup';

/**
 * A roster unit (Ninth Age profile) as one side's unit of a melee (SCENARIOS §3). The roster keeps
 * what an army book has (advance and march rates, type, several offensive profiles, special rules
 * as written); a melee needs one profile as it fights, the rank block and the rules that change
 * the round.
 *
 * Choices where the roster says more than one melee part can use:
 * - Height words become numbers: standard 1, large 2, gigantic 3.
 * - Several offensive profiles (a knight and his horse): the first is the part that fights; a later
 *   profile with the same Offensive Skill, Strength, AP and Agility adds its attacks (they strike
 *   together, as one part); any other profile is left out (SCENARIOS §3 does not analyse mixed
 *   profiles) and named by `profilesLeftOut`.
 * - A unit whose special rules include "Character" is a character alone: a unit of no rank and file
 *   with that character (he can then be moved into another unit's `characters`).
 */

/** The unit of the setup as the setup screen fills it (every field given, before the schema's defaults). */
export type CombatUnit = Omit<Unit, 'fighting' | 'attacksAtCharacters' | 'charged' | 'facing'> &
  Partial<Pick<Unit, 'fighting' | 'attacksAtCharacters' | 'charged' | 'facing'>>;

export const heightFor: Record<NinthAgeProfile['height'], number> = { standard: 1, large: 2, gigantic: 3 };

const clamp = (n: number, min: number, max: number) => Math.max(min, Math.min(max, n));

/** Special rules as written in the roster, any case, with the value in brackets when they have one: "Fortitude (4+)". */
function readRules(labels: readonly string[]) {
  const rules = labels.map((r) => r.trim().toLowerCase());
  const has = (re: RegExp) => rules.some((r) => re.test(r));
  const save = (word: string) => {
    for (const r of rules) {
      const m = new RegExp(`^${word}\\s*\\(?\\s*([2-6])\\+?\\s*\\)?$`).exec(r);
      if (m) return Number(m[1]);
    }
    return null;
  };
  return {
    character: has(/^character$/),
    battleStandard: has(/^battle standard bearer$/),
    standard: has(/^(standard|standard bearer)$/),
    fightInExtraRank: has(/^fight in extra rank$/),
    lightningReflexes: has(/^lightning reflexes$/),
    fortitude: save('fortitude'),
    aegis: save('aegis'),
  };
}

const sameStrike = (a: NinthAgeProfile['offensive'][number], b: NinthAgeProfile['offensive'][number]) =>
  a.offensiveSkill === b.offensiveSkill &&
  a.strength === b.strength &&
  a.armourPenetration === b.armourPenetration &&
  a.agility === b.agility;

/** The offensive profiles the melee leaves out (not the first, not striking with it). */
export function profilesLeftOut(profile: NinthAgeProfile): string[] {
  const [first, ...rest] = profile.offensive;
  return rest.filter((o) => !sameStrike(first!, o)).map((o) => o.name);
}

/** The profile a melee part fights with. */
export function fightingProfile(profile: NinthAgeProfile): Profile {
  const [first, ...rest] = profile.offensive;
  const unitRules = readRules(profile.specialRules);
  const offensiveRules = readRules(first!.specialRules);
  const attacks = first!.attacks + rest.filter((o) => sameStrike(first!, o)).reduce((sum, o) => sum + o.attacks, 0);
  return {
    offensiveSkill: first!.offensiveSkill,
    defensiveSkill: profile.defensive.defensiveSkill,
    strength: first!.strength,
    armourPenetration: first!.armourPenetration,
    agility: first!.agility,
    attacks: clamp(attacks, 0, 20),
    healthPoints: profile.defensive.healthPoints,
    resilience: profile.defensive.resilience,
    armour: profile.defensive.armour,
    discipline: profile.global.discipline,
    aegis: profile.defensive.aegis ?? unitRules.aegis,
    fortitude: profile.defensive.fortitude ?? unitRules.fortitude,
    // Lightning Reflexes: +1 to hit in melee.
    hitModifier: offensiveRules.lightningReflexes || unitRules.lightningReflexes ? 1 : 0,
  };
}

/** A roster unit as a character who joins a unit's front rank. */
export function characterForCombat(name: string, profile: NinthAgeProfile): Character {
  return {
    name,
    profile: fightingProfile(profile),
    battleStandard: readRules(profile.specialRules).battleStandard,
    attacksAtCharacters: [],
  };
}

export function unitForCombat(name: string, profile: NinthAgeProfile): CombatUnit {
  const rules = readRules(profile.specialRules);
  const height = heightFor[profile.height];
  if (rules.character) {
    return {
      name,
      models: 0,
      width: 1,
      height,
      profile: fightingProfile(profile),
      standard: false,
      supporting: null,
      supportingAttacks: 1,
      characters: [characterForCombat(name, profile)],
    };
  }
  return {
    name,
    models: profile.models,
    width: profile.rankWidth,
    height,
    profile: fightingProfile(profile),
    standard: rules.standard,
    // Fight in Extra Rank: supporting attacks from one more rank.
    supporting: rules.fightInExtraRank ? 2 * profile.rankWidth : null,
    supportingAttacks: 1,
    characters: [],
  };
}
