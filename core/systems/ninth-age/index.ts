import { ruleSystem } from '../../combat/system';
import { exampleSetup } from './example';
import { engine, settle } from './engine';
import { beginRound } from './flow';
import { setupSchema, type Setup } from './setup';
import { allPools, poolKey, type State } from './state';
import { profilesOf, winnerOf } from './summary';
import { viewOf } from './view';

export { setupSchema, type Setup, type SetupInput } from './setup';
export type { State } from './state';

/** The state before the first round's first Agility step. */
export function startState(setup: Setup): State {
  const lost = Object.fromEntries(allPools(setup).map((p) => [poolKey(p), 0]));
  return settle(
    beginRound({
      setup,
      round: 1,
      lost,
      roundStart: lost,
      phase: 'strikes',
      agility: null,
      parts: [],
      stepStart: lost,
      score: null,
      broke: null,
      pursues: null,
      flee: null,
      pursuit: null,
      status: { attacker: 'fighting', defender: 'fighting' },
      kept: {},
      chosen: {},
      anew: false,
      queue: [],
      notes: [],
      counter: 0,
      log: [],
    }),
  );
}

/** The Ninth Age: a melee between two units, round by round (seed 004, RULES.md §5). */
export const ninthAge = ruleSystem<Setup, State>({
  id: 'ninth-age',
  name: 'The Ninth Age',
  setupSchema,
  exampleSetup,
  engine: engine,
  start: startState,
  view: viewOf,
  winner: winnerOf,
  profiles: profilesOf,
});
