import { NOTES_MAX } from '../validation/fields';
import type { BsProfile, BsRule } from './tree';
import { plainText } from './values';

/**
 * A unit's notes, written as the import goes: headed sections of lines, plain text a player reads
 * in the unit editor. Cut (and said so) at the notes field's 10,000 characters.
 */
export class NotesWriter {
  private readonly sections = new Map<string, string[]>();

  add(heading: string, line: string): void {
    const text = line.trim();
    if (!text) return;
    const lines = this.sections.get(heading) ?? [];
    if (!lines.includes(text)) lines.push(text);
    this.sections.set(heading, lines);
  }

  get isEmpty(): boolean {
    return this.sections.size === 0;
  }

  toString(): string {
    const text = [...this.sections]
      .map(([heading, lines]) => `${heading}\n${lines.map((l) => `- ${l}`).join('\n')}`)
      .join('\n\n');
    const cut = '\n… (cut: notes hold 10,000 characters)';
    return text.length <= NOTES_MAX ? text : `${text.slice(0, NOTES_MAX - cut.length)}${cut}`;
  }
}

/** A profile as one line of notes: "Name: characteristic text" (names shown when several). */
export function profileLine(profile: BsProfile): string {
  const values = profile.characteristics.filter((c) => c.value.trim() !== '');
  if (values.length === 0) return profile.name;
  if (values.length === 1) return `${profile.name}: ${plainText(values[0]?.value ?? '')}`;
  return `${profile.name}: ${values.map((c) => `${c.name} ${plainText(c.value)}`).join(', ')}`;
}

export const ruleLine = (rule: BsRule): string =>
  rule.description ? `${rule.name}: ${plainText(rule.description)}` : rule.name;
