import { registry } from '../../../core/systems';
import { afterEach, describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { oldWorldProfileSchema } from '../../../core/systems/old-world/roster/profile';
import {
  CompanionDb,
  LATEST_SCHEMA_VERSION,
  createRepository,
  StoreError,
  type CombatInput,
  type RosterRepository,
} from '../../../core/store';
import { ROSTER_FILE_FORMAT, ROSTER_FILE_VERSION, type RosterFile } from '../../../core/roster';
import { freshStore, validProfiles } from './fixtures';

let open: CompanionDb[] = [];
afterEach(() => {
  for (const db of open) db.close();
  open = [];
});
function store() {
  const s = freshStore();
  open.push(s.db);
  return s;
}

async function army(repo: RosterRepository, name = 'Alpha', units = 3) {
  const roster = await repo.saveRoster({ name, system: 'wh40k-10e', pointsLimit: 2000, notes: 'n' });
  const saved = [];
  for (let i = 0; i < units; i++)
    saved.push(
      await repo.saveUnit(roster.id, { name: `Squad ${i}`, points: 80 + i, profile: validProfiles['wh40k-10e'] }),
    );
  return { roster, units: saved };
}

const combat = (over: Partial<CombatInput> = {}): CombatInput => ({
  system: 'wh40k-10e',
  title: 'Fight',
  seed: 7,
  setup: { system: 'wh40k-10e' },
  inputs: [{ kind: 'continue', stepId: 's1' }],
  summary: null,
  finished: false,
  rosterIds: [],
  ...over,
});

async function rejects(promise: Promise<unknown>, code: StoreError['code'], field?: string) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StoreError);
  expect((error as StoreError).code).toBe(code);
  if (field !== undefined) expect((error as StoreError).field).toBe(field);
}

describe('roster repository (fake-indexeddb)', () => {
  it('saveRoster creates with host ids and timestamps, then updates', async () => {
    const { repo } = store();
    const created = await repo.saveRoster({ name: 'Alpha', system: 'old-world', pointsLimit: null, notes: '' });
    expect(created).toEqual({
      id: 'id-1',
      name: 'Alpha',
      system: 'old-world',
      pointsLimit: null,
      notes: '',
      createdAt: '2024-05-01T18:00:00.000Z',
      updatedAt: '2024-05-01T18:00:00.000Z',
      lastUsedAt: '2024-05-01T18:00:00.000Z',
    });
    const updated = await repo.saveRoster({
      id: created.id,
      name: 'Alpha 2',
      system: 'old-world',
      pointsLimit: 1500,
      notes: 'x',
    });
    expect(updated).toMatchObject({
      id: 'id-1',
      name: 'Alpha 2',
      pointsLimit: 1500,
      createdAt: created.createdAt,
      updatedAt: '2024-05-01T18:00:01.000Z',
    });
    await rejects(
      repo.saveRoster({ id: 'nope', name: 'x', system: 'old-world', pointsLimit: null, notes: '' }),
      'not_found',
      'id',
    );
  });

  it('saveRoster refuses to change the system of a roster with units', async () => {
    const { repo } = store();
    const { roster } = await army(repo, 'A', 1);
    await rejects(
      repo.saveRoster({ id: roster.id, name: 'A', system: 'ninth-age', pointsLimit: null, notes: '' }),
      'conflict',
      'system',
    );
  });

  it('listRosters counts units and sorts by name, last change or last use', async () => {
    const { repo } = store();
    const b = await army(repo, 'bravo', 2);
    const a = await army(repo, 'Alpha', 1);
    await repo.saveUnit(b.roster.id, { name: 'Late', profile: validProfiles['wh40k-10e'] });
    expect((await repo.listRosters()).map((r) => [r.name, r.unitCount])).toEqual([
      ['Alpha', 1],
      ['bravo', 3],
    ]);
    expect((await repo.listRosters('last-used')).map((r) => r.id)).toEqual([b.roster.id, a.roster.id]);
    expect((await repo.listRosters('updated')).map((r) => r.id)).toEqual([a.roster.id, b.roster.id]);
  });

  it('getRoster returns the roster with its units in order, or undefined', async () => {
    const { repo } = store();
    const { roster, units } = await army(repo);
    const got = await repo.getRoster(roster.id);
    expect(got?.roster).toMatchObject({ id: roster.id, name: 'Alpha' });
    expect(got?.units.map((u) => [u.name, u.position])).toEqual([
      ['Squad 0', 0],
      ['Squad 1', 1],
      ['Squad 2', 2],
    ]);
    expect(got?.units[0]).toEqual(units[0]);
    expect(await repo.getRoster('missing')).toBeUndefined();
  });

  it('saveUnit validates the profile against the roster system, with every problem', async () => {
    const { repo } = store();
    const { roster } = await army(repo, 'A', 0);
    const error = await repo
      .saveUnit(roster.id, { name: '', profile: { ...validProfiles['wh40k-10e'], models: [] } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).problems.map((p) => p.field)).toEqual(['name', 'profile.models']);
    expect((error as StoreError).message).toContain('profile.models: expected at least 1 model profiles');
    // A valid 10e profile is not a valid Old World one.
    await rejects(repo.saveUnit(roster.id, { name: 'x', profile: validProfiles['old-world'] }), 'invalid_input');
    await rejects(repo.saveUnit('missing', { name: 'x', profile: validProfiles['wh40k-10e'] }), 'not_found');
    expect((await repo.getRoster(roster.id))?.units).toEqual([]);
  });

  it('saveUnit replaces one unit only: last write wins per unit', async () => {
    const { repo } = store();
    const { roster, units } = await army(repo, 'A', 2);
    const [u0, u1] = units;
    // Two windows edit two units of the same roster; then the second window edits u0 again.
    await repo.saveUnit(roster.id, { name: 'Window 1', profile: validProfiles['wh40k-10e'] }, u0!.id);
    await repo.saveUnit(roster.id, { name: 'Window 2', profile: validProfiles['wh40k-10e'] }, u1!.id);
    const last = await repo.saveUnit(
      roster.id,
      { name: 'Window 2 again', points: 5, profile: validProfiles['wh40k-10e'] },
      u0!.id,
    );
    expect(last).toMatchObject({ id: u0!.id, position: 0, createdAt: u0!.createdAt, points: 5 });
    expect((await repo.getRoster(roster.id))?.units.map((u) => u.name)).toEqual(['Window 2 again', 'Window 2']);
    await rejects(repo.saveUnit(roster.id, { name: 'x', profile: validProfiles['wh40k-10e'] }, 'missing'), 'not_found');
    const other = await army(repo, 'B', 0);
    await rejects(
      repo.saveUnit(other.roster.id, { name: 'x', profile: validProfiles['wh40k-10e'] }, u0!.id),
      'conflict',
      'rosterId',
    );
  });

  it('deleteUnit removes one unit', async () => {
    const { repo } = store();
    const { roster, units } = await army(repo, 'A', 2);
    await repo.deleteUnit(units[0]!.id);
    expect((await repo.getRoster(roster.id))?.units.map((u) => u.id)).toEqual([units[1]!.id]);
    await rejects(repo.deleteUnit(units[0]!.id), 'not_found');
  });

  it('duplicateRoster copies the roster and its units under new ids', async () => {
    const { repo } = store();
    const { roster, units } = await army(repo, 'A', 2);
    const copy = await repo.duplicateRoster(roster.id);
    expect(copy.name).toBe('A (copy)');
    expect(copy.id).not.toBe(roster.id);
    const got = await repo.getRoster(copy.id);
    expect(got?.units.map((u) => u.name)).toEqual(units.map((u) => u.name));
    expect(got?.units.map((u) => u.profile)).toEqual(units.map((u) => u.profile));
    expect(got?.units.some((u) => units.some((o) => o.id === u.id))).toBe(false);
    expect((await repo.duplicateRoster(roster.id, 'Named')).name).toBe('Named');
    await rejects(repo.duplicateRoster('missing'), 'not_found');
  });

  it('deleteRoster removes the roster and its units in one transaction', async () => {
    const { repo, db } = store();
    const a = await army(repo, 'A', 3);
    const b = await army(repo, 'B', 1);
    expect(await repo.deleteRoster(a.roster.id)).toEqual({ unitsDeleted: 3 });
    expect(await db.units.count()).toBe(1);
    expect((await repo.listRosters()).map((r) => r.id)).toEqual([b.roster.id]);
    await rejects(repo.deleteRoster(a.roster.id), 'not_found');
  });

  it('deleteRoster leaves everything when the transaction fails part-way', async () => {
    const { repo, db } = store();
    const a = await army(repo, 'A', 3);
    db.rosters.hook('deleting', () => {
      throw new Error('disk on fire');
    });
    await expect(repo.deleteRoster(a.roster.id)).rejects.toThrow('disk on fire');
    expect(await db.units.count()).toBe(3);
    expect(await db.rosters.count()).toBe(1);
  });

  it('saveCombat, getCombat and listCombats: newest first, a page at a time', async () => {
    const { repo } = store();
    const saved = [];
    for (let i = 0; i < 5; i++) saved.push(await repo.saveCombat(combat({ title: `C${i}` })));
    const page1 = await repo.listCombats({ limit: 2 });
    expect(page1.map((c) => c.title)).toEqual(['C4', 'C3']);
    const last = page1[1]!;
    const page2 = await repo.listCombats({ limit: 10, before: { startedAt: last.startedAt, id: last.id } });
    expect(page2.map((c) => c.title)).toEqual(['C2', 'C1', 'C0']);
    const updated = await repo.saveCombat(
      combat({ id: saved[0]!.id, title: 'C0', inputs: [{ a: 1 }, { b: 2 }], summary: 'won', finished: true }),
    );
    expect(updated).toMatchObject({ startedAt: saved[0]!.startedAt, summary: 'won', inputCount: 2 });
    expect(updated.finishedAt).not.toBeNull();
    expect(await repo.getCombat(saved[0]!.id)).toMatchObject({
      setup: { system: 'wh40k-10e' },
      inputs: [{ a: 1 }, { b: 2 }],
    });
    expect(await repo.getCombat('missing')).toBeUndefined();
    await rejects(repo.saveCombat(combat({ id: 'missing' })), 'not_found');
    await repo.deleteCombat(saved[1]!.id);
    expect((await repo.listCombats({ limit: 10 })).length).toBe(4);
    await rejects(repo.deleteCombat(saved[1]!.id), 'not_found');
  });

  it('saveCombat with create stores a new combat under the id the host gave it (at its first step), once', async () => {
    const { repo } = store();
    const made = await repo.saveCombat(combat({ id: 'host-1', create: true, title: 'First step', inputs: [{ a: 1 }] }));
    expect(made).toMatchObject({ id: 'host-1', title: 'First step', inputCount: 1 });
    await rejects(repo.saveCombat(combat({ id: 'host-1', create: true })), 'conflict');
    expect(await repo.saveCombat(combat({ id: 'host-1', inputs: [{ a: 1 }, { b: 2 }] }))).toMatchObject({
      id: 'host-1',
      inputCount: 2,
    });
  });

  it('keeps settings', async () => {
    const { repo } = store();
    expect(await repo.getSetting('theme')).toBeUndefined();
    await repo.putSetting('theme', { dark: true });
    expect(await repo.getSetting('theme')).toEqual({ dark: true });
  });
});

describe('export and import', () => {
  it('round-trips: export → import into an empty store → export is identical', async () => {
    const a = store();
    const alpha = await army(a.repo, 'Alpha', 3);
    const other = await a.repo.saveRoster({ name: 'Orcs', system: 'old-world', pointsLimit: 1000, notes: '' });
    await a.repo.saveUnit(other.id, { name: 'Boyz', points: 100, profile: validProfiles['old-world'] });
    const file = await a.repo.exportRosters([]);
    expect(file.rosters.map((r) => r.name)).toEqual(['Alpha', 'Orcs']);
    const b = store();
    await b.repo.importRosters(JSON.parse(JSON.stringify(file)) as RosterFile, 'ask');
    const again = await b.repo.exportRosters([]);
    expect({ ...again, exportedAt: file.exportedAt }).toEqual(file);
    expect((await b.repo.getRoster(alpha.roster.id))?.units).toEqual(alpha.units.map((u) => ({ ...u })));
  });

  it('exports only the rosters asked for, and refuses an unknown id', async () => {
    const { repo } = store();
    const a = await army(repo, 'A', 1);
    await army(repo, 'B', 1);
    expect((await repo.exportRosters([a.roster.id])).rosters.map((r) => r.name)).toEqual(['A']);
    await rejects(repo.exportRosters(['missing']), 'not_found');
  });

  it("on an existing id: 'ask' is a conflict listing the ids and writes nothing", async () => {
    const { repo, db } = store();
    const a = await army(repo, 'A', 2);
    const file = await repo.exportRosters([]);
    await repo.saveRoster({ id: a.roster.id, name: 'Renamed', system: 'wh40k-10e', pointsLimit: null, notes: '' });
    const error = await repo.importRosters(file, 'ask').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).code).toBe('conflict');
    expect((error as StoreError).message).toContain(a.roster.id);
    expect((await repo.getRoster(a.roster.id))?.roster.name).toBe('Renamed');
    expect(await db.rosters.count()).toBe(1);
    expect(await repo.existingRosterIds([a.roster.id, 'other'])).toEqual([a.roster.id]);
  });

  it("'replace' swaps the roster and its units; 'keep-both' adds a copy under new ids", async () => {
    const { repo, db } = store();
    const a = await army(repo, 'A', 2);
    const file = await repo.exportRosters([]);
    await repo.saveUnit(a.roster.id, { name: 'Added later', profile: validProfiles['wh40k-10e'] });
    const replaced = await repo.importRosters(file, 'replace');
    expect(replaced).toMatchObject([{ id: a.roster.id, unitCount: 2 }]);
    expect((await repo.getRoster(a.roster.id))?.units.map((u) => u.name)).toEqual(['Squad 0', 'Squad 1']);
    const kept = await repo.importRosters(file, 'keep-both');
    expect(kept[0]!.id).not.toBe(a.roster.id);
    expect(await db.rosters.count()).toBe(2);
    expect(await db.units.count()).toBe(4);
  });

  it('imports all rosters of a file or none', async () => {
    const { repo, db } = store();
    const file: RosterFile = {
      format: ROSTER_FILE_FORMAT,
      version: ROSTER_FILE_VERSION,
      exportedAt: '2024-05-01T18:00:00.000Z',
      rosters: [
        {
          id: 'r-a',
          name: 'A',
          system: 'ninth-age',
          pointsLimit: null,
          notes: '',
          createdAt: '2024-05-01T18:00:00.000Z',
          updatedAt: '2024-05-01T18:00:00.000Z',
          units: [],
        },
        {
          id: 'r-b',
          name: 'B',
          system: 'ninth-age',
          pointsLimit: null,
          notes: '',
          createdAt: '2024-05-01T18:00:00.000Z',
          updatedAt: '2024-05-01T18:00:00.000Z',
          units: [],
        },
      ],
    };
    await repo.saveRoster({ name: 'x', system: 'ninth-age', pointsLimit: null, notes: '' });
    await db.rosters.put({ ...(await db.rosters.toCollection().first())!, id: 'r-b' });
    await rejects(repo.importRosters(file, 'ask'), 'conflict');
    expect(await db.rosters.get('r-a')).toBeUndefined();
  });
});

describe('schema migration', () => {
  it('v1 → v2 backfills lastUsedAt and indexes it, keeping every row', async () => {
    const idb = { indexedDB: new IDBFactory(), IDBKeyRange };
    const v1 = new CompanionDb(idb, { registry, version: 1 });
    await v1.open();
    expect(v1.verno).toBe(1);
    const row = {
      id: 'r1',
      name: 'Old',
      system: 'wh40k-10e' as const,
      pointsLimit: null,
      notes: '',
      createdAt: '2023-01-01T00:00:00.000Z',
      updatedAt: '2023-02-01T00:00:00.000Z',
    };
    await v1.rosters.bulkAdd([row, { ...row, id: 'r2', updatedAt: '2023-03-01T00:00:00.000Z' }] as never[]);
    await v1.units.add({
      id: 'u1',
      rosterId: 'r1',
      name: 'U',
      points: null,
      position: 0,
      profile: JSON.stringify(validProfiles['wh40k-10e']),
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    });
    await expect(v1.rosters.orderBy('lastUsedAt').toArray()).rejects.toThrow();
    v1.close();

    const v2 = new CompanionDb(idb, { registry });
    open.push(v2);
    await v2.open();
    expect(v2.verno).toBe(LATEST_SCHEMA_VERSION);
    expect((await v2.rosters.get('r1'))?.lastUsedAt).toBe('2023-02-01T00:00:00.000Z');
    expect((await v2.rosters.orderBy('lastUsedAt').reverse().toArray()).map((r) => r.id)).toEqual(['r2', 'r1']);
    const repo = createRepository(v2, { clock: () => '2024-01-01T00:00:00.000Z', newId: () => 'n' });
    expect((await repo.getRoster('r1'))?.units.map((u) => u.name)).toEqual(['U']);
    expect((await repo.listRosters('last-used')).map((r) => r.id)).toEqual(['r2', 'r1']);
  });

  it('v2 → v3 puts old-world units in the 6th edition troop types (a lone hero flagged as a character), other systems untouched', async () => {
    const idb = { indexedDB: new IDBFactory(), IDBKeyRange };
    const v2 = new CompanionDb(idb, { registry, version: 2 });
    await v2.open();
    const at = '2024-01-01T00:00:00.000Z';
    const roster = (id: string, system: string) => ({
      id,
      name: id,
      system,
      pointsLimit: null,
      notes: '',
      createdAt: at,
      updatedAt: at,
      lastUsedAt: at,
    });
    // A roster of the system with an upgrade (the ranks game), and one of a system without.
    await v2.rosters.add(roster('ow', 'old-world') as never);
    await v2.rosters.add(roster('40k', 'wh40k-10e') as never);
    const unit = (id: string, rosterId: string, profile: unknown) => ({
      id,
      rosterId,
      name: id,
      points: null,
      position: 0,
      profile: JSON.stringify(profile),
      createdAt: at,
      updatedAt: at,
    });
    const ow = validProfiles['old-world'];
    await v2.units.bulkAdd([
      unit('knights', 'ow', { ...ow, troopType: 'heavy-cavalry' }),
      unit('ogres', 'ow', { ...ow, troopType: 'monstrous-infantry' }),
      unit('lord', 'ow', { ...ow, models: 1, troopType: 'character' }),
      unit('spears', 'ow', { ...ow, troopType: 'infantry' }),
      unit('marines', '40k', validProfiles['wh40k-10e']),
    ] as never[]);
    v2.close();

    const v3 = new CompanionDb(idb, { registry });
    open.push(v3);
    await v3.open();
    expect(v3.verno).toBe(3);
    const repo = createRepository(v3, { clock: () => at, newId: () => 'n' });
    // Stored as written; the profile schema reads a missing `character` as false.
    const units = Object.fromEntries(
      ((await repo.getRoster('ow'))?.units ?? []).map((u) => [u.name, oldWorldProfileSchema.parse(u.profile)]),
    );
    expect(units['knights']).toMatchObject({ troopType: 'cavalry', character: false });
    expect(units['ogres']).toMatchObject({ troopType: 'large', character: false });
    expect(units['lord']).toMatchObject({ troopType: 'infantry', character: true });
    expect(units['spears']).toMatchObject({ troopType: 'infantry', character: false });
    expect((await repo.getRoster('40k'))?.units[0]?.profile).toEqual(validProfiles['wh40k-10e']);
  });
});
