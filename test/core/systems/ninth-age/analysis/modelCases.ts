import { expect } from 'vitest';
import type { Step } from '../../../../../core/combat/steps';
import { ninthAge, type Setup, type SetupInput, type State } from '../../../../../core/systems/ninth-age';
import { runToEnd } from '../../../../../core/analysis/chunked';
import type { RoundModel } from '../../../../../core/analysis/combat/model';
import { modelChainInChunks } from '../../../../../core/analysis/combat/modelChain';
import { MAX_ROUNDS } from '../../../../../core/analysis/combat/wholeCombat';
import type { NaPosition } from '../../../../../core/systems/ninth-age/analysis/model';
import { conformance as declared } from '../../../../../core/systems/ninth-age/conformance';
import { figuresOf, transitionMatchesWalk } from '../../../../support/roundModel';
import { setupOf } from '../helpers';
import { chain, model, standingStates, tagOf } from './modelStates';

/** Cases and checks shared by the round model's tests (roundModel*.test.ts). */

export const SLOW = 120_000;
export const small = () => ninthAge.setupSchema.parse(declared.combats.small);
/** The small combat with a Captain among the Spearmen: a character with his own health pool. */
export function smallWithCaptain(): Setup {
  const raw = structuredClone(declared.combats.small) as SetupInput;
  raw.defender.unit.characters = [
    { name: 'Captain', profile: { ...raw.defender.unit.profile, healthPoints: 1, attacks: 2 } },
  ];
  return ninthAge.setupSchema.parse(raw);
}
/** The system's example (example.ts, as the setup screen starts): 6 Knights and a Baron charge 30 Spearmen with a Captain and a Battle Standard Bearer. */
export const theExample = () => ninthAge.setupSchema.parse(ninthAge.exampleSetup);
export const matches = (state: State) => transitionMatchesWalk(chain, model, state);

/** The model without its `layer`: the shared chain then asks a transition of every position, one at a time. */
const byTransitions: RoundModel<State, NaPosition> = { ...model, layer: undefined };

/** Every figure of the shared chain with the model's `layer` (a round's whole layer at once) equals the chain over its transitions, to 1e-12. */
export function layerMatchesTransitions(state: State, maxRounds = MAX_ROUNDS) {
  const byLayers = figuresOf(runToEnd(modelChainInChunks(chain, model, state, maxRounds)));
  const oneByOne = figuresOf(runToEnd(modelChainInChunks(chain, byTransitions, state, maxRounds)));
  expect(Object.keys(byLayers).sort()).toEqual(Object.keys(oneByOne).sort());
  for (const [k, p] of Object.entries(oneByOne)) expect(byLayers[k], k).toBeCloseTo(p, 12);
}

/** The states of the first seeded game (seeds 1, 2, …) that stands where `wanted` says, from there on. */
export function gameTo(
  start: State,
  wanted: (s: { state: State; step: Step }) => boolean,
  choose?: Parameters<typeof standingStates>[2],
): Array<{ state: State; step: Step }> {
  for (let seed = 1; seed <= 50; seed++) {
    const states = standingStates(start, seed, choose);
    const at = states.findIndex(wanted);
    if (at >= 0) return states.slice(at);
  }
  throw new Error('no game of 50 gets there');
}

/** The first state of a seeded game that stands at a step tagged `tag`. */
export const firstAt = (start: State, tag: string): State => gameTo(start, (s) => tagOf(s.step) === tag)[0]!.state;

/** The small combat with a character on each side: allocations to characters are asked for (issue 22). */
export const withCharacters = () =>
  setupOf(
    {
      models: 2,
      width: 2,
      charged: true,
      profile: { offensiveSkill: 4, strength: 4, armour: 2, healthPoints: 1 },
      characters: [{ name: 'Baron', profile: { agility: 5, attacks: 2, healthPoints: 2 }, attacksAtCharacters: [1] }],
    },
    {
      models: 3,
      width: 3,
      profile: { armour: 1 },
      characters: [{ name: 'Captain', profile: { agility: 4, attacks: 2, healthPoints: 2 }, attacksAtCharacters: [2] }],
    },
  );
