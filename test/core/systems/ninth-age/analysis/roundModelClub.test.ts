import { describe, it } from 'vitest';
import { chainAgreesWithPlayouts } from '../../../../support/roundModel';
import { clubSize } from './clubSize';
import { SLOW } from './modelCases';
import { chain, startOf } from './modelStates';

/**
 * The Ninth Age's compact round model (core/systems/ninth-age/analysis/model) held to the engine —
 * here the club-size melee (conformance.ts combats.club): the whole combat against 20,000 seeded
 * engine play-outs. Each case names the rule its state carries.
 */

describe('the whole combat over the model against seeded engine play-outs (chainAgreesWithPlayouts)', () => {
  it(
    'a club-size melee: 25 v 25 infantry with a character each (20,000 play-outs)',
    () => {
      chainAgreesWithPlayouts(chain, startOf(clubSize()), 20_000);
    },
    4 * SLOW,
  );
});
