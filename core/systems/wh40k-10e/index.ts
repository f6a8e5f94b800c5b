import { ruleSystem } from '../../combat/system';
import { exampleSetup } from './example';
import { setupSchema, type Setup } from './profiles';
import type { State } from './state';
import { applyInput, nextStep, startState } from './engine';
import { tooLargeToPlay } from './playSize';
import { profilesOf, winnerOf } from './summary';
import { viewOf } from './view';

export { situationOf } from './situationOf';
export type { Situation } from './situation';
export type { State } from './state';
export { setupSchema, type Setup } from './profiles';

/** Warhammer 40,000 10th edition: the attack sequence of one unit against one unit (seed 001). */
export const wh40k10e = ruleSystem<Setup, State>({
  id: 'wh40k-10e',
  name: 'Warhammer 40,000 10th edition',
  setupSchema,
  exampleSetup,
  tooLargeToPlay,
  engine: { next: nextStep, apply: applyInput },
  start: startState,
  view: viewOf,
  winner: winnerOf,
  profiles: profilesOf,
});
