import * as pursuitModule from '../../steps/pursuit';
import type { Context, Side } from './context';
// Named imports, read when called (once per new entry, never in the hot loop): end.ts reaches this
// file through position.ts, so a name copied at load would be read before end.ts has run.
import { closeTo, type Closing } from './end';
import { knownPlanOf } from './plan';

// Read once, at load: the test runner's module loader reads an imported name through a getter on
// every use (some 50 ns), which `closesKey` would pay millions of times a run.
const { LAST_ROUND } = pursuitModule;

/**
 * Where a round closes once its strikes ended and its result is known, remembered per combat: the
 * losers' break tests and flight (plan.ts) and each way they end's close (end.ts closeTo) read only
 * the wounds lost, the statuses after the result, its winner and difference, who has won a round
 * and whether it is the game's last — not the round's start. The strikes of thousands of rounds end
 * alike (the .json example: 172,599 ways a round's strikes end, 32,086 ways to close), so each is
 * worked out once and read back by one number: each close (a start's number, or -1 - an end's)
 * with its chance, in flat arrays.
 */
interface Memo {
  /**
   * Open addressing by key, a key and its entry side by side (one read of memory finds both):
   * slot s holds the key at 2s (-1: empty) and the entry at 2s + 1 — its first close's place in
   * `pool` × ENTRY_CLOSES + how many closes.
   */
  slots: Float64Array;
  mask: number;
  size: number;
  /** Each close's start number (or -1 - an end's) and chance, side by side. */
  pool: Float64Array;
  used: number;
}

/** Most closes of one entry (a plan with more is worked out afresh each time). */
export const ENTRY_CLOSES = 256;
/** Entries remembered per combat, at most (then forgotten: they are only a shortcut). */
const MAX_CLOSES = 500_000;
/** How many keys the result's winner, difference, rounds won and last round take (`closesKey`). */
const RESULT_KEYS = 1 << 16;

/**
 * The close's key: the wounds lost `lostId`, the statuses `code` after the result, its winner
 * (-1: a draw, whose difference nothing reads) and difference, who has won a round after it, the
 * game's last round. -1 where it is not one exact number (then nothing is remembered).
 */
function closesKey(ctx: Context, c: Closing, code: number, difference: number): number {
  const d = c.winner === -1 ? 0 : difference;
  const result =
    ((d * 3 + c.winner + 1) * 4 + (c.hasWonRound[0] ? 2 : 0) + (c.hasWonRound[1] ? 1 : 0)) * 2 +
    (c.round >= LAST_ROUND ? 1 : 0);
  if (result >= RESULT_KEYS || ctx.lostSpace * ctx.codeSpace * RESULT_KEYS > 2 ** 53) return -1;
  return (c.lostId * ctx.codeSpace + code) * RESULT_KEYS + result;
}

const newMemo = (): Memo => ({
  slots: new Float64Array(2 * 1024).fill(-1),
  mask: 1023,
  size: 0,
  pool: new Float64Array(4096),
  used: 0,
});

/** The combat's memo, forgotten once it holds MAX_CLOSES entries. */
function memoOf(ctx: Context): Memo {
  let memo = ctx.closesMemo as Memo | null;
  if (!memo || memo.size >= MAX_CLOSES) ctx.closesMemo = memo = newMemo();
  return memo;
}

/** The slot of `key`: where it is, or the empty slot where it goes. */
function slotOf(memo: Memo, key: number): number {
  const lo = key >>> 0;
  const hi = (key / 4294967296) >>> 0;
  let h = Math.imul(lo ^ Math.imul(hi, 0x85ebca6b), 0x9e3779b1);
  h ^= h >>> 15;
  const slots = memo.slots;
  let s = h & memo.mask;
  for (let at = slots[2 * s]!; at !== -1 && at !== key; at = slots[2 * s]!) s = (s + 1) & memo.mask;
  return s;
}

/**
 * The entry of the close `c` with the statuses `code` after a result by `difference` (see `closesKey`, and Memo.slots: the first close's place in `closes.pool`,
 * where `closesAt` leaves it, × ENTRY_CLOSES + how many) — worked out the first time, charged
 * nothing (the caller charges alike, remembered or not). -1 where a break test rolls beyond the
 * table of chances (plan.ts knownPlanOf), a plan has too many closes, or the key is not one exact
 * number: worked out afresh each time, by the caller.
 */
export function closesAt(ctx: Context, c: Closing, code: number, difference: number): number {
  const key = closesKey(ctx, c, code, difference);
  if (key < 0) return -1;
  const memo = memoOf(ctx);
  closes.pool = memo.pool;
  const s = slotOf(memo, key);
  if (memo.slots[2 * s] === key) return memo.slots[2 * s + 1]!;
  const plan = c.winner === -1 ? null : knownPlanOf(ctx, c.lost, code, c.winner as Side, difference);
  if (c.winner !== -1 && !plan) return -1;
  const codes = plan ? plan.codes : [code];
  if (codes.length >= ENTRY_CLOSES) return -1;
  room(memo, codes.length);
  const entry = memo.used * ENTRY_CLOSES + codes.length;
  for (let k = 0; k < codes.length; k++) {
    memo.pool[2 * memo.used] = closeTo(ctx, c, codes[k]!);
    memo.pool[2 * memo.used++ + 1] = plan ? plan.ps[k]! : 1;
  }
  put(memo, key, entry);
  closes.pool = memo.pool;
  return entry;
}

/** The memo's pool as `closesAt` left it (one combat at a time: read it at once). */
export const closes: { pool: Float64Array } = { pool: new Float64Array(0) };

/** Adds `key` with its entry (the table kept at most half full). */
function put(memo: Memo, key: number, entry: number): void {
  if (2 * (memo.size + 1) > memo.mask + 1) {
    const old = memo.slots;
    memo.slots = new Float64Array(2 * old.length).fill(-1);
    memo.mask = 2 * memo.mask + 1;
    for (let s = 0; s < old.length; s += 2)
      if (old[s] !== -1) {
        const t = slotOf(memo, old[s]!);
        memo.slots[2 * t] = old[s]!;
        memo.slots[2 * t + 1] = old[s + 1]!;
      }
  }
  const s = slotOf(memo, key);
  memo.slots[2 * s] = key;
  memo.slots[2 * s + 1] = entry;
  memo.size++;
}

/** Room in the pool for `n` more closes. */
function room(memo: Memo, n: number): void {
  if (2 * (memo.used + n) <= memo.pool.length) return;
  const pool = new Float64Array(Math.max(2 * memo.pool.length, 2 * (memo.used + n)));
  pool.set(memo.pool);
  memo.pool = pool;
}
