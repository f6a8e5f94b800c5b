/**
 * How much of an answer a person can read: every error reply and problem list is cut to this, so a
 * hostile or broken file can never make the host send (or the page render) megabytes of text
 * (issue 26: a 10 MB unclosed XML file gave an 18 MB reply, a 1.5 MB roster file 100,001 problems).
 */

/** Characters of one message: a few lines on a phone. */
export const MAX_MESSAGE_CHARS = 600;
/** Characters of a field path ("rosters[3].units[12].profile.models[0].toughness" is 50). */
export const MAX_FIELD_CHARS = 200;
/** Problems listed one by one: a screenful; the rest are counted, not listed. */
export const MAX_PROBLEMS_LISTED = 20;

/** The text, cut to `max` characters with an ellipsis, never through a surrogate pair. */
export function shorten(text: string, max = MAX_MESSAGE_CHARS): string {
  if (text.length <= max) return text;
  let cut = max - 1;
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  return `${text.slice(0, cut)}…`;
}

export interface Listed<T> {
  listed: T[];
  /** How many more there are beyond `listed`. */
  more: number;
}

/** The first screenful of problems, each message and path shortened, and how many more there are. */
export function screenful<T extends { field: string; message: string }>(
  problems: readonly T[],
  max = MAX_PROBLEMS_LISTED,
): Listed<{ field: string; message: string }> {
  return {
    listed: problems
      .slice(0, max)
      .map((p) => ({ field: shorten(p.field, MAX_FIELD_CHARS), message: shorten(p.message) })),
    more: Math.max(0, problems.length - max),
  };
}

/** "; and 99,981 more problems" (empty when there are none). */
export function moreProblemsText(more: number): string {
  return more > 0 ? `; and ${more.toLocaleString('en-US')} more problem${more === 1 ? '' : 's'}` : '';
}

/** The listed problems' messages joined, with how many more: the short message of an error reply. */
export function joinedProblems(problems: readonly { message: string }[], max = MAX_PROBLEMS_LISTED): string {
  const shown = problems.slice(0, max).map((p) => p.message);
  return shorten(shown.join('; ') + moreProblemsText(problems.length - shown.length));
}
