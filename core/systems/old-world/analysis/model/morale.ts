import { spend } from '../../../../analysis/budget';
import { breakChance } from '../../morale';
import { codeInfo, codeOf, type CodeInfo } from './codes';
import { BREAK_LD, BREAK_MODIFIERS, FLED, left, unitStrength, type Context } from './context';

/**
 * The losers' break tests over the model's arrays (seed 002 "Losers take Break Test", RULES §3):
 * each losing unit still fighting tests — unbreakable units hold, a unit that fears the enemy and
 * is outnumbered breaks, the rest roll 2D6 + the difference against their Leadership (stubborn:
 * unmodified), a double 1 holding with insane courage. The engine's morale.ts, read off the model's
 * numbers. (Steadfast is a later edition's: neither the seed nor the engine has it.)
 */

/** A break test before any dice: holds or breaks outright, or breaks with chance `p`. */
export type Test = { auto: true; breaks: boolean } | { auto: false; p: number };

/** A unit tests on the best Leadership among its models still standing (state.ts leadershipOf). */
export function leadershipOf(ctx: Context, lost: readonly number[], unit: number): number {
  let best = 0;
  let any = 0;
  for (const m of ctx.units[unit]!.members) {
    const ld = ctx.pools[m]!.profile.leadership;
    any = Math.max(any, ld);
    if (left(ctx, lost, m) > 0) best = Math.max(best, ld);
  }
  // A unit with nobody standing tests on its best Leadership all the same.
  return best > 0 ? best : any;
}

/** P(2D6 + modifier > Ld), a double 1 holding with insane courage (morale.ts breakChance), once per combat for each. */
function rolledChance(ctx: Context, leadership: number, modifier: number): number {
  const insaneCourage = ctx.setup.insaneCourage;
  if (leadership >= BREAK_LD || modifier >= BREAK_MODIFIERS)
    return breakChance({ kind: 'roll', leadership, modifier, insaneCourage, why: [] });
  const slot = leadership * BREAK_MODIFIERS + modifier;
  let p = ctx.breaks[slot]!;
  if (Number.isNaN(p))
    ctx.breaks[slot] = p = breakChance({ kind: 'roll', leadership, modifier, insaneCourage, why: [] });
  return p;
}

/** One losing unit's break test (morale.ts breakTestOf), lost by `difference`, with the statuses `info`. */
export function testOf(ctx: Context, lost: readonly number[], info: CodeInfo, unit: number, difference: number): Test {
  const u = ctx.units[unit]!;
  // Seed 002: an unbreakable unit never breaks.
  if (u.unit.unbreakable) return { auto: true, breaks: false };
  // RULES §3 "Fear": a loser that fears a fighting enemy (one causing fear or terror) and has the lower Unit Strength breaks without a test.
  if (u.fearful && info.feared[u.side]) {
    let theirs = 0;
    for (const j of info.fighting[1 - u.side]!) theirs += unitStrength(ctx, lost, j);
    if (unitStrength(ctx, lost, unit) < theirs) return { auto: true, breaks: true };
  }
  // Seed 002: 2D6 + the difference over Ld breaks; stubborn units test on their unmodified Ld.
  return { auto: false, p: rolledChance(ctx, leadershipOf(ctx, lost, unit), u.unit.stubborn ? 0 : difference) };
}

/** Where the break tests leave the losers: who is still fighting, who broke (in the order they broke), and how likely. */
export interface AfterBreaks {
  status: number[];
  broke: number[];
  p: number;
}

/**
 * The break tests of `pending` (the losing units still to test, in the engine's order), from
 * `status` and the units broken so far. The engine resolves a test that needs no dice when it
 * reaches it, and rolls every test still to roll together the first time one needs dice
 * (steps/morale.ts): the order units break in is the order they flee and are pursued in.
 */
export function breakTests(
  ctx: Context,
  lost: readonly number[],
  at: AfterBreaks,
  pending: readonly number[],
  difference: number,
): AfterBreaks[] {
  // A test reads the unit and the winners, who do not change during the tests: each is fixed now.
  const info = codeInfo(ctx, codeOf(ctx, at.status));
  const tests = new Map(pending.map((u) => [u, testOf(ctx, lost, info, u, difference)]));
  const out: AfterBreaks[] = [];
  const run = (queue: readonly number[], s: AfterBreaks) => {
    let { status, broke } = s;
    for (let i = 0; i < queue.length; i++) {
      const unit = queue[i]!;
      const test = tests.get(unit)!;
      if (test.auto) {
        if (test.breaks) [status, broke] = [withStatus(status, unit, FLED), [...broke, unit]];
        continue;
      }
      // The first test that needs dice: every test still to roll is rolled with it, each unit its own 2D6.
      const rest = queue.slice(i);
      const rolled = rest.filter((u) => !tests.get(u)!.auto);
      const after = rest.filter((u) => tests.get(u)!.auto);
      spend(1 << rolled.length);
      for (let mask = 0; mask < 1 << rolled.length; mask++) {
        let p = s.p;
        let st = status;
        let br = broke;
        rolled.forEach((u, k) => {
          const q = (tests.get(u) as { p: number }).p;
          if ((mask >> k) & 1) {
            p *= q;
            [st, br] = [withStatus(st, u, FLED), [...br, u]];
          } else p *= 1 - q;
        });
        if (p > 0) run(after, { status: st, broke: br, p });
      }
      return;
    }
    out.push({ status, broke, p: s.p });
  };
  run(pending, at);
  return out;
}

const withStatus = (status: readonly number[], unit: number, value: number): number[] => {
  const next = status.slice();
  next[unit] = value;
  return next;
};
