import * as budgetModule from '../../../../analysis/budget';
import type { ModelTransition } from '../../../../analysis/combat/model';
import type { CombatEnd } from '../../../../analysis/combat/tally';
import type { Context } from './context';
import * as endModule from './end';
import type { Arrived, Found } from './end';
import { arrivedFromMid } from './mid';
import * as positionModule from './position';
import type { Position, Start } from './position';
import * as roundModule from './round';
import type { Worked } from './round';

// Imported names read once, at load: the test runner's module loader reads an imported name
// through a getter on every use (some 50 ns), which the loops here would pay millions of times a run.
const { AnalysisTooLargeError, spend } = budgetModule;
const { addEnd, roomFor } = endModule;
const { currentStart, keyAt } = positionModule;
const { alikeOf, workedFrom } = roundModule;

/**
 * A whole round of the chain at once (model.ts `layer`): every position of the round with its
 * chance, carried along what its round leads to into the next round's starts and the ends, added
 * up by number in typed arrays. A round's start is worked out once per combat and kind of round
 * (round.ts workedFrom), whatever its round — rounds 2 to 11 play alike — so the positions of ten
 * rounds share some thousands of worked-out rounds, where a graph numbering positions by key (the
 * round in it: the game's last round stops the combat, so no position of one round plays out as
 * one of another) would make each again for every round.
 *
 * A run of the chain (its first round's positions come from `enter`, each later round's from the
 * round before) charges each worked-out round it reads once, what it took to work it out, whether
 * this run made it or an earlier one did: what a run is charged never depends on what earlier runs
 * left in memory (budget.ts), only what it takes on the clock does.
 */

interface Run {
  /** Whether the run was charged for each start's kind of round (by Start.index × 3 + round.ts alikeOf). */
  charged: Uint8Array;
  /** The next round's chances being added up. */
  found: Found;
}

const newRun = (): Run => ({
  charged: new Uint8Array(1024),
  found: { next: new Float64Array(1024), nextOn: [], ended: new Float64Array(64), endOn: [] },
});

/** The run the positions were handed out in, a new one where they come from `enter`. */
function runOf(positions: ReadonlyArray<{ position: Position; p: number }>): Run {
  for (const { position } of positions) if (position.run) return position.run as Run;
  return newRun();
}

/** Whether the run must be charged for slot `slot` now (the first time it reads it). */
function firstRead(run: Run, slot: number): boolean {
  if (slot >= run.charged.length) {
    const grown = new Uint8Array(Math.max(slot + 1, 2 * run.charged.length));
    grown.set(run.charged);
    run.charged = grown;
  }
  if (run.charged[slot]) return false;
  run.charged[slot] = 1;
  return true;
}

/** Where one position's round leads, charged as above. */
function arrivedAt(ctx: Context, run: Run, position: Position): Arrived {
  if (position.mid) return arrivedFromMid(position);
  const start = currentStart(ctx, position.start!);
  const alike = alikeOf(position.round);
  const seen = start.worked[alike] as Worked | null;
  const worked = seen ?? workedFrom(ctx, start, position.round).worked;
  if (firstRead(run, start.index * 3 + alike) && seen) spend(seen.work);
  return worked;
}

/** The position of the next round's start `start` in this run. */
const positionIn = (ctx: Context, run: Run, start: Start, round: number): Position => ({
  ctx,
  round,
  start,
  mid: null,
  key: keyAt(start, round),
  run,
});

/** Adds what `arrived` leads to, times `p`, to `found` (a tight loop: millions of chances a run; `found` has room for every start). */
function carry(found: Found, arrived: Arrived, p: number): void {
  const { next, nextP, ends, endP } = arrived;
  const mass = found.next;
  const on = found.nextOn;
  for (let k = 0; k < next.length; k++) {
    const i = next[k]!;
    const m = mass[i]!;
    if (m === 0) on.push(i);
    mass[i] = m + p * nextP[k]!;
  }
  for (let k = 0; k < ends.length; k++) addEnd(found, ends[k]!, p * endP[k]!);
}

/** One round of the chain (see above): the next round's positions and the ends, with their chances absolute. */
export function layerOf(positions: ReadonlyArray<{ position: Position; p: number }>): ModelTransition<Position> {
  const first = positions[0]?.position;
  if (!first) return { next: [], ended: [] };
  const ctx = first.ctx;
  // Wounds of so many pools that one number cannot name them exactly: far too many positions to count.
  if (!ctx.fits) throw new AnalysisTooLargeError('too many wounds in the combat to count exactly');
  const run = runOf(positions);
  const found = run.found;
  for (const { position, p } of positions) {
    if (position.round !== first.round) throw new Error('a layer of positions of different rounds');
    const arrived = arrivedAt(ctx, run, position);
    // Each chance carried along: about a unit each.
    spend(arrived.next.length + arrived.ends.length);
    roomFor(found, ctx.startList.length);
    carry(found, arrived, p);
  }
  const next: Array<{ position: Position; p: number }> = [];
  for (const i of found.nextOn) {
    next.push({ position: positionIn(ctx, run, ctx.startList[i] as Start, first.round + 1), p: found.next[i]! });
    found.next[i] = 0;
  }
  const ended: Array<{ end: CombatEnd; p: number }> = [];
  for (const i of found.endOn) {
    ended.push({ end: ctx.endList[i] as CombatEnd, p: found.ended[i]! });
    found.ended[i] = 0;
  }
  found.nextOn.length = 0;
  found.endOn.length = 0;
  spend(next.length + ended.length);
  return { next, ended };
}
