import { perOwner } from '../../../../combat/memo';
import { rankAndFileAttacks, type Setup } from '../../setup';
import {
  agilityOf,
  allPools,
  hpLeft,
  poolHp,
  poolKey,
  profileOf,
  roles,
  unitOf,
  type PoolRef,
  type Role,
} from '../../state';

/**
 * What the round model reads of a setup, worked out once per combat: the health pools (seed 004,
 * Health Pools: a unit's rank and file share one, each character has his own) in the engine's own
 * order (state.ts allPools), and the HP each has left packed into one whole number — a digit per
 * pool, its radix the pool's HP at full strength plus one — so a position's losses are one number
 * (its "code") and a node of the round's dynamic programme is one Map entry.
 */

export interface PoolInfo {
  ref: PoolRef;
  key: string;
  role: Role;
  /** 0 for the attacker, 1 for the defender. */
  side: number;
  /** HP per model, and of the whole pool at full strength. */
  hp: number;
  full: number;
  /** The place of the pool's digit in a code. */
  stride: number;
  /**
   * Attacks by HP left (SCENARIOS §3, "Who attacks"): the rank and file's fighting and supporting
   * models left, a character's Attack Value while he stands; 0 once the pool is gone.
   */
  attacks: Int32Array;
  /** Attack counts told apart for a step's signature: 0 when gone, else 1 + the index of its count. */
  attackClass: Int32Array;
  classes: number;
  /** Agility in the round of the charge (chargers +1, RULES §5) and in the rounds after. */
  agility: readonly [number, number];
}

export interface ModelContext {
  setup: Setup;
  pools: readonly PoolInfo[];
  /** Π (full + 1): the codes run from 0 to size − 1. */
  size: number;
  /** Each side's rank-and-file pool (−1: the unit has none) and its characters' pools by character index. */
  rankAndFile: readonly [number, number];
  characters: readonly [readonly number[], readonly number[]];
  /** The code of every pool at full strength. */
  full: number;
  /** More than any Combat Score difference can be (every HP of the melee and every bonus): an offset for arrays by difference. */
  differences: number;
  /** Whether the codes are few enough for arrays by code (else maps). */
  dense: boolean;
  /** Node numbers (memory × size + code) below this, for the first memories: a node table's direct range (nodeTable.ts). */
  nodes: number;
}

/** Node numbers a node table looks up directly, at most (nodeTable.ts DIRECT). */
const DIRECT_NODES = 1 << 20;

/** Codes up to this many get arrays by code (a few MB at most). */
export const DENSE_CODES = 1 << 19;

/** Above this, codes times allocation memories would leave the integers a double holds exactly. */
export const MAX_CODES = 2 ** 40;

function poolInfo(setup: Setup, p: PoolRef, stride: number): PoolInfo {
  const full = poolHp(setup, p);
  const hp = profileOf(setup, p).healthPoints;
  const unit = unitOf(setup, p.role);
  const attacks = new Int32Array(full + 1);
  for (let left = 1; left <= full; left++)
    attacks[left] = p.who === 'rf' ? rankAndFileAttacks(unit, Math.ceil(left / hp)) : profileOf(setup, p).attacks;
  const counts = [...new Set(attacks.slice(1))];
  const attackClass = new Int32Array(full + 1);
  for (let left = 1; left <= full; left++) attackClass[left] = 1 + counts.indexOf(attacks[left]!);
  return {
    ref: p,
    key: poolKey(p),
    role: p.role,
    side: p.role === 'attacker' ? 0 : 1,
    hp,
    full,
    stride,
    attacks,
    attackClass,
    classes: counts.length + 1,
    agility: [agilityOf(setup, 1, p), agilityOf(setup, 2, p)],
  };
}

/** The model's view of a setup, once per setup (every state of a combat shares it). */
export const contextOf = perOwner((setup: Setup): ModelContext => {
  const pools: PoolInfo[] = [];
  let stride = 1;
  for (const p of allPools(setup)) {
    const info = poolInfo(setup, p, stride);
    pools.push(info);
    stride *= info.full + 1;
  }
  const indexOf = (role: Role, who: 'rf' | number) => pools.findIndex((p) => p.role === role && p.ref.who === who);
  const characters = roles.map((role) => unitOf(setup, role).characters.map((_, j) => indexOf(role, j)));
  return {
    setup,
    pools,
    size: stride,
    rankAndFile: [indexOf('attacker', 'rf'), indexOf('defender', 'rf')],
    characters: [characters[0]!, characters[1]!],
    full: pools.reduce((code, p) => code + p.full * p.stride, 0),
    differences: pools.reduce((sum, p) => sum + p.full, 0) + 32,
    dense: stride <= DENSE_CODES,
    nodes: stride <= DIRECT_NODES ? Math.min(64 * stride, DIRECT_NODES) : Infinity,
  };
});

/** HP pool `i` has left in `code`. */
export const leftIn = (ctx: ModelContext, code: number, i: number): number => {
  const p = ctx.pools[i]!;
  return Math.floor(code / p.stride) % (p.full + 1);
};

/** The code of an engine state's losses (the HP each pool has left). */
export const codeOf = (ctx: ModelContext, lost: Record<string, number>): number =>
  ctx.pools.reduce((code, p) => code + hpLeft(ctx.setup, lost, p.ref) * p.stride, 0);

/** The engine's record of losses for a code: what its own functions (flow.ts, allocation.ts) read. */
export const lostOf = (ctx: ModelContext, code: number): Record<string, number> =>
  Object.fromEntries(ctx.pools.map((p, i) => [p.key, p.full - leftIn(ctx, code, i)]));

/** Which pools stand in `code`, one bit per pool in the engine's order. */
export function aliveMask(ctx: ModelContext, code: number): number {
  let mask = 0;
  for (let i = 0; i < ctx.pools.length; i++) if (leftIn(ctx, code, i) > 0) mask |= 1 << i;
  return mask;
}

/** 0 in the round of the charge (chargers +1 Agility and +1 Combat Score, RULES §5), 1 after. */
export const chargeIndex = (round: number): number => (round === 1 ? 0 : 1);
