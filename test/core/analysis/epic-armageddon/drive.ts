import { advance, rollForMe, startCombat, type Combat } from '../../../../core/combat/engine';
import type { Input } from '../../../../core/combat/steps';
import { drawDice, seedState, type RngState } from '../../../../core/dice/prng';
import { epicArmageddon, type Setup, type State } from '../../../../core/systems/epic-armageddon';

/** Drives the real Epic engine the way "Roll for me" does: seeded dice, the suggested option, continue. */

export type EpicCombat = Combat<Setup, State>;

export const begin = (setup: Setup): EpicCombat => startCombat(epicArmageddon, setup, 0);

/** The generator for game k: a hashed seed, first dice skipped. */
export function rngFor(k: number): RngState {
  let h = k + 0x9e3779b9;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return drawDice(seedState(h | 0), 8, 6).state;
}

export function inputFor(combat: EpicCombat): Input {
  const step = combat.step;
  if (step.kind === 'roll') return rollForMe(combat as Combat);
  if (step.kind === 'choose') return { kind: 'choose', stepId: step.id, option: (step.options.find((o) => o.suggested) ?? step.options[0]!).id };
  return { kind: 'continue', stepId: step.id };
}

export function apply(combat: EpicCombat, input: Input): EpicCombat {
  const r = advance(epicArmageddon, combat, input);
  if (!r.ok) throw new Error(`${combat.step.id}: ${r.error.message}`);
  return r.combat;
}

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
