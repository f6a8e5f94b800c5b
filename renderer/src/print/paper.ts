import type { Paper } from '../../../core/api/channels/print';

export type { Paper };

export const paperLabels: Record<Paper, string> = { a4: 'A4', letter: 'US Letter' };

/** The CSS page size of a paper (portrait), for `@page { size: … }`. */
export const pageSize: Record<Paper, string> = { a4: 'A4 portrait', letter: 'letter portrait' };

/** Letter where it is the usual paper (the US, Canada, Mexico…), A4 everywhere else. */
export function defaultPaper(locale: string): Paper {
  return /-(US|CA|MX|PH|CL|CO|VE|GT|CR|PA|DO|PR|SV|NI)$/i.test(locale) ? 'letter' : 'a4';
}

export function isPaper(value: string | null): value is Paper {
  return value === 'a4' || value === 'letter';
}
