import type { Chunked } from '../analysis/chunked';
import type { CombatView } from '../combat/view';

/**
 * Cells fill fastest first (issue 37): the table is worked out cheapest pairing first, so most of
 * it is there at once and the few large fights come last. The work a combat will take is not known
 * before it is done, so it is estimated from what every system shows of a combat (its view): the
 * whole-combat chain runs over the positions a fight can reach, and in every game a position is
 * at most what each side has left, so the estimate is the number of wounds each side can be left
 * with, one side's times the other's. Only the order depends on it, never a figure.
 */
export function combatSize(view: CombatView): number {
  const positions = (side: CombatView['sides']['attacker']) =>
    1 + side.units.reduce((n, unit) => n + unit.models.reduce((w, model) => w + model.woundsLeft, 0), 0);
  return positions(view.sides.attacker) * positions(view.sides.defender);
}

/** `items` cheapest first by `workOf`; items of equal work keep their order (the table's, row by row). */
export function fastestFirst<T>(items: readonly T[], workOf: (item: T) => number): T[] {
  return items
    .map((item, i) => ({ item, i, work: workOf(item) }))
    .sort((a, b) => a.work - b.work || a.i - b.i)
    .map(({ item }) => item);
}

/** Preparations per chunk when a table is planned (a few milliseconds each): the host answers other requests between. */
const PREPARED_PER_CHUNK = 8;

/**
 * Every request prepared (`prepare`: its combats started and sized) and put cheapest first, in
 * chunks: planning a 30 × 30 table starts 1,800 combats, which takes a second or two.
 */
export function* planInChunks<R, P>(
  requests: readonly R[],
  prepare: (request: R) => P,
  workOf: (prepared: P) => number,
): Chunked<P[]> {
  const prepared: P[] = [];
  for (const request of requests) {
    prepared.push(prepare(request));
    if (prepared.length % PREPARED_PER_CHUNK === 0) yield;
  }
  return fastestFirst(prepared, workOf);
}
