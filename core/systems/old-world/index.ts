import { ruleSystem } from '../../combat/system';
import { engine, settle } from './engine';
import { exampleSetup } from './example';
import { setupSchema, type Setup } from './setup';
import { beforeRound, roles, unitIndices, unitKey, type State, type UnitStatus } from './state';
import { profilesOf, winnerOf } from './summary';
import { viewOf } from './view';

export { setupSchema, type Setup, type SetupInput } from './setup';
export type { State } from './state';

/** The state before the first round begins (settle starts it). */
export function startState(setup: Setup): State {
  const status: Record<string, UnitStatus> = {};
  const lost: Record<string, number> = {};
  for (const role of roles) {
    for (const unit of unitIndices(setup, role)) {
      status[unitKey(role, unit)] = 'fighting';
      lost[unitKey(role, unit)] = setup[role].units[unit]!.woundsLost;
    }
  }
  const { round, previousWinner } = setup;
  // The round and who won the one before come from the setup: a combat may be set up part-way through.
  const notWon = { attacker: false, defender: false };
  return settle(beforeRound(setup, { round, previousWinner, lost, status, hasWonRound: notWon }));
}

/** Warhammer Fantasy Battle 6th edition ("the old world"): a close combat round by round (seed 002, RULES §3). */
export const oldWorld = ruleSystem<Setup, State>({
  id: 'old-world',
  name: 'Warhammer Fantasy Battle 6th edition',
  setupSchema,
  exampleSetup,
  engine: engine,
  start: startState,
  view: viewOf,
  winner: winnerOf,
  profiles: profilesOf,
});
