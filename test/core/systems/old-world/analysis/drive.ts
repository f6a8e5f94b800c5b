import { startCombat, type Combat } from '../../../../../core/combat/engine';
import { applierFor, autoInput, rngFor } from '../../../../support/drive';
import type { Input, Step } from '../../../../../core/combat/steps';
import { oldWorld, type Setup, type State } from '../../../../../core/systems/old-world';
import { unitKey, type Role } from '../../../../../core/systems/old-world/state';

/** Drives the real old-world engine the way "Roll for me" does: seeded dice, the suggested option, continue. */

export type OwCombat = Combat<Setup, State>;

export const begin = (setup: Setup): OwCombat => startCombat(oldWorld, setup, 0);

export const inputFor: (combat: OwCombat) => Input = autoInput;

export const apply = applierFor(oldWorld);

/** The round is over: the next step starts another round (its choice), or the combat has ended. */
export const roundOver = (step: Step) =>
  (step.kind === 'outcome' && step.final) || (step.kind === 'choose' && step.id.startsWith('round.'));

/** Plays the current round to its end. */
export function finishRound(combat: OwCombat): OwCombat {
  let c = combat;
  while (!roundOver(c.step)) c = apply(c, inputFor(c));
  return c;
}

/** What the analysis predicts, as one game of the round came out. */
export interface RoundEnd {
  difference: number;
  caused: number;
  winner: Role | 'draw';
  breaks: Record<Role, boolean>;
  caught: Record<Role, boolean>;
}

export function roundEndOf(state: State): RoundEnd {
  const r = state.result!;
  const fate = (flag: (key: string) => boolean) => ({
    attacker: flag(unitKey('attacker', 0)),
    defender: flag(unitKey('defender', 0)),
  });
  return {
    difference: r.attacker.total - r.defender.total,
    caused: state.caused.attacker,
    winner: r.winner ?? 'draw',
    breaks: fate((k) => state.broke.includes(k)),
    caught: fate((k) => state.status[k] === 'caught'),
  };
}

/** One game's states from the start to the end of the first round, each kind of step. */
export function trajectory(setup: Setup, seed: number): OwCombat[] {
  const out: OwCombat[] = [];
  let c: OwCombat = { ...begin(setup), rng: rngFor(seed) };
  for (;;) {
    out.push(c);
    if (roundOver(c.step)) return out;
    c = apply(c, inputFor(c));
  }
}

export { rngFor };
