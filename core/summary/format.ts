/**
 * How odds read, in words and numbers: one place for the wizard's odds panel, the print view and
 * the Markdown export, so they never disagree.
 */

/** A percentile as "87th", kept within 1st–99th. */
export function ordinalPercentile(n: number): string {
  const r = Math.round(n);
  // A mid-rank percentile never reaches 0 or 100: "100th" would only be rounding.
  if (r <= 0 || r >= 100) return ordinalPercentile(r <= 0 ? 1 : 99);
  const suffix =
    r % 100 >= 11 && r % 100 <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[r % 10] ?? 'th');
  return `${r}${suffix}`;
}

export function percent(p: number): string {
  return p > 0 && p < 0.001 ? '<0.1%' : p < 1 && p > 0.999 ? '>99.9%' : `${(p * 100).toFixed(1)}%`;
}

/** Two decimals, without the "-0.00" a tiny negative rounding gives. */
export const fixed2 = (x: number) => (Math.abs(x) < 0.005 ? 0 : x).toFixed(2);

/** The luck percentile in words. */
export const luckWords = (percentile: number) =>
  percentile >= 60 ? 'above expectations' : percentile <= 40 ? 'below expectations' : 'about as expected';

/**
 * Whose luck a percentile is, in one sentence: every system's main measure is the attacker's (the
 * models it destroyed, its result minus the defender's), so the attacker sits at the percentile
 * and the defender at its mirror (a mid-rank percentile mirrors exactly: 100 − p).
 * "The dice so far put Empire at the 62nd percentile (above expectations) and Orcs at the 38th (below expectations)."
 */
export function luckSentence(
  percentile: number,
  names: { attacker: string; defender: string },
  finished: boolean,
): string {
  const mirror = 100 - percentile;
  const lead = finished ? 'The dice put' : 'The dice so far put';
  return `${lead} ${names.attacker} at the ${ordinalPercentile(percentile)} percentile (${luckWords(percentile)}) and ${names.defender} at the ${ordinalPercentile(mirror)} (${luckWords(mirror)}).`;
}
