import { describe, expect, it } from 'vitest';
import { epicArmageddon } from '../../../../../core/systems/epic-armageddon';
import { epicArmageddonCombat } from '../../../../../core/systems/epic-armageddon/analysis';
import { chainAgreesWithPlayouts } from '../../../../support/roundModel';
import * as assaults from './model/assaults';

/**
 * The club-size assault (conformance.ts `combats.club`: three formations a side, supporting fire on
 * both) over the round model, against 20,000 seeded play-outs of the engine — too large for the
 * engine's walk, so the play-outs are its check. In a file of its own: the play-outs take most of
 * its time.
 */

describe('the club-size assault', () => {
  it('within 4 standard errors of 20,000 seeded play-outs of the engine, every unit’s fate too', () => {
    const odds = chainAgreesWithPlayouts(epicArmageddonCombat, epicArmageddon.start(assaults.clubSize()), 20_000);
    expect(odds.exact).toBe(true);
    // Every chance accounted for: the ends and what is still fighting after round 10 sum to 1.
    expect(odds.pAttackerWins + odds.pDefenderWins + odds.pDraw + odds.pUnfinished).toBeCloseTo(1, 14);
  }, 600_000);
});
