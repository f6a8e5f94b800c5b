import * as budgetModule from '../../../../analysis/budget';
import type { CombatEnd } from '../../../../analysis/combat/tally';
import type { ModelTransition } from '../../../../analysis/combat/model';
import { roles } from '../../state';
import * as pursuitModule from '../../steps/pursuit';
import { rollOffChance } from '../strikeOutcomes';
import * as codesModule from './codes';
import * as contextModule from './context';
import type { Context, Side } from './context';
import * as closesModule from './closes';
import * as endModule from './end';
import type { Arrived, Closing, Found } from './end';
import * as planModule from './plan';
import * as positionModule from './position';
import type { Position, Start } from './position';
import { flightPlan } from './pursuit';
import * as resultModule from './result';
import type { RoundFrame } from './result';
import * as strikesModule from './strikes';
import type { Layer, Pending } from './strikes';
import { orderMatters } from './ties';

// Imported names read once, at load: the test runner's module loader reads an imported name
// through a getter on every use (some 50 ns), which the loops here would pay millions of times a run.
const { spend, workSpent } = budgetModule;
const { LAST_ROUND } = pursuitModule;
const { codeInfo } = codesModule;
const { decode, overkillOf, remember } = contextModule;
const { addEnd, addNext, closeRound, closeTo, foundOf, roomFor, takeFound } = endModule;
const { planOf } = planModule;
const { closes, closesAt, ENTRY_CLOSES } = closesModule;
const { currentStart, positionAt } = positionModule;
const { ranksOf, resultOf, wonByOf } = resultModule;
const { orderOf, startingAt, strike, strikeEither, tiedAcrossSides } = strikesModule;

/**
 * One round of the old world in closed form (seed 002: strikes → combat result → break tests →
 * panic → flee and pursuit → overrun → the next round), from a position to the start of the next
 * round: the strikes as a distribution over the wounds lost by every pool (strikes.ts), then for
 * each way they end the result (result.ts), the losers' break tests (morale.ts), the flight and
 * pursuit (pursuit.ts) and the round's close (end.ts). Choices are the suggested options: pursue,
 * fight on. Two steps of the round change nothing the model carries, and are left out:
 *
 * - Panic tests (seed 002 "Panic"): a unit nearby that fails only flees in words, outside the combat;
 * - the overrun (seed 002 "The Overrun Rule"): only a unit that slew all its foes in the first round
 *   may overrun, so the combat is over, and a unit overrunning ends it as one still fighting does.
 */

/** The broken units flee, pursued (each way the flight ends), then the round closes. */
export function fleeThenClose(
  ctx: Context,
  c: Closing,
  code: number,
  broke: readonly number[],
  p: number,
  found: Found,
): void {
  if (broke.length === 0 || c.winner === -1) return closeRound(ctx, c, code, p, found);
  for (const f of flightPlan(ctx, code, c.winner, broke)) closeRound(ctx, c, f.code, p * f.p, found);
}

/**
 * Work of the rest of a round from one way its strikes end, besides its plan (plan.ts) and each way
 * it closes: the wounds read, the result, the close — at about 5 ns a unit (budget.ts), measured
 * on the .json example (test/bench/old-world.model.bench.ts).
 */
const AFTER_STRIKES_WORK = 60;
/** Work of each way a round closes (end.ts closeRound): a start or an end looked up, its chance added. */
const CLOSE_WORK = 30;
/**
 * Work of each way a round closes where the closes are remembered (closes.ts): its start or end
 * and its chance read from one array, the chance added — the plan and the look-up of each close
 * are the remembered entry's, charged alike whether it was made now or before (the entry's own
 * look-up is in AFTER_STRIKES_WORK).
 */
const REMEMBERED_CLOSE_WORK = 15;

/**
 * The rest of a round from where its strikes ended (the `i`th of `layer`: the wounds lost and the
 * overkill, and its chance): the result (result.ts); with a winner, the losers' break tests, the flight and pursuit
 * (plan.ts: the engine orders the tests, the broken flee in the order they broke); the round's
 * close for each way they end (end.ts) — all after the result remembered (closes.ts), and charged
 * alike whether remembered or not.
 */
export function afterStrikes(ctx: Context, frame: RoundFrame, layer: Layer, i: number, found: Found): void {
  const id = layer.ids[i]!;
  const p = layer.ps[i]!;
  const lost = decode(ctx, id);
  // Each side's overkill in a challenge (none without one: the number has no place for it).
  const challenge = ctx.challenger[0] >= 0;
  const { code, winner, difference } = resultOf(
    ctx,
    frame,
    lost,
    challenge ? overkillOf(ctx, id, 0) : 0,
    challenge ? overkillOf(ctx, id, 1) : 0,
  );
  const c = closingNow;
  c.round = frame.round;
  c.lost = lost;
  c.lostId = id % ctx.lostSpace;
  c.winner = winner;
  c.hasWonRound = winner === -1 ? frame.hasWonRound : frame.wonBy[winner];
  const entry = closesAt(ctx, c, code, difference);
  if (entry < 0) return closeAfresh(ctx, c, code, difference, p, found);
  // The entry's closes (closes.ts): each a start's number or an end's, and its chance, side by side.
  const pool = closes.pool;
  const first = 2 * Math.floor(entry / ENTRY_CLOSES);
  const n = entry % ENTRY_CLOSES;
  spend(AFTER_STRIKES_WORK + REMEMBERED_CLOSE_WORK * n);
  // A draw's one close takes the whole chance (the same number as p × 1).
  for (let k = first; k < first + 2 * n; k += 2) addChance(found, pool[k]!, p * pool[k + 1]!);
}

/**
 * Adds `p` to where a round closes (end.ts closeTo: a start's number, or -1 - an end's): end.ts
 * addNext and addEnd written out, so that the chance stays an unboxed number (some 650,000 a run).
 */
function addChance(found: Found, to: number, p: number): void {
  if (p === 0) return;
  if (to >= 0) {
    if (to >= found.next.length) roomFor(found, to + 1);
    const m = found.next[to]!;
    if (m === 0) found.nextOn.push(to);
    found.next[to] = m + p;
  } else {
    const e = -1 - to;
    if (e >= found.ended.length) return addEnd(found, e, p);
    const m = found.ended[e]!;
    if (m === 0) found.endOn.push(e);
    found.ended[e] = m + p;
  }
}

/** The rest of the round where nothing is remembered (closes.ts: a test beyond the table of chances, a key beyond one number). */
function closeAfresh(ctx: Context, c: Closing, code: number, difference: number, p: number, found: Found): void {
  if (c.winner === -1) {
    spend(AFTER_STRIKES_WORK + CLOSE_WORK);
    return add(found, closeTo(ctx, c, code), p);
  }
  const plan = planOf(ctx, c.lost, code, c.winner, difference);
  spend(AFTER_STRIKES_WORK + CLOSE_WORK * plan.codes.length);
  for (let k = 0; k < plan.codes.length; k++) add(found, closeTo(ctx, c, plan.codes[k]!), p * plan.ps[k]!);
}

/** Adds `p` to where a round closes (end.ts closeTo: a start's number, or -1 - an end's). */
function add(found: Found, to: number, p: number): void {
  if (p === 0) return;
  if (to >= 0) addNext(found, to, p);
  else addEnd(found, -1 - to, p);
}

/** How the round being worked out closes (one at a time: closeRound reads it at once). */
const closingNow: Closing = { round: 0, lost: [], lostId: 0, winner: -1, hasWonRound: [false, false] };

/** A round worked out from a start, for every round that plays alike (see `roundFromStart`), with the work it took. */
export interface Worked extends Arrived {
  work: number;
}

/** The model's transition from a round worked out: the next round's positions, the ends of the combat. */
export function transitionOf(ctx: Context, round: number, w: Arrived): ModelTransition<Position> {
  const next: Array<{ position: Position; p: number }> = [];
  for (let k = 0; k < w.next.length; k++)
    next.push({ position: positionAt(ctx, ctx.startList[w.next[k]!] as Start, round + 1), p: w.nextP[k]! });
  const ended: Array<{ end: CombatEnd; p: number }> = [];
  for (let k = 0; k < w.ends.length; k++) ended.push({ end: ctx.endList[w.ends[k]!] as CombatEnd, p: w.endP[k]! });
  return { next, ended };
}

/** The frame of a round that begins at `position`. */
function frameAtStart(ctx: Context, round: number, start: Start): RoundFrame {
  const { code, hasWonRound } = start;
  const lost = decode(ctx, start.lostId, new Array<number>(ctx.pools.length));
  const atStart = codeInfo(ctx, code);
  return {
    round,
    status: atStart.status,
    code,
    hasWonRound,
    roundStart: lost,
    atStart,
    ranks: ranksOf(ctx, lost, atStart),
    causedBase: [0, 0],
    lostBase: lost,
    wonBy: wonByOf(hasWonRound),
  };
}

/** Every pool in the order of strikes, with who strikes first at equal Initiative (`first`), as pending strikes. */
export function inOrder(ctx: Context, frame: RoundFrame, first: Side | -1): Pending[] {
  const key = (frame.code * 2 + (frame.round === 1 ? 1 : 0)) * 3 + first + 1;
  return remember(ctx, 'pending', key, () =>
    orderOf(ctx, frame, first === -1 ? null : roles[first]).map((pool) => ({ pool })),
  );
}

/** The rest of the round from every way the strikes `layer` end. */
export function afterAll(ctx: Context, frame: RoundFrame, layer: Layer, found: Found): void {
  for (let i = 0; i < layer.size; i++) afterStrikes(ctx, frame, layer, i, found);
}

/**
 * The round from its start: in the order of strikes, the last round's winner first at equal
 * Initiative; with no winner and a tie, seed 002: each player rolls a D6 and the higher strikes
 * first, a tie rolling again — either side first, one chance in two.
 */
function fromStart(ctx: Context, frame: RoundFrame, start: Start, found: Found): void {
  const id = start.lostId;
  // A roll-off whose winner changes nothing (ties.ts) is one order as good as the other.
  const pw = start.previousWinner;
  if (pw !== -1 || !tiedAcrossSides(ctx, frame) || !orderMatters(ctx, frame.round, id, frame.atStart))
    return afterAll(ctx, frame, strike(ctx, frame, startingAt(ctx, id, 1), inOrder(ctx, frame, pw)), found);
  const orders = ([0, 1] as const).map((first) => ({
    p: rollOffChance(null, roles[first]),
    pending: inOrder(ctx, frame, first),
  }));
  afterAll(ctx, frame, strikeEither(ctx, frame, id, orders), found);
}

/** Rounds that play alike (steps/pursuit.ts LAST_ROUND): the first, those after it, the game's last (stopping is suggested). */
export const alikeOf = (round: number): 0 | 1 | 2 => (round === 1 ? 0 : round >= LAST_ROUND ? 2 : 1);

/**
 * The round from a start (see above), worked out once per combat for each start and kind of round
 * (`alikeOf`: the charge, the weapons of the first round and the overrun are the first round's; the
 * last round stops; the rounds between play alike, whatever their number): what it leads to, and
 * the work it took — charged by the caller, who knows whether it was charged already (layer.ts).
 */
export function workedFrom(ctx: Context, start: Start, round: number): { worked: Worked; made: boolean } {
  const alike = alikeOf(round);
  const seen = start.worked[alike] as Worked | null;
  if (seen) return { worked: seen, made: false };
  const before = workSpent();
  const frame = frameAtStart(ctx, round, start);
  const found = foundOf(ctx);
  fromStart(ctx, frame, start, found);
  const arrived = takeFound(found);
  spend(arrived.next.length + arrived.ends.length);
  const worked: Worked = {
    next: arrived.next,
    nextP: arrived.nextP,
    ends: arrived.ends,
    endP: arrived.endP,
    work: workSpent() - before,
  };
  start.worked[alike] = worked;
  return { worked, made: true };
}

/** The transition from a round's start position: its round worked out, or read from memory and charged again (budget.ts: a refusal must not depend on memory). */
export function roundFromStart(position: Position): ModelTransition<Position> {
  const { ctx, round } = position;
  const { worked, made } = workedFrom(ctx, currentStart(ctx, position.start!), round);
  if (!made) spend(worked.work);
  return transitionOf(ctx, round, worked);
}
