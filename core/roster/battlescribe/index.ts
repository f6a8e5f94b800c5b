export { convertRosterFile, type ImportPreview, type RosterImport } from './convert';
export { fromBase64, MAX_FILE_BYTES, MAX_INFLATED_BYTES, toBase64 } from './read';
export { MAX_SELECTIONS } from './xml';
export { SUPPORTED_GAMES } from './systems';
export type { SkippedUnit, UnitPreview } from './types';
