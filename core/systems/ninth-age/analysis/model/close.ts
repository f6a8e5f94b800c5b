import { spend } from '../../../../analysis/budget';
import { perOwner } from '../../../../combat/memo';
import { closeOf, isLastRound, roundEndOf, standingsAt, type Standings } from './aftermath';
import { chargeIndex, type ModelContext } from './context';
import { nextRoundMemory } from './memory';
import type { NodeTable } from './nodeTable';

/**
 * The close of a round at every node of its programme (aftermath.ts): what the Combat Score reads
 * of a node's code — the standings (models and characters left) and the HP each side has left —
 * worked out once per code and combat, in arrays by code where the codes are few (context.ts
 * `dense`), so the thousands of nodes of a round cost a few array reads each.
 */

/** What the close reads of one code: its standings' number and each side's HP left. */
class CodeStandings {
  readonly list: Standings[] = [];
  private readonly byKey = new Map<number, number>();
  /** Standings number + 1 by code (0: not yet met), then each side's HP left. */
  private readonly index: Int32Array | null;
  private readonly hp: Int32Array | null;
  private readonly sparse = new Map<number, readonly [number, number, number]>();
  /** Each side's HP left in the code last asked about. */
  hpA = 0;
  hpD = 0;

  constructor(
    private readonly ctx: ModelContext,
    private readonly charge: number,
  ) {
    this.index = ctx.dense ? new Int32Array(ctx.size) : null;
    this.hp = ctx.dense ? new Int32Array(2 * ctx.size) : null;
  }

  /** The standings of `code` (and its HP per side in hpA, hpD). */
  at(code: number): Standings {
    if (this.index) {
      let i = this.index[code]!;
      if (i === 0) i = this.fill(code);
      this.hpA = this.hp![2 * code]!;
      this.hpD = this.hp![2 * code + 1]!;
      return this.list[i - 1]!;
    }
    const seen = this.sparse.get(code) ?? this.met(code);
    this.hpA = seen[1];
    this.hpD = seen[2];
    return this.list[seen[0] - 1]!;
  }

  private fill(code: number): number {
    const [i, a, d] = this.met(code);
    this.index![code] = i;
    this.hp![2 * code] = a;
    this.hp![2 * code + 1] = d;
    return i;
  }

  /** Decodes a code: the standings (by rank-and-file models and the pools standing) and the HP per side. */
  private met(code: number): readonly [number, number, number] {
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
      this.list.push(standingsAt(ctx, this.charge, rankAndFile[0]!, rankAndFile[1]!, alive));
      this.byKey.set(key, (i = this.list.length));
    }
    const entry = [i, hp[0]!, hp[1]!] as const;
    if (!this.index) this.sparse.set(code, entry);
    spend(ctx.pools.length * 4);
    return entry;
  }
}

const tablesOf = perOwner((ctx: ModelContext) => [new CodeStandings(ctx, 0), new CodeStandings(ctx, 1)]);

/** The standings of the codes of a round of the charge (`charge` 0) or after (1), one table per combat. */
export const codeStandings = (ctx: ModelContext, charge: number): CodeStandings => tablesOf(ctx)[charge]!;

/** The ends met in a round, by number, and their chances. */
export interface Ends {
  ids: Int32Array;
  p: Float64Array;
}

/** Sums the chances of ends by number (ends.ts), one round at a time (reusable: `take` empties it). */
export class EndSums {
  private sums = new Float64Array(64);
  private readonly touched: number[] = [];

  add(ids: Int32Array, ps: Float64Array, weight: number): void {
    for (let k = 0; k < ids.length; k++) {
      const id = ids[k]!;
      if (id >= this.sums.length) {
        const grown = new Float64Array(2 * id + 2);
        grown.set(this.sums);
        this.sums = grown;
      }
      if (this.sums[id] === 0) this.touched.push(id);
      this.sums[id]! += weight * ps[k]!;
    }
  }

  /** The sums (those above 0), the table left empty. */
  take(): Ends {
    const ids = this.touched.filter((id) => this.sums[id]! > 0);
    const p = Float64Array.from(ids, (id) => this.sums[id]!);
    for (const id of this.touched) this.sums[id] = 0;
    this.touched.length = 0;
    return { ids: Int32Array.from(ids), p };
  }
}

/** The ends of the round being closed (one round is closed at a time). */
const roundEnds = new EndSums();

/**
 * Every node's close summed (`start` the code when the round began; `atRoundEnd`: the score is
 * read and the players are at the round's end, else the attacks are just over): the next round's
 * nodes into `next` (emptied first), and the ends.
 */
export function closeRound(
  ctx: ModelContext,
  round: number,
  start: number,
  nodes: NodeTable,
  next: NodeTable,
  atRoundEnd = false,
): Ends {
  const table = codeStandings(ctx, chargeIndex(round));
  const last = isLastRound(round);
  table.at(start);
  const [startA, startD] = [table.hpA, table.hpD];
  const { size } = ctx;
  next.clear(ctx.nodes);
  const ends = roundEnds;
  for (let n = 0; n < nodes.count; n++) {
    const node = nodes.keys[n]!;
    const p = nodes.probs[n]!;
    const memory = Math.floor(node / size);
    const code = node - memory * size;
    const s = table.at(code);
    // RULES §5: +1 Combat Score per HP the enemy lost this round.
    const difference = s.fixed[0] - s.fixed[1] + (startD - table.hpD) - (startA - table.hpA);
    const close = atRoundEnd ? roundEndOf(ctx, s, difference, last) : closeOf(ctx, s, difference, last);
    if (close.endIds.length > 0) ends.add(close.endIds, close.endP, p);
    if (close.goOn > 0) {
      const memoryNext = (s.nextMemory[memory] ??= nextRoundMemory(ctx, memory, s.alive));
      next.add(memoryNext * size + code, p * close.goOn);
    }
  }
  spend(8 * nodes.count);
  return ends.take();
}
