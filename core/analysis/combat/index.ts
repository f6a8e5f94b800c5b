/** The whole combat's odds (issue 24): a Markov chain over round starts, walked by each system's own engine. */
export { wholeCombatOdds, wholeCombatInChunks, exactWholeCombat, MAX_ROUNDS } from './wholeCombat';
export { estimateWholeCombat, estimateInChunks, PLAYOUTS } from './playouts';
export { walkRound, suggestedOption, type RoundTransition } from './roundWalk';
export { rollOutcomes } from './rollOutcomes';
export { positionKey, shedHistory } from './key';
export {
  wholeCombatOddsSchema,
  type CombatChain,
  type UnitEnd,
  type WholeCombatOdds,
  type SideCombatOdds,
} from './types';
export {
  wholeCombatOf,
  wholeCombatInChunksOf,
  wholeWorkOf,
  QUICK_SHARE,
  type WholeCombatAnswer,
  type WholeWork,
} from './forHost';
export { wholeHeadlinesOf, wholeFigureText, chanceText, type WholeHeadline } from './headline';
