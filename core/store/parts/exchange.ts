import type { RosterSummary } from '../../roster/documents';
import { buildRosterFile, exportedRosterFields } from '../../roster/exchange';
import type { RosterRepository } from '../repo';
import { StoreError } from '../storeError';
import type { RosterRow, UnitRow } from '../rows';
import { requireRoster, toRoster, toUnit, toUnitRow, unitsOf, type StoreContext } from './context';

type Exchange = Pick<RosterRepository, 'exportRosters' | 'existingRosterIds' | 'importRosters'>;

/** Rosters in and out as files: exported, and imported whole (nothing on an undecided conflict). */
export function exchangePart({ db, clock, newId }: StoreContext): Exchange {
  return {
    async exportRosters(ids) {
      return db.transaction('r', db.rosters, db.units, async () => {
        const rows =
          ids.length === 0
            ? await db.rosters.orderBy('name').toArray()
            : await Promise.all(ids.map((id) => requireRoster(db, id)));
        const rosters = [];
        for (const row of rows) rosters.push({ roster: toRoster(row), units: (await unitsOf(db, row.id)).map(toUnit) });
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
            ...exportedRosterFields(roster),
            id: keepBoth ? newId() : roster.id,
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
  };
}
