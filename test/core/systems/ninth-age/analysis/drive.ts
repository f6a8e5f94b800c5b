import { startCombat, type Combat } from '../../../../../core/combat/engine';
import { applierFor, autoInput, rngFor } from '../../../../support/drive';
import type { Input, Step } from '../../../../../core/combat/steps';
import { ninthAge, type Setup, type State } from '../../../../../core/systems/ninth-age';
import type { Role } from '../../../../../core/systems/ninth-age/state';
import { standings } from '../../../../../core/systems/ninth-age/flow';

/** Drives the real Ninth Age engine the way "Roll for me" does: seeded dice, the suggested option, continue. */

export type NaCombat = Combat<Setup, State>;

export const begin = (setup: Setup): NaCombat => startCombat(ninthAge, setup, 0);

export const inputFor: (combat: NaCombat) => Input = autoInput;

export const apply = applierFor(ninthAge);

/** The round is over: the next step starts another round (its choice), or the melee has ended. */
export const roundOver = (step: Step) =>
  (step.kind === 'outcome' && step.final) || (step.kind === 'choose' && step.id.startsWith('round.'));

/** Plays the current round to its end with the seeded dice and the suggested options. */
export function finishRound(combat: NaCombat): NaCombat {
  let c = combat;
  while (!roundOver(c.step)) c = apply(c, inputFor(c));
  return c;
}

/** What the analysis predicts, as one game of the round came out. */
export interface GameEnd {
  difference: number;
  hpLost: Record<Role, number>;
  wipedOut: Record<Role, boolean>;
  breaks: Record<Role, boolean>;
  caught: Record<Role, boolean>;
}

export function gameEndOf(state: State): GameEnd {
  const r = state.score!;
  const st = standings(state);
  const both = <T>(f: (role: Role) => T) => ({ attacker: f('attacker'), defender: f('defender') });
  return {
    difference: r.attacker.total - r.defender.total,
    hpLost: both((role) => st[role].hpLost),
    wipedOut: both((role) => st[role].rankAndFile + st[role].characters.filter(Boolean).length === 0),
    breaks: both((role) => state.broke === role),
    caught: both((role) => state.status[role] === 'caught'),
  };
}

/** One game's states from the start to the end of the first round, with the seeded dice; `choose` picks options (default: suggested). */
export function trajectory(setup: Setup, seed: number, choose?: (options: number, k: number) => number): NaCombat[] {
  const out: NaCombat[] = [];
  let c: NaCombat = { ...begin(setup), rng: rngFor(seed) };
  let k = 0;
  for (;;) {
    out.push(c);
    if (roundOver(c.step)) return out;
    const step = c.step;
    const input =
      choose && step.kind === 'choose'
        ? { kind: 'choose' as const, stepId: step.id, option: step.options[choose(step.options.length, k++)]!.id }
        : inputFor(c);
    c = apply(c, input);
  }
}

export { rngFor };
