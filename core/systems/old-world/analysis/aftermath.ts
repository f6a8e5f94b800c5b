import { settle } from '../engine';
import { markBroken, markDestroyed, pursuersOf, setStatus } from '../flow';
import { breakTestOf, breaksOn, type BreakTest } from '../morale';
import { roundResult } from '../result';
import { stalemate } from '../stalemate';
import { movementOf, otherRole, unitKey, type Role, type State } from '../state';
import { LAST_ROUND } from '../steps/pursuit';
import { moveDice } from '../tables';
import { fleeClasses, twoD6Classes } from './rollClasses';

/**
 * What follows the strikes of a round fought by one unit a side (seed 002, "Combat Results" to
 * "Redress the Ranks"), worked out from the engine's own functions without its steps: the result
 * (result.ts), the loser's break test (morale.ts: its chance over the 2D6 it reads), the flight and
 * the pursuit (caught or escaped, rollClasses.ts), the stalemate check and the next round (flow.ts,
 * the engine's own settle). The choices are those the walk makes: pursue, fight the next round.
 * A panic test of a unit nearby only adds a note, so it changes nothing here.
 *
 * An end of the strikes in which a side was wiped out, and the game's last round, are not worked
 * out here (null): the engine's steps follow them (transition.ts).
 */

/** Where the rest of a round leads: the states of the next round, and the combat's ends (by the chain's ends). */
export interface Aftermath {
  next: Array<{ state: State; p: number }>;
  ended: Array<{ state: State; p: number }>;
}

/** P(the unit breaks) in its test, over the 2D6 the test reads (breaksOn: a double 1 holds with insane courage). */
const breakChances = new Map<string, number>();
function breakProbability(test: BreakTest): number {
  if (test.kind !== 'roll') return test.kind === 'breaks' ? 1 : 0;
  const key = `${test.leadership},${test.modifier},${test.insaneCourage}`;
  let p = breakChances.get(key);
  if (p === undefined) {
    p = twoD6Classes((dice) => breaksOn(test, dice)).find((c) => breaksOn(test, c.dice))?.p ?? 0;
    breakChances.set(key, p);
  }
  return p;
}

/** Whether the fast way below applies to this round: one unit a side, not the game's last round. */
export function simpleRound(state: State): boolean {
  return state.setup.attacker.units.length === 1 && state.setup.defender.units.length === 1 && state.round < LAST_ROUND;
}

/**
 * The rest of the round from the state at the end of its strikes (`struck`: the strikes' wounds
 * in, no task left), or null when a side was wiped out (see above).
 */
export function aftermathOf(struck: State): Aftermath | null {
  const marked = markDestroyed(struck);
  if (marked.status !== struck.status) return null;
  const result = roundResult(marked);
  // The result shown (steps/morale.ts resultKind): the winner strikes first next round, and has won a round.
  const shown: State = {
    ...marked,
    result,
    previousWinner: result.winner,
    hasWonRound: result.winner ? { ...marked.hasWonRound, [result.winner]: true } : marked.hasWonRound,
  };
  if (result.winner === null) return roundOver(shown, 1);
  const loser = otherRole(result.winner);
  const breaks = breakProbability(breakTestOf(shown, loser, 0, result.difference));
  const held = breaks < 1 ? roundOver(shown, 1 - breaks) : { next: [], ended: [] };
  const fled = breaks > 0 ? flight(markBroken(shown, loser, 0), result.winner, breaks) : [];
  return fled ? { next: held.next, ended: [...held.ended, ...fled] } : null;
}

/**
 * Both units still fight: a stalemate ends the combat (stalemate.ts), else the players fight the
 * next round (steps/pursuit.ts roundEnd, as suggested before the last round) and the engine
 * begins it (flow.ts beginRound, then the strikes it settles by itself).
 */
function roundOver(shown: State, p: number): Aftermath {
  if (stalemate(shown)) return { next: [], ended: [{ state: { ...shown, phase: 'over', queue: [] }, p }] };
  return { next: [{ state: settle({ ...shown, round: shown.round + 1, phase: 'end', queue: [] }), p }], ended: [] };
}

/**
 * The loser broke (seed 002, "Flee!", "Pursuit"): the winner pursues (the suggested answer) and
 * catches it when its roll is equal to or greater than the flee roll; either way the combat is over.
 */
function flight(broken: State, winner: Role, p: number): Array<{ state: State; p: number }> | null {
  const loser = otherRole(winner);
  const pursuers = pursuersOf(broken, winner, 0);
  const chasing = pursuers.reduce(
    (s, unit) => ({
      ...setStatus(s, unitKey(winner, unit), 'pursuing'),
      chasing: { ...s.chasing, [unitKey(winner, unit)]: 0 },
    }),
    broken,
  );
  const over: State = { ...chasing, phase: 'over', queue: [] };
  const classes = fleeClasses(
    moveDice(movementOf(broken.setup, loser, 0)),
    pursuers.map((unit) => moveDice(movementOf(broken.setup, winner, unit))),
  );
  if (!classes) return null;
  if (pursuers.length === 0) return [{ state: over, p }];
  // fleeClasses: caught first, then escaped.
  const [caught, escaped] = classes;
  return [
    { state: setStatus(over, unitKey(loser, 0), 'caught'), p: p * caught!.p },
    { state: over, p: p * escaped!.p },
  ].filter((e) => e.p > 0);
}
