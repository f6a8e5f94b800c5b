import { attacksOf, agilityOf, allPools, hpLeft, otherRole, poolHp, poolKey, type PoolRef, type State, type Task } from '../../systems/ninth-age/state';

/**
 * The exact analysis's view of a round: every health pool of the melee as one digit of a
 * mixed-radix number (the HP each pool has lost since `base`, the losses now), so a node of the
 * dynamic programme is one integer. A pool's digit runs from 0 to the most it can still lose this
 * round: its HP left, or every enemy attack still to come if that is less (each unsaved wound
 * removes 1 HP, seed 004). Their product bounds the number of nodes.
 */
export interface PoolIndex {
  pools: PoolRef[];
  /** Losses per pool when the analysis starts. */
  base: number[];
  /** HP each pool has left at the start. */
  left: number[];
  /** The digit's range: 1 + the most it can lose. */
  range: number[];
  stride: number[];
  /** Π range: the nodes the programme could ever hold. */
  size: number;
  /** Pool index by poolKey. */
  at: Map<string, number>;
}

/** Dice or attacks still to come this round, per side: the current step's strikes and every later step's attacks at today's strength. */
export function attacksToCome(state: State): Record<'attacker' | 'defender', number> {
  const out = { attacker: 0, defender: 0 };
  const steps = new Set(state.queue.flatMap((t: Task) => (t.kind === 'agility' ? [t.agility] : [])));
  for (const task of state.queue) if (task.kind === 'strike') out[task.part.role] += task.dice;
  if (state.queue.some((t) => t.kind === 'rolls')) for (const s of state.parts) out[s.part.role] += s.attacks;
  // Attacks only fall as models die (SCENARIOS §3: counted at the start of each step), so today's count bounds them.
  for (const p of allPools(state.setup)) if (steps.has(agilityOf(state.setup, state.round, p))) out[p.role] += attacksOf(state.setup, state.lost, p);
  return out;
}

export function indexPools(state: State): PoolIndex {
  const pools = allPools(state.setup);
  const toCome = attacksToCome(state);
  const base = pools.map((p) => state.lost[poolKey(p)] ?? 0);
  const left = pools.map((p) => hpLeft(state.setup, state.lost, p));
  const range = pools.map((p, i) => Math.min(left[i]!, toCome[otherRole(p.role)]) + 1);
  const stride: number[] = [];
  let size = 1;
  for (const r of range) {
    stride.push(size);
    size *= r;
  }
  return { pools, base, left, range, stride, size, at: new Map(pools.map((p, i) => [poolKey(p), i])) };
}

/** The losses record (as the engine keeps it) of a node. */
export function lostOf(index: PoolIndex, node: number, start: Record<string, number>): Record<string, number> {
  const lost: Record<string, number> = { ...start };
  index.pools.forEach((p, i) => {
    lost[poolKey(p)] = index.base[i]! + (Math.floor(node / index.stride[i]!) % index.range[i]!);
  });
  return lost;
}

/** HP a pool has lost at a node beyond `base`. */
export const digit = (index: PoolIndex, node: number, i: number) => Math.floor(node / index.stride[i]!) % index.range[i]!;

export const poolTotalHp = (state: State, p: PoolRef) => poolHp(state.setup, p);
