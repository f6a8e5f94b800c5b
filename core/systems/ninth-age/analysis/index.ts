export { analyzeRound, roundStartOf, type RoundOdds } from './round';
export { endFromStandings, endFromState, type RoundEnd } from './fates';
export { workOf, WORK_LIMIT } from './work';
export {
  ninthAgeAnalysis,
  ninthAgeDistributions,
  ninthAgeReport,
  ninthAgeTooLarge,
  DIFFERENCE_MEASURE,
  HP_MEASURE,
} from './forSystem';
export { ninthAgeCombat } from './combat';
