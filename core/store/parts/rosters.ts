import type { RosterSummary } from '../../roster/documents';
import type { RosterRepository } from '../repo';
import { unknownSystem } from '../../roster/profiles';
import { StoreError } from '../storeError';
import type { RosterRow } from '../rows';
import { requireRoster, toRoster, toUnit, unitsOf, type StoreContext } from './context';

type Rosters = Pick<RosterRepository, 'listRosters' | 'getRoster' | 'saveRoster' | 'deleteRoster' | 'duplicateRoster'>;

/** The rosters' own fields: list, read, save, delete, duplicate. */
export function rosterPart({ db, clock, newId }: StoreContext): Rosters {
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
        return { roster: toRoster(row), units: (await unitsOf(db, id)).map(toUnit) };
      });
    },

    saveRoster: saveRosterIn({ db, clock, newId }),

    async deleteRoster(id) {
      // The roster and its units go together or not at all.
      return db.transaction('rw', db.rosters, db.units, async () => {
        await requireRoster(db, id);
        const unitIds = await db.units.where('rosterId').equals(id).primaryKeys();
        await db.units.bulkDelete(unitIds);
        await db.rosters.delete(id);
        return { unitsDeleted: unitIds.length };
      });
    },

    async duplicateRoster(id, name) {
      const now = clock();
      return db.transaction('rw', db.rosters, db.units, async () => {
        const source = await requireRoster(db, id);
        const copy: RosterRow = {
          ...source,
          id: newId(),
          name: name ?? `${source.name} (copy)`,
          createdAt: now,
          updatedAt: now,
          lastUsedAt: now,
        };
        await db.rosters.add(copy);
        const units = (await unitsOf(db, id)).map((unit) => ({
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
  };
}

/** Creates (no id) or updates a roster's own fields; its system changes only while it has no units. */
function saveRosterIn({ db, clock, newId }: StoreContext): RosterRepository['saveRoster'] {
  return async (input) => {
    // Only a system of the store's registry: a roster of another could never hold a unit.
    if (!db.registry.has(input.system))
      throw new StoreError('invalid_input', `system: ${unknownSystem(db.registry, input.system)}`, 'system');
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
      const existing = await requireRoster(db, input.id);
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
  };
}
