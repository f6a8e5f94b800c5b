import type { CombatEnd } from '../../../../analysis/combat/tally';
import type { UnitEnd, UnitFate } from '../../../../analysis/combat/types';
import { stalemate } from '../../stalemate';
import * as pursuitModule from '../../steps/pursuit';
import * as codesModule from './codes';
import type { CodeInfo } from './codes';
import * as contextModule from './context';
import type { Context, Side } from './context';
import * as positionModule from './position';
import * as tableModule from './table';
import { engineStateOf } from './records';
import * as strikesModule from './strikes';
import { orderMatters } from './ties';

// Imported names read once, at load: the test runner's module loader reads an imported name
// through a getter on every use (some 50 ns), which the loops here would pay millions of times a run.
const { LAST_ROUND } = pursuitModule;
const { canonicalLost, codeInfo } = codesModule;
const { CAUGHT, DESTROYED, FIGHTING, FLED, left, remember, roleOf } = contextModule;
const { startOf } = positionModule;
const { IndexMap } = tableModule;
const { attacksOf, chanceSlot, targetOf } = strikesModule;

/**
 * The end of a round over the model's numbers (seed 002 "Redress the Ranks"; flow.ts enterPhase
 * 'end'): a combat with a side no longer fighting is over; one that can never change (a stalemate)
 * ends; otherwise the next round is fought — as suggested — until the game's last round, after
 * which stopping is. What a round found is kept by number (the next round's positions, the ends of
 * the combat) and turned into positions and ends once (position.ts, `endOf`).
 */

/**
 * What a transition has found: the chance of each next round's start by its number (Start.index)
 * and of each end of the combat by its number (Context.endList), with the numbers touched in the
 * order met. One per combat, reused by one transition after another (`takeFound` empties it).
 */
export interface Found {
  next: Float64Array;
  nextOn: number[];
  ended: Float64Array;
  endOn: number[];
}

/** The combat's Found, empty. */
export function foundOf(ctx: Context): Found {
  return (ctx.found ??= {
    next: new Float64Array(1024),
    nextOn: [],
    ended: new Float64Array(64),
    endOn: [],
  }) as Found;
}

/** An array at least `n + 1` long, the old one's chances kept. */
function room(a: Float64Array, n: number): Float64Array {
  if (n < a.length) return a;
  const grown = new Float64Array(Math.max(n + 1, 2 * a.length));
  grown.set(a);
  return grown;
}

/** Room in `found` for the starts numbered below `n`. */
export function roomFor(found: Found, n: number): void {
  if (found.next.length < n) found.next = room(found.next, n - 1);
}

/** Adds `p` to the next round's start number `i`. */
export function addNext(found: Found, i: number, p: number): void {
  if (i >= found.next.length) found.next = room(found.next, i);
  if (found.next[i] === 0) found.nextOn.push(i);
  found.next[i]! += p;
}

/** Adds `p` to the end number `i`. */
export function addEnd(found: Found, i: number, p: number): void {
  if (i >= found.ended.length) found.ended = room(found.ended, i);
  if (found.ended[i] === 0) found.endOn.push(i);
  found.ended[i]! += p;
}

/** A round worked out: its next round's starts and its ends, by number, with their chances. */
export interface Arrived {
  next: readonly number[];
  nextP: readonly number[];
  ends: readonly number[];
  endP: readonly number[];
}

/** What the Found holds, as arrays (plain ones: a typed array costs more to make than these few numbers); the Found is left empty. */
export function takeFound(found: Found): Arrived {
  const next = found.nextOn;
  const nextP = new Array<number>(next.length);
  for (let k = 0; k < next.length; k++) {
    nextP[k] = found.next[next[k]!]!;
    found.next[next[k]!] = 0;
  }
  const ends = found.endOn;
  const endP = new Array<number>(ends.length);
  for (let k = 0; k < ends.length; k++) {
    endP[k] = found.ended[ends[k]!]!;
    found.ended[ends[k]!] = 0;
  }
  found.nextOn = [];
  found.endOn = [];
  return { next, nextP, ends, endP };
}

/** How a round closed: the wounds it left (as an array and as a number), the statuses, its result's winner (-1: a draw), who has won a round. */
export interface Closing {
  round: number;
  lost: readonly number[];
  lostId: number;
  winner: Side | -1;
  hasWonRound: readonly [boolean, boolean];
}

/**
 * Whether some model could cause a wound in the next round (stalemate.ts: attacks, someone to
 * strike, a Strength that can wound him): the usual answer, found at the first pool that can.
 */
function someoneCanWound(ctx: Context, c: Closing, info: CodeInfo): boolean {
  const next = { round: c.round + 1, hasWonRound: c.hasWonRound };
  for (let u = 0; u < ctx.units.length; u++) {
    if (info.status[u] !== FIGHTING) continue;
    for (const by of ctx.units[u]!.members) {
      if (left(ctx, c.lost, by) <= 0 || attacksOf(ctx, c.lost, by) === 0) continue;
      const target = targetOf(ctx, c.lost, info.status, by);
      if (target >= 0 && ctx.chances[chanceSlot(ctx, next, by, target)]! > 0) return true;
    }
  }
  return false;
}

/** The characters slain, one bit each (a character slain is destroyed, whatever his unit's fate). */
function slainOf(ctx: Context, lost: readonly number[]): number {
  let bits = 0;
  for (let i = 0; i < ctx.pools.length; i++) {
    const bit = ctx.pools[i]!.characterBit;
    if (bit >= 0 && left(ctx, lost, i) === 0) bits += 2 ** bit;
  }
  return bits;
}

/**
 * The round closes with the statuses `code` (`p`: its chance): the combat is over when a side has
 * no unit fighting; when neither side can ever wound the other and the result can never change who
 * stands (stalemate.ts: the engine's own test, for the rare rounds where nobody can wound); after
 * the game's last round (steps/pursuit.ts LAST_ROUND: stopping is suggested). Else the players
 * fight the next round, the last round's winner striking first at equal Initiative.
 */
export function closeRound(ctx: Context, c: Closing, code: number, p: number, found: Found): void {
  if (p === 0) return;
  const to = closeTo(ctx, c, code);
  if (to >= 0) addNext(found, to, p);
  else addEnd(found, -1 - to, p);
}

/** Where the round closes with the statuses `code` (see `closeRound`): the next round's start by its number, or an end as -1 - its number. */
export function closeTo(ctx: Context, c: Closing, code: number): number {
  // The same close is met from many starts (a next round's start is reached from some fifty): remembered by number, per statuses.
  const info = codeInfo(ctx, code);
  if (!ctx.closeKeyFits) return closed(ctx, c, info);
  const key =
    ((c.lostId * 3 + c.winner + 1) * 2 + (c.hasWonRound[0] ? 1 : 0)) * 4 +
    (c.hasWonRound[1] ? 2 : 0) +
    (c.round >= LAST_ROUND ? 1 : 0);
  const closes = (info.closes ??= new IndexMap());
  let to = closes.get(key);
  if (to === IndexMap.NONE) {
    to = closed(ctx, c, info);
    if (closes.size >= MAX_CLOSES) closes.clear();
    closes.set(key, to);
  }
  return to;
}

/** Closes remembered per set of statuses, at most (then forgotten: they are only a shortcut). */
const MAX_CLOSES = 1_000_000;

/** Where the round closes (see `closeRound`): the next round's start by its number, or an end of the combat as -1 - its number. */
function closed(ctx: Context, c: Closing, info: CodeInfo): number {
  const code = info.code;
  const over =
    !info.both ||
    c.round >= LAST_ROUND ||
    (!someoneCanWound(ctx, c, info) && stalemate(engineStateOf(ctx, { ...c, status: info.status })) !== null);
  if (over) {
    const [a, d] = info.inCombat;
    // summary.ts winnerOf: the side still in the combat; both (a stop): the last round's winner.
    const winner =
      a && !d ? 'attacker' : d && !a ? 'defender' : !a && !d ? 'draw' : c.winner === -1 ? 'draw' : roleOf(c.winner);
    return -1 - endNumber(ctx, code, winner, slainOf(ctx, c.lost));
  }
  // Who won the last round is read only where the order at an Initiative tie matters (ties.ts); a round won, only against an obstacle.
  const lostId = info.idle.length > 0 ? canonicalLost(ctx, c.lostId, info) : c.lostId;
  const previousWinner =
    c.winner !== -1 && info.tiedLater && orderMatters(ctx, c.round + 1, lostId, info) ? c.winner : -1;
  const won0 = ctx.facesObstacle[0] && c.hasWonRound[0];
  const won1 = ctx.facesObstacle[1] && c.hasWonRound[1];
  return startOf(ctx, lostId, code, previousWinner, won0, won1).index;
}

/** The number of the end (statuses `code`, `winner`, the characters `slain`), a new one the first time it is met. */
function endNumber(ctx: Context, code: number, winner: CombatEnd['winner'], slain: number): number {
  const key =
    ctx.characters <= 20
      ? (code * 3 + (winner === 'attacker' ? 0 : winner === 'defender' ? 1 : 2)) * 2 ** ctx.characters + slain
      : `${code}|${winner}|${slain}`;
  let n = ctx.endIndex.get(key);
  if (n === undefined) {
    n = ctx.endList.length;
    ctx.endIndex.set(key, n);
    ctx.endList.push(endOf(ctx, { code, winner, slain }));
  }
  return n;
}

const endNames: Partial<Record<number, UnitEnd>> = { [DESTROYED]: 'destroyed', [FLED]: 'flees', [CAUGHT]: 'caught' };

/**
 * The end of the combat as the chain counts it (tally.ts endOf, combat.ts unitFates): the winner,
 * each side's main unit's fate, and every unit's, its characters after it — a character slain is
 * destroyed, else he shares his unit's fate. Built once per combat for each.
 */
export function endOf(ctx: Context, e: { code: number; winner: CombatEnd['winner']; slain: number }): CombatEnd {
  return remember(ctx, 'end', `${e.code}|${e.winner}|${e.slain}`, () => {
    const status = codeInfo(ctx, e.code).status;
    const units = ctx.units.flatMap((u, i): UnitFate[] => {
      const role = roleOf(u.side);
      const unitEnd = endNames[status[i]!] ?? null;
      const characters = u.characters.map((m): UnitFate => ({
        role,
        unit: ctx.setup[role].units[u.index]!.characters[ctx.pools[m]!.ref.character!]!.name,
        end:
          Math.floor(e.slain / 2 ** ctx.pools[m]!.characterBit) % 2
            ? 'destroyed'
            : unitEnd === 'destroyed'
              ? null
              : unitEnd,
      }));
      return [{ role, unit: u.unit.name, end: unitEnd }, ...characters];
    });
    const main = (side: Side) => endNames[status[ctx.sideUnits[side][0]!]!] ?? null;
    return { winner: e.winner, fates: { attacker: main(0), defender: main(1) }, units };
  });
}
