import { walkRound } from '../../../../../core/analysis/combat/roundWalk';
import { advance, startCombat } from '../../../../../core/combat/engine';
import type { Input, Step } from '../../../../../core/combat/steps';
import { ninthAge, type Setup, type State } from '../../../../../core/systems/ninth-age';
import { ninthAgeCombat } from '../../../../../core/systems/ninth-age/analysis';
import type { NaPosition } from '../../../../../core/systems/ninth-age/analysis/model';
import { autoInput, rngFor } from '../../../../support/drive';
import type { NaCombat } from '../helpers';

/** States to hold the Ninth Age round model to the engine: round starts, and every state a game stands at. */

export const chain = ninthAgeCombat;
export const model = ninthAgeCombat.model!;

export const startOf = (setup: Setup): State => ninthAge.start(setup);

/** The states the next round can start from, as the engine's walk of this round finds them (most likely first). */
export function nextStarts(state: State): State[] {
  return walkRound({ ...chain, model: undefined }, state)
    .next.sort((a, b) => b.p - a.p)
    .map((n) => n.state);
}

/** What a step is, by its tag ("allocate", "strikes", "break", "pursue", "flee", "round"). */
export const tagOf = (step: Step) => step.id.slice(0, step.id.lastIndexOf('.'));

/**
 * One seeded game from `state`: every state it stands at before the end, with the step there.
 * `choose(step, k)` may answer a choice other than as suggested (return an option id, or null).
 */
export function standingStates(
  state: State,
  seed: number,
  choose: (step: Extract<Step, { kind: 'choose' }>, k: number) => string | null = () => null,
  maxRounds = 4,
): Array<{ state: State; step: Step }> {
  let c: NaCombat = { ...startCombat(ninthAge, state.setup, 1), state, step: ninthAge.next(state), rng: rngFor(seed) };
  const out: Array<{ state: State; step: Step }> = [];
  for (let k = 0; !(c.step.kind === 'outcome' && c.step.final) && c.state.round <= maxRounds; k++) {
    out.push({ state: c.state, step: c.step });
    const picked = c.step.kind === 'choose' ? choose(c.step, k) : null;
    const input: Input = picked ? { kind: 'choose', stepId: c.step.id, option: picked } : autoInput(c);
    const r = advance(ninthAge, c, input);
    if (!r.ok) throw new Error(`${c.step.id}: ${r.error.message}`);
    c = r.combat as NaCombat;
  }
  return out;
}

/** The model's position of a state (it must take it). */
export function positionOf(state: State): NaPosition {
  const p = model.enter(state);
  if (!p) throw new Error(`the model does not take the state at ${ninthAge.next(state).id}`);
  return p;
}
