import { isDiceExpression } from '../dice/expression';

/**
 * Characteristics as roster editors write them ('6"', "3+", "-1", "D6+1", "N/A", "-") read as the
 * numbers the profiles keep. Each returns undefined when the text is not what it expects, so the
 * caller says which value could not be read.
 */

/**
 * A characteristic's text trimmed, or '' when it is longer than any value these readers take
 * ('12"-18"', "2D6+1", "N/A"): the patterns below then only ever see a few characters, so no
 * value, however long, can make them slow.
 */
function short(text: string | undefined): string {
  const value = text ?? '';
  if (value.length > 200) return '\u0000';
  const trimmed = value.trim();
  return trimmed.length <= 24 ? trimmed : '\u0000';
}

/** A whole number, possibly signed, alone in the text ("4", "-1", "+2"). */
export function wholeNumber(text: string | undefined): number | undefined {
  const match = /^([+-]?\d{1,6})$/.exec(short(text));
  return match ? Number(match[1]) : undefined;
}

/** A distance: '6"', "24''", "30cm", '12"-18"' (the first), "20+\"" (aircraft: the minimum). */
export function distance(text: string | undefined): number | undefined {
  const match = /^\(?\s?(\d{1,4})\s?(?:"|''|”|″|cm|\+|-|\)|$)/i.exec(short(text));
  return match ? Number(match[1]) : undefined;
}

/** A roll needed: "3+" → 3; a bare "3" is taken as 3+ too. */
export function rollTarget(text: string | undefined): number | undefined {
  const match = /^(\d{1,2})\s?\+?$/.exec(short(text));
  return match ? Number(match[1]) : undefined;
}

/** "-", "–", "—", "N/A", "none" or empty: the characteristic does not apply. */
export const isNone = (text: string | undefined) => /^(?:-|–|—|n\/?a|none|\*)?$/i.test(short(text));

/** A number or dice ("2", "D6", "2D6+1", "d3"), as the dice fields take it; undefined otherwise. */
export function numberOrDice(text: string | undefined): number | string | undefined {
  const trimmed = short(text);
  const whole = wholeNumber(trimmed);
  if (whole !== undefined) return whole;
  const dice = trimmed.replace(/\s+/g, '').replace(/d/g, 'D');
  return isDiceExpression(dice) ? dice : undefined;
}

/** A name fit for a name field: the editor's marks ("➤ ") gone, at most 80 characters. */
export function cleanName(text: string): string {
  const name = text
    .replace(/^[\s➤►>•*-]+/u, '')
    .replace(/\s+/g, ' ')
    .trim();
  return name.length <= 80 ? name : `${name.slice(0, 79).trimEnd()}…`;
}

/** A label for a list of names (keywords, special rules): at most 120 characters. */
export function cleanLabel(text: string): string {
  const label = text.replace(/\s+/g, ' ').trim();
  return label.length <= 120 ? label : `${label.slice(0, 119).trimEnd()}…`;
}

/** Text a roster editor marked up with HTML line breaks or bold tags, as plain lines. */
export function plainText(text: string): string {
  return text
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/?(?:b|i|strong|em|u|p|span)\b[^<>]{0,200}>/gi, '')
    .replace(/[ \t]+/g, ' ')
    .trim();
}

/** Distinct values in first-seen order (case-insensitive). */
export function distinct(values: readonly string[]): string[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = v.toLowerCase();
    if (!v || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
