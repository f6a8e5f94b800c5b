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

const PAPER_KEY = 'combat-companion.paper';

/** The paper chosen last time on this device (remembered across sessions), if any. */
export function rememberedPaper(): Paper | null {
  try {
    const saved = globalThis.localStorage?.getItem(PAPER_KEY) ?? null;
    return isPaper(saved) ? saved : null;
  } catch {
    return null; // storage refused: the locale's paper
  }
}

export function rememberPaper(paper: Paper): void {
  try {
    globalThis.localStorage?.setItem(PAPER_KEY, paper);
  } catch {
    // Not remembered: this print still uses it.
  }
}

/** How much of the step log a sheet prints: one line a step, in full with every reason, or none. */
export type StepLog = 'compact' | 'full' | 'none';
export const stepLogLabels: Record<StepLog, string> = {
  compact: 'Steps: one line each',
  full: 'Steps in full',
  none: 'No steps',
};
export function isStepLog(value: string | null): value is StepLog {
  return value === 'compact' || value === 'full' || value === 'none';
}

const STEP_LOG_KEY = 'combat-companion.step-log';

/** The step log chosen last time on this device, if any. */
export function rememberedStepLog(): StepLog | null {
  try {
    const saved = globalThis.localStorage?.getItem(STEP_LOG_KEY) ?? null;
    return isStepLog(saved) ? saved : null;
  } catch {
    return null;
  }
}

export function rememberStepLog(steps: StepLog): void {
  try {
    globalThis.localStorage?.setItem(STEP_LOG_KEY, steps);
  } catch {
    // Not remembered: this print still uses it.
  }
}
