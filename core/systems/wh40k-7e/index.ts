import { ruleSystem } from '../../combat/system';
import { exampleSetup } from './example';
import { engine, settle } from './engine';
import { freshRound } from './flow';
import { setupSchema, type Setup } from './setup';
import { freshWounds, type State } from './state';
import { profilesOf, winnerOf } from './summary';
import { viewOf } from './view';

export { setupSchema, type Setup, type SetupInput } from './setup';
export type { State } from './state';

/** The state before the first round, settled to the first step that needs a player. */
export function startState(setup: Setup): State {
  const wounds = { attacker: freshWounds(setup, 'attacker'), defender: freshWounds(setup, 'defender') };
  const first: State = {
    setup,
    round: 1,
    wounds,
    roundStart: wounds,
    ...freshRound({ attacker: 'fighting', defender: 'fighting' }),
    notes: [],
    fightOn: false,
    stalemate: false,
    counter: 0,
    log: [],
  };
  return settle(first);
}

/** Warhammer 40,000 7th edition: a whole close combat, Initiative step by Initiative step (seed 000, RULES §2). */
export const wh40k7e = ruleSystem<Setup, State>({
  id: 'wh40k-7e',
  name: 'Warhammer 40,000 7th edition (close combat)',
  setupSchema,
  exampleSetup,
  engine: engine,
  start: startState,
  view: viewOf,
  winner: winnerOf,
  profiles: profilesOf,
});
