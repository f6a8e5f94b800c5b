/** Printable combat summaries and club-night reports (issue 6): built in the host, pure. */
export * from './schema';
export * from './summary';
export * from './report';
export * from './markdown';
export * from './sheet';
export * from './sheetSteps';
export * from './casualties';
export { fixed2, luckWords } from './format';
export type { KnownRoster } from './rosters';
export { wholeCombatRows, wholeCombatLine, atLeastText, type WholeCombatRow } from './wholeCombat';
