/**
 * One step count everywhere (the wizard, the replay, History): the steps taken. A combat under
 * way is at the step after them ("step 19"); a finished one "finished after 18 steps", as the
 * replay's last position reads "after step 18 of 18".
 */
export function stepCount(taken: number, finished: boolean): string {
  if (finished) return `finished after ${taken} ${taken === 1 ? 'step' : 'steps'}`;
  return `step ${taken + 1}`;
}

/** "3 steps taken", as History lists a combat. */
export function stepsTaken(taken: number): string {
  return `${taken} ${taken === 1 ? 'step' : 'steps'} taken`;
}
