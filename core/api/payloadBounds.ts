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

/** Which cap a payload passes: too deep, too many values, too many characters. */
export type PayloadExcess = 'depth' | 'values' | 'chars';

/**
 * How a payload's size is counted, wherever it is measured (here on the value, or on its JSON text
 * in the desktop's main process): a list or object at the top is at depth 1; the top value and
 * every entry of a list or object is one value; every string and key adds its length (UTF-16 code
 * units) to the characters.
 */
export interface PayloadMeasure {
  depth: number;
  values: number;
  chars: number;
}

/** Which cap `measure` passes, or null: depth first, then values, then characters. */
export function excessOf(measure: PayloadMeasure, caps: PayloadCaps): PayloadExcess | null {
  if (measure.depth > caps.maxDepth) return 'depth';
  if (measure.values > caps.maxValues) return 'values';
  if (measure.chars > caps.maxChars) return 'chars';
  return null;
}

/** Which cap `value` passes, found by one walk that stops at the first (a list of millions is refused by its length). */
export function payloadExcess(value: unknown, caps: PayloadCaps): PayloadExcess | null {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  let values = 1;
  let chars = 0;
  while (stack.length > 0) {
    const { value: next, depth } = stack.pop()!;
    if (typeof next === 'string') chars += next.length;
    else if (typeof next === 'object' && next !== null) {
      if (depth > caps.maxDepth) return 'depth';
      // Counted before they are pushed, so a list of millions is refused without being walked.
      const entries: [string, unknown][] = Array.isArray(next) ? [] : Object.entries(next);
      values += Array.isArray(next) ? next.length : entries.length;
      if (values > caps.maxValues) return 'values';
      if (Array.isArray(next)) for (const item of next) stack.push({ value: item, depth: depth + 1 });
      else
        for (const [key, item] of entries) {
          chars += key.length;
          stack.push({ value: item, depth: depth + 1 });
        }
    }
    if (chars > caps.maxChars) return 'chars';
  }
  return null;
}

/** Why a payload past `caps` is refused, in words naming `what`. */
export function excessWords(excess: PayloadExcess, caps: PayloadCaps, what = 'the request'): string {
  switch (excess) {
    case 'depth':
      return `${what} is nested more than ${caps.maxDepth} levels deep: no roster or combat is; the file is damaged or not one of ours`;
    case 'values':
      return `${what} holds more than ${caps.maxValues.toLocaleString('en-US')} values: it is too large to be a roster or a combat`;
    case 'chars':
      return `${what} is larger than ${(caps.maxChars / 1_000_000).toLocaleString('en-US')} million characters: it is too large to be a roster or a combat`;
  }
}

/** Why `value` is past `caps`, in words naming `what`, or null when it is within them. */
export function payloadProblem(value: unknown, caps: PayloadCaps, what = 'the request'): string | null {
  const excess = payloadExcess(value, caps);
  return excess && excessWords(excess, caps, what);
}
