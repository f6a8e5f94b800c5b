import { registry } from '../../../core/systems';
import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ApiFailure, fieldProblems } from '../../../core/api';
import { rosterChannels, rosterExampleIds } from '../../../core/api/channels/roster';
import { createRosterBackend } from '../../../core/api/backends/roster';
import { freshStore, validProfiles } from './fixtures';

type Name = keyof typeof rosterChannels;
const names = Object.keys(rosterChannels) as Name[];

/** What createDispatch does for a channel, until these channels are spread into the contract. */
type Reply<N extends Name> =
  | { ok: true; value: z.output<(typeof rosterChannels)[N]['response']> }
  | { ok: false; error: { code: string; field: string | undefined; message: string } };
async function call<N extends Name>(
  backend: ReturnType<typeof createRosterBackend>,
  name: N,
  payload: unknown,
): Promise<Reply<N>> {
  const spec = rosterChannels[name];
  const parsed = spec.request.safeParse(payload);
  if (!parsed.success)
    return {
      ok: false as const,
      error: {
        code: 'invalid_input',
        field: fieldProblems(parsed.error)[0]?.field,
        message: fieldProblems(parsed.error)
          .map((p) => p.message)
          .join('; '),
      },
    };
  try {
    const value = await (backend[name] as (r: unknown) => Promise<unknown>)(parsed.data);
    const checked = spec.response.safeParse(value);
    if (!checked.success)
      return { ok: false as const, error: { code: 'internal', field: undefined, message: checked.error.message } };
    return { ok: true as const, value: checked.data as z.output<(typeof rosterChannels)[N]['response']> };
  } catch (error) {
    if (error instanceof ApiFailure)
      return { ok: false as const, error: { code: error.code, field: error.field, message: error.message } };
    throw error;
  }
}

/** A store holding the rosters, unit and combat the channel examples name. */
async function seeded() {
  const s = freshStore();
  await s.db.rosters.add({
    id: rosterExampleIds.roster,
    name: 'Example',
    system: 'wh40k-10e',
    pointsLimit: 2000,
    notes: '',
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    lastUsedAt: '2024-01-01T00:00:00.000Z',
  });
  await s.db.units.add({
    id: rosterExampleIds.unit,
    rosterId: rosterExampleIds.roster,
    name: 'U',
    points: 10,
    position: 0,
    profile: JSON.stringify(validProfiles['wh40k-10e']),
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
  });
  await s.db.combats.add({
    id: rosterExampleIds.combat,
    system: 'wh40k-10e',
    title: 'T',
    startedAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    finishedAt: null,
    seed: 1,
    summary: null,
    rosterIds: [],
    log: JSON.stringify({ setup: {}, inputs: [] }),
  });
  return { ...s, backend: createRosterBackend({ repo: s.repo, ...s.deps, registry }) };
}

const wrongValues: unknown[] = [null, 12345, 'not-valid', [], { nested: true }, true, 'x'.repeat(20_000)];

describe('roster channels', () => {
  describe.each(names)('%s', (name) => {
    it('answers its example on a seeded store, within its response schema', async () => {
      const { backend } = await seeded();
      const reply = await call(backend, name, rosterChannels[name].example);
      expect(reply).toMatchObject({ ok: true });
    });

    it('refuses each field of its example set wrong, and an undeclared field, naming the field', () => {
      const { request, example } = rosterChannels[name];
      for (const key of Object.keys(example)) {
        const wrong = wrongValues.find((value) => !request.safeParse({ ...example, [key]: value }).success);
        expect(wrong, `${name}.${key} accepts anything`).not.toBeUndefined();
        const result = request.safeParse({ ...example, [key]: wrong });
        expect(result.success).toBe(false);
        if (!result.success) expect(fieldProblems(result.error)[0]?.field.startsWith(key)).toBe(true);
      }
      const extra = request.safeParse({ ...example, smuggled: 1 });
      expect(extra.success ? [] : fieldProblems(extra.error).map((p) => p.field)).toEqual(['smuggled']);
    });
  });

  it('makes ids in the host and reports not_found / conflict / invalid_input with the field', async () => {
    const { backend } = await seeded();
    const created = await call(backend, 'roster.save', {
      name: 'New',
      system: 'ninth-age',
      pointsLimit: null,
      notes: '',
    });
    expect(created).toMatchObject({ ok: true, value: { roster: { id: 'id-1', name: 'New' } } });
    expect(await call(backend, 'roster.get', { id: 'missing' })).toMatchObject({
      ok: false,
      error: { code: 'not_found', field: 'id' },
    });
    expect(await call(backend, 'history.get', { id: 'missing' })).toMatchObject({
      ok: false,
      error: { code: 'not_found', field: 'id' },
    });
    const badUnit = await call(backend, 'unit.save', {
      rosterId: 'id-1',
      name: 'Spears',
      profile: {
        ...validProfiles['ninth-age'],
        defensive: { healthPoints: 30, defensiveSkill: 3, resilience: 3, armour: 9 },
      },
    });
    expect(badUnit).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', field: 'profile.defensive.healthPoints' },
    });
    if (!badUnit.ok)
      expect(badUnit.error.message).toBe(
        'profile.defensive.healthPoints: expected a number from 1 to 20; profile.defensive.armour: expected a number from 0 to 6',
      );
    expect(
      await call(backend, 'roster.save', {
        id: rosterExampleIds.roster,
        name: 'x',
        system: 'old-world',
        pointsLimit: null,
        notes: '',
      }),
    ).toMatchObject({ ok: false, error: { code: 'conflict', field: 'system' } });
  });

  it('unit.save reports every problem of a unit at once: its name and points beside its profile (issue 18)', async () => {
    const { backend } = await seeded();
    await call(backend, 'roster.save', { name: 'New', system: 'ninth-age', pointsLimit: null, notes: '' });
    const bad = await call(backend, 'unit.save', {
      rosterId: 'id-1',
      name: '  ',
      points: -5,
      profile: {
        ...validProfiles['ninth-age'],
        defensive: { healthPoints: 30, defensiveSkill: 3, resilience: 3, armour: 1 },
      },
    });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    if (!bad.ok) {
      expect(bad.error.message).toMatch(/^name: /);
      expect(bad.error.message).toContain('; points: ');
      expect(bad.error.message).toContain('; profile.defensive.healthPoints: expected a number from 1 to 20');
    }
    // The types are still the channel's to refuse.
    expect(
      await call(backend, 'unit.save', { rosterId: 'id-1', name: 12, profile: validProfiles['ninth-age'] }),
    ).toMatchObject({ ok: false, error: { code: 'invalid_input', field: 'name' } });
  });

  it('exports with a file name, checks and imports with every problem listed, and asks on conflict', async () => {
    const { backend, db } = await seeded();
    const exported = await call(backend, 'roster.export', { ids: [] });
    expect(exported).toMatchObject({ ok: true, value: { fileName: 'example.ccroster.json' } });
    if (!exported.ok) return;
    const file = exported.value.file;
    expect(await call(backend, 'roster.checkImport', { file })).toMatchObject({
      ok: true,
      value: { problems: [], rosters: [{ id: rosterExampleIds.roster, exists: true, unitCount: 1 }] },
    });
    const asked = await call(backend, 'roster.import', { file });
    expect(asked).toMatchObject({ ok: false, error: { code: 'conflict', field: 'onConflict' } });
    if (!asked.ok) expect(asked.error.message).toContain(rosterExampleIds.roster);
    expect(await call(backend, 'roster.import', { file, onConflict: 'keep-both' })).toMatchObject({
      ok: true,
      value: { rosters: [{ name: 'Example', unitCount: 1 }] },
    });

    const broken = structuredClone(file) as unknown as {
      rosters: { name: unknown; units: { profile: { models: { toughness: unknown }[] } }[] }[];
    };
    broken.rosters[0]!.name = '';
    broken.rosters[0]!.units[0]!.profile.models[0]!.toughness = 15.5;
    const before = await db.rosters.count();
    const check = await call(backend, 'roster.checkImport', { file: broken });
    expect(check).toMatchObject({
      ok: true,
      value: { problems: [{ field: 'rosters[0].name' }, { field: 'rosters[0].units[0].profile.models[0].toughness' }] },
    });
    const refused = await call(backend, 'roster.import', { file: broken, onConflict: 'replace' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input', field: 'file.rosters[0].name' } });
    if (!refused.ok)
      expect(refused.error.message).toContain(
        'rosters[0].units[0].profile.models[0].toughness: expected a whole number from 1 to 30',
      );
    expect(await db.rosters.count()).toBe(before);
  });

  it('pages the combat history', async () => {
    const { backend, repo } = await seeded();
    // Combats are stored by the combat backend as they are played; here straight into the store.
    for (let i = 0; i < 3; i++)
      await repo.saveCombat({
        system: 'wh40k-10e',
        title: `C${i}`,
        seed: 1,
        setup: { system: 'wh40k-10e' },
        inputs: [],
        summary: null,
        finished: true,
        rosterIds: [],
      });
    const page = await call(backend, 'combat.history', { limit: 2 });
    expect(page.ok && page.value.combats.map((c) => c.title)).toEqual(['C2', 'C1']);
    if (!page.ok) return;
    const last = page.value.combats[1]!;
    const next = await call(backend, 'combat.history', {
      limit: 5,
      before: { startedAt: last.startedAt, id: last.id },
    });
    expect(next.ok && next.value.combats.map((c) => c.title)).toEqual(['C0', 'T']);
  });
});

describe('problems reach the UI one by one', () => {
  it('a unit with several bad fields is refused with every problem by path', async () => {
    const { backend } = await seeded();
    const profile = {
      ...validProfiles['wh40k-10e'],
      models: [{ ...(validProfiles['wh40k-10e'] as { models: object[] }).models[0], toughness: 40, wounds: 0 }],
    };
    try {
      await backend['unit.save']({ rosterId: rosterExampleIds.roster, name: 'Bad', points: null, profile } as never);
      throw new Error('expected a refusal');
    } catch (error) {
      expect(error).toBeInstanceOf(ApiFailure);
      const fields = ((error as ApiFailure).problems ?? []).map((p) => p.field);
      expect(fields).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/models\[0\]\.toughness$/),
          expect.stringMatching(/models\[0\]\.wounds$/),
        ]),
      );
    }
  });
});
