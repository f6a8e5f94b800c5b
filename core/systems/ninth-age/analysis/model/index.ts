import type { RoundModel } from '../../../../analysis/combat/model';
import type { State } from '../../state';
import { enterState } from './enter';
import { layerOf } from './layer';
import { keyOf, type NaPosition } from './position';
import { transitionOf } from './transition';

/**
 * The Ninth Age's compact round model (core/analysis/combat/model.ts): the whole combat's exact
 * odds as a chain over the HP every health pool has left and the allocations kept, each round
 * worked out from the dice's binomials (steps.ts) and the Combat Score, Break Test, flee and
 * pursuit (aftermath.ts), instead of the engine's steps. The engine stays the authority: the tests
 * (test/core/systems/ninth-age/analysis/roundModel.test.ts) hold the model to its walk and play-outs.
 */
export const ninthAgeModel: RoundModel<State, NaPosition> = {
  enter: enterState,
  key: keyOf,
  round: (p) => p.round,
  transition: transitionOf,
  // A whole round's layer at once (layer.ts): the chain hands it every position of a round together.
  layer: layerOf,
};

export type { NaPosition };
