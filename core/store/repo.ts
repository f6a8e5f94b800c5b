import type { Roster, RosterFields, RosterSummary, Unit } from '../roster/documents';
import type { RosterFile } from '../roster/exchange';
import type { CompanionDb } from './db';
import { combatPart } from './parts/combats';
import { exchangePart } from './parts/exchange';
import { rosterPart } from './parts/rosters';
import { unitPart } from './parts/units';
import type { CombatRow } from './rows';

// The parts throw it too: it lives in its own file so that they need not import this one.
export { StoreError } from './storeError';

/** core/ has no clock and no randomness: the host passes both in. */
export interface RepoDeps {
  /** Now, as an ISO 8601 timestamp. */
  clock: () => string;
  /** A fresh unique id. */
  newId: () => string;
}

export type RosterSort = 'name' | 'updated' | 'last-used';
export type ImportConflict = 'ask' | 'replace' | 'keep-both';

export interface CombatInput {
  /** Absent for a new combat that the store names. */
  id?: string | undefined;
  /** A new combat under `id`, the one the host already gave it (it is stored at its first step). */
  create?: boolean | undefined;
  system: string;
  title: string;
  seed: number;
  setup: unknown;
  inputs: unknown[];
  summary: string | null;
  finished: boolean;
  rosterIds: string[];
}
/** A stored combat as listed: its row without the log, and how many inputs the log holds. */
export type CombatSummary = Omit<CombatRow, 'log'> & { inputCount: number };
export interface CombatRecord extends CombatSummary {
  setup: unknown;
  inputs: unknown[];
}

/**
 * Every use case of the store, one function each. The backend calls these; nothing else touches
 * the tables. Each write is a single Dexie transaction, so it commits whole or not at all (the
 * desktop host relies on that to journal exactly what committed).
 */
export interface RosterRepository {
  listRosters(sort?: RosterSort): Promise<RosterSummary[]>;
  getRoster(id: string): Promise<{ roster: Roster; units: Unit[] } | undefined>;
  /** Creates (no id) or updates a roster's own fields; its units are untouched. */
  saveRoster(input: RosterFields & { id?: string | undefined }): Promise<Roster>;
  deleteRoster(id: string): Promise<{ unitsDeleted: number }>;
  duplicateRoster(id: string, name?: string): Promise<Roster>;
  /** Creates or replaces one unit: last write wins per unit, other units are untouched. */
  saveUnit(rosterId: string, input: unknown, unitId?: string): Promise<Unit>;
  deleteUnit(id: string): Promise<void>;
  /** The given rosters (all when `ids` is empty) as a roster file. */
  exportRosters(ids: readonly string[]): Promise<RosterFile>;
  /** Writes a validated file; nothing at all on a conflict the caller has not decided. */
  importRosters(file: RosterFile, onConflict: ImportConflict): Promise<RosterSummary[]>;
  /** The ids of the file's rosters that already exist. */
  existingRosterIds(ids: readonly string[]): Promise<string[]>;
  saveCombat(input: CombatInput): Promise<CombatSummary>;
  getCombat(id: string): Promise<CombatRecord | undefined>;
  /** Newest first; `before` is the last item of the previous page. */
  listCombats(options: {
    limit: number;
    before?: { startedAt: string; id: string } | undefined;
  }): Promise<CombatSummary[]>;
  deleteCombat(id: string): Promise<void>;
  getSetting(key: string): Promise<unknown>;
  putSetting(key: string, value: unknown): Promise<void>;
}

/** Names of the repository functions that write, for hosts that wrap writes (durability). */
export const writeMethods = [
  'saveRoster',
  'deleteRoster',
  'duplicateRoster',
  'saveUnit',
  'deleteUnit',
  'importRosters',
  'saveCombat',
  'deleteCombat',
  'putSetting',
] as const satisfies readonly (keyof RosterRepository)[];

/** The repository over `db`: each part of it in parts/, one purpose each. */
export function createRepository(db: CompanionDb, deps: RepoDeps): RosterRepository {
  const context = { db, ...deps };
  return { ...rosterPart(context), ...unitPart(context), ...exchangePart(context), ...combatPart(context) };
}
