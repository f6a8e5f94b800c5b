import { ruleSystem } from '../../combat/system';
import { exampleSetup } from './example';
import { engine, startState } from './engine';
import { setupSchema, type Setup } from './setup';
import type { State } from './state';
import { profilesOf, winnerOf } from './summary';
import { viewOf } from './view';

export { setupSchema, type Setup, type SetupInput } from './setup';
export type { State } from './state';
export { startState };

/** Epic Armageddon: one assault, A3 to A8, step by step (seed 003, RULES.md §4, SCENARIOS.md §1). */
export const epicArmageddon = ruleSystem<Setup, State>({
  id: 'epic-armageddon',
  name: 'Epic Armageddon',
  setupSchema,
  exampleSetup,
  engine: engine,
  start: startState,
  view: viewOf,
  winner: winnerOf,
  profiles: profilesOf,
});
