import { startCombat, type Combat } from '../../../../../core/combat/engine';
import { applierFor, autoInput, rngFor } from '../../../../support/drive';
import type { Input } from '../../../../../core/combat/steps';
import { epicArmageddon, type Setup, type State } from '../../../../../core/systems/epic-armageddon';

/** Drives the real Epic engine the way "Roll for me" does: seeded dice, the suggested option, continue. */

export type EpicCombat = Combat<Setup, State>;

export const begin = (setup: Setup): EpicCombat => startCombat(epicArmageddon, setup, 0);

export const inputFor: (combat: EpicCombat) => Input = autoInput;

export const apply = applierFor(epicArmageddon);

/** The round's result is known (the analysis is then a point mass). */
export const roundOver = (c: EpicCombat) => c.state.result !== null || (c.step.kind === 'outcome' && c.step.final);

export function finishRound(combat: EpicCombat): EpicCombat {
  let c = combat;
  for (let guard = 0; !roundOver(c); guard++) {
    if (guard > 2000) throw new Error('the round did not end');
    c = apply(c, inputFor(c));
  }
  return c;
}

/** One game's states from `combat` to the end of its round. */
export function trajectory(combat: EpicCombat, seed: number): EpicCombat[] {
  const out: EpicCombat[] = [];
  let c: EpicCombat = { ...combat, rng: rngFor(seed) };
  for (;;) {
    out.push(c);
    if (roundOver(c)) return out;
    c = apply(c, inputFor(c));
  }
}

export { rngFor };
