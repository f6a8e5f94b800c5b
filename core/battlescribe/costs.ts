import { quoted, refused, type Read } from './result';
import { isPointsCost, pointsOf, topSelections, walk, type BsCost, type BsRoster } from './tree';

/**
 * The largest cost, and the largest sum of points, a roster may hold: a game's largest army is a
 * few tens of thousands of points, so a million is no real roster's. Past it a file is refused in
 * words naming the cost, before any sum can overflow into a number no reply can carry (issue 36:
 * two costs of 1e308 summed to Infinity, and the host answered "an invalid reply").
 */
export const MAX_COST = 1_000_000;

/** A number as a player reads it: digits while it is short, else in powers of ten. */
const shown = (value: number) =>
  Math.abs(value) < 1e9 ? value.toLocaleString('en', { maximumFractionDigits: 2 }) : value.toExponential(2);

const tooLarge = (what: string, value: number) =>
  refused(
    `${what} is ${shown(value)}, beyond any real game's (at most ${MAX_COST.toLocaleString('en')}); the file is damaged or not a real roster, so it is not read.`,
  );

const outOfBounds = (value: number) => !Number.isFinite(value) || Math.abs(value) > MAX_COST;

/** The first of `costs` past the bound, named as `of` holds it. */
function costPast(costs: readonly BsCost[], of: string): Read<null> | null {
  const past = costs.find((cost) => outOfBounds(cost.value));
  return past ? tooLarge(`the cost “${quoted(past.name, 40)}” of ${of}`, past.value) : null;
}

/**
 * Every cost of the roster (its own, its limits, each selection's) and every sum the import makes
 * of them (the roster's points, each unit's points with its upgrades) within `MAX_COST`, or the
 * first past it named in words.
 */
export function checkCosts(roster: BsRoster): Read<null> {
  const own = costPast(roster.costs, 'the roster') ?? costPast(roster.costLimits, "the roster's limits");
  if (own) return own;
  const total = roster.costs.filter(isPointsCost).reduce((sum, cost) => sum + cost.value, 0);
  if (outOfBounds(total)) return tooLarge("the roster's total points", total);
  for (const { selection: top } of topSelections(roster)) {
    for (const { selection } of walk(top)) {
      const past = costPast(selection.costs, `“${quoted(selection.name, 60)}”`);
      if (past) return past;
    }
    const points = pointsOf(top);
    if (points !== null && outOfBounds(points)) return tooLarge(`the points of “${quoted(top.name, 60)}”`, points);
  }
  return { ok: true, value: null };
}
