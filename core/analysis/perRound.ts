/**
 * What every round-by-round analysis (old world, 40k 7th edition, The Ninth Age, Epic) does the
 * same way when it gives the host its distributions: the round's odds before any die are worked
 * out once per round, and the distributions now and at the round's start are put on one common
 * range, since the host compares them index by index with one offset (odds.ts oddsFrom).
 */

/** A distribution over offset, offset + 1, … (P(offset + k) at index k). */
export interface OffsetDist {
  readonly offset: number;
  readonly dist: readonly number[];
}

/**
 * A memo of the round's odds before any die, keyed by the object every state of one round shares
 * (each system's flow makes it when a round begins). A memo only remembers: the analysis stays a
 * pure function of the state, and a round's entry goes when its states do (a WeakMap).
 */
export function roundMemo<Odds>() {
  const memo = new WeakMap<object, Odds>();
  return (round: object, analyze: () => Odds): Odds => {
    let odds = memo.get(round);
    if (odds === undefined) {
      odds = analyze();
      memo.set(round, odds);
    }
    return odds;
  };
}

/** The range that holds both distributions: its first value and its length. */
export function commonRange(a: OffsetDist, b: OffsetDist): { offset: number; length: number } {
  const offset = Math.min(a.offset, b.offset);
  const end = Math.max(a.offset + a.dist.length, b.offset + b.dist.length);
  return { offset, length: end - offset };
}

/** `d` re-expressed from `to`, `length` values long (zeros where it has none). */
export function aligned(d: OffsetDist, to: number, length: number): number[] {
  return Array.from({ length }, (_, k) => d.dist[k + to - d.offset] ?? 0);
}
