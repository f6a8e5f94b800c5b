export { analyzeRound, decidedOdds, type RoundOdds } from './round';
export { epicArmageddonAnalysis, epicDistributions, epicReport, roundStartOf, KILLS_MEASURE } from './forSystem';
export { tooLargeReason } from './size';
export { epicArmageddonCombat } from './combat';
