import type { Odds } from '../../../core/api/channels/combat';
import { fixed2, percent } from '../../../core/api/view';

/**
 * A round's odds in a few words, as the top of a step and the setup screen read them: the named
 * chances still open (where the round is decided, what is certain, not a row of 0%), at most three,
 * else the expected measure. Formatting only: every figure is the host's.
 */
export function roundFigures(odds: Odds): string[] {
  const open = odds.facts.filter((f) => f.now > 1e-9 && f.now < 1 - 1e-9);
  const shown = open.length > 0 ? open : odds.facts.filter((f) => f.now >= 1 - 1e-9);
  return shown.length > 0
    ? shown.slice(0, 3).map((f) => `${f.label}: ${percent(f.now)}`)
    : [`${odds.measure}: ${fixed2(odds.meanNow)} expected`];
}
