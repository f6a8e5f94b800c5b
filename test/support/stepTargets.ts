/**
 * Issue 22's targets: steps taken for a whole round with entered dice, median over varied setups
 * (10th edition: per attack sequence; Epic: per assault round). The steps benchmark and the table
 * flow of each system in the browser both hold each system to its line.
 */
export const STEP_TARGETS: Readonly<Record<string, number>> = {
  'wh40k-10e': 6,
  'wh40k-7e': 8,
  'old-world': 10,
  'epic-armageddon': 10,
  'ninth-age': 10,
};

/**
 * Where a system's engine does not reach its target yet (issue 22 stays open for it), the steps per
 * round it takes today, so the table flow still fails the moment it gets slower; the target line
 * above is what it must come down to. (Every system meets its target today: 7th edition and The
 * Ninth Age with chained dice, a moment of the fight one roll; Epic Armageddon with one allocation
 * question per side per wave and its saves rolled through.)
 */
export const NOT_YET: Readonly<Record<string, number>> = {};

/**
 * The rounds a combat went: the highest "round N" any step title or status line named (the systems
 * all say "Round 1 · …" or "Assault round 1"), 1 where none did (an attack sequence).
 */
export function roundsSeen(texts: Iterable<string>): number {
  let rounds = 1;
  for (const text of texts) for (const m of text.matchAll(/\bround (\d+)/gi)) rounds = Math.max(rounds, Number(m[1]));
  return rounds;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
