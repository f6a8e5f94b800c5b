import { feelNoPainFace, killsOutright, saveTest } from '../saves';
import type { Setup } from '../setup';
import type { Pool, PoolKind } from '../state';
import { chance, DEATHBLOW_SURE_KILL } from '../tables';
import type { UnitSpace } from './unitState';

/**
 * One wound of a pool onto a unit, exactly (seed 000 allocation; RULES §2 saves, Instant Death,
 * Feel No Pain, Destroyer). A chain state is the unit (a multiset, unitState.ts) and the locked
 * model — the one with a wound of this pool allocated, which takes the next — or none when the
 * default target would take it anyway. The wound goes to the locked model, else to the default
 * target (the first standing group's most wounded model), as the engine's allocation does.
 */

/** A unit state with its locked model: `lock` = group × 16 + wounds left, or −1. */
export interface ChainEntry {
  u: number[];
  /** The unit's key (unitState.ts), kept so it is built once. */
  uk: string;
  lock: number;
  p: number;
}
export type Chain = Map<string, ChainEntry>;

/** What is already known of a wound: nothing yet, saved, not saved (Feel No Pain still to roll), or not saved for good. */
export type Known = 'unknown' | 'saved' | 'unsavedFnp' | 'unsaved';

/** A pool's rules against one group of the target: what the engine's saves.ts says. */
interface GroupRules {
  pSave: number;
  pFnp: number;
  outright: boolean;
}

export interface PoolRules {
  key: string;
  kind: PoolKind;
  groups: GroupRules[];
}

export function poolRules(
  setup: Setup,
  space: UnitSpace,
  pool: Pick<Pool, 'key' | 'kind' | 'strength' | 'ap'>,
): PoolRules {
  return {
    key: pool.key,
    kind: pool.kind,
    groups: space.groups.map((_, g) => ({
      pSave: chance(saveTest(setup, space.role, g, pool).face),
      pFnp: chance(feelNoPainFace(setup, space.role, g, pool)),
      outright: killsOutright(setup, space.role, g, pool),
    })),
  };
}

const LOCK_NONE = -1;
export const encodeLock = (group: number, woundsLeft: number) => group * 16 + woundsLeft;

export function addEntry(chain: Chain, u: number[], uk: string, lock: number, p: number): void {
  if (p === 0) return;
  const key = lock === LOCK_NONE ? uk : `${uk}|${lock}`;
  const e = chain.get(key);
  if (e) e.p += p;
  else chain.set(key, { u, uk, lock, p });
}

/** The lock after a wound, or none when the default target is that very model (same group, the most wounded). */
export function canonicalLock(space: UnitSpace, u: readonly number[], group: number, woundsLeft: number): number {
  if (woundsLeft <= 0) return LOCK_NONE;
  const first = space.firstTarget(u);
  if (first && first[0] === group && first[1] === woundsLeft) return LOCK_NONE;
  return encodeLock(group, woundsLeft);
}

/** The unit after the model of group g with w wounds left loses `damage` (excess lost). */
function hurt(
  space: UnitSpace,
  u: readonly number[],
  g: number,
  w: number,
  damage: number,
): { u: number[]; lock: number } {
  const next = u.slice();
  const o = space.offset[g]!;
  next[o + w - 1]!--;
  const left = w - damage;
  if (left > 0) next[o + left - 1]!++;
  return { u: next, lock: canonicalLock(space, next, g, left) };
}

export interface Outcome {
  u: number[];
  uk: string;
  lock: number;
  p: number;
}

/** Outcomes of one wound, with their probabilities. */
export function oneWound(
  space: UnitSpace,
  rules: PoolRules,
  u: number[],
  uk: string,
  lock: number,
  known: Known,
): Outcome[] {
  let g: number;
  let w: number;
  if (lock !== LOCK_NONE) {
    g = lock >> 4;
    w = lock & 15;
  } else {
    const first = space.firstTarget(u);
    // Seed 000 / SCENARIOS §2: wounds left when the unit is gone are lost.
    if (!first) return [{ u, uk, lock: LOCK_NONE, p: 1 }];
    [g, w] = first;
  }
  const r = rules.groups[g]!;
  const out: Outcome[] = [];
  const pSave = known === 'saved' ? 1 : known === 'unknown' ? r.pSave : 0;
  // A saved (or shrugged-off) wound still locks the model (seed 000: "allocated").
  const stays = () => canonicalLock(space, u, g, w);
  if (pSave > 0) out.push({ u, uk, lock: stays(), p: pSave });
  const pUnsaved = 1 - pSave;
  if (pUnsaved <= 0) return out;
  const push = (damage: number, p: number) => {
    const h = hurt(space, u, g, w, damage);
    out.push({ u: h.u, uk: space.key(h.u), lock: h.lock, p });
  };
  switch (rules.kind) {
    case 'normal': {
      // Feel No Pain first (7th edition: against Instant Death too, unless the setup plays 6th edition's rule, saves.ts);
      // a wound not ignored takes 1 wound, or all of them with Instant Death.
      const pFnp = known === 'unsaved' ? 0 : r.pFnp;
      if (pFnp > 0) out.push({ u, uk, lock: stays(), p: pUnsaved * pFnp });
      push(r.outright ? w : 1, pUnsaved * (1 - pFnp));
      break;
    }
    case 'seriously':
      // Destroyer 2–5: D3 wounds (a model with 1 wound left loses it whatever the die).
      if (w <= 1) push(1, pUnsaved);
      else for (let d = 1; d <= 3; d++) push(d, pUnsaved / 3);
      break;
    case 'deathblow':
      // Destroyer 6: D6 + 6 wounds.
      if (w <= DEATHBLOW_SURE_KILL) push(w, pUnsaved);
      else for (let d = 1; d <= 6; d++) push(d + 6, pUnsaved / 6);
      break;
  }
  return out;
}

/** Memoised one-wound transitions of a chain (per unit space, pool and what is known). */
export class WoundCache {
  private memo = new Map<string, Map<string, Outcome[]>>();
  constructor(readonly space: UnitSpace) {}

  step(chain: Chain, rules: PoolRules, known: Known = 'unknown'): Chain {
    const memoKey = `${rules.key}|${known}`;
    let memo = this.memo.get(memoKey);
    if (!memo) {
      memo = new Map();
      this.memo.set(memoKey, memo);
    }
    const next: Chain = new Map();
    for (const [key, e] of chain) {
      let outs = memo.get(key);
      if (!outs) {
        outs = oneWound(this.space, rules, e.u, e.uk, e.lock, known);
        memo.set(key, outs);
      }
      for (const o of outs) addEntry(next, o.u, o.uk, o.lock, e.p * o.p);
    }
    return next;
  }
}

/** The pool is done: the lock ends with it (seed 000: "… or the Wound pool is empty"). */
export function dropLocks(space: UnitSpace, chain: Chain): Chain {
  const next: Chain = new Map();
  for (const e of chain.values()) addEntry(next, e.u, e.uk, LOCK_NONE, e.p);
  return next;
}

/** Σₙ P(n)·Tⁿ(chain): a pool of a random number of wounds (independent of the chain), locks dropped at its end. */
export function poolOnto(cache: WoundCache, chain: Chain, rules: PoolRules, counts: readonly number[]): Chain {
  const out: Chain = new Map();
  let cur = chain;
  let last = counts.length - 1;
  while (last > 0 && counts[last] === 0) last--;
  for (let n = 0; n <= last; n++) {
    const pn = counts[n]!;
    if (pn > 0) for (const e of cur.values()) addEntry(out, e.u, e.uk, LOCK_NONE, e.p * pn);
    if (n < last) cur = cache.step(cur, rules);
  }
  return out;
}

export const singleChain = (space: UnitSpace, u: number[], lock = LOCK_NONE): Chain => {
  const c: Chain = new Map();
  addEntry(c, u, space.key(u), lock, 1);
  return c;
};

export { LOCK_NONE };
