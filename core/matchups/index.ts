/** The matchup table (issue 37): which of my units should charge which of theirs. */
export * from './types';
export { fillPointOf, hasModes, matchupSetup, type MatchupFighter } from './setup';
export {
  cellInChunks,
  CELL_WORK,
  pairInChunks,
  preparePair,
  type CellRequest,
  type PreparedCombat,
  type PreparedPair,
} from './cell';
export { combatSize, fastestFirst, planInChunks } from './order';
export { betterOdds, cellOrder, cellText, matchupMarkdown, scoreOf, tableOf } from './table';
export { cellRequestsOf, matchupCells, matchupTable, pairingPlanInChunks } from './run';
export { plainMatchups, type PlainCell, type PlainMatchups } from './plain';
export { chargeWorth, fightAccount, type FightAccount } from './account';
