/**
 * What the tables hold. The unit profile and the combat log are stored as JSON text rather than
 * as nested objects: the store never queries inside them, and IndexedDB structured-clones every
 * value on each read and write. Measured on fake-indexeddb (the desktop store) with 8,000 units
 * and 5,000 combats, loading nested objects took ~650 ms, JSON text ~190 ms; the browser's
 * IndexedDB pays the same clone cost.
 */
export interface RosterRow {
  id: string;
  name: string;
  /** A rule system of the store's registry. */
  system: string;
  pointsLimit: number | null;
  notes: string;
  createdAt: string;
  updatedAt: string;
  /** Added in schema version 2 (backfilled from updatedAt). */
  lastUsedAt: string;
}

export interface UnitRow {
  id: string;
  rosterId: string;
  name: string;
  points: number | null;
  /** Absent on rows written before units had notes (read as ""). */
  notes?: string;
  position: number;
  /** JSON of the profile, valid for the roster's system when written. */
  profile: string;
  createdAt: string;
  updatedAt: string;
}

export interface CombatRow {
  id: string;
  system: string;
  title: string;
  startedAt: string;
  updatedAt: string;
  finishedAt: string | null;
  seed: number;
  /** One line saying how it ended (or where it stands); null before any result. */
  summary: string | null;
  rosterIds: string[];
  /** JSON of `{ setup, inputs }`: the combat log, replayed by its system. */
  log: string;
}

export interface SettingRow {
  key: string;
  value: unknown;
}

export const tableNames = ['rosters', 'units', 'combats', 'settings'] as const;
export type TableName = (typeof tableNames)[number];

/**
 * Shallow checks of stored rows, for a host that loads rows from outside IndexedDB (the desktop
 * store's snapshot and journal): right kinds of key fields, so a damaged file is refused rather
 * than half-loaded. The deep checks ran when the rows were written. Plain checks rather than zod:
 * they run on every row at startup, before any schema is warm (zod's first pass over 13,000 rows
 * took ~55 ms, these take a few).
 */
const str = (v: unknown) => typeof v === 'string';
const key = (v: unknown) => typeof v === 'string' && v.length > 0;
export const rowChecks: Record<TableName, (row: Record<string, unknown>) => boolean> = {
  rosters: (r) => key(r['id']) && str(r['name']) && str(r['system']) && str(r['createdAt']) && str(r['updatedAt']),
  units: (r) =>
    key(r['id']) && key(r['rosterId']) && str(r['name']) && typeof r['position'] === 'number' && str(r['profile']),
  combats: (r) => key(r['id']) && str(r['startedAt']) && typeof r['seed'] === 'number' && str(r['log']),
  settings: (r) => key(r['key']),
};

export function isRow(table: TableName, row: unknown): row is Record<string, unknown> {
  return (
    typeof row === 'object' && row !== null && !Array.isArray(row) && rowChecks[table](row as Record<string, unknown>)
  );
}
