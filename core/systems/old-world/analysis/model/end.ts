import type { CombatEnd } from '../../../../analysis/combat/tally';
import type { UnitEnd, UnitFate } from '../../../../analysis/combat/types';
import { stalemate } from '../../stalemate';
import { LAST_ROUND } from '../../steps/pursuit';
import {
  CAUGHT,
  DESTROYED,
  FIGHTING,
  FLED,
  left,
  OVERRAN,
  PURSUING,
  remember,
  roleOf,
  type Context,
  type Side,
} from './context';
import { startPosition, type Position } from './position';
import { engineStateOf } from './records';
import { attacksOf, chanceOf, targetOf } from './strikes';

/**
 * The end of a round over the model's arrays (seed 002 "Redress the Ranks"; flow.ts enterPhase
 * 'end'): a combat with a side no longer fighting is over; one that can never change (a
 * stalemate) ends; otherwise the next round is fought — as suggested — until the game's last round,
 * after which stopping is. And each end of the combat as the chain counts it (tally.ts CombatEnd).
 */

/** What a transition has found: the next round's positions and the ends of the combat, by key. */
export interface Found {
  next: Map<string, { position: Position; p: number }>;
  ended: Map<string, { end: CombatEnd; p: number }>;
}

export const nothingFound = (): Found => ({ next: new Map(), ended: new Map() });

/** How a round closed: the wounds and statuses it left, its result's winner (-1: a draw), who has won a round. */
export interface Closing {
  round: number;
  lost: readonly number[];
  status: readonly number[];
  winner: Side | -1;
  hasWonRound: readonly [boolean, boolean];
}

const fightingOn = (ctx: Context, status: readonly number[], side: Side) =>
  ctx.sideUnits[side].some((u) => status[u] === FIGHTING);

/**
 * Whether some model could cause a wound in the next round (stalemate.ts: attacks, someone to
 * strike, a Strength that can wound him): the usual answer, found at the first pool that can.
 */
function someoneCanWound(ctx: Context, c: Closing): boolean {
  const frame = { round: c.round + 1, status: c.status, hasWonRound: c.hasWonRound };
  for (let u = 0; u < ctx.units.length; u++) {
    if (c.status[u] !== FIGHTING) continue;
    for (const by of ctx.units[u]!.members) {
      if (left(ctx, c.lost, by) <= 0 || attacksOf(ctx, c.lost, by) === 0) continue;
      const target = targetOf(ctx, c.lost, c.status, by);
      if (target >= 0 && chanceOf(ctx, frame, by, target).p > 0) return true;
    }
  }
  return false;
}

/**
 * The round closes (`p`: its chance): the combat is over when a side has no unit fighting; when
 * neither side can ever wound the other and the result can never change who stands (stalemate.ts:
 * the engine's own test, for the rare rounds where nobody can wound); after the game's last round
 * (steps/pursuit.ts LAST_ROUND: stopping is suggested). Else the players fight the next round, the
 * last round's winner striking first at equal Initiative.
 */
export function closeRound(ctx: Context, c: Closing, p: number, found: Found): void {
  const over =
    !fightingOn(ctx, c.status, 0) ||
    !fightingOn(ctx, c.status, 1) ||
    (!someoneCanWound(ctx, c) && stalemate(engineStateOf(ctx, c)) !== null) ||
    c.round >= LAST_ROUND;
  if (over) {
    const end = endOf(ctx, c);
    const seen = found.ended.get(end.key);
    if (seen) seen.p += p;
    else found.ended.set(end.key, { end: end.end, p });
    return;
  }
  const position = startPosition(ctx, c.round + 1, c.lost, c.status, c.winner, c.hasWonRound);
  const seen = found.next.get(position.key);
  if (seen) seen.p += p;
  else found.next.set(position.key, { position, p });
}

const endNames: Partial<Record<number, UnitEnd>> = { [DESTROYED]: 'destroyed', [FLED]: 'flees', [CAUGHT]: 'caught' };

/**
 * The end of the combat (tally.ts endOf, summary.ts winnerOf, combat.ts unitFates): a side wins when
 * it still has a unit in the combat (fighting, pursuing or overrunning) and the other none; with
 * both still there (a stop), the last round's winner, a draw having none. Every unit's fate, its
 * characters after it: a character slain is destroyed, else he shares his unit's fate.
 */
function endOf(ctx: Context, c: Closing): { key: string; end: CombatEnd } {
  const inCombat = (side: Side) =>
    ctx.sideUnits[side].some((u) => c.status[u] === FIGHTING || c.status[u] === PURSUING || c.status[u] === OVERRAN);
  const [a, d] = [inCombat(0), inCombat(1)];
  const winner: CombatEnd['winner'] =
    a && !d ? 'attacker' : d && !a ? 'defender' : !a && !d ? 'draw' : c.winner === -1 ? 'draw' : roleOf(c.winner);
  const slain = ctx.pools.map((pool, i) => (pool.character && left(ctx, c.lost, i) === 0 ? 1 : 0)).join('');
  const key = `${winner}|${c.status.join('')}|${slain}`;
  return {
    key,
    end: remember(ctx, 'end', key, () => {
      const units = ctx.units.flatMap((u, i): UnitFate[] => {
        const role = roleOf(u.side);
        const unitEnd = endNames[c.status[i]!] ?? null;
        const characters = u.characters.map((m): UnitFate => ({
          role,
          unit: characterName(ctx, m),
          end: left(ctx, c.lost, m) === 0 ? 'destroyed' : unitEnd === 'destroyed' ? null : unitEnd,
        }));
        return [{ role, unit: u.unit.name, end: unitEnd }, ...characters];
      });
      const main = (side: Side) => endNames[c.status[ctx.sideUnits[side][0]!]!] ?? null;
      return { winner, fates: { attacker: main(0), defender: main(1) }, units };
    }),
  };
}

const characterName = (ctx: Context, pool: number) => {
  const ref = ctx.pools[pool]!.ref;
  return ctx.setup[ref.role].units[ref.unit]!.characters[ref.character!]!.name;
};
