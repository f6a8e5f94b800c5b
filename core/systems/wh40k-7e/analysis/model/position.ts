import { positionKey, shedHistory } from '../../../../analysis/combat/key';
import { settle } from '../../engine';
import { beginRound } from '../../flow';
import type { Setup } from '../../setup';
import type { State } from '../../state';
import { UnitSpace } from '../unitState';

/**
 * Where a 7th edition close combat stands, as the round model holds it.
 *
 * At the start of a round the rules carry only the models left: each unit as a multiset of wounds
 * left per model group (unitState.ts: models of a group are identical but for their wounds, and the
 * next wound goes to the first group's most wounded model, so the order of the list is all the
 * "allocation order" there is), and the round's number, which the rules read twice: +1 Attack on
 * the charge in the first round only, and no round after the last a game allows. Nothing else
 * carries over: a unit held by And They Shall Know No Fear fights on like any other, the last
 * round's winner is read by no rule of the next one, and a unit broken or swept ends the combat.
 *
 * Part-way through a round (after any step the players can stand at) the position is the engine's
 * state itself, its history shed: the model finishes that round in closed form from what the state
 * knows (round.ts: rolls made, pools formed, saves rolled, the model locked; the result, the Morale
 * check, the Sweeping Advance), so the chain never walks the engine's steps.
 */

export interface StartPosition {
  kind: 'start';
  setup: Setup;
  round: number;
  /** Each unit as a multiset of wounds left (UnitSpace), and its key. */
  a: number[];
  d: number[];
  key: string;
}

export interface MidPosition {
  kind: 'mid';
  setup: Setup;
  round: number;
  state: State;
  key: string;
}

export type Position = StartPosition | MidPosition;

export const startPosition = (
  setup: Setup,
  round: number,
  a: number[],
  ak: string,
  d: number[],
  dk: string,
): StartPosition => ({
  kind: 'start',
  setup,
  round,
  a,
  d,
  key: `${round}|${ak}|${dk}`,
});

const sameWounds = (s: State) => JSON.stringify(s.wounds) === JSON.stringify(s.roundStart);

/**
 * Whether nothing has happened yet in the state's round: it is the state the round begins at (flow.ts
 * beginRound, settled to the first step that needs a player) — the blows of the first Initiative
 * step with someone to strike are still to roll.
 */
function atRoundStart(state: State): boolean {
  if (state.phase !== 'strikes' || state.allocation !== null) return false;
  if (state.pools.attacker.length > 0 || state.pools.defender.length > 0 || !sameWounds(state)) return false;
  const begun = settle(beginRound({ ...state, fate: { attacker: 'fighting', defender: 'fighting' } }));
  return positionKey(begun) === positionKey(state);
}

const spaces = new WeakMap<Setup, { attacker: UnitSpace; defender: UnitSpace }>();
export function spacesOf(setup: Setup) {
  let s = spaces.get(setup);
  if (!s)
    spaces.set(setup, (s = { attacker: new UnitSpace(setup, 'attacker'), defender: new UnitSpace(setup, 'defender') }));
  return s;
}

/** The position an engine state stands at (see above); null once the combat is over. */
export function enterState(state: State): Position | null {
  if (state.phase === 'over') return null;
  const { setup } = state;
  if (atRoundStart(state)) {
    const { attacker, defender } = spacesOf(setup);
    const a = attacker.fromWounds(state.wounds.attacker);
    const d = defender.fromWounds(state.wounds.defender);
    return startPosition(setup, state.round, a, attacker.key(a), d, defender.key(d));
  }
  const shed = shedHistory(state);
  return { kind: 'mid', setup, round: state.round, state: shed, key: `mid|${positionKey(shed)}` };
}
