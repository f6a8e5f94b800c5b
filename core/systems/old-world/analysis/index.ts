export { analyzeRound, roundStartOf, type RoundOdds } from './round';
export { mainUnitFates, type Fate } from './fates';
export { strikeEnds, rollOffChance, type StrikeEnd } from './strikeOutcomes';
export {
  oldWorldAnalysis,
  oldWorldDistributions,
  oldWorldReport,
  DIFFERENCE_MEASURE,
  CAUSED_MEASURE,
} from './forSystem';
export { oldWorldCombat } from './combat';
