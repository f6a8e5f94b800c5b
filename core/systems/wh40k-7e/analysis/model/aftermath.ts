import { spend } from '../../../../analysis/budget';
import type { CombatEnd } from '../../../../analysis/combat/tally';
import { winnerOf } from '../../result';
import { otherRole, type Role, type UnitFate } from '../../state';
import { MAX_ROUNDS } from '../../strikes';
import type { JointDist } from '../round';
import { endOf7e } from './ends';
import { PAIR, type ModelRound } from './memory';

/**
 * Everything in a round after the blows (RULES §2; SCENARIOS §2), for every way the blows can end:
 * the combat result, the loser's Morale check, the winner's Sweeping Advance, and the end of the
 * round — the combat over, or both units still locked and on to the next round.
 */

/** Where the round is after its blows: the result still to work out, the loser broken and the Sweeping Advance to roll, or only the end of the round left. */
export type Stage = 'result' | 'sweep' | 'roundEnd';

export interface RoundOutcomes {
  /** The next round's starts: both units' states (numbered as `mr` numbers them). */
  next: Map<number, number>;
  ended: Map<CombatEnd, number>;
}

const addTo = <K>(into: Map<K, number>, key: K, p: number) => {
  if (p > 0) into.set(key, (into.get(key) ?? 0) + p);
};

/** What the rest of the round reads besides the units: its number, where it starts, and the wounds each unit had as it began. */
export interface RoundFacts {
  round: number;
  from: Stage;
  start: Record<Role, number>;
  /** From the end of the round: the round's winner (null: a draw). */
  lastWinner?: Role | null;
}

/** The rest of the round from the joint distribution of both units after the blows: the next round's starts and the ends of the combat. */
export function afterBlows(mr: ModelRound, joint: JointDist, facts: RoundFacts): RoundOutcomes {
  const out: RoundOutcomes = { next: new Map(), ended: new Map() };
  for (const [key, p] of joint) {
    // A handful of map look-ups and adds a pair of unit states (measured: about 100 ns).
    spend(20);
    if (facts.from === 'roundEnd') roundEnd(mr, facts.round, key, facts.lastWinner ?? null, p, out);
    else result(mr, facts, key, p, out);
  }
  return out;
}

const FATES: readonly UnitFate[] = ['fighting', 'wipedOut', 'fellBack', 'swept', 'heldByATSKNF'];
const fighting: Record<Role, UnitFate> = { attacker: 'fighting', defender: 'fighting' };
/** Per way a combat ends (fates, stalemate, last winner: a small number), the ends by pair of unit states. */
const ends = new WeakMap<ModelRound, Array<Map<number, CombatEnd>>>();

/** The combat is over with both units at the pair `key` of unit states: its end (ends.ts), made once per pair and way it ended. */
function ended(
  mr: ModelRound,
  key: number,
  fate: Record<Role, UnitFate>,
  how: { stalemate: boolean; lastWinner: Role | null },
  p: number,
  out: RoundOutcomes,
) {
  let byWay = ends.get(mr);
  if (!byWay) ends.set(mr, (byWay = []));
  const way =
    ((FATES.indexOf(fate.attacker) * 5 + FATES.indexOf(fate.defender)) * 2 + (how.stalemate ? 1 : 0)) * 3 +
    (how.lastWinner === null ? 0 : how.lastWinner === 'attacker' ? 1 : 2);
  const memo = (byWay[way] ??= new Map());
  let end = memo.get(key);
  if (!end) {
    const a = Math.floor(key / PAIR);
    const A = mr.factsOf('attacker', a);
    const D = mr.factsOf('defender', key - a * PAIR);
    const standing = { attacker: A.standing, defender: D.standing };
    end = endOf7e(mr.setup, { wounds: { attacker: A.wounds, defender: D.wounds }, fate, ...how }, standing);
    memo.set(key, end);
  }
  addTo(out.ended, end, p);
}

/**
 * The combat result: each side scores the wounds the enemy lost this round; more wins, equal is a
 * draw, a unit wiped out loses (both: a draw). A unit wiped out ends the combat; a draw goes on to
 * the next round with nobody testing; otherwise the loser takes its Morale check.
 */
function result(mr: ModelRound, facts: RoundFacts, key: number, p: number, out: RoundOutcomes) {
  const a = Math.floor(key / PAIR);
  const d = key - a * PAIR;
  const A = mr.factsOf('attacker', a);
  const D = mr.factsOf('defender', d);
  const caused = { attacker: facts.start.defender - D.total, defender: facts.start.attacker - A.total };
  const wiped = { attacker: !A.alive, defender: !D.alive };
  const r = winnerOf(caused, wiped);
  if (wiped.attacker || wiped.defender) {
    // A unit with no model left is wiped out, and the combat is over.
    const fate = {
      attacker: wiped.attacker ? 'wipedOut' : 'fighting',
      defender: wiped.defender ? 'wipedOut' : 'fighting',
    } as const;
    return ended(mr, key, fate, { stalemate: false, lastWinner: r.winner }, p, out);
  }
  // A drawn round: nobody tests Morale, both units stay locked.
  if (r.winner === null) return roundEnd(mr, facts.round, key, null, p, out);
  const loser = otherRole(r.winner);
  const ids = { attacker: a, defender: d };
  // Morale check: 2D6 against the highest Leadership left less the difference (Stubborn: unmodified;
  // Fearless passes; a double 1 always passes). A loser already broken (the state says) only awaits the Sweeping Advance.
  const fails = facts.from === 'sweep' ? 1 : mr.moraleFails(loser, ids[loser], r.difference);
  roundEnd(mr, facts.round, key, r.winner, p * (1 - fails), out);
  if (fails === 0) return;
  // Sweeping Advance: the winner's D6 + I (its lowest) equal to or more than the loser's catches it.
  const caught = mr.caughtChance(r.winner, key);
  const how = { stalemate: false, lastWinner: r.winner };
  // Caught: destroyed — unless And They Shall Know No Fear, when the unit stays locked in combat.
  if (mr.setup[loser].atsknf) roundEnd(mr, facts.round, key, r.winner, p * fails * caught, out);
  else ended(mr, key, { ...fighting, [loser]: 'swept' }, how, p * fails * caught, out);
  // Escaped: the loser falls back, and the combat is over.
  ended(mr, key, { ...fighting, [loser]: 'fellBack' }, how, p * fails * (1 - caught), out);
}

/**
 * Both units still locked at the end of the round: neither can cause the other a wound any more —
 * a draw (stalemate); the last round a game allows (seven game turns, a combat each player's turn)
 * — the combat stops there; otherwise the next round, fought as players let the app go on (the
 * suggested "fight on").
 */
function roundEnd(mr: ModelRound, round: number, key: number, lastWinner: Role | null, p: number, out: RoundOutcomes) {
  if (p <= 0) return;
  if (!mr.eitherCanHarm(key, round + 1)) ended(mr, key, fighting, { stalemate: true, lastWinner }, p, out);
  else if (round >= MAX_ROUNDS) ended(mr, key, fighting, { stalemate: false, lastWinner }, p, out);
  else addTo(out.next, key, p);
}
