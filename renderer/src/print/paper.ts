import type { Paper } from '../../../core/api/channels/print';
import { keptChoice, type DeviceChoice } from '../keptChoice';

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

const keptPaper = keptChoice('combat-companion.paper', isPaper);

/** A paper chosen, remembered across sessions for the next print (where the storage refuses, this print still uses it). */
export const rememberPaper = keptPaper.write;

/** The paper a print starts on when none is asked: as last chosen on this device, else the locale's. */
export function paperOnThisDevice(): Paper {
  return keptPaper.read() ?? defaultPaper(navigator.language);
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

const keptStepLog = keptChoice('combat-companion.step-log', isStepLog);

/** A step log chosen, remembered on this device as the paper is. */
export const rememberStepLog = keptStepLog.write;

/** The step log a combat sheet prints when none is asked: as last chosen on this device, else in full. */
export function stepLogOnThisDevice(): StepLog {
  return keptStepLog.read() ?? 'full';
}

/** The paper, as Settings and the print toolbar offer it. */
export const paperChoice: DeviceChoice<Paper> = {
  labels: paperLabels,
  isValue: isPaper,
  current: paperOnThisDevice,
  remember: rememberPaper,
};

/** The step log, as Settings and the print toolbar offer it. */
export const stepLogChoice: DeviceChoice<StepLog> = {
  labels: stepLogLabels,
  isValue: isStepLog,
  current: stepLogOnThisDevice,
  remember: rememberStepLog,
};
