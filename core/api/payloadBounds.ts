/**
 * How deep and how large a request may be, checked by walking it with a stack of its own (never by
 * recursion, which is what overflowed on a 5,000-level file: issue 26). A table needs a few levels
 * (a roster file's profile is about 6 deep) and a few hundred thousand values; past the caps a
 * request is refused in words before anything reads it.
 */
export interface PayloadCaps {
  /** Levels of nested objects and lists. */
  maxDepth: number;
  /** Objects, lists and values all together. */
  maxValues: number;
  /** Characters of every string and key together (a JSON file's size, near enough). */
  maxChars: number;
}

/** What any request may be: generous for every channel (file.save takes a 50 MB text). */
export const REQUEST_CAPS: PayloadCaps = { maxDepth: 64, maxValues: 2_000_000, maxChars: 60_000_000 };

/** What roster.checkImport and roster.import take: 10 million characters is a store of 10,000 units with notes. */
export const ROSTER_FILE_CAPS: PayloadCaps = { maxDepth: 32, maxValues: 2_000_000, maxChars: 10_000_000 };

/** Why `value` is past `caps`, in words naming `what`, or null when it is within them. */
export function payloadProblem(value: unknown, caps: PayloadCaps, what = 'the request'): string | null {
  const tooMany = `${what} holds more than ${caps.maxValues.toLocaleString('en-US')} values: it is too large to be a roster or a combat`;
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  let values = 1;
  let chars = 0;
  while (stack.length > 0) {
    const { value: next, depth } = stack.pop()!;
    if (typeof next === 'string') chars += next.length;
    else if (typeof next === 'object' && next !== null) {
      if (depth > caps.maxDepth)
        return `${what} is nested more than ${caps.maxDepth} levels deep: no roster or combat is; the file is damaged or not one of ours`;
      // Counted before they are pushed, so a list of millions is refused without being walked.
      const entries: [string, unknown][] = Array.isArray(next) ? [] : Object.entries(next);
      values += Array.isArray(next) ? next.length : entries.length;
      if (values > caps.maxValues) return tooMany;
      if (Array.isArray(next)) for (const item of next) stack.push({ value: item, depth: depth + 1 });
      else
        for (const [key, item] of entries) {
          chars += key.length;
          stack.push({ value: item, depth: depth + 1 });
        }
    }
    if (chars > caps.maxChars)
      return `${what} is larger than ${(caps.maxChars / 1_000_000).toLocaleString('en-US')} million characters: it is too large to be a roster or a combat`;
  }
  return null;
}
