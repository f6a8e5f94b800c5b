import type { Abilities } from '../profiles';
import { numberOrDice } from '../../../battlescribe/values';

/** The weapon abilities of a 10th edition profile as the engine's schema takes them (defaults left out). */
export type AbilitiesInput = {
  -readonly [K in keyof Abilities]?: K extends 'sustainedHits' | 'rapidFire' | 'melta'
    ? Abilities[K] | number
    : Abilities[K];
};

/**
 * One weapon keyword of the datasheet ("Sustained Hits D3", "Anti-FLY 4+") as the engine's
 * ability, or null when the engine has none of that name (the caller keeps it as text). The
 * keywords are those of the 10th edition core rules, "Weapon abilities" (seed 001, RULES.md §1).
 */
type Reader = { pattern: RegExp; read: (m: RegExpExecArray) => AbilitiesInput | null };

const amount = (text: string | undefined) => {
  const value = numberOrDice(text);
  return value === undefined ? null : value;
};
const flagged =
  (key: keyof Abilities): Reader['read'] =>
  () => ({ [key]: true });
const counted =
  (key: 'sustainedHits' | 'rapidFire' | 'melta'): Reader['read'] =>
  (m) => {
    const value = amount(m[1]);
    return value === null ? null : { [key]: value };
  };

const readers: Reader[] = [
  { pattern: /^lethal hits$/, read: flagged('lethalHits') },
  { pattern: /^sustained hits\s+(\S+)$/, read: counted('sustainedHits') },
  { pattern: /^devastating wounds$/, read: flagged('devastatingWounds') },
  { pattern: /^twin[-\s]?linked$/, read: flagged('twinLinked') },
  {
    pattern: /^anti[-\s]+(.+?)\s+([2-6])\+$/,
    read: (m) => ({ anti: { keyword: (m[1] ?? '').trim().toLowerCase(), threshold: Number(m[2]) } }),
  },
  { pattern: /^torrent$/, read: flagged('torrent') },
  { pattern: /^blast$/, read: flagged('blast') },
  { pattern: /^rapid fire\s+(\S+)$/, read: counted('rapidFire') },
  { pattern: /^melta\s+(\S+)$/, read: counted('melta') },
  { pattern: /^lance$/, read: flagged('lance') },
  { pattern: /^heavy$/, read: flagged('heavy') },
  { pattern: /^ignores cover$/, read: flagged('ignoresCover') },
  { pattern: /^precision$/, read: flagged('precision') },
  { pattern: /^hazardous$/, read: flagged('hazardous') },
];

export interface ReadKeywords {
  abilities: AbilitiesInput;
  /** Keywords kept as text: those the engine has no ability for, and a second Anti- (it takes one). */
  other: string[];
}

/** A profile's "Keywords" text ("Anti-FLY 4+, Sustained Hits 2, Assault") read keyword by keyword. */
export function readWeaponKeywords(text: string | undefined): ReadKeywords {
  const abilities: AbilitiesInput = {};
  const other: string[] = [];
  const keywords = (text ?? '')
    .slice(0, 2_000)
    .split(/[,;]/)
    .map((k) => k.replace(/[[\]]/g, '').replace(/\s+/g, ' ').trim())
    .filter((k) => k !== '' && k !== '-' && k !== '–');
  // A keyword is a few words; anything longer is kept as text unread, so no pattern sees it.
  for (const keyword of keywords) {
    const lower = keyword.toLowerCase();
    let read: AbilitiesInput | null = null;
    for (const { pattern, read: reader } of lower.length <= 60 ? readers : []) {
      const match = pattern.exec(lower);
      if (match) {
        read = reader(match);
        break;
      }
    }
    // The engine takes one Anti- per weapon: a second stays as text for the player to read.
    if (read === null || (read.anti && abilities.anti)) other.push(keyword);
    else Object.assign(abilities, read);
  }
  return { abilities, other };
}

/** The abilities a weapon has, named as on the datasheet, for the import preview. */
export function abilityNames(abilities: AbilitiesInput): string[] {
  const names: string[] = [];
  if (abilities.lethalHits) names.push('Lethal Hits');
  if (abilities.sustainedHits !== undefined && abilities.sustainedHits !== null)
    names.push(`Sustained Hits ${abilities.sustainedHits}`);
  if (abilities.devastatingWounds) names.push('Devastating Wounds');
  if (abilities.twinLinked) names.push('Twin-linked');
  if (abilities.anti) names.push(`Anti-${abilities.anti.keyword.toUpperCase()} ${abilities.anti.threshold}+`);
  if (abilities.torrent) names.push('Torrent');
  if (abilities.blast) names.push('Blast');
  if (abilities.rapidFire !== undefined && abilities.rapidFire !== null)
    names.push(`Rapid Fire ${abilities.rapidFire}`);
  if (abilities.melta !== undefined && abilities.melta !== null) names.push(`Melta ${abilities.melta}`);
  if (abilities.lance) names.push('Lance');
  if (abilities.heavy) names.push('Heavy');
  if (abilities.ignoresCover) names.push('Ignores Cover');
  if (abilities.precision) names.push('Precision');
  if (abilities.hazardous) names.push('Hazardous');
  return names;
}
