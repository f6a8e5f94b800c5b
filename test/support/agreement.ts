import { expect } from 'vitest';

/**
 * The exact odds of a round against seeded games of the engine (the engine-agreement tests of each
 * system): each probability within 4 standard errors sqrt(p(1−p)/N) + 2/N of its share of the
 * games. The seeds are fixed, so the tests are deterministic.
 */

/** How far a share of `n` games may stray from the probability `p`. */
export function tolerance(p: number, n: number): number {
  const q = Math.min(1, Math.max(0, p));
  return 4 * Math.sqrt((q * (1 - q)) / n) + 2 / n;
}

/** A figure of the exact odds: what it is the chance of, in words, the chance, and whether a game's end is that. */
export type Chance<G> = readonly [what: string, p: number, happened: (game: G) => boolean];

/** Every chance against its share of the games. */
export function expectShares<G>(chances: ReadonlyArray<Chance<G>>, games: readonly G[], label: string): void {
  const n = games.length;
  for (const [what, p, happened] of chances) {
    const share = games.filter(happened).length / n;
    expect(Math.abs(share - p), `${label}: ${what} engine ${share} v exact ${p} (N = ${n})`).toBeLessThanOrEqual(
      tolerance(p, n),
    );
  }
}

/** A distribution's chances, one for each value (`offset` + its index; named by `what`), against the games' values. */
export function chancesOf<G>(
  what: (value: number) => string,
  dist: { offset: number; dist: readonly number[] } | readonly number[],
  valueOf: (game: G) => number,
): Array<Chance<G>> {
  const { offset, dist: ps } = 'dist' in dist ? dist : { offset: 0, dist };
  return ps.map((p, k) => [what(k + offset), p, (g: G) => valueOf(g) === k + offset] as const);
}

/**
 * A distribution kept as `{ offset, dist }` (P(value = offset + k) at k) against the games' values:
 * it sums to 1, every value the games reached has a chance, and each chance is near its share.
 */
export function expectDistribution<G>(
  what: string,
  exact: { offset: number; dist: readonly number[] },
  games: readonly G[],
  valueOf: (game: G) => number,
  label: string,
): void {
  expect(Math.abs(exact.dist.reduce((a, b) => a + b, 0) - 1), `${label}: the ${what} sums to 1`).toBeLessThan(1e-9);
  for (const v of games.map(valueOf))
    expect(exact.dist[v - exact.offset] ?? 0, `${label}: the engine's ${what} ${v} is possible`).toBeGreaterThan(0);
  expectShares(
    chancesOf((v) => `P(${what} ${v})`, exact, valueOf),
    games,
    label,
  );
}

/** The two sides, and a round's three results: for the chances each side and each result has. */
export const roles = ['attacker', 'defender'] as const;
export const outcomes = ['attacker', 'draw', 'defender'] as const;
