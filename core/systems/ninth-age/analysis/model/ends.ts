import type { CombatEnd } from '../../../../analysis/combat/tally';
import type { UnitEnd, UnitFate } from '../../../../analysis/combat/types';
import { perOwner } from '../../../../combat/memo';
import { roles, type Role, type UnitStatus } from '../../state';
import type { ModelContext } from './context';

/**
 * The ends of a combat as the odds count them (tally.ts CombatEnd), built as `endOf(chain, state)`
 * builds them from a finished engine state (analysis/combat.ts, summary.ts winnerOf): the winner,
 * each unit's fate, then every unit and character in the engine's order. Each distinct end is
 * built once per combat and numbered, so a transition adds up chances by number.
 */

/** A unit's fate from its status: wiped out, broke and got away, broke and was caught — or none (still fighting, pursuing). */
const fateOf: Partial<Record<UnitStatus, UnitEnd>> = { destroyed: 'destroyed', fled: 'flees', caught: 'caught' };

/** Out of the combat: wiped out, fled or caught (summary.ts winnerOf). */
const out = (s: UnitStatus) => s === 'destroyed' || s === 'fled' || s === 'caught';

/**
 * Who won the melee (summary.ts winnerOf): the side whose enemy is out while it is not; both out, a
 * draw; a melee stopped with both units fighting goes to the winner of its last round, a draw on
 * equal scores.
 */
function winnerOf(status: readonly [UnitStatus, UnitStatus], roundWinner: Role | null): Role | 'draw' {
  const [a, d] = [out(status[0]), out(status[1])];
  if (a && d) return 'draw';
  if (d) return 'attacker';
  if (a) return 'defender';
  return roundWinner ?? 'draw';
}

interface Ends {
  list: CombatEnd[];
  ids: Map<number, number>;
}

const endsOf = perOwner((_ctx: ModelContext): Ends => ({ list: [], ids: new Map() }));

/** The characters' pools, a bit each. */
const charactersMask = perOwner((ctx: ModelContext) =>
  [...ctx.characters[0], ...ctx.characters[1]].reduce((mask, i) => mask | (1 << i), 0),
);

/** The statuses and winners, numbered for an end's key. */
const STATUSES: readonly UnitStatus[] = ['fighting', 'destroyed', 'fled', 'caught', 'pursuing'];
const WINNERS: ReadonlyArray<Role | 'draw'> = ['attacker', 'defender', 'draw'];

/**
 * The number of the end with these statuses (attacker, defender), the last round's winner (read
 * only when both still fight) and the pools standing (`alive`, one bit per pool): a character slain
 * is destroyed, else he shares his unit's flight or capture (characters are part of the unit, seed 004).
 */
export function endId(
  ctx: ModelContext,
  status: readonly [UnitStatus, UnitStatus],
  roundWinner: Role | null,
  alive: number,
): number {
  const winner = winnerOf(status, roundWinner);
  // Only the characters standing tell two ends apart besides the statuses and the winner.
  const characters = alive & charactersMask(ctx);
  const key =
    ((STATUSES.indexOf(status[0]) * STATUSES.length + STATUSES.indexOf(status[1])) * WINNERS.length +
      WINNERS.indexOf(winner)) *
      2 ** ctx.pools.length +
    characters;
  const ends = endsOf(ctx);
  let id = ends.ids.get(key);
  if (id === undefined) {
    const standing = ctx.characters.map((side) => side.map((i) => ((alive >> i) & 1) === 1));
    const fates = { attacker: fateOf[status[0]] ?? null, defender: fateOf[status[1]] ?? null };
    const units = roles.flatMap((role, side): UnitFate[] => {
      const unitEnd = fates[role];
      const characters = ctx.setup[role].unit.characters.map((c, j): UnitFate => ({
        role,
        unit: c.name,
        end: standing[side]![j] ? (unitEnd === 'destroyed' ? null : unitEnd) : 'destroyed',
      }));
      return [{ role, unit: ctx.setup[role].unit.name, end: unitEnd }, ...characters];
    });
    id = ends.list.length;
    ends.list.push({ winner, fates, units });
    ends.ids.set(key, id);
  }
  return id;
}

export const endById = (ctx: ModelContext, id: number): CombatEnd => endsOf(ctx).list[id]!;
