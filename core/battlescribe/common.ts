import { profileLine, ruleLine, type NotesWriter } from './notes';
import { characteristic, profilesUnder, walk, type BsProfile, type BsSelection } from './tree';
import { cleanLabel, distinct } from './values';

/**
 * Pieces the systems other than 10th edition share: their roster profiles keep one model line
 * and a list of special rules, so what else a unit carries goes into its notes, and the preview
 * says so.
 */

/** Whether a profile has all these characteristics (e.g. WS and T: a model's stat line). */
export const hasCharacteristics = (profile: BsProfile, ...names: string[]) =>
  names.every((n) => characteristic(profile, n) !== undefined);

/** A loose whole number: the first one in the text ("4", "3 (4)", "D6+1" → undefined). */
export function leadingNumber(text: string | undefined): number | undefined {
  const match = /^\s{0,20}\+?(\d{1,3})(?!\s{0,3}[dD]\d)/.exec((text ?? '').slice(0, 200));
  return match ? Number(match[1]) : undefined;
}

/** Clamp to a field's range, saying so in `notes` when the value had to change. */
export function fitted(
  value: number | undefined,
  min: number,
  max: number,
  what: string,
  fallback: number,
  issues: string[],
): number {
  if (value === undefined) {
    issues.push(`${what} could not be read; ${fallback} was taken`);
    return fallback;
  }
  if (value < min || value > max) {
    const fit = Math.min(max, Math.max(min, value));
    issues.push(`${what} ${value} is outside ${min}–${max}; ${fit} was taken`);
    return fit;
  }
  return value;
}

/** Names of every selection in a unit (upgrades, wargear, command), in order, without repeats. */
export function selectionNames(unit: BsSelection): string[] {
  return distinct(
    [...walk(unit)]
      .slice(1)
      .map(({ selection }) => (selection.number > 1 ? `${selection.number}× ${selection.name}` : selection.name)),
  );
}

/** Rules of a unit and its selections, by name, with their text written into the notes. */
export function rulesOf(unit: BsSelection, notes: NotesWriter): string[] {
  const names: string[] = [];
  for (const { selection } of walk(unit)) {
    for (const rule of selection.rules) {
      names.push(cleanLabel(rule.name));
      notes.add('Special rules', ruleLine(rule));
    }
  }
  return distinct(names);
}

/** Profiles of a unit that `used` did not take, written into the notes under their type. */
export function otherProfiles(unit: BsSelection, used: ReadonlySet<BsProfile>, notes: NotesWriter): string[] {
  const preview: string[] = [];
  for (const { profile } of profilesUnder(unit)) {
    if (used.has(profile)) continue;
    notes.add(profile.typeName || 'Other profiles', profileLine(profile));
    preview.push(`${profile.typeName || 'Profile'} “${profile.name}”: in the notes`);
  }
  return distinct(preview);
}

/** The rolls a text states: "4+ ward save", "Regeneration (4+)", "Aegis (5+)", "4+ invulnerable save". */
export function savesIn(text: string): {
  ward?: number;
  regeneration?: number;
  invulnerable?: number;
  feelNoPain?: number;
  aegis?: number;
} {
  const found: { ward?: number; regeneration?: number; invulnerable?: number; feelNoPain?: number; aegis?: number } =
    {};
  const roll = (pattern: RegExp) => {
    const m = pattern.exec(text);
    return m ? Number(m[1]) : undefined;
  };
  // Every quantifier is bounded, so each pattern is linear in the text (issue 26: no quadratic matching).
  const ward = roll(/([2-6])\+\s{0,3}ward/i) ?? roll(/ward save\D{0,6}([2-6])\+/i);
  const regeneration =
    roll(/regenerat\w{0,6}\s{0,3}\(?\s{0,3}([2-6])\+/i) ?? (/\bregenerat/i.test(text) ? 4 : undefined);
  const invulnerable = roll(/([2-6])\+\s{0,3}invulnerable/i) ?? roll(/invulnerable save\D{0,6}([2-6])\+/i);
  const feelNoPain = roll(/feel no pain\s{0,3}\(?\s{0,3}([2-6])\+/i);
  const aegis = roll(/aegis\s{0,3}\(?\s{0,3}([2-6])\+/i);
  if (ward !== undefined) found.ward = ward;
  if (regeneration !== undefined) found.regeneration = regeneration;
  if (invulnerable !== undefined) found.invulnerable = invulnerable;
  if (feelNoPain !== undefined) found.feelNoPain = feelNoPain;
  if (aegis !== undefined) found.aegis = aegis;
  return found;
}

/** All the text of a unit (selection, profile and rule names, characteristics, rule text), for `savesIn`. */
export function allText(unit: BsSelection): string {
  const parts: string[] = [];
  for (const { selection } of walk(unit)) {
    parts.push(selection.name);
    for (const rule of selection.rules) parts.push(rule.name, rule.description);
    for (const profile of selection.profiles) parts.push(profile.name, ...profile.characteristics.map((c) => c.value));
  }
  return parts.join('\n');
}
