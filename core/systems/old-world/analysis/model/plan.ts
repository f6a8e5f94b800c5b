import { newMeter, spend, within } from '../../../../analysis/budget';
import { codeInfo, codeOf } from './codes';
import type { Context, Side } from './context';
import { breakTests, testNumber, TEST_NUMBERS } from './morale';
import { flightPlan } from './pursuit';

/**
 * What follows a round won (seed 002 "Losers take Break Test", "Flee!", "Pursuit"): the losers'
 * break tests, then the broken units' flight with the winners pursuing as suggested — as a
 * distribution over the statuses the round closes with. It reads the wounds lost only through the
 * tests (each loser's Leadership, whether fear breaks it outright: morale.ts testNumber), so it is
 * worked out once per combat for each set of statuses, winner and losers' tests, and read from
 * memory by every way the strikes of every round can end alike.
 */
export interface Plan {
  codes: number[];
  ps: number[];
}

/** The plan of the statuses `code` (after the round's dead are removed), won by `winner` by `difference`, the wounds lost `lost`. */
export function planOf(ctx: Context, lost: readonly number[], code: number, winner: Side, difference: number): Plan {
  const info = codeInfo(ctx, code);
  const pending = info.fighting[1 - winner]!;
  // The key: statuses, winner, and each loser's test as a number — one number where it stays exact.
  let key: number | string = code * 2 + winner;
  const numeric = ctx.codeSpace * 2 * TEST_NUMBERS ** pending.length <= 2 ** 52;
  for (const unit of pending) {
    const t = testNumber(ctx, lost, info, unit, difference);
    // A Leadership or a difference beyond the table of chances: worked out afresh.
    if (t < 0) return planned(ctx, lost, code, winner, difference);
    key = numeric ? (key as number) * TEST_NUMBERS + t : `${key}|${t}`;
  }
  spend(PLAN_WORK);
  let plan = ctx.plans.get(key) as Plan | undefined;
  if (!plan) {
    if (ctx.plans.size >= MAX_PLANS) ctx.plans.clear();
    // Worked out on a meter of its own: what a run is charged must not depend on what earlier runs left in memory.
    const aside = newMeter(() => 'a plan', Infinity);
    ctx.plans.set(key, (plan = within(aside, () => planned(ctx, lost, code, winner, difference))));
  }
  return plan;
}

/** Work of reading a plan: the tests and the key (budget.ts: about one unit a multiply-add; charged alike whether it was remembered or not). */
const PLAN_WORK = 40;
const MAX_PLANS = 100_000;

/** The plan worked out (see above): the losers' break tests in the engine's order, the broken flee and are pursued. */
function planned(ctx: Context, lost: readonly number[], code: number, winner: Side, difference: number): Plan {
  const info = codeInfo(ctx, code);
  const chances = new Map<number, number>();
  const add = (c: number, p: number) => chances.set(c, (chances.get(c) ?? 0) + p);
  const tested = breakTests(
    ctx,
    lost,
    { status: info.status, broke: [], p: 1 },
    info.fighting[1 - winner]!,
    difference,
  );
  for (const t of tested) {
    const after = codeOf(ctx, t.status);
    if (t.broke.length === 0) add(after, t.p);
    else for (const f of flightPlan(ctx, after, winner, t.broke)) add(f.code, t.p * f.p);
  }
  return { codes: [...chances.keys()], ps: [...chances.values()] };
}
