import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../../core/api';
import { CompanionDb } from '../../core/store/db';
import { createRepository } from '../../core/store/repo';
import { kitRegistry, systemsUnderTest } from './systems';

/**
 * Every system's rosters, through the whole backend on a store of its own: the unit editor's form
 * titled in the game's words, its valid profile kept and its invalid one refused naming the field
 * (the store untouched), the kept unit filling a side of a combat ("Pick from roster").
 */
function backendOnAFreshStore(): Backend {
  let ids = 0;
  const newId = () => `id-${++ids}`;
  const clock = () => '2026-11-28T19:00:00.000Z';
  const db = new CompanionDb({ indexedDB: new IDBFactory(), IDBKeyRange }, { registry: kitRegistry });
  return createBackend({
    registry: kitRegistry,
    appName: 'Combat Companion',
    version: '0.0.0-test',
    host: 'browser',
    store: { repo: createRepository(db, { clock, newId }), status: () => ({ state: 'ready', message: 'in memory' }) },
    clock,
    newId,
    newSeed: () => 1,
  });
}

describe.each(systemsUnderTest)('$id: a roster of its units', ({ id, conformance }) => {
  it('has a unit editor form, every field titled', async () => {
    const b = backendOnAFreshStore();
    const { schema } = await b['roster.profileForm']({ system: id });
    const properties = (schema as { properties?: Record<string, { title?: string }> }).properties ?? {};
    expect(Object.keys(properties).length).toBeGreaterThan(0);
    for (const [key, field] of Object.entries(properties)) expect(field.title, key).toBeTruthy();
  });

  it('keeps its valid profile, refuses its invalid one naming the field, and fills a combat side from it', async () => {
    const b = backendOnAFreshStore();
    const { roster } = await b['roster.save']({ name: 'Club list', system: id, pointsLimit: null, notes: '' });
    const { unit } = await b['unit.save']({
      rosterId: roster.id,
      name: 'First unit',
      points: 100,
      notes: '',
      profile: conformance.profiles.valid as Record<string, unknown>,
    });
    const refused = await b['unit.save']({
      rosterId: roster.id,
      name: 'Bad unit',
      points: 100,
      notes: '',
      profile: conformance.profiles.invalid.profile as Record<string, unknown>,
    }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'invalid_input', field: conformance.profiles.invalid.field });
    expect((await b['roster.get']({ id: roster.id })).units.map((u) => u.name)).toEqual(['First unit']);
    const filled = await b['combat.sideFromRoster']({
      rosterId: roster.id,
      unitId: unit.id,
      side: 'attacker',
      ranged: false,
    });
    expect(filled.system).toBe(id);
    expect(filled.side).toBeTruthy();
  });
});

describe('a roster of a system that is not here', () => {
  it('is refused naming the system, and nothing is stored', async () => {
    const b = backendOnAFreshStore();
    const refused = await b['roster.save']({ name: 'Chess club', system: 'chess', pointsLimit: null, notes: '' }).catch(
      (e: unknown) => e,
    );
    expect(refused).toMatchObject({ code: 'invalid_input', field: 'system' });
    expect((await b['roster.list']({ sort: 'name' })).rosters).toEqual([]);
  });
});
