import { spend } from '../../../../analysis/budget';
import { perOwner } from '../../../../combat/memo';
import { breakChanceAt, closeOf, roundEndOf, standingsAt, type RoundClose, type Standings } from './aftermath';
import type { ModelContext } from './context';
import { nextRoundMemory } from './memory';
import type { NodeTable } from './nodeTable';
import { digitOf } from './spread';

/**
 * What a round's close (close.ts) reads, per combat: of a node's code — the standings (models and
 * characters left) and the HP each side has left — worked out once per code, and each close
 * (aftermath.ts) once per standings, score difference and kind of close, all in flat arrays of
 * numbers (by code where the codes are few, context.ts `dense`): a round's node costs a few array
 * reads, with no object to chase (the example closes a million nodes).
 */

/** The kinds of close: once the attacks are over, or at the round's end (the score read: go on or stop), each in an ordinary round or the game's last. */
const KINDS = 4;
export const kindOf = (atRoundEnd: boolean, last: boolean) => (atRoundEnd ? 2 : 0) + (last ? 1 : 0);
/** Numbers a close takes in CloseTable.closes, its ends at most, and memories by standings in an array (more in a map). */
export const CLOSE = 8;
const MAX_ENDS = 3;
const MEMORIES = 16;

/** What the close reads of the codes, and the closes met, in the round of the charge or after (one table each per combat). */
export class CloseTable {
  readonly standings: Standings[] = [];
  /** Each standings' class (classOf), by standings number. */
  private readonly classes: number[] = [];
  private readonly byKey = new Map<number, number>();
  /**
   * By code, where the codes are few (context.ts `dense`), four numbers side by side (one read for
   * a round's close): the standings number + 1 (0: not yet met); the code's `base` — the score
   * difference before this round's losses count for the enemy: fixed A − fixed D + HP left A − HP
   * left D (RULES §5: +1 per HP the enemy lost, so a node's difference is its base + the round
   * start's HP left D − A); its `lead`, HP left D − A; and the registry entry + 1 (store.ts) of the
   * node of this code and the memory `entryMemory` holds + 1 — the next round's node, met again
   * and again.
   */
  readonly byCode: Int32Array | null;
  readonly entryMemory: Int16Array | null;
  /** The registry the entries by code are of (they are forgotten with it). */
  private entriesOf: NodeTable | null = null;
  private readonly sparse = new Map<number, readonly [number, number, number]>();
  /** The code last asked about (`at`): its base and lead. */
  base = 0;
  lead = 0;
  /** Close number + 1 by kind, then standings × `width` + difference + ctx.differences, for the standings met (`room` of them). */
  private readonly rows = Array.from({ length: KINDS }, () => new Int32Array(0));
  readonly width: number;
  private room = 0;
  /**
   * The closes by number, CLOSE numbers each — in one cache line, as a round's close reads them: the
   * chance to go on, the number of ends (at most 3: the round's end, fled, caught), then each end's
   * number (ends.ts) and chance.
   */
  closes = new Float64Array(CLOSE * 256);
  private count = 0;
  /** The characters' pools, a bit each (what tells the ends of two standings apart: classOf). */
  private readonly charactersMask: number;
  /** The closes of an ordinary round by class of standings (classOf), the game's last round or not, and who won: one for each chance to break. */
  private readonly alike = new Map<number, Array<{ breaks: number; id: number }>>();
  /** The next round's allocation memory + 1 by standings × MEMORIES + this round's memory (memory.ts nextRoundMemory); larger memories in a map. */
  private memories = new Int32Array(0);
  private readonly moreMemories = new Map<number, number>();

  constructor(
    private readonly ctx: ModelContext,
    private readonly charge: number,
  ) {
    this.byCode = ctx.dense ? new Int32Array(4 * ctx.size) : null;
    this.entryMemory = ctx.dense ? new Int16Array(ctx.size) : null;
    this.width = 2 * ctx.differences + 1;
    this.charactersMask = [...ctx.characters[0], ...ctx.characters[1]].reduce((mask, i) => mask | (1 << i), 0);
  }

  /** The standings number of `code` (and its base and lead in `base`, `lead`). */
  at(code: number): number {
    const { byCode } = this;
    if (byCode) {
      const i = byCode[4 * code] === 0 ? this.fill(code) : byCode[4 * code]! - 1;
      this.base = byCode[4 * code + 1]!;
      this.lead = byCode[4 * code + 2]!;
      return i;
    }
    const [i, base, lead] = this.sparse.get(code) ?? this.met(code);
    this.base = base;
    this.lead = lead;
    return i - 1;
  }

  /** The standings number of `code` in the arrays by code (dense codes), met now. */
  fill(code: number): number {
    const s = this.decode(code);
    const at = 4 * code;
    const byCode = this.byCode!;
    byCode[at] = s + 1;
    byCode[at + 1] = this.base;
    byCode[at + 2] = this.lead;
    return s;
  }

  /** The standings number, base and lead of `code`, where the codes are many (a map by code). */
  private met(code: number): readonly [number, number, number] {
    const s = this.decode(code);
    const entry = [s + 1, this.base, this.lead] as const;
    this.sparse.set(code, entry);
    return entry;
  }

  /**
   * The entry in `registry` of the next round's node from standings `s`, this round's `memory` and
   * `code`: read from the arrays by code and standings where met before (small, to be inlined in a
   * round's close: a million a fresh combat), else worked out (entryOf, nextMemory).
   */
  nextEntry(registry: NodeTable, s: number, memory: number, code: number): number {
    if (memory < MEMORIES && registry === this.entriesOf) {
      // Both the next memory + 1: by standings and memory, and the one whose entry the code holds.
      const next = this.memories[s * MEMORIES + memory]!;
      if (next > 0 && this.entryMemory![code] === next) return this.byCode![4 * code + 3]! - 1;
    }
    return this.entryOf(registry, this.nextMemory(s, memory), code);
  }

  /** The entry in `registry` of the node (memory, code) (see byCode). */
  entryOf(registry: NodeTable, memory: number, code: number): number {
    const byCode = this.byCode;
    if (!byCode || memory >= 0x7fff) return registry.indexOf(memory * this.ctx.size + code);
    if (registry !== this.entriesOf) {
      this.entryMemory!.fill(0);
      this.entriesOf = registry;
    }
    if (this.entryMemory![code] === memory + 1) return byCode[4 * code + 3]! - 1;
    const entry = registry.indexOf(memory * this.ctx.size + code);
    this.entryMemory![code] = memory + 1;
    byCode[4 * code + 3] = entry + 1;
    return entry;
  }

  /** Decodes a code: its standings' number (by rank-and-file models and the pools standing; met now where new), and its HP per side and base into hpA, hpD, base. */
  private decode(code: number): number {
    const { ctx } = this;
    let rankAndFileA = 0;
    let rankAndFileD = 0;
    let hpA = 0;
    let hpD = 0;
    let alive = 0;
    for (let i = 0; i < ctx.pools.length; i++) {
      const pool = ctx.pools[i]!;
      const left = digitOf(code, pool.stride, pool.full + 1);
      if (left > 0) alive |= 1 << i;
      if (pool.side === 0) hpA += left;
      else hpD += left;
      if (pool.ref.who === 'rf') {
        if (pool.side === 0) rankAndFileA = Math.ceil(left / pool.hp);
        else rankAndFileD = Math.ceil(left / pool.hp);
      }
    }
    const key = (rankAndFileA * (ctx.setup.defender.unit.models + 1) + rankAndFileD) * 2 ** ctx.pools.length + alive;
    let s = this.byKey.get(key);
    if (s === undefined) {
      s = this.standings.length;
      this.standings.push(standingsAt(ctx, this.charge, rankAndFileA, rankAndFileD, alive));
      this.classes.push(this.classOf(this.standings[s]!));
      this.byKey.set(key, s);
      if (s >= this.room) this.grow();
    }
    const { fixed } = this.standings[s]!;
    this.base = fixed[0] - fixed[1] + hpA - hpD;
    this.lead = hpD - hpA;
    spend(ctx.pools.length * 4);
    return s;
  }

  /** Room for twice the standings in the arrays by standings. */
  private grow(): void {
    this.room = Math.max(64, 2 * this.room);
    // Only the kinds of close met so far (most combats close few rounds at the round's end or in the last round): the others when first read.
    for (let kind = 0; kind < KINDS; kind++)
      if (this.rows[kind]!.length > 0) this.rows[kind] = grown(this.rows[kind]!, this.room * this.width);
    this.memories = grown(this.memories, this.room * MEMORIES);
  }

  /**
   * The close number + 1 (0: not yet met) of kind `kind` by standings × `width` + difference +
   * ctx.differences: what closeAt reads, for a loop that reads it itself (replaced when a new
   * standings is met: `at`, `fill`).
   */
  rowOf(kind: number): Int32Array {
    const row = this.rows[kind]!;
    if (row.length > 0 || this.room === 0) return row;
    return (this.rows[kind] = new Int32Array(this.room * this.width));
  }

  /** The number of the close of standings `s` at `difference` (attacker − defender), of kind `kind`: its numbers start at CLOSE × it in `closes`. */
  closeAt(s: number, kind: number, difference: number): number {
    const at = s * this.width + difference + this.ctx.differences;
    const id = this.rowOf(kind)[at]!;
    return id > 0 ? id - 1 : this.newClose(s, kind, difference, at);
  }

  private newClose(s: number, kind: number, difference: number, at: number): number {
    const last = (kind & 1) === 1;
    const standings = this.standings[s]!;
    let id: number;
    if (kind >= 2) id = this.added(roundEndOf(this.ctx, standings, difference, last));
    else {
      // A close reads the difference only through who won the round and the loser's chance to break: one close for each.
      const loser = difference > 0 ? 1 : 0;
      const breaks =
        difference === 0 || standings.wiped[loser]
          ? 0
          : breakChanceAt(this.ctx, standings, loser, Math.abs(difference));
      const key = (this.classes[s]! * 2 + (last ? 1 : 0)) * 3 + Math.sign(difference) + 1;
      let alike = this.alike.get(key);
      if (!alike) this.alike.set(key, (alike = []));
      let seen = -1;
      for (const c of alike) if (c.breaks === breaks) seen = c.id;
      if (seen >= 0) id = seen;
      else {
        id = this.added(closeOf(this.ctx, standings, difference, last, breaks));
        alike.push({ breaks, id });
      }
    }
    this.rowOf(kind)[at] = id + 1;
    return id;
  }

  /**
   * What a close (aftermath.ts closeOf) reads of the standings besides the difference: which side
   * is wiped out, whether both are idle, and the characters standing (ends.ts endId) — the example's
   * 800 standings fall into a few dozen of these, so most of their closes are made once.
   */
  private classOf(standings: Standings): number {
    const { wiped, idle, alive } = standings;
    const flags = (wiped[0] ? 4 : 0) + (wiped[1] ? 2 : 0) + (idle ? 1 : 0);
    return flags * 2 ** this.ctx.pools.length + (alive & this.charactersMask);
  }

  /** A close numbered and written into `closes`: its number. */
  private added(close: RoundClose): number {
    const ends = close.endIds.length;
    if (ends > MAX_ENDS) throw new Error(`a round closing with ${ends} ends: at most ${MAX_ENDS} fit`);
    const id = this.count++;
    if (CLOSE * this.count > this.closes.length) this.closes = grown(this.closes, 2 * this.closes.length);
    const c = CLOSE * id;
    this.closes[c] = close.goOn;
    this.closes[c + 1] = ends;
    for (let e = 0; e < ends; e++) {
      this.closes[c + 2 + 2 * e] = close.endIds[e]!;
      this.closes[c + 3 + 2 * e] = close.endP[e]!;
    }
    return id;
  }

  /** The next round's memory at standings `s` from this round's `memory`. */
  nextMemory(s: number, memory: number): number {
    if (memory < MEMORIES) {
      const at = this.memories[s * MEMORIES + memory]!;
      if (at > 0) return at - 1;
    } else {
      const at = this.moreMemories.get(s * 4096 + memory);
      if (at !== undefined) return at;
    }
    const next = nextRoundMemory(this.ctx, memory, this.standings[s]!.alive);
    if (memory < MEMORIES) this.memories[s * MEMORIES + memory] = next + 1;
    else this.moreMemories.set(s * 4096 + memory, next);
    return next;
  }
}

/** `array` copied into a new one of `length`. */
function grown<A extends Int32Array | Float64Array>(array: A, length: number): A {
  const copy = new (array.constructor as new (n: number) => A)(length);
  copy.set(array);
  return copy;
}

const tablesOf = perOwner((ctx: ModelContext) => [new CloseTable(ctx, 0), new CloseTable(ctx, 1)]);

/** The close table of a round of the charge (`charge` 0) or after (1), one per combat. */
export const closeTable = (ctx: ModelContext, charge: number): CloseTable => tablesOf(ctx)[charge]!;
