import { breakChance, breakStandingOf, breakTestFor, type BreakStanding } from '../../morale';
import { rankAndFileAttacks } from '../../setup';
import { scoreParts, totalOf } from '../../score';
import { LAST_ROUND } from '../../steps/aftermath';
import { perOwner } from '../../../../combat/memo';
import { CATCH_CHANCE } from '../../tables';
import { roles, wipedOut, type Role, type Standing, type UnitStatus } from '../../state';
import type { ModelContext } from './context';
import { endId } from './ends';

/**
 * How a round ends once its attacks are over (RULES §5; flow.ts afterScore, afterBreak, roundOver;
 * steps/aftermath.ts): the Combat Score, the loser's Break Test, flee and pursuit, then the next
 * round or the end of the melee — each choice as the players are offered it as suggested (the
 * winner pursues; the next round is fought unless neither unit has an attack left or the game is
 * over). What the round leaves is the chance the melee goes on and the ends it meets, worked out
 * once per "standing" (the models and characters each side has left) and score difference.
 */

export interface RoundClose {
  /** P(both units fight on into the next round). */
  goOn: number;
  /** The ends of the melee in this round, by end number (ends.ts), with their chances (at most 3: the round's end, fled, caught). */
  endIds: number[];
  endP: number[];
}

/** A close being made: its chance to go on and its ends by number, summed as they are met. */
class CloseSums implements RoundClose {
  goOn = 0;
  readonly endIds: number[] = [];
  readonly endP: number[] = [];

  end(id: number, p: number): void {
    if (p <= 0) return;
    const k = this.endIds.indexOf(id);
    if (k >= 0) this.endP[k]! += p;
    else {
      this.endIds.push(id);
      this.endP.push(p);
    }
  }
}

/** What the score and the break test read of a node besides the HP lost this round. */
export interface Standings {
  standing: Record<Role, Standing>;
  /** Each side's Combat Score before the HP the enemy lost this round. */
  fixed: readonly [number, number];
  wiped: readonly [boolean, boolean];
  /** Neither unit has an attack left: another round could change nothing, so stopping is suggested. */
  idle: boolean;
  alive: number;
  /** Each side's chance to break when it loses by a difference (by the difference; −1: not yet worked out), and what its test reads of the standings. */
  breaks: [Float64Array | null, Float64Array | null];
  breakStanding: [BreakStanding | null, BreakStanding | null];
}

/**
 * The standings of a node — its rank-and-file models per side and the pools standing (`alive`, a
 * bit per pool) — in the round of the charge (`charge` 0, context.ts chargeIndex) or after.
 */
export function standingsAt(
  ctx: ModelContext,
  charge: number,
  rankAndFileA: number,
  rankAndFileD: number,
  alive: number,
): Standings {
  const rankAndFile = [rankAndFileA, rankAndFileD];
  const round = charge === 0 ? 1 : 2;
  const side = (role: Role, k: number): Standing => ({
    rankAndFile: rankAndFile[k]!,
    characters: ctx.characters[k]!.map((i) => ((alive >> i) & 1) === 1),
    hpLost: 0,
  });
  const standing = { attacker: side('attacker', 0), defender: side('defender', 1) };
  const score = (role: Role, other: Role) =>
    totalOf(scoreParts(ctx.setup, round, role, standing[role], standing[other]));
  // A unit's attacks next round (state.ts attacksOf): its rank and file's, and each standing character's.
  const attacks = roles.map(
    (role, k) =>
      (rankAndFile[k]! > 0 ? rankAndFileAttacks(ctx.setup[role].unit, rankAndFile[k]!) : 0) +
      ctx.setup[role].unit.characters.reduce(
        (n, c, j) => n + (standing[role].characters[j] ? c.profile.attacks : 0),
        0,
      ),
  );
  return {
    standing,
    fixed: [score('attacker', 'defender'), score('defender', 'attacker')],
    wiped: [wipedOut(standing.attacker), wipedOut(standing.defender)],
    idle: attacks.every((n) => n === 0),
    alive,
    breaks: [null, null],
    breakStanding: [null, null],
  };
}

/**
 * The chance that side `l` (0 the attacker) breaks when it loses the round by `difference` (> 0) at
 * these standings: 2D6 against Discipline less the difference (Steady: at most 2; Steady and
 * Solid: none); a natural double 1 passes with Insane Courage (morale.ts). Worked out once per
 * standings, side and difference.
 */
export function breakChanceAt(ctx: ModelContext, s: Standings, l: number, difference: number): number {
  const standing = (s.breakStanding[l] ??= breakStandingOf(ctx.setup, roles[l]!, s.standing));
  const byDifference = (s.breaks[l] ??= breakChancesOf(ctx, standing));
  const known = byDifference[difference]!;
  if (known >= 0) return known;
  return (byDifference[difference] = breakChance(breakTestFor(standing, difference)));
}

/**
 * The chances to break by difference (−1: not yet worked out) of a test that reads `standing`,
 * shared by every standings whose test reads the same (morale.ts breakChance: the Discipline,
 * Steady, Steady and Solid, Insane Courage; the ranks only through Steady): the example's 800
 * standings share a handful.
 */
function breakChancesOf(ctx: ModelContext, standing: BreakStanding): Float64Array {
  const { discipline, steady, solid, insaneCourage } = standing;
  const key = `${discipline}:${steady}:${solid}:${insaneCourage}`;
  const shared = sharedBreaks(ctx);
  let byDifference = shared.get(key);
  if (!byDifference) shared.set(key, (byDifference = new Float64Array(ctx.differences + 1).fill(-1)));
  return byDifference;
}
const sharedBreaks = perOwner((_ctx: ModelContext) => new Map<string, Float64Array>());

/**
 * How the round closes once its attacks are over, at these standings with this score difference
 * (attacker − defender), the loser breaking with chance `breaks` (breakChanceAt; 0 on a tie);
 * `last`: the game's last round.
 */
export function closeOf(
  ctx: ModelContext,
  s: Standings,
  difference: number,
  last: boolean,
  breaks: number,
): RoundClose {
  // RULES §5: the higher Combat Score wins the round; equal scores, both win and nobody tests.
  const roundWinner: Role | null = difference > 0 ? 'attacker' : difference < 0 ? 'defender' : null;
  const close = new CloseSums();
  const end = (status: [UnitStatus, UnitStatus], p: number) => close.end(endId(ctx, status, roundWinner, s.alive), p);
  // After the score, a wiped-out unit is destroyed (flow.ts afterScore).
  const status: [UnitStatus, UnitStatus] = [
    s.wiped[0] ? 'destroyed' : 'fighting',
    s.wiped[1] ? 'destroyed' : 'fighting',
  ];
  // Both still fight: the next round, unless neither has an attack left or the game is over (then "Stop here" is suggested).
  const roundOver = (p: number) => {
    if (status[0] !== 'fighting' || status[1] !== 'fighting') end(status, p);
    else if (s.idle || last) end(status, p);
    else close.goOn += p;
  };
  const w = roundWinner === 'attacker' ? 0 : 1;
  const l = 1 - w;
  // The loser takes a Break Test if it has a model left.
  if (roundWinner === null || s.wiped[l]) {
    roundOver(1);
    return close;
  }
  roundOver(1 - breaks);
  // A broken unit flees 2D6; a winner still fighting pursues 2D6 (suggested): equal or more catches and destroys it.
  const fled: [UnitStatus, UnitStatus] = [...status];
  fled[l] = 'fled';
  if (status[w] === 'fighting') {
    fled[w] = 'pursuing';
    const caught: [UnitStatus, UnitStatus] = [...fled];
    caught[l] = 'caught';
    end(caught, breaks * CATCH_CHANCE);
    end(fled, breaks * (1 - CATCH_CHANCE));
  } else end(fled, breaks);
  return close;
}

/** The game's last round: a game lasts six turns a side, a melee twelve rounds at most (steps/aftermath.ts LAST_ROUND). */
export const isLastRound = (round: number) => round >= LAST_ROUND;

/**
 * The round's end with both units still fighting, the score read (steps/aftermath.ts roundEnd):
 * the next round as suggested, or "Stop here" when neither unit has an attack left or the game is
 * over — then the melee goes to the round's winner (summary.ts winnerOf).
 */
export function roundEndOf(ctx: ModelContext, s: Standings, difference: number, last: boolean): RoundClose {
  const close = new CloseSums();
  if (!s.idle && !last) close.goOn = 1;
  else {
    const roundWinner: Role | null = difference > 0 ? 'attacker' : difference < 0 ? 'defender' : null;
    close.end(endId(ctx, ['fighting', 'fighting'], roundWinner, s.alive), 1);
  }
  return close;
}
