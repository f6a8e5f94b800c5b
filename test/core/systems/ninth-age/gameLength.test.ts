import { describe, expect, it } from 'vitest';
import { resolveScenario } from '../../../../core/scenario/resolve';
import { ninthAge } from '../../../../core/systems/ninth-age';
import { LAST_ROUND } from '../../../../core/systems/ninth-age/steps/aftermath';
import { setupOf, soldier } from './helpers';

/**
 * A game lasts six turns a side, with a melee phase in each: a melee is fought for twelve rounds at
 * most. Two units that can barely hurt each other would otherwise grind on for fifty rounds, and
 * `resolve` with them (issue 25: no accepted input runs past ten seconds).
 */
describe('the game length bounds a melee', () => {
  // Strength 1 against Resilience 10 with a 2+ Aegis save: a wound now and then, never a rout.
  const tough = { ...soldier, strength: 1, resilience: 10, discipline: 10, aegis: 2, healthPoints: 5 };
  const grind = setupOf({ models: 20, width: 5, profile: tough }, { models: 20, width: 5, profile: tough });

  it('after round 12 ending the melee is suggested, so resolve ends there, said as the game length', () => {
    expect(LAST_ROUND).toBe(12);
    const r = resolveScenario({ system: ninthAge, setup: grind, seed: 3 } as never);
    const rounds = Math.max(...r.view.log.map((l) => Number(/Round (\d+)/.exec(`${l.title} ${l.result}`)?.[1] ?? 0)));
    expect(rounds).toBeLessThanOrEqual(LAST_ROUND);
    expect(r.view.log.some((l) => /The melee ends here: the game is over/.test(l.result))).toBe(true);
  });

  it('before round 12 fighting on is suggested', () => {
    const r = resolveScenario({ system: ninthAge, setup: grind, seed: 3 } as never);
    const onTo = r.view.log.filter((l) => /On to round/.test(l.result)).length;
    expect(onTo).toBe(LAST_ROUND - 1);
  });
});
