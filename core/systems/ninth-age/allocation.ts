import type { Setup } from './setup';
import { alive, otherRole, poolKey, poolName, unitOf, type PoolRef, type State } from './state';

/**
 * Allocating attacks (seed 004): every attack of an Agility step chooses its target before any hit
 * is rolled. Viable targets are the enemy's rank and file and the enemy's characters in contact
 * (characters stand in the front rank, so every attacking part here is taken to reach them; a
 * supporting attack allocates as if from the front rank of its file). If there are no rank-and-file
 * models left, any model may be chosen.
 *
 * An allocation is a list of attacks per enemy pool: index 0 the rank and file, j + 1 character j.
 */

/** The enemy pool at allocation index `index`. */
export const targetAt = (part: PoolRef, index: number): PoolRef => ({
  role: otherRole(part.role),
  who: index === 0 ? 'rf' : index - 1,
});

/** The allocation index of an enemy pool. */
export const indexOf = (target: PoolRef) => (target.who === 'rf' ? 0 : target.who + 1);

/** The part's `attacksAtCharacters` from the setup (SCENARIOS §3): the default choice of the first round. */
export function chosenShares(setup: Setup, part: PoolRef): readonly number[] {
  const unit = unitOf(setup, part.role);
  return part.who === 'rf' ? unit.attacksAtCharacters : (unit.characters[part.who]?.attacksAtCharacters ?? []);
}

/** What of a state decides a part's default allocation: the setup, and the allocations kept as last round. */
export type SharesSource = Pick<State, 'setup'> & Partial<Pick<State, 'kept'>>;

/**
 * The attacks a part sends at each enemy character by default: as last round where the players
 * allocated it then (issue 22: an allocation made once is kept), else the setup's choice.
 */
export const sharesOf = (state: SharesSource, part: PoolRef): readonly number[] =>
  state.kept?.[poolKey(part)] ?? chosenShares(state.setup, part);

/**
 * What a part is asked at the start of a step: the enemy characters standing, in order (0…n
 * attacks at each), and the pool that takes the rest — the rank and file while any stand, else the
 * first standing character (SCENARIOS §3). Null: no enemy model is left to attack.
 */
export function allocationPlan(
  setup: Setup,
  lost: Record<string, number>,
  part: PoolRef,
): { ask: number[]; rest: number } | null {
  const foe = otherRole(part.role);
  const unit = unitOf(setup, foe);
  const characters = unit.characters.map((_, j) => j + 1).filter((i) => alive(setup, lost, targetAt(part, i)));
  const rankAndFile = unit.models > 0 && alive(setup, lost, { role: foe, who: 'rf' });
  if (rankAndFile) return { ask: characters, rest: 0 };
  if (characters.length === 0) return null;
  return { ask: characters.slice(1), rest: characters[0]! };
}

/**
 * The allocation SCENARIOS §3 takes as the default (as last round, from the second round on:
 * sharesOf), around what was already chosen: `fixed` are the
 * shares the player already gave (by index; the rest undefined). Walking the standing characters in
 * index order, each not yet asked takes min(his `attacksAtCharacters` share, attacks left); a
 * character already slain is not among the targets, so his share stays with the rest. The rest goes
 * to `rest` (the rank and file, or the first standing character when they are gone).
 */
export function completeAllocation(
  state: SharesSource,
  part: PoolRef,
  attacks: number,
  plan: { ask: readonly number[]; rest: number },
  fixed: readonly (number | undefined)[],
): number[] {
  const shares = sharesOf(state, part);
  const foe = unitOf(state.setup, otherRole(part.role));
  const counts = Array.from({ length: foe.characters.length + 1 }, () => 0);
  let left = attacks;
  for (const i of plan.ask) {
    if (fixed[i] !== undefined) {
      counts[i] = fixed[i];
      left -= fixed[i];
    }
  }
  const standing = [...(plan.rest > 0 ? [plan.rest] : []), ...plan.ask].sort((a, b) => a - b);
  for (const i of standing) {
    if (fixed[i] !== undefined) continue;
    const take = Math.min(shares[i - 1] ?? 0, left);
    counts[i]! += take;
    left -= take;
  }
  counts[plan.rest]! += left;
  return counts;
}

/** "2 at Baron, 3 at the Knights" */
export function allocationText(setup: Setup, part: PoolRef, counts: readonly number[]): string {
  // Characters first, then the rank and file: the order players allocate in.
  const order = [...counts.keys()].slice(1).concat(0);
  const parts = order.flatMap((i) =>
    counts[i]! > 0 ? [`${counts[i]} at ${targetName(setup, targetAt(part, i))}`] : [],
  );
  return parts.length > 0 ? parts.join(', ') : 'no attacks';
}

/** The rank and file by their unit's name ("the Spearmen"), a character by his. */
export const targetName = (setup: Setup, p: PoolRef) =>
  p.who === 'rf' ? `the ${poolName(setup, p)}` : poolName(setup, p);
