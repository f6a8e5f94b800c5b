import { AnalysisTooLargeError } from '../budget';
import type { Weighted } from './roundWalk';
import type { Tally } from './tally';

/**
 * What the exact chain had counted when it gave up (wholeCombat.ts): the ends of every round
 * before `round`, exactly, and the positions round `round` starts from with their chances. The
 * estimate plays out from those positions only (playouts.ts), so the rounds the chain could follow
 * stay exact and the play-outs' error is scaled by the share of the combat still going.
 */
export interface ExactSoFar<S> {
  tally: Tally;
  round: number;
  layer: Array<Weighted<S>>;
}

/** The chain cannot finish within its budget; it hands on what it counted. */
export class CannotFinish<S> extends AnalysisTooLargeError {
  constructor(
    message: string,
    readonly soFar: ExactSoFar<S>,
  ) {
    super(message);
  }
}
