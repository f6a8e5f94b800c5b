import type { Setup } from './setup';
import { groupStrength } from './strikes';
import type { Pool, PoolKind, Role } from './state';
import { apText, type DestroyerResult } from './tables';

/**
 * Wound pools (seed 000 "The Wound Pool"): wounds with exactly the same Strength, AP and rules go
 * into one pool; Destroyer wounds make a deathblow pool and a seriously-wounded pool. The default
 * order (SCENARIOS §2) follows the attacker's model groups, deathblow before seriously wounded.
 */

export const DEATHBLOW = 'deathblow';
export const SERIOUSLY = 'seriously';

/** The pool a group's wound goes into: its Strength and AP, or the Destroyer result. */
export function poolFor(
  setup: Setup,
  role: Role,
  group: number,
  destroyer?: Exclude<DestroyerResult, 'nothing'>,
): Omit<Pool, 'wounds'> {
  const s = groupStrength(setup, role, group);
  if (s === 'D') {
    if (!destroyer) throw new Error('a Destroyer wound needs its result');
    return { key: destroyer === 'deathblow' ? DEATHBLOW : SERIOUSLY, kind: destroyer, strength: null, ap: null };
  }
  const ap = setup[role].models[group]!.weapon.ap;
  return { key: `S${s}/AP${apText(ap)}`, kind: 'normal', strength: s, ap };
}

/** The pool keys a group's wounds can go into. */
export function poolKeysOf(setup: Setup, role: Role, group: number): string[] {
  return groupStrength(setup, role, group) === 'D' ? [DEATHBLOW, SERIOUSLY] : [poolFor(setup, role, group).key];
}

/**
 * SCENARIOS §2 default pool order: by the first of the step's striking groups (in the order of
 * the attacker's `models`) that makes wounds of the pool; a Destroyer group's deathblow pool before
 * its seriously-wounded pool. Fixed for the step, whatever the dice.
 */
export function poolRank(setup: Setup, role: Role, strikers: readonly number[], key: string): number {
  let rank = Infinity;
  for (const g of strikers) {
    const keys = poolKeysOf(setup, role, g);
    const at = keys.indexOf(key);
    if (at >= 0) rank = Math.min(rank, g * 2 + at);
  }
  return rank;
}

export const inDefaultOrder = (setup: Setup, role: Role, strikers: readonly number[], pools: readonly Pool[]): Pool[] =>
  [...pools].sort((a, b) => poolRank(setup, role, strikers, a.key) - poolRank(setup, role, strikers, b.key));

/** Adds wounds to a side's pools (a new pool when none has that key). */
export function addWounds(pools: readonly Pool[], pool: Omit<Pool, 'wounds'>, wounds: number): Pool[] {
  if (wounds <= 0) return [...pools];
  const at = pools.findIndex((p) => p.key === pool.key);
  if (at < 0) return [...pools, { ...pool, wounds }];
  return pools.map((p, i) => (i === at ? { ...p, wounds: p.wounds + wounds } : p));
}

const kindText: Record<Exclude<PoolKind, 'normal'>, string> = {
  deathblow: 'Deathblow (D6 + 6 wounds, no save)',
  seriously: 'Seriously wounded (D3 wounds, invulnerable save only)',
};

/** "S4 AP–", "Deathblow (D6 + 6 wounds, no save)". */
export const poolLabel = (pool: Pick<Pool, 'kind' | 'strength' | 'ap'>) =>
  pool.kind === 'normal' ? `S${pool.strength} AP${apText(pool.ap)}` : kindText[pool.kind];

/** "3 × S4 AP–". */
export const poolSummary = (pool: Pool) => `${pool.wounds} × ${poolLabel(pool)}`;
