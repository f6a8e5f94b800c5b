/**
 * How odds read, in words and numbers: one place for the wizard's odds panel, the print view and
 * the Markdown export, so they never disagree.
 */

/** A percentile as "87th", kept within 1st–99th. */
export function ordinalPercentile(n: number): string {
  const r = Math.round(n);
  // A mid-rank percentile never reaches 0 or 100: "100th" would only be rounding.
  if (r <= 0 || r >= 100) return ordinalPercentile(r <= 0 ? 1 : 99);
  const suffix = r % 100 >= 11 && r % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[r % 10] ?? 'th';
  return `${r}${suffix}`;
}

export function percent(p: number): string {
  return p > 0 && p < 0.001 ? '<0.1%' : p < 1 && p > 0.999 ? '>99.9%' : `${(p * 100).toFixed(1)}%`;
}

/** Two decimals, without the "-0.00" a tiny negative rounding gives. */
export const fixed2 = (x: number) => (Math.abs(x) < 0.005 ? 0 : x).toFixed(2);

/** The luck percentile in words. */
export const luckWords = (percentile: number) => (percentile >= 60 ? 'above expectations' : percentile <= 40 ? 'below expectations' : 'about as expected');
