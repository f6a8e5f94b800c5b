import { startCombat, type Combat } from '../../../../../core/combat/engine';
import { applierFor, autoInput, rngFor } from '../../../../support/drive';
import type { Input, Step } from '../../../../../core/combat/steps';
import { wh40k7e, type Setup, type State } from '../../../../../core/systems/wh40k-7e';
import type { Role } from '../../../../../core/systems/wh40k-7e/state';

/** Drives the real 7th edition engine the way "Roll for me" does: seeded dice, the suggested option, continue. */

export type W7Combat = Combat<Setup, State>;

export const begin = (setup: Setup): W7Combat => startCombat(wh40k7e, setup, 0);

export const inputFor: (combat: W7Combat) => Input = autoInput;

export const apply = applierFor(wh40k7e);

/** The round is over: the next round's choice, or the end of the combat. */
export const roundOver = (step: Step) =>
  (step.kind === 'outcome' && step.final) || (step.kind === 'choose' && step.id.startsWith('round.'));

export function finishRound(combat: W7Combat): W7Combat {
  let c = combat;
  while (!roundOver(c.step)) c = apply(c, inputFor(c));
  return c;
}

/** What the analysis predicts, as one game's round came out. */
export interface RoundEnd {
  caused: Record<Role, number>;
  difference: number;
  winner: Role | 'draw';
  wiped: Record<Role, boolean>;
  breaks: Record<Role, boolean>;
  swept: Record<Role, boolean>;
}

export function roundEndOf(state: State): RoundEnd {
  const r = state.result!;
  return {
    caused: r.caused,
    difference: r.caused.attacker - r.caused.defender,
    winner: r.winner ?? 'draw',
    wiped: r.wiped,
    breaks: { attacker: state.broken === 'attacker', defender: state.broken === 'defender' },
    swept: { attacker: state.fate.attacker === 'swept', defender: state.fate.defender === 'swept' },
  };
}

/** One game's states from the start to the end of its first round. */
export function trajectory(setup: Setup, seed: number, from?: W7Combat): W7Combat[] {
  const out: W7Combat[] = [];
  let c: W7Combat = { ...(from ?? begin(setup)), rng: rngFor(seed) };
  for (;;) {
    out.push(c);
    if (roundOver(c.step)) return out;
    c = apply(c, inputFor(c));
  }
}

export { rngFor };
