import { checkUnit, type Checked, type Unit, type UnitFields } from '../../roster/documents';
import type { RosterRepository } from '../repo';
import { StoreError } from '../storeError';
import { requireRoster, toUnitRow, type StoreContext } from './context';

/** One unit at a time: saved (checked against its roster's system) or deleted. */
export function unitPart({ db, clock, newId }: StoreContext): Pick<RosterRepository, 'saveUnit' | 'deleteUnit'> {
  return {
    async saveUnit(rosterId, input, unitId) {
      const now = clock();
      return db.transaction('rw', db.rosters, db.units, async () => {
        const roster = await requireRoster(db, rosterId);
        const checked: Checked<UnitFields> = checkUnit(db.registry, roster.system, input);
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
  };
}
