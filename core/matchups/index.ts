/** The matchup table (issue 37): which of my units should charge which of theirs. */
export * from './types';
export { fillPointOf, hasModes, matchupSetup, type MatchupFighter } from './setup';
export { cellInChunks, CELL_WORK, type CellRequest } from './cell';
export { betterOdds, cellOrder, cellText, matchupMarkdown, scoreOf, tableOf } from './table';
export { cellRequestsOf, matchupTable } from './run';
export { plainMatchups, type PlainCell, type PlainMatchups } from './plain';
