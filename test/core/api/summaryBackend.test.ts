import { registry } from '../../../core/systems';
import { describe, expect, it } from 'vitest';
import { createBackend, createDispatch, type Reply, type ResponseOf } from '../../../core/api';
import { conformance as oldWorld } from '../../../core/systems/old-world/conformance';
import { conformance as wh40k10e } from '../../../core/systems/wh40k-10e/conformance';
import type { StoredCombatRecord } from '../../../core/summary';
import { freshStore, validProfiles } from '../store/fixtures';

/** The real backend over a fresh store, through the contract's gate, as both hosts run it. */
function host() {
  const store = freshStore();
  const backend = createBackend({
    registry,
    appName: 'Combat Companion',
    version: '0.0.0',
    host: 'browser',
    store: { repo: store.repo, status: () => ({ state: 'ready', message: 'test' }) },
    clock: store.deps.clock,
    newId: store.deps.newId,
    newSeed: () => 1,
  });
  const dispatch = createDispatch(backend);
  const call = async <T>(channel: string, payload: unknown) => (await dispatch(channel, payload)) as Reply<T>;
  /** A stored combat, straight into the store (the combat backend stores them as they are played). */
  const save = async (
    entry: Parameters<typeof store.repo.saveCombat>[0],
  ): Promise<Reply<{ combat: Awaited<ReturnType<typeof store.repo.saveCombat>> }>> => ({
    ok: true,
    value: { combat: await store.repo.saveCombat(entry) },
  });
  return { store, call, save };
}

const fixture = wh40k10e.stored.record as StoredCombatRecord;
const store10e = (title: string, inputs: readonly unknown[], rosterIds: string[] = []) => ({
  system: fixture.system,
  title,
  seed: fixture.seed,
  setup: fixture.setup as Record<string, unknown>,
  inputs: inputs as Record<string, unknown>[],
  finished: inputs.length === fixture.inputs.length,
  summary: null,
  rosterIds,
});

describe('summary channels', () => {
  it('history.summary replays a stored combat into its summary, naming the rosters by their units', async () => {
    const { call, save } = host();
    const roster = await call<ResponseOf<'roster.save'>>('roster.save', {
      name: 'Waaagh!',
      system: 'wh40k-10e',
      pointsLimit: null,
      notes: '',
    });
    if (!roster.ok) throw new Error(roster.error.message);
    await call('unit.save', { rosterId: roster.value.roster.id, name: 'Boyz', profile: validProfiles['wh40k-10e'] });
    const saved = await save(store10e('Intercessors vs Boyz', fixture.inputs));
    if (!saved.ok) throw new Error(saved.error.message);
    const reply = await call<ResponseOf<'history.summary'>>('history.summary', { id: saved.value.combat.id });
    if (!reply.ok) throw new Error(reply.error.message);
    expect(reply.value.summary.outcome?.lines[0]).toBe('Boyz: 3 models destroyed of 10');
    expect(reply.value.summary.sides.defender.roster).toEqual({ id: roster.value.roster.id, name: 'Waaagh!' });
    expect(reply.value.summary.sides.attacker.roster).toBeNull();
    expect(await call('history.summary', { id: 'nope' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('a combat started with the rosters its sides were picked from keeps them at every step, and its summary names the side by the roster', async () => {
    const { call } = host();
    const roster = await call<ResponseOf<'roster.save'>>('roster.save', {
      name: 'Empire',
      system: 'old-world',
      pointsLimit: null,
      notes: '',
    });
    if (!roster.ok) throw new Error(roster.error.message);
    const record = oldWorld.stored.record as StoredCombatRecord;
    const setup = record.setup as Record<string, unknown>;
    const started = await call<ResponseOf<'combat.start'>>('combat.start', {
      system: 'old-world',
      setup,
      seed: 1,
      rosterIds: [roster.value.roster.id],
    });
    if (!started.ok) throw new Error(started.error.message);
    // A step later the combat is saved again: the roster must still be there.
    const step = started.value.step;
    const next = await call<ResponseOf<'combat.advance'>>('combat.advance', {
      id: started.value.id,
      input: { kind: 'roll', stepId: step.id, dice: [4, 4, 4, 1, 1], by: 'entered' },
    });
    if (!next.ok) throw new Error(next.error.message);
    const stored = await call<ResponseOf<'history.get'>>('history.get', { id: started.value.id });
    if (!stored.ok) throw new Error(stored.error.message);
    expect(stored.value.combat.rosterIds).toEqual([roster.value.roster.id]);
    const summary = await call<ResponseOf<'history.summary'>>('history.summary', { id: started.value.id });
    if (!summary.ok) throw new Error(summary.error.message);
    expect(summary.value.summary.sides.attacker.roster).toEqual({ id: roster.value.roster.id, name: 'Empire' });
    expect(summary.value.summary.sides.defender.roster).toBeNull();
  });

  it('history.summary says conflict for a log its system cannot replay', async () => {
    const { call, save } = host();
    const saved = await save(store10e('Broken', [{ kind: 'roll', stepId: 'w0.hit.0', dice: [9], by: 'entered' }]));
    if (!saved.ok) throw new Error(saved.error.message);
    expect(await call('history.summary', { id: saved.value.combat.id })).toMatchObject({
      ok: false,
      error: { code: 'conflict', message: expect.stringContaining('Input 1') },
    });
  });

  it('history.report picks combats by period, by roster or by id, oldest first', async () => {
    const { call, save } = host();
    const ids: string[] = [];
    // The test clock moves one second per call: these start at 18:00:00, :01 and :02 (UTC).
    for (const title of ['First', 'Second', 'Third']) {
      const saved = await save(store10e(title, fixture.inputs, title === 'Second' ? ['r-x'] : []));
      if (!saved.ok) throw new Error(saved.error.message);
      ids.push(saved.value.combat.id);
    }
    const titles = async (payload: unknown) => {
      const reply = await call<ResponseOf<'history.report'>>('history.report', payload);
      if (!reply.ok) throw new Error(reply.error.message);
      return reply.value.report.combats.map((c) => c.title);
    };
    expect(await titles({})).toEqual(['First', 'Second', 'Third']);
    expect(await titles({ from: '2024-05-01T18:00:01.000Z', to: '2024-05-01T18:00:02.000Z' })).toEqual(['Second']);
    expect(await titles({ from: '2024-05-01T20:00:01+02:00' })).toEqual(['Second', 'Third']);
    expect(await titles({ ids: [ids[2], ids[0]] })).toEqual(['First', 'Third']);
    const report = await call<ResponseOf<'history.report'>>('history.report', { ids: [ids[0]] });
    expect(report.ok && report.value.report.tally.map((t) => [t.name, t.combats, t.modelsDestroyed])).toEqual([
      ['Intercessors', 1, 3],
      ['Boyz', 1, 0],
    ]);
    expect(await call('history.report', { rosterId: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'not_found', field: 'rosterId' },
    });
    expect(await call('history.report', { ids: ['nope'] })).toMatchObject({
      ok: false,
      error: { code: 'not_found', field: 'ids.0' },
    });
  });

  it('history.exportReport gives the same report as a Markdown file, chosen the same way', async () => {
    const { call, save } = host();
    const saved = await save(store10e('Intercessors vs Boyz', fixture.inputs));
    if (!saved.ok) throw new Error(saved.error.message);
    const reply = await call<ResponseOf<'history.exportReport'>>('history.exportReport', {
      ids: [saved.value.combat.id],
      format: 'markdown',
    });
    if (!reply.ok) throw new Error(reply.error.message);
    expect(reply.value).toMatchObject({ fileName: 'club-night-report.md', kind: 'markdown' });
    expect(reply.value.content).toContain('Intercessors vs Boyz');
    expect(reply.value.content).toContain('Boyz: 3 models destroyed of 10');
    expect(await call('history.exportReport', { ids: ['nope'], format: 'markdown' })).toMatchObject({
      ok: false,
      error: { code: 'not_found', field: 'ids.0' },
    });
  });

  it('history.export gives the summary as Markdown and the stored log as JSON', async () => {
    const { call, save } = host();
    const saved = await save(store10e('Intercessors vs Boyz', fixture.inputs));
    if (!saved.ok) throw new Error(saved.error.message);
    const id = saved.value.combat.id;
    const md = await call<ResponseOf<'history.export'>>('history.export', { id, format: 'markdown' });
    expect(md).toMatchObject({ ok: true, value: { fileName: 'intercessors-vs-boyz-2024-05-01.md', kind: 'markdown' } });
    expect(md.ok && md.value.content).toContain('| 3 4 6 2 5 5 4 1 4 5 (8 pass, 1 crit) |');
    const json = await call<ResponseOf<'history.export'>>('history.export', { id, format: 'json' });
    if (!json.ok) throw new Error(json.error.message);
    const file = JSON.parse(json.value.content) as {
      combat: { setup: unknown; inputs: unknown[]; seed: number };
      summary: { steps: unknown[] };
    };
    expect(json.value.fileName).toBe('intercessors-vs-boyz-2024-05-01.json');
    expect(file.combat).toMatchObject({ setup: fixture.setup, inputs: fixture.inputs, seed: fixture.seed });
    expect(file.summary.steps).toHaveLength(8);
  });

  it('print channels are unsupported without a desktop host, so the page uses window.print()', async () => {
    const { call } = host();
    expect(await call('print.print', { paper: 'a4' })).toMatchObject({ ok: false, error: { code: 'unsupported' } });
    expect(await call('print.savePdf', { paper: 'letter', suggestedName: 'x.pdf' })).toMatchObject({
      ok: false,
      error: { code: 'unsupported' },
    });
  });
});

describe('store refusals reach the user as such, from any backend', () => {
  it('answering a combat that was deleted meanwhile says not_found, not "something went wrong"', async () => {
    const { call } = host();
    const setup = (oldWorld.stored.record as StoredCombatRecord).setup as Record<string, unknown>;
    const started = await call<ResponseOf<'combat.start'>>('combat.start', { system: 'old-world', setup, seed: 1 });
    if (!started.ok) throw new Error(started.error.message);
    // A combat is stored at its first step taken: take one, delete it from History, then answer the next.
    const first = started.value.step;
    const input =
      first.kind === 'roll'
        ? { kind: 'roll', stepId: first.id, dice: new Array<number>(first.count).fill(1), by: 'entered' }
        : first.kind === 'choose'
          ? { kind: 'choose', stepId: first.id, option: first.options[0]!.id }
          : { kind: 'continue', stepId: first.id };
    const taken = await call<ResponseOf<'combat.advance'>>('combat.advance', { id: started.value.id, input });
    if (!taken.ok) throw new Error(taken.error.message);
    expect(await call('history.delete', { id: started.value.id })).toMatchObject({ ok: true });
    const next = taken.value.step;
    const reply = await call('combat.advance', {
      id: started.value.id,
      input:
        next.kind === 'roll'
          ? { kind: 'roll', stepId: next.id, dice: new Array<number>(next.count).fill(1), by: 'entered' }
          : next.kind === 'choose'
            ? { kind: 'choose', stepId: next.id, option: next.options[0]!.id }
            : { kind: 'continue', stepId: next.id },
    });
    expect(reply).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});
