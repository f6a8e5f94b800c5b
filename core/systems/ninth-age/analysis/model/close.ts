import { spend } from '../../../../analysis/budget';
import { perOwner } from '../../../../combat/memo';
import { closeOf, isLastRound, roundEndOf, standingsAt, type Standings } from './aftermath';
import { chargeIndex, type ModelContext } from './context';
import { nextRoundMemory } from './memory';
import type { EndSums } from './endSums';
import type { NodeTable } from './nodeTable';
import type { TemplateStore } from './store';

/**
 * The close of a round at every node of its programme (aftermath.ts): what the Combat Score reads
 * of a node's code — the standings (models and characters left) and the HP each side has left —
 * worked out once per code and combat, and each close once per standings and score difference,
 * all in flat arrays of numbers (by code where the codes are few, context.ts `dense`): a round's
 * node costs a few array reads, with no object to chase (the example closes a million nodes).
 */

/** The kinds of close: once the attacks are over, or at the round's end (the score read: go on or stop), each in an ordinary round or the game's last. */
const KINDS = 4;
const kindOf = (atRoundEnd: boolean, last: boolean) => (atRoundEnd ? 2 : 0) + (last ? 1 : 0);
/** Numbers a close takes in CloseTable.closes, its ends at most, and memories by standings in an array (more in a map). */
const CLOSE = 8;
const MAX_ENDS = 3;
const MEMORIES = 4;

/** What the close reads of the codes, and the closes met, in the round of the charge or after (one table each per combat). */
class CloseTable {
  readonly standings: Standings[] = [];
  private readonly byKey = new Map<number, number>();
  /**
   * By code, where the codes are few (context.ts `dense`), four numbers side by side: the standings
   * number + 1 (0: not yet met); the code's `base` — the score difference before this round's
   * losses count for the enemy: fixed A − fixed D + HP left A − HP left D (RULES §5: +1 per HP the
   * enemy lost, so a node's difference is its base + the round start's HP left D − A); the HP left A, D.
   */
  readonly byCode: Int32Array | null;
  private readonly sparse = new Map<number, readonly [number, number, number, number]>();
  /** The code last asked about (`at`): each side's HP left and its base. */
  hpA = 0;
  hpD = 0;
  base = 0;
  /** Close number + 1 by (standings × KINDS + kind) × `width` + difference + ctx.differences, for the standings met (`room` of them). */
  private rows = new Int32Array(0);
  private readonly width: number;
  private room = 0;
  /**
   * The closes by number, CLOSE numbers each — in one cache line, as a round's close reads them: the
   * chance to go on, the number of ends (at most 3: the round's end, fled, caught), then each end's
   * number (ends.ts) and chance.
   */
  closes = new Float64Array(CLOSE * 256);
  private count = 0;
  /** The next round's allocation memory + 1 by standings × MEMORIES + this round's memory (memory.ts nextRoundMemory); larger memories in a map. */
  private memories = new Int32Array(0);
  private readonly moreMemories = new Map<number, number>();

  constructor(
    private readonly ctx: ModelContext,
    private readonly charge: number,
  ) {
    this.byCode = ctx.dense ? new Int32Array(4 * ctx.size) : null;
    this.width = 2 * ctx.differences + 1;
  }

  /** The standings number of `code` (and its HP per side and base in hpA, hpD, base). */
  at(code: number): number {
    const { byCode } = this;
    if (byCode) {
      const i = byCode[4 * code] === 0 ? this.fill(code) : byCode[4 * code]! - 1;
      this.base = byCode[4 * code + 1]!;
      this.hpA = byCode[4 * code + 2]!;
      this.hpD = byCode[4 * code + 3]!;
      return i;
    }
    const [i, a, d, base] = this.sparse.get(code) ?? this.met(code);
    this.hpA = a;
    this.hpD = d;
    this.base = base;
    return i - 1;
  }

  /** The standings number of `code` in the arrays by code (dense codes), met now. */
  fill(code: number): number {
    const [i, a, d, base] = this.met(code);
    this.byCode!.set([i, base, a, d], 4 * code);
    return i - 1;
  }

  /** Decodes a code: the standings (by rank-and-file models and the pools standing), the HP per side, the base. */
  private met(code: number): readonly [number, number, number, number] {
    const { ctx } = this;
    const rankAndFile = [0, 0];
    const hp = [0, 0];
    let alive = 0;
    ctx.pools.forEach((pool, i) => {
      const left = Math.floor(code / pool.stride) % (pool.full + 1);
      if (left > 0) alive |= 1 << i;
      hp[pool.side]! += left;
      if (pool.ref.who === 'rf') rankAndFile[pool.side] = Math.ceil(left / pool.hp);
    });
    const key =
      (rankAndFile[0]! * (ctx.setup.defender.unit.models + 1) + rankAndFile[1]!) * 2 ** ctx.pools.length + alive;
    let i = this.byKey.get(key);
    if (i === undefined) {
      this.standings.push(standingsAt(ctx, this.charge, rankAndFile[0]!, rankAndFile[1]!, alive));
      this.byKey.set(key, (i = this.standings.length));
      if (i > this.room) this.grow();
    }
    const s = this.standings[i - 1]!;
    const entry = [i, hp[0]!, hp[1]!, s.fixed[0] - s.fixed[1] + hp[0]! - hp[1]!] as const;
    if (!this.byCode) this.sparse.set(code, entry);
    spend(ctx.pools.length * 4);
    return entry;
  }

  /** Room for twice the standings in the arrays by standings. */
  private grow(): void {
    this.room = Math.max(64, 2 * this.room);
    this.rows = grown(this.rows, this.room * KINDS * this.width);
    this.memories = grown(this.memories, this.room * MEMORIES);
  }

  /** The number of the close of standings `s` at `difference` (attacker − defender), of kind `kind`: its numbers start at CLOSE × it in `closes`. */
  closeAt(s: number, kind: number, difference: number): number {
    const at = (s * KINDS + kind) * this.width + difference + this.ctx.differences;
    const id = this.rows[at]!;
    return id > 0 ? id - 1 : this.newClose(s, kind, difference, at);
  }

  private newClose(s: number, kind: number, difference: number, at: number): number {
    const last = (kind & 1) === 1;
    const standings = this.standings[s]!;
    const close =
      kind >= 2 ? roundEndOf(this.ctx, standings, difference, last) : closeOf(this.ctx, standings, difference, last);
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
    this.rows[at] = id + 1;
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

/**
 * Every node's close summed (`start` the code when the round began; `atRoundEnd`: the score is
 * read and the players are at the round's end, else the attacks are just over): the next round's
 * nodes appended to the store (store.ts: a template's range, an entry per node — two nodes of one
 * next node, where the allocations kept make them one, are summed where the range is read), and
 * the ends into `ends`. Where the round's nodes start in the store's chunk.
 */
export function closeRound(
  ctx: ModelContext,
  round: number,
  start: number,
  nodes: NodeTable,
  store: TemplateStore,
  ends: EndSums,
  atRoundEnd = false,
): number {
  const table = closeTable(ctx, chargeIndex(round));
  const kind = kindOf(atRoundEnd, isLastRound(round));
  table.at(start);
  const fromStart = table.hpD - table.hpA;
  const { size } = ctx;
  const { keys, probs, count: n } = nodes;
  const { byCode } = table;
  const registry = store.nodes;
  const from = store.open(n);
  let at = from;
  const { next, p: chances } = store.chunk;
  // The ends summed here, in the loop (the engine boxes a chance handed to a call it does not inline).
  let { sums, touched, count } = ends;
  for (let k = 0; k < n; k++) {
    const node = keys[k]!;
    const p = probs[k]!;
    const memory = Math.floor(node / size);
    const code = node - memory * size;
    let s: number;
    let difference: number;
    if (byCode) {
      s = byCode[4 * code]! - 1;
      if (s < 0) s = table.fill(code);
      difference = byCode[4 * code + 1]! + fromStart;
    } else {
      s = table.at(code);
      difference = table.base + fromStart;
    }
    const c = CLOSE * table.closeAt(s, kind, difference);
    const { closes } = table;
    const endsTo = c + 2 + 2 * closes[c + 1]!;
    for (let e = c + 2; e < endsTo; e += 2) {
      const end = closes[e]!;
      if (end >= sums.length) {
        ends.reserve(end);
        ({ sums, touched } = ends);
      }
      const before = sums[end]!;
      const after = before + p * closes[e + 1]!;
      sums[end] = after;
      // A sum is touched once: when it leaves 0 (chances are never below 0).
      if (before === 0 && after !== 0) touched[count++] = end;
    }
    const goOn = closes[c]!;
    if (goOn > 0) {
      next[at] = registry.indexOf(table.nextMemory(s, memory) * size + code);
      chances[at++] = p * goOn;
    }
  }
  store.size = at;
  ends.count = count;
  spend(10 * n);
  return from;
}
