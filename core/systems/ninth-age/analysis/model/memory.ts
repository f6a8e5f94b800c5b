import { AnalysisTooLargeError } from '../../../../analysis/budget';
import { perOwner } from '../../../../combat/memo';
import type { SharesSource } from '../../allocation';
import type { ModelContext } from './context';

/**
 * What a combat remembers of its allocations (issue 22: an allocation made once is kept): the
 * attacks each part sends at each enemy character by default — as allocated last round where the
 * players allocated it then, else as set up (allocation.ts sharesOf) — and the allocations answered
 * this round, kept for the next (flow.ts allocate, roundEnd's `kept`). Each distinct memory is
 * numbered once per combat, so a position carries one small number for it.
 *
 * Normalised so that equal futures get equal numbers: a share at an enemy character who has fallen
 * is never read again (allocation.ts completeAllocation reads standing characters only), nor are a
 * fallen part's shares, so both are kept as 0.
 */

export interface Memory {
  /** Per pool (engine order): attacks at each enemy character by default, one number per enemy character. */
  shares: ReadonlyArray<readonly number[]>;
  /** Per pool: the allocation answered this round (attacks at each enemy character), or null. */
  chosen: ReadonlyArray<readonly number[] | null>;
}

/** More distinct memories than this in one combat is more than any allocation rule can make: refused, not hung. */
const MAX_MEMORIES = 1 << 12;

interface Memories {
  list: Memory[];
  ids: Map<string, number>;
  /** The next round's memory by (memory, pools standing): what roundEnd keeps (`kept` ∪ `chosen`). */
  nextRound: Map<number, number>;
}

const memoriesOf = perOwner((_ctx: ModelContext): Memories => ({ list: [], ids: new Map(), nextRound: new Map() }));

/** The number of a memory (normalised by the pools standing, `alive`: one bit per pool). */
export function memoryId(ctx: ModelContext, memory: Memory, alive: number): number {
  const normal = normalised(ctx, memory, alive);
  const m = memoriesOf(ctx);
  const text = JSON.stringify(normal);
  let id = m.ids.get(text);
  if (id === undefined) {
    if (m.list.length >= MAX_MEMORIES)
      throw new AnalysisTooLargeError('too many ways to allocate attacks to follow the whole combat exactly');
    id = m.list.length;
    m.list.push(normal);
    m.ids.set(text, id);
  }
  return id;
}

export const memoryOf = (ctx: ModelContext, id: number): Memory => memoriesOf(ctx).list[id]!;

function normalised(ctx: ModelContext, memory: Memory, alive: number): Memory {
  const standing = (i: number) => ((alive >> i) & 1) === 1;
  const enemies = (i: number) => ctx.characters[1 - ctx.pools[i]!.side]!;
  const clean = (i: number, list: readonly number[]) =>
    enemies(i).map((pool, j) => (standing(i) && standing(pool) ? (list[j] ?? 0) : 0));
  return {
    shares: ctx.pools.map((_, i) => clean(i, memory.shares[i] ?? [])),
    chosen: ctx.pools.map((_, i) => {
      const c = memory.chosen[i];
      return c && standing(i) ? clean(i, c) : null;
    }),
  };
}

/** The memory with some parts' allocations answered this round (flow.ts allocate with `answered`). */
export function withChosen(
  ctx: ModelContext,
  id: number,
  answered: ReadonlyArray<{ pool: number; counts: readonly number[] }>,
  alive: number,
): number {
  if (answered.length === 0) return id;
  const memory = memoryOf(ctx, id);
  const chosen = [...memory.chosen];
  for (const a of answered) chosen[a.pool] = a.counts;
  return memoryId(ctx, { shares: memory.shares, chosen }, alive);
}

/**
 * The memory the next round starts with (roundEnd: `kept` = `kept` ∪ `chosen`, `chosen` emptied):
 * an allocation answered this round becomes the part's default.
 */
export function nextRoundMemory(ctx: ModelContext, id: number, alive: number): number {
  const m = memoriesOf(ctx);
  const key = id * 2 ** ctx.pools.length + alive;
  let next = m.nextRound.get(key);
  if (next === undefined) {
    const memory = memoryOf(ctx, id);
    next = memoryId(
      ctx,
      { shares: memory.shares.map((s, i) => memory.chosen[i] ?? s), chosen: memory.chosen.map(() => null) },
      alive,
    );
    m.nextRound.set(key, next);
  }
  return next;
}

/** The memory as the engine's allocation functions read it (allocation.ts SharesSource: `kept` per pool). */
export function sharesSource(ctx: ModelContext, id: number): SharesSource {
  const memory = memoryOf(ctx, id);
  return { setup: ctx.setup, kept: Object.fromEntries(ctx.pools.map((p, i) => [p.key, [...memory.shares[i]!]])) };
}
