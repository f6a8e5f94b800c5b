export { analyzeRound, type RoundOdds } from './analyze';
export { estimatedWork, WORK_BUDGET } from './cost';
export {
  CAUSED_MEASURE,
  DIFFERENCE_MEASURE,
  factsOf,
  roundStartOf,
  wh40k7eAnalysis,
  wh40k7eDistributions,
  wh40k7eReport,
  wh40k7eTooLarge,
} from './forSystem';
export { jointEntries, RoundContext, strikesEnd } from './round';
export { wh40k7eCombat } from './combat';
