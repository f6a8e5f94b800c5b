import type { Roster, Unit } from '../../roster/documents';
import type { UnitProfile } from '../../roster/profiles';
import type { CombatSummary, RepoDeps } from '../repo';
import type { CompanionDb } from '../db';
import { StoreError } from '../storeError';
import type { CombatRow, RosterRow, UnitRow } from '../rows';

/** What every part of the repository works with: the tables, the host's clock and ids. */
export interface StoreContext extends RepoDeps {
  db: CompanionDb;
}

/** Rows as the store keeps them, and the documents the backend hands on. */
export const toRoster = (row: RosterRow): Roster => ({
  id: row.id,
  name: row.name,
  system: row.system,
  pointsLimit: row.pointsLimit,
  notes: row.notes,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  lastUsedAt: row.lastUsedAt,
});

export const toUnit = (row: UnitRow): Unit => ({
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

export const toUnitRow = (unit: Unit): UnitRow => ({ ...unit, profile: JSON.stringify(unit.profile) });

export const summaryOf = (row: CombatRow): CombatSummary => {
  const { log, ...rest } = row;
  return { ...rest, inputCount: (JSON.parse(log) as { inputs: unknown[] }).inputs.length };
};

export async function requireRoster(db: CompanionDb, id: string): Promise<RosterRow> {
  const row = await db.rosters.get(id);
  if (!row) throw new StoreError('not_found', `There is no roster with id "${id}".`, 'id');
  return row;
}

/** A roster's units in their order. */
export async function unitsOf(db: CompanionDb, rosterId: string): Promise<UnitRow[]> {
  const rows = await db.units.where('rosterId').equals(rosterId).toArray();
  return rows.sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : 1));
}
