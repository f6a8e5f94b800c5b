import { Dexie, type EntityTable, type Transaction } from 'dexie';
import { upgradedProfile } from '../roster/profiles';
import type { Registry } from '../systems/registry';
import type { CombatRow, RosterRow, SettingRow, UnitRow } from './rows';

/** What the store needs of IndexedDB: the browser's own, or fake-indexeddb in the desktop host. */
export interface IndexedDbFactory {
  indexedDB: { open: (...args: never[]) => unknown };
  IDBKeyRange: {
    bound: (...args: never[]) => unknown;
    lowerBound: (...args: never[]) => unknown;
    upperBound: (...args: never[]) => unknown;
  };
}

export const DB_NAME = 'combat-companion';
export const SCHEMA_VERSIONS = [1, 2, 3] as const;
export type SchemaVersion = (typeof SCHEMA_VERSIONS)[number];
export const LATEST_SCHEMA_VERSION: SchemaVersion = 3;

/** Version 1: the first release. */
export const schemaV1 = {
  rosters: 'id, name, updatedAt',
  units: 'id, rosterId',
  // [startedAt+id] pages combat history newest first without skipping equal timestamps.
  combats: 'id, [startedAt+id], system',
  settings: 'key',
} as const;

/** Version 2: rosters get `lastUsedAt`, indexed, for "sort by last used". */
export const schemaV2 = { ...schemaV1, rosters: 'id, name, updatedAt, lastUsedAt' } as const;

/** v1 → v2: a roster was last used when it was last changed, as far as v1 knows. */
export async function upgradeToV2(tx: Transaction): Promise<void> {
  await tx
    .table('rosters')
    .toCollection()
    .modify((roster: Partial<RosterRow>) => {
      if (typeof roster.lastUsedAt !== 'string') roster.lastUsedAt = roster.updatedAt ?? roster.createdAt ?? '';
    });
}

/** Version 3: the same tables; old-world units' troop types become the 6th edition's (no index changes). */
export const schemaV3 = schemaV2;

/**
 * v2 → v3: profiles stored in a system's earlier terms are rewritten in today's, by the system's
 * own upgrade (SystemDefinition.roster.upgradeProfile: the ranks game's troop types became the
 * 6th edition's and a lone character is flagged as one). Systems without one are left as they are.
 */
export async function upgradeToV3(tx: Transaction, registry: Registry): Promise<void> {
  const systemOf = new Map(((await tx.table('rosters').toArray()) as RosterRow[]).map((r) => [r.id, r.system]));
  await tx
    .table('units')
    .toCollection()
    .modify((unit: UnitRow) => {
      const system = systemOf.get(unit.rosterId);
      if (!registry.has(system)) return;
      try {
        const before = JSON.parse(unit.profile) as unknown;
        const after = upgradedProfile(registry, system, before);
        if (after !== before) unit.profile = JSON.stringify(after);
      } catch {
        // A profile that does not parse is left as it is: reading it reports the problem.
      }
    });
}

export interface CompanionDbOptions {
  /** The rule systems whose profiles the store keeps (the host's registry): it checks and upgrades them. */
  registry: Registry;
  name?: string;
  /**
   * Declare the schema only up to this version. Tests use 1 to build an old database; the
   * desktop store uses it to load an old snapshot before letting Dexie upgrade it.
   */
  version?: SchemaVersion;
}

/**
 * The roster store. It never reaches for a global IndexedDB: the host passes one in (the
 * browser's in the worker host, fake-indexeddb in the desktop host and in tests).
 */
export class CompanionDb extends Dexie {
  declare rosters: EntityTable<RosterRow, 'id'>;
  declare units: EntityTable<UnitRow, 'id'>;
  declare combats: EntityTable<CombatRow, 'id'>;
  declare settings: EntityTable<SettingRow, 'key'>;

  readonly registry: Registry;

  constructor(idb: IndexedDbFactory, options: CompanionDbOptions) {
    super(options.name ?? DB_NAME, { indexedDB: idb.indexedDB, IDBKeyRange: idb.IDBKeyRange });
    const upTo = options.version ?? LATEST_SCHEMA_VERSION;
    this.version(1).stores(schemaV1);
    if (upTo >= 2) this.version(2).stores(schemaV2).upgrade(upgradeToV2);
    if (upTo >= 3)
      this.version(3)
        .stores(schemaV3)
        .upgrade((tx) => upgradeToV3(tx, options.registry));
    this.registry = options.registry;
  }
}
