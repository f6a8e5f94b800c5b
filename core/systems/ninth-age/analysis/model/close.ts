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
  /** Close number + 1 by (standings × KINDS + kind) and difference + ctx.differences. */
  private readonly rows: Int32Array[] = [];
  /**
   * The closes by number: their chance to go on, and their ends — by number (ends.ts) and chance,
   * `endIds` and `endP` from endFrom[close] to endFrom[close + 1] — side by side in a few arrays.
   */
  goOn = new Float64Array(256);
  endFrom = new Int32Array(257);
  endIds = new Int32Array(1024);
  endP = new Float64Array(1024);
  private count = 0;
  /** The next round's allocation memory + 1 by standings and this round's memory (memory.ts nextRoundMemory). */
  private readonly memories: Int32Array[] = [];

  constructor(
    private readonly ctx: ModelContext,
    private readonly charge: number,
  ) {
    this.byCode = ctx.dense ? new Int32Array(4 * ctx.size) : null;
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
      for (let k = 0; k < KINDS; k++) this.rows.push(new Int32Array(2 * ctx.differences + 1));
      this.memories.push(new Int32Array(4));
      this.byKey.set(key, (i = this.standings.length));
    }
    const s = this.standings[i - 1]!;
    const entry = [i, hp[0]!, hp[1]!, s.fixed[0] - s.fixed[1] + hp[0]! - hp[1]!] as const;
    if (!this.byCode) this.sparse.set(code, entry);
    spend(ctx.pools.length * 4);
    return entry;
  }

  /** The number of the close of standings `s` at `difference` (attacker − defender), of kind `kind`. */
  closeAt(s: number, kind: number, difference: number): number {
    const row = this.rows[s * KINDS + kind]!;
    const at = row[difference + this.ctx.differences]!;
    return at > 0 ? at - 1 : this.newClose(s, kind, difference, row);
  }

  private newClose(s: number, kind: number, difference: number, row: Int32Array): number {
    const last = (kind & 1) === 1;
    const standings = this.standings[s]!;
    const close =
      kind >= 2 ? roundEndOf(this.ctx, standings, difference, last) : closeOf(this.ctx, standings, difference, last);
    const id = this.count++;
    if (id + 1 >= this.goOn.length) {
      this.goOn = grown(this.goOn, 2 * id + 2);
      this.endFrom = grown(this.endFrom, 2 * id + 3);
    }
    const from = this.endFrom[id]!;
    const to = from + close.endIds.length;
    if (to > this.endIds.length) {
      this.endIds = grown(this.endIds, 2 * to);
      this.endP = grown(this.endP, 2 * to);
    }
    this.endIds.set(close.endIds, from);
    this.endP.set(close.endP, from);
    this.endFrom[id + 1] = to;
    this.goOn[id] = close.goOn;
    row[difference + this.ctx.differences] = id + 1;
    return id;
  }

  /** The next round's memory at standings `s` from this round's `memory`. */
  nextMemory(s: number, memory: number): number {
    let row = this.memories[s]!;
    if (memory >= row.length) {
      const grown = new Int32Array(Math.max(2 * row.length, memory + 1));
      grown.set(row);
      this.memories[s] = row = grown;
    }
    const at = row[memory]!;
    if (at > 0) return at - 1;
    const next = nextRoundMemory(this.ctx, memory, this.standings[s]!.alive);
    row[memory] = next + 1;
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

/** The chance of the nodes of each close (by number) in the round being closed, and the closes met. */
let mass = new Float64Array(256);
let met = new Int32Array(256);

/**
 * Every node's close summed (`start` the code when the round began; `atRoundEnd`: the score is
 * read and the players are at the round's end, else the attacks are just over): the next round's
 * nodes appended to the store (store.ts: a template's range, an entry per node — two nodes of one
 * next node, where the allocations kept make them one, are summed where the range is read), and
 * the ends into `ends` — each close's chance summed over its nodes first, its ends counted once.
 */
export function closeRound(
  ctx: ModelContext,
  round: number,
  start: number,
  nodes: NodeTable,
  store: TemplateStore,
  ends: EndSums,
  atRoundEnd = false,
): void {
  const table = closeTable(ctx, chargeIndex(round));
  const kind = kindOf(atRoundEnd, isLastRound(round));
  table.at(start);
  const fromStart = table.hpD - table.hpA;
  const { size } = ctx;
  const { keys, probs, count: n } = nodes;
  const { byCode } = table;
  const registry = store.nodes;
  let at = store.open(n);
  const { next, p: chances } = store;
  let count = 0;
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
    const id = table.closeAt(s, kind, difference);
    if (table.endFrom[id + 1]! > table.endFrom[id]!) {
      if (id >= mass.length) grow(id);
      // Met twice with a mass of 0 (a chance too small for a double), it adds 0 the second time.
      if (mass[id] === 0) met[count++] = id;
      mass[id]! += p;
    }
    const goOn = table.goOn[id]!;
    if (goOn > 0) {
      next[at] = registry.indexOf(table.nextMemory(s, memory) * size + code);
      chances[at++] = p * goOn;
    }
  }
  store.size = at;
  const { endFrom, endIds, endP } = table;
  for (let k = 0; k < count; k++) {
    const id = met[k]!;
    ends.add(endIds, endP, mass[id]!, endFrom[id]!, endFrom[id + 1]!);
    mass[id] = 0;
  }
  spend(8 * n + 2 * count);
}

function grow(id: number): void {
  const size = Math.max(2 * mass.length, id + 1);
  const m = new Float64Array(size);
  m.set(mass);
  mass = m;
  const t = new Int32Array(size);
  t.set(met);
  met = t;
}
