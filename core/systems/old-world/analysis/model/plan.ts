import * as budgetModule from '../../../../analysis/budget';
import * as codesModule from './codes';
import type { CodeInfo } from './codes';
import type { Context, Side } from './context';
import * as moraleModule from './morale';
import { flightPlan } from './pursuit';

// Imported names read once, at load: the test runner's module loader reads an imported name
// through a getter on every use (some 50 ns), which the loops here would pay millions of times a run.
const { newMeter, spend, within } = budgetModule;
const { codeInfo, codeOf } = codesModule;
const { breakTests, testNumber, TEST_NUMBERS } = moraleModule;

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
  const plan = knownPlanOf(ctx, lost, code, winner, difference);
  // A Leadership or a difference beyond the table of chances: worked out afresh.
  if (!plan) return planned(ctx, lost, code, winner, difference);
  spend(PLAN_WORK);
  return plan;
}

/**
 * The plan (see `planOf`) from memory, worked out the first time — charged nothing: the caller
 * charges PLAN_WORK, whether it was remembered or not. Null where a test rolls beyond the table of
 * chances: such a plan is worked out afresh each time, on the caller's meter (`planOf`).
 */
export function knownPlanOf(
  ctx: Context,
  lost: readonly number[],
  code: number,
  winner: Side,
  difference: number,
): Plan | null {
  const info = codeInfo(ctx, code);
  const pending = info.fighting[1 - winner]!;
  const tests = testsOf(ctx, lost, info, pending, difference);
  if (tests === BEYOND) return null;
  const byTests = (info.plans[winner] ??= new Map()) as Map<number | string, Plan>;
  const key = tests === MANY ? pending.map((u) => testNumber(ctx, lost, info, u, difference)).join('|') : tests;
  return byTests.get(key) ?? remembered(ctx, lost, code, winner, difference, byTests, key);
}

/**
 * A plan worked out and remembered, on a meter of its own: what a run is charged must not depend
 * on what earlier runs left in memory. (Apart from `planOf`: a closure there would cost every call.)
 */
function remembered(
  ctx: Context,
  lost: readonly number[],
  code: number,
  winner: Side,
  difference: number,
  byTests: Map<number | string, Plan>,
  key: number | string,
): Plan {
  const plan = within(
    newMeter(() => 'a plan', Infinity),
    () => planned(ctx, lost, code, winner, difference),
  );
  byTests.set(key, plan);
  return plan;
}

const BEYOND = -1;
const MANY = -2;

/**
 * The losers' tests (morale.ts testNumber) as one number, the plan's key within the statuses and
 * winner: BEYOND where a test rolls beyond the table of chances, MANY where the tests are too many
 * for one exact number (then a string names them).
 */
function testsOf(
  ctx: Context,
  lost: readonly number[],
  info: CodeInfo,
  pending: readonly number[],
  difference: number,
) {
  let tests = 0;
  for (let k = 0; k < pending.length; k++) {
    const t = testNumber(ctx, lost, info, pending[k]!, difference);
    if (t < 0) return BEYOND;
    tests = tests * TEST_NUMBERS + t;
  }
  return pending.length > MOST_TESTS_IN_A_NUMBER ? MANY : tests;
}

/** Losers' tests whose numbers together stay one exact number. */
const MOST_TESTS_IN_A_NUMBER = Math.floor(52 / Math.log2(TEST_NUMBERS));

/** Work of reading a plan: the tests and the key (budget.ts: about one unit a multiply-add; charged alike whether it was remembered or not). */
export const PLAN_WORK = 40;

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
