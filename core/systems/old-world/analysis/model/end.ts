import type { CombatEnd } from '../../../../analysis/combat/tally';
import type { UnitEnd, UnitFate } from '../../../../analysis/combat/types';
import { stalemate } from '../../stalemate';
import { LAST_ROUND } from '../../steps/pursuit';
import { canonicalLost, codeInfo, type CodeInfo } from './codes';
import { CAUGHT, DESTROYED, FIGHTING, FLED, left, remember, roleOf, type Context, type Side } from './context';
import { positionKey, startOf, type Start } from './position';
import { engineStateOf } from './records';
import { attacksOf, chanceSlot, targetOf } from './strikes';
import { orderMatters } from './ties';

/**
 * The end of a round over the model's numbers (seed 002 "Redress the Ranks"; flow.ts enterPhase
 * 'end'): a combat with a side no longer fighting is over; one that can never change (a stalemate)
 * ends; otherwise the next round is fought — as suggested — until the game's last round, after
 * which stopping is. What a round found is kept by number (the next round's positions, the ends of
 * the combat) and turned into positions and ends once (position.ts, `endOf`).
 */

export interface NextFound {
  start: Start;
  p: number;
}
export interface EndFound {
  code: number;
  winner: CombatEnd['winner'];
  slain: number;
  p: number;
}

/** What a transition has found: the next round's positions and the ends of the combat, by number. */
export interface Found {
  next: Map<number | string, NextFound>;
  ended: Map<number | string, EndFound>;
}

export const nothingFound = (): Found => ({ next: new Map(), ended: new Map() });

/** How a round closed: the wounds it left (as an array and as a number), the statuses, its result's winner (-1: a draw), who has won a round. */
export interface Closing {
  round: number;
  lost: readonly number[];
  lostId: number;
  winner: Side | -1;
  hasWonRound: readonly [boolean, boolean];
}

/**
 * Whether some model could cause a wound in the next round (stalemate.ts: attacks, someone to
 * strike, a Strength that can wound him): the usual answer, found at the first pool that can.
 */
function someoneCanWound(ctx: Context, c: Closing, info: CodeInfo): boolean {
  const next = { round: c.round + 1, hasWonRound: c.hasWonRound };
  for (let u = 0; u < ctx.units.length; u++) {
    if (info.status[u] !== FIGHTING) continue;
    for (const by of ctx.units[u]!.members) {
      if (left(ctx, c.lost, by) <= 0 || attacksOf(ctx, c.lost, by) === 0) continue;
      const target = targetOf(ctx, c.lost, info.status, by);
      if (target >= 0 && ctx.chances[chanceSlot(ctx, next, by, target)]! > 0) return true;
    }
  }
  return false;
}

/** The characters slain, one bit each (a character slain is destroyed, whatever his unit's fate). */
function slainOf(ctx: Context, lost: readonly number[]): number {
  let bits = 0;
  ctx.pools.forEach((pool, i) => {
    if (pool.characterBit >= 0 && left(ctx, lost, i) === 0) bits += 2 ** pool.characterBit;
  });
  return bits;
}

/**
 * The round closes with the statuses `code` (`p`: its chance): the combat is over when a side has
 * no unit fighting; when neither side can ever wound the other and the result can never change who
 * stands (stalemate.ts: the engine's own test, for the rare rounds where nobody can wound); after
 * the game's last round (steps/pursuit.ts LAST_ROUND: stopping is suggested). Else the players
 * fight the next round, the last round's winner striking first at equal Initiative.
 */
export function closeRound(ctx: Context, c: Closing, code: number, p: number, found: Found): void {
  const info = codeInfo(ctx, code);
  const over =
    !info.both ||
    c.round >= LAST_ROUND ||
    (!someoneCanWound(ctx, c, info) && stalemate(engineStateOf(ctx, { ...c, status: info.status })) !== null);
  if (over) {
    const [a, d] = info.inCombat;
    // summary.ts winnerOf: the side still in the combat; both (a stop): the last round's winner.
    const winner =
      a && !d ? 'attacker' : d && !a ? 'defender' : !a && !d ? 'draw' : c.winner === -1 ? 'draw' : roleOf(c.winner);
    const slain = slainOf(ctx, c.lost);
    const key =
      ctx.characters <= 20
        ? (code * 3 + (winner === 'attacker' ? 0 : winner === 'defender' ? 1 : 2)) * 2 ** ctx.characters + slain
        : `${code}|${winner}|${slain}`;
    const seen = found.ended.get(key);
    if (seen) seen.p += p;
    else found.ended.set(key, { code, winner, slain, p });
    return;
  }
  // Who won the last round is read only where the order at an Initiative tie matters (ties.ts); a round won, only against an obstacle.
  const lostId = canonicalLost(ctx, c.lostId, info);
  const previousWinner =
    c.winner !== -1 && info.tiedLater && orderMatters(ctx, c.round + 1, lostId, info) ? c.winner : -1;
  const won0 = ctx.facesObstacle[0] && c.hasWonRound[0];
  const won1 = ctx.facesObstacle[1] && c.hasWonRound[1];
  const key = positionKey(ctx, lostId, code, previousWinner, won0, won1);
  const seen = found.next.get(key);
  if (seen) seen.p += p;
  else found.next.set(key, { start: startOf(ctx, lostId, code, previousWinner, won0, won1), p });
}

const endNames: Partial<Record<number, UnitEnd>> = { [DESTROYED]: 'destroyed', [FLED]: 'flees', [CAUGHT]: 'caught' };

/**
 * The end of the combat as the chain counts it (tally.ts endOf, combat.ts unitFates): the winner,
 * each side's main unit's fate, and every unit's, its characters after it — a character slain is
 * destroyed, else he shares his unit's fate. Built once per combat for each.
 */
export function endOf(ctx: Context, e: EndFound): CombatEnd {
  return remember(ctx, 'end', `${e.code}|${e.winner}|${e.slain}`, () => {
    const status = codeInfo(ctx, e.code).status;
    const units = ctx.units.flatMap((u, i): UnitFate[] => {
      const role = roleOf(u.side);
      const unitEnd = endNames[status[i]!] ?? null;
      const characters = u.characters.map((m): UnitFate => ({
        role,
        unit: ctx.setup[role].units[u.index]!.characters[ctx.pools[m]!.ref.character!]!.name,
        end:
          Math.floor(e.slain / 2 ** ctx.pools[m]!.characterBit) % 2
            ? 'destroyed'
            : unitEnd === 'destroyed'
              ? null
              : unitEnd,
      }));
      return [{ role, unit: u.unit.name, end: unitEnd }, ...characters];
    });
    const main = (side: Side) => endNames[status[ctx.sideUnits[side][0]!]!] ?? null;
    return { winner: e.winner, fates: { attacker: main(0), defender: main(1) }, units };
  });
}
