import type { CombatOdds } from '../../../core/api/channels/combat';

/**
 * What the step shows of the whole fight while its answers come (issue 34: the quick first figure,
 * then the full one in its place): the figures to show — the full answer for this step, else its
 * quick one, else the last step's (`shownBefore`) — whether they are still being refined, and
 * whether the fight's figure from here is already final. An exact count is the same whatever work
 * it was given, so a quick answer that counted exactly is final at once: the headline need not wait
 * for the options to be weighed. The last step's figures never count as this step's.
 */
export function wholeShown(
  full: CombatOdds | undefined,
  quick: CombatOdds | undefined,
  shownBefore: CombatOdds | undefined,
  fullFailed: boolean,
) {
  const mine = full ?? quick;
  return {
    data: (mine ?? shownBefore)?.whole,
    isError: fullFailed,
    updating: full === undefined && !fullFailed,
    nowFinal: mine?.whole?.now?.exact === true,
  };
}
