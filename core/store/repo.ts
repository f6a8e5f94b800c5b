import { checkUnit, type Checked } from '../roster/documents';
import type { Roster, RosterFields, RosterSummary, Unit, UnitFields } from '../roster/documents';
import { buildRosterFile, type RosterFile } from '../roster/exchange';
import type { FieldProblem } from '../validation/issues';
import type { UnitProfile } from '../roster/profiles';
import type { CompanionDb } from './db';
import type { CombatRow, RosterRow, UnitRow } from './rows';

/** An expected failure of a repository call; the backend turns it into an error reply. */
export class StoreError extends Error {
  constructor(
    readonly code: 'not_found' | 'conflict' | 'invalid_input',
    message: string,
    readonly field?: string,
    readonly problems: FieldProblem[] = [],
  ) {
    super(message);
    this.name = 'StoreError';
  }
}

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

export function createRepository(db: CompanionDb, deps: RepoDeps): RosterRepository {
  const { clock, newId } = deps;

  const toRoster = (row: RosterRow): Roster => ({
    id: row.id,
    name: row.name,
    system: row.system,
    pointsLimit: row.pointsLimit,
    notes: row.notes,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    lastUsedAt: row.lastUsedAt,
  });
  const toUnit = (row: UnitRow): Unit => ({
    id: row.id,
    rosterId: row.rosterId,
    name: row.name,
    points: row.points,
    notes: row.notes ?? '',
    position: row.position,
    profile: JSON.parse(row.profile) as UnitProfile,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  });
  const toUnitRow = (unit: Unit): UnitRow => ({ ...unit, profile: JSON.stringify(unit.profile) });
  const summaryOf = (row: CombatRow): CombatSummary => {
    const { log, ...rest } = row;
    return { ...rest, inputCount: (JSON.parse(log) as { inputs: unknown[] }).inputs.length };
  };

  async function requireRoster(id: string): Promise<RosterRow> {
    const row = await db.rosters.get(id);
    if (!row) throw new StoreError('not_found', `There is no roster with id "${id}".`, 'id');
    return row;
  }

  async function unitsOf(rosterId: string): Promise<UnitRow[]> {
    const rows = await db.units.where('rosterId').equals(rosterId).toArray();
    return rows.sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : 1));
  }

  return {
    async listRosters(sort = 'name') {
      return db.transaction('r', db.rosters, db.units, async () => {
        const rows = await db.rosters.toArray();
        // One pass over the rosterId index (keys only) rather than a count per roster.
        const counts = new Map<string, number>();
        for (const rosterId of (await db.units.orderBy('rosterId').keys()) as string[])
          counts.set(rosterId, (counts.get(rosterId) ?? 0) + 1);
        const list = rows.map((row) => ({ ...toRoster(row), unitCount: counts.get(row.id) ?? 0 }));
        const by = (a: RosterSummary, b: RosterSummary): number => {
          if (sort === 'updated') return b.updatedAt.localeCompare(a.updatedAt);
          if (sort === 'last-used') return b.lastUsedAt.localeCompare(a.lastUsedAt);
          return a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });
        };
        return list.sort((a, b) => by(a, b) || a.id.localeCompare(b.id));
      });
    },

    async getRoster(id) {
      return db.transaction('r', db.rosters, db.units, async () => {
        const row = await db.rosters.get(id);
        if (!row) return undefined;
        return { roster: toRoster(row), units: (await unitsOf(id)).map(toUnit) };
      });
    },

    async saveRoster(input) {
      const now = clock();
      return db.transaction('rw', db.rosters, db.units, async () => {
        if (input.id === undefined) {
          const row: RosterRow = {
            id: newId(),
            name: input.name,
            system: input.system,
            pointsLimit: input.pointsLimit,
            notes: input.notes,
            createdAt: now,
            updatedAt: now,
            lastUsedAt: now,
          };
          await db.rosters.add(row);
          return toRoster(row);
        }
        const existing = await requireRoster(input.id);
        if (existing.system !== input.system && (await db.units.where('rosterId').equals(input.id).count()) > 0) {
          throw new StoreError(
            'conflict',
            `The roster "${existing.name}" has units of ${existing.system}; remove them before changing its system.`,
            'system',
          );
        }
        const row: RosterRow = {
          ...existing,
          name: input.name,
          system: input.system,
          pointsLimit: input.pointsLimit,
          notes: input.notes,
          updatedAt: now,
          lastUsedAt: now,
        };
        await db.rosters.put(row);
        return toRoster(row);
      });
    },

    async deleteRoster(id) {
      // The roster and its units go together or not at all.
      return db.transaction('rw', db.rosters, db.units, async () => {
        await requireRoster(id);
        const unitIds = await db.units.where('rosterId').equals(id).primaryKeys();
        await db.units.bulkDelete(unitIds);
        await db.rosters.delete(id);
        return { unitsDeleted: unitIds.length };
      });
    },

    async duplicateRoster(id, name) {
      const now = clock();
      return db.transaction('rw', db.rosters, db.units, async () => {
        const source = await requireRoster(id);
        const copy: RosterRow = {
          ...source,
          id: newId(),
          name: name ?? `${source.name} (copy)`,
          createdAt: now,
          updatedAt: now,
          lastUsedAt: now,
        };
        await db.rosters.add(copy);
        const units = (await unitsOf(id)).map((unit) => ({
          ...unit,
          id: newId(),
          rosterId: copy.id,
          createdAt: now,
          updatedAt: now,
        }));
        await db.units.bulkAdd(units);
        return toRoster(copy);
      });
    },

    async saveUnit(rosterId, input, unitId) {
      const now = clock();
      return db.transaction('rw', db.rosters, db.units, async () => {
        const roster = await requireRoster(rosterId);
        const checked: Checked<UnitFields> = checkUnit(roster.system, input);
        if (!checked.ok) {
          throw new StoreError(
            'invalid_input',
            checked.problems.map((p) => p.message).join('; '),
            checked.problems[0]?.field,
            checked.problems,
          );
        }
        const existing = unitId === undefined ? undefined : await db.units.get(unitId);
        if (unitId !== undefined && !existing)
          throw new StoreError('not_found', `There is no unit with id "${unitId}".`, 'id');
        if (existing && existing.rosterId !== rosterId)
          throw new StoreError('conflict', `The unit "${existing.name}" belongs to another roster.`, 'rosterId');
        let position = existing?.position;
        if (position === undefined) {
          const siblings = await db.units.where('rosterId').equals(rosterId).toArray();
          position = siblings.reduce((max, u) => Math.max(max, u.position + 1), 0);
        }
        const unit: Unit = {
          id: existing?.id ?? newId(),
          rosterId,
          position,
          ...checked.value,
          createdAt: existing?.createdAt ?? now,
          updatedAt: now,
        };
        await db.units.put(toUnitRow(unit));
        await db.rosters.put({ ...roster, lastUsedAt: now });
        return unit;
      });
    },

    async deleteUnit(id) {
      await db.transaction('rw', db.units, async () => {
        if (!(await db.units.get(id))) throw new StoreError('not_found', `There is no unit with id "${id}".`, 'id');
        await db.units.delete(id);
      });
    },

    async exportRosters(ids) {
      return db.transaction('r', db.rosters, db.units, async () => {
        const rows =
          ids.length === 0
            ? await db.rosters.orderBy('name').toArray()
            : await Promise.all(ids.map((id) => requireRoster(id)));
        const rosters = [];
        for (const row of rows) rosters.push({ roster: toRoster(row), units: (await unitsOf(row.id)).map(toUnit) });
        return buildRosterFile(rosters, clock());
      });
    },

    async existingRosterIds(ids) {
      const rows = await db.rosters.bulkGet([...ids]);
      return rows.filter((row): row is RosterRow => row !== undefined).map((row) => row.id);
    },

    async importRosters(file, onConflict) {
      const now = clock();
      return db.transaction('rw', db.rosters, db.units, async () => {
        const existing = new Set(
          (await db.rosters.bulkGet(file.rosters.map((r) => r.id))).filter((r) => r !== undefined).map((r) => r.id),
        );
        if (existing.size > 0 && onConflict === 'ask') {
          throw new StoreError(
            'conflict',
            `These rosters already exist: ${[...existing].join(', ')}. Replace them or keep both?`,
            'onConflict',
          );
        }
        const imported: RosterSummary[] = [];
        for (const roster of file.rosters) {
          const keepBoth = existing.has(roster.id) && onConflict === 'keep-both';
          if (existing.has(roster.id) && onConflict === 'replace') {
            await db.units.bulkDelete(await db.units.where('rosterId').equals(roster.id).primaryKeys());
          }
          const row: RosterRow = {
            id: keepBoth ? newId() : roster.id,
            name: roster.name,
            system: roster.system,
            pointsLimit: roster.pointsLimit,
            notes: roster.notes,
            createdAt: roster.createdAt,
            updatedAt: roster.updatedAt,
            lastUsedAt: now,
          };
          // A unit id already used by another roster's unit gets a fresh one instead of moving it.
          const taken = new Set(
            (await db.units.bulkGet(roster.units.map((u) => u.id))).filter((u) => u !== undefined).map((u) => u.id),
          );
          const units: UnitRow[] = roster.units.map((unit, position) =>
            toUnitRow({ ...unit, id: keepBoth || taken.has(unit.id) ? newId() : unit.id, rosterId: row.id, position }),
          );
          await db.rosters.put(row);
          await db.units.bulkPut(units);
          imported.push({ ...toRoster(row), unitCount: units.length });
        }
        return imported;
      });
    },

    async saveCombat(input) {
      const now = clock();
      return db.transaction('rw', db.combats, async () => {
        const existing = input.id === undefined ? undefined : await db.combats.get(input.id);
        if (input.id !== undefined && !existing && !input.create)
          throw new StoreError('not_found', `There is no combat with id "${input.id}".`, 'id');
        if (existing && input.create)
          throw new StoreError('conflict', `There is already a combat with id "${input.id}".`, 'id');
        const row: CombatRow = {
          id: existing?.id ?? input.id ?? newId(),
          system: input.system,
          title: input.title,
          startedAt: existing?.startedAt ?? now,
          updatedAt: now,
          finishedAt: input.finished ? (existing?.finishedAt ?? now) : null,
          seed: input.seed,
          summary: input.summary,
          rosterIds: input.rosterIds,
          log: JSON.stringify({ setup: input.setup, inputs: input.inputs }),
        };
        await db.combats.put(row);
        return summaryOf(row);
      });
    },

    async getCombat(id) {
      const row = await db.combats.get(id);
      if (!row) return undefined;
      const log = JSON.parse(row.log) as { setup: unknown; inputs: unknown[] };
      return { ...summaryOf(row), setup: log.setup, inputs: log.inputs };
    },

    async listCombats({ limit, before }) {
      const index = db.combats.where('[startedAt+id]');
      const range = before ? index.below([before.startedAt, before.id]) : index.above(['', '']);
      const rows = await range.reverse().limit(limit).toArray();
      return rows.map(summaryOf);
    },

    async deleteCombat(id) {
      await db.transaction('rw', db.combats, async () => {
        if (!(await db.combats.get(id))) throw new StoreError('not_found', `There is no combat with id "${id}".`, 'id');
        await db.combats.delete(id);
      });
    },

    async getSetting(key) {
      return (await db.settings.get(key))?.value;
    },

    async putSetting(key, value) {
      await db.settings.put({ key, value });
    },
  };
}
