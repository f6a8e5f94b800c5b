export { convertRosterFile, type ImportPreview, type RosterImport } from './convert';
export { fromBase64, MAX_FILE_BYTES, MAX_INFLATED_BYTES, toBase64 } from '../../battlescribe/read';
export { MAX_SELECTIONS } from '../../battlescribe/xml';
export { supportedGames } from './games';
export type { SkippedUnit, UnitPreview } from '../../battlescribe/types';
