/**
 * Whether the next round cannot fit in what is left of `budget`: its start states, each at the work
 * a start state of the round just worked out took on average. A projection from counts, not a
 * bound — rounds get cheaper as models fall — so it is only trusted when it overshoots what is left
 * twice over; the same counts give the same decision on any machine.
 */
export function projectedOver(
  next: { states: number },
  last: { states: number; work: number },
  spent: number,
  budget: number,
): boolean {
  return (next.states * last.work) / Math.max(1, last.states) > 2 * (budget - spent);
}
