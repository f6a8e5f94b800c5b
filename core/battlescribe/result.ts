/** What reading a file gives: the value, or why not, in words that follow "This file cannot be imported: ". */
export type Read<T> = { ok: true; value: T } | { ok: false; reason: string };
export const refused = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });

/** Text from a file or a library quoted in a message: at most `max` characters, so a reply never echoes megabytes. */
export function quoted(text: string, max = 80): string {
  const flat = text.length > max * 4 ? text.slice(0, max * 4) : text;
  const line = flat.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}
