import type { Role } from '../combat/steps';
import { meanOf } from './mean';
import type { OutcomeDistributions } from './system';

/**
 * The one figure a player compares the options of a choice by ("armour 3+: 1.2 models destroyed
 * expected; invulnerable 4++: 1.5"): for a game decided by who wins (a round, an assault) the
 * chooser's chance to win, from the fact the system tags as that side winning; otherwise the
 * expected value of the main measure. Worked out by the host from the state each option leads to.
 */
export interface Headline {
  label: string;
  value: number;
  kind: 'probability' | 'expected';
}

export function headlineOf(d: Pick<OutcomeDistributions, 'measure' | 'main' | 'offset' | 'facts'>, chooser: Role): Headline {
  const win = d.facts?.find((f) => f.wins === chooser);
  if (win) return { label: win.label, value: win.probability, kind: 'probability' };
  return { label: d.measure, value: (d.offset ?? 0) + meanOf(d.main), kind: 'expected' };
}
