import { AnalysisTooLargeError } from '../../../../analysis/budget';
import type { RoundModel } from '../../../../analysis/combat/model';
import type { State } from '../../state';
import { roundFromMid } from './mid';
import { positionOf, type Position } from './position';
import { roundFromStart } from './round';

/**
 * The old world's compact round model (core/analysis/combat/model.ts): the whole combat's exact
 * odds as a chain over positions (position.ts: wounds lost per pool, each unit's status, who won
 * the last round where a tie reads it), each round worked out in closed form (round.ts) — the
 * engine's exact walk (roundWalk.ts) its authority, in its tests. It takes every state but a
 * finished one: a round's start, or a state part-way through a round (mid.ts).
 */
export const oldWorldModel: RoundModel<State, Position> = {
  enter: positionOf,
  key: (position) => position.key,
  round: (position) => position.round,
  transition(position) {
    // Wounds of so many pools that one number cannot name them exactly: far too many positions to count.
    if (!position.ctx.fits) throw new AnalysisTooLargeError('too many wounds in the combat to count exactly');
    return position.mid ? roundFromMid(position) : roundFromStart(position);
  },
};
