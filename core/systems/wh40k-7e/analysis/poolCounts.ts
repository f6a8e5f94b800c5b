import { binomial, convolve } from '../../../dice/probability';
import { DEATHBLOW, poolFor, poolRank, SERIOUSLY } from '../pools';
import type { Setup } from '../setup';
import type { Pool, Role, StrikeRoll } from '../state';
import { groupStrength } from '../strikes';
import { chance, toHitFace, toWoundFace } from '../tables';

/**
 * How many wounds each pool of a side gets at an Initiative step: the pools already formed plus
 * the rolls still to make (each die hits and wounds independently: binomial; a Destroyer die
 * lands in the deathblow pool on a 6 and the seriously-wounded pool on 2–5: a joint distribution).
 * Pools of different groups are independent; the two Destroyer pools are kept as one joint item.
 * Items come in the default pool order (SCENARIOS §2).
 */

export type PoolDesc = Pick<Pool, 'key' | 'kind' | 'strength' | 'ap'>;

/** The Destroyer pools are the same whichever group made them (their wounds do not depend on Strength or AP). */
const DEATHBLOW_POOL: PoolDesc = { key: DEATHBLOW, kind: 'deathblow', strength: null, ap: null };
const SERIOUSLY_POOL: PoolDesc = { key: SERIOUSLY, kind: 'seriously', strength: null, ap: null };

export type PoolItem =
  | { kind: 'single'; pool: PoolDesc; counts: number[] }
  | { kind: 'destroyer'; deathblow: PoolDesc; seriously: PoolDesc; joint: number[][] };

const logFactorials: number[] = [0];
const logFactorial = (n: number) => {
  for (let k = logFactorials.length; k <= n; k++) logFactorials.push(logFactorials[k - 1]! + Math.log(k));
  return logFactorials[n]!;
};

/** P(i deathblows, j seriously wounded) from n dice with per-die chances a and b: the multinomial, by logarithms. */
function destroyerJoint(n: number, a: number, b: number): number[][] {
  const c = 1 - a - b;
  const term = (k: number, x: number) => (k === 0 ? 0 : x <= 0 ? -Infinity : k * Math.log(x));
  return Array.from({ length: n + 1 }, (_, i) =>
    Array.from({ length: n + 1 }, (_, j) => {
      if (i + j > n) return 0;
      const log =
        logFactorial(n) -
        logFactorial(i) -
        logFactorial(j) -
        logFactorial(n - i - j) +
        term(i, a) +
        term(j, b) +
        term(n - i - j, c);
      return Math.exp(log);
    }),
  );
}

function convolve2(a: number[][], b: number[][]): number[][] {
  const rows = a.length + b.length - 1;
  const cols = Math.max(...a.map((r) => r.length)) + Math.max(...b.map((r) => r.length)) - 1;
  const out = Array.from({ length: rows }, () => Array<number>(cols).fill(0));
  a.forEach((ra, i) =>
    ra.forEach((x, j) => {
      if (x !== 0) b.forEach((rb, k) => rb.forEach((y, l) => (out[i + k]![j + l]! += x * y)));
    }),
  );
  return out;
}

export interface SideStrikes {
  setup: Setup;
  role: Role;
  /** The groups striking at this step (the default pool order follows them). */
  strikers: readonly number[];
  /** What the side's attacks see of the enemy: its majority WS and T at the start of the step. */
  target: { weaponSkill: number; toughness: number };
  /** Pools already formed. */
  pools: readonly Pool[];
  /** Rolls still to make. */
  rolls: readonly StrikeRoll[];
}

/** The side's pool items in the default order. */
export function poolItems(side: SideStrikes): PoolItem[] {
  const { setup, role, target } = side;
  const single = new Map<string, { pool: PoolDesc; counts: number[] }>();
  let destroyer: number[][] | null = null;
  const addSingle = (pool: PoolDesc, counts: number[]) => {
    const s = single.get(pool.key);
    single.set(pool.key, { pool, counts: s ? convolve(s.counts, counts) : counts });
  };
  for (const p of side.pools) {
    if (p.wounds <= 0) continue;
    if (p.kind === 'normal') addSingle(p, [...Array<number>(p.wounds).fill(0), 1]);
  }
  const knownDb = side.pools.find((p) => p.key === DEATHBLOW)?.wounds ?? 0;
  const knownSw = side.pools.find((p) => p.key === SERIOUSLY)?.wounds ?? 0;
  if (knownDb + knownSw > 0) {
    destroyer = Array.from({ length: knownDb + 1 }, () => Array<number>(knownSw + 1).fill(0));
    destroyer[knownDb]![knownSw] = 1;
  }
  for (const r of side.rolls) {
    const g = setup[role].models[r.group]!;
    const pHit = r.stage === 'hit' ? chance(toHitFace(g.weaponSkill, target.weaponSkill)) : 1;
    const s = groupStrength(setup, role, r.group);
    if (s === 'D') {
      const joint = destroyerJoint(r.dice, pHit / 6, (pHit * 4) / 6);
      destroyer = destroyer ? convolve2(destroyer, joint) : joint;
      continue;
    }
    const pWound = chance(toWoundFace(s, target.toughness));
    addSingle(poolFor(setup, role, r.group), binomial(r.dice, pHit * pWound));
  }
  const rank = (key: string) => poolRank(setup, role, side.strikers, key);
  const items: Array<{ rank: number; item: PoolItem }> = [...single.values()].map((s) => ({
    rank: rank(s.pool.key),
    item: { kind: 'single', ...s },
  }));
  if (destroyer) {
    // Both Destroyer pools come from the same groups: deathblow and seriously wounded are adjacent in the default order.
    items.push({
      rank: rank(DEATHBLOW),
      item: { kind: 'destroyer', deathblow: DEATHBLOW_POOL, seriously: SERIOUSLY_POOL, joint: destroyer },
    });
  }
  return items.sort((a, b) => a.rank - b.rank).map((x) => x.item);
}

export { binomial, convolve };
