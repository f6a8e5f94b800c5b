import { describe, expect, it } from 'vitest';
import { contract } from '../../../core/api';
import { createMatchupBackend } from '../../../core/api/backends/matchups';
import { ApiFailure } from '../../../core/api/reply';
import { registry } from '../../../core/systems';
import { freshStore, validProfiles } from '../store/fixtures';

const intercessors = validProfiles['wh40k-10e'] as Record<string, unknown>;
const choppas = {
  ...intercessors,
  weapons: [{ name: 'Choppa', range: 'melee', attacks: 3, skill: 3, strength: 4, ap: -1, damage: 1 }],
};

async function setUp(pause?: () => Promise<void>) {
  const { repo } = freshStore();
  const mine = await repo.saveRoster({ name: 'Strike Force', system: 'wh40k-10e', pointsLimit: null, notes: '' });
  const theirs = await repo.saveRoster({ name: 'Waaagh', system: 'wh40k-10e', pointsLimit: null, notes: '' });
  const units = [];
  for (const [roster, name, profile] of [
    [mine, 'Intercessors', intercessors],
    [mine, 'Assault Squad', choppas],
    [mine, 'Hellblasters', intercessors],
    [theirs, 'Boyz', choppas],
    [theirs, 'Nobz', intercessors],
  ] as const)
    units.push(await repo.saveUnit(roster.id, { name, points: null, profile }));
  const backend = createMatchupBackend({ repo, registry, ...(pause ? { pause } : {}) });
  return { repo, backend, mine, theirs, units };
}

describe('roster.matchups: the table a few cells a call, remembered per unit version', () => {
  it('fills the table over several calls, saying how far it is, until finished', async () => {
    const { backend, mine, theirs } = await setUp();
    const request = contract['roster.matchups'].request.parse({ mine: mine.id, theirs: theirs.id });
    const seen: number[] = [];
    let reply;
    do {
      reply = await backend['roster.matchups'](request);
      seen.push(reply.done);
      expect(reply.total).toBe(6);
    } while (!reply.finished);
    expect(seen).toEqual([4, 6]);
    expect(reply.modes).toBe(true);
    expect(reply.table.mode).toBe('fighting');
    expect(reply.table.rows.flatMap((r) => r.cells).every((c) => c.odds?.kind === 'attack')).toBe(true);
    expect(contract['roster.matchups'].response.safeParse(reply).success).toBe(true);
    // Asked again: everything remembered, at once.
    expect(await backend['roster.matchups'](request)).toEqual(reply);
  });

  it('works an edited unit’s cells out afresh, and only those', async () => {
    const { backend, repo, mine, theirs, units } = await setUp();
    const request = contract['roster.matchups'].request.parse({ mine: mine.id, theirs: theirs.id });
    while (!(await backend['roster.matchups'](request)).finished);
    const before = await backend['roster.matchups'](request);
    await repo.saveUnit(mine.id, { name: 'Intercessors', points: null, profile: choppas }, units[0]!.id);
    const after = await backend['roster.matchups'](request);
    // Two cells (the edited unit's row) worked out again, the rest remembered.
    expect(after.finished).toBe(true);
    const row = (t: typeof before, id: string) =>
      t.table.rows.find((r) => r.unit.id === id)!.cells.map((c) => [c.odds?.win, c.odds?.meanModelsDestroyed]);
    expect(row(after, units[0]!.id)).not.toEqual(row(before, units[0]!.id));
    expect(row(after, units[0]!.id)).toEqual(row(after, units[1]!.id));
  });

  it('stops at once when told to: the call still working answers with the cells it has', async () => {
    let stopping: Promise<unknown> | null = null;
    const { repo } = freshStore();
    const a = await repo.saveRoster({ name: 'Empire', system: 'old-world', pointsLimit: null, notes: '' });
    const b = await repo.saveRoster({ name: 'Orcs', system: 'old-world', pointsLimit: null, notes: '' });
    await repo.saveUnit(a.id, { name: 'Halberdiers', points: null, profile: validProfiles['old-world'] });
    await repo.saveUnit(b.id, { name: 'Orc Boyz', points: null, profile: validProfiles['old-world'] });
    const backend = createMatchupBackend({
      repo,
      registry,
      pause: async () => {
        stopping ??= backend['roster.matchups']({ mine: a.id, theirs: b.id, stop: true });
        await stopping;
      },
    });
    const reply = await backend['roster.matchups']({ mine: a.id, theirs: b.id, stop: false });
    expect(stopping).not.toBeNull();
    expect(reply).toMatchObject({ done: 0, total: 1, finished: false });
  });

  it('refuses rosters of two games, or one that is not there, naming the field', async () => {
    const { backend, repo, mine } = await setUp();
    const other = await repo.saveRoster({ name: 'Empire', system: 'old-world', pointsLimit: null, notes: '' });
    const call = (theirs: string) => backend['roster.matchups']({ mine: mine.id, theirs, stop: false });
    await expect(call(other.id)).rejects.toMatchObject({ code: 'invalid_input', field: 'theirs' });
    await expect(call(other.id)).rejects.toThrow(/rosters of different games/);
    await expect(call('nope')).rejects.toBeInstanceOf(ApiFailure);
    await expect(call('nope')).rejects.toMatchObject({ code: 'not_found', field: 'theirs' });
  });

  it('refuses, in words, a cell whose unit has nothing to attack with', async () => {
    const { backend, mine, theirs, units } = await setUp();
    const call = backend['roster.matchupSetup']({
      mine: mine.id,
      theirs: theirs.id,
      mineUnit: units[1]!.id,
      theirsUnit: units[3]!.id,
      mode: 'shooting',
    });
    await expect(call).rejects.toThrow(/weapons does not fit this setup: expected at least one weapon/);
  });

  it('refuses a malformed request in words before it reaches the backend', () => {
    const checked = contract['roster.matchups'].request.safeParse({ mine: '', theirs: 'x', mode: 'charging' });
    expect(checked.success).toBe(false);
  });

  it('gives a cell’s setup for "Start this combat": the two units, filled as Pick from roster fills them', async () => {
    const { backend, mine, theirs, units } = await setUp();
    const reply = await backend['roster.matchupSetup']({
      mine: mine.id,
      theirs: theirs.id,
      mineUnit: units[1]!.id,
      theirsUnit: units[3]!.id,
      mode: 'fighting',
    });
    expect(reply.system).toBe('wh40k-10e');
    expect(reply.rosterIds).toEqual([mine.id, theirs.id]);
    expect(registry.systems['wh40k-10e']!.setupSchema.safeParse(reply.setup).success).toBe(true);
    expect(reply.setup).toMatchObject({
      attacker: { name: 'Assault Squad', ranged: false },
      defender: { name: 'Boyz' },
    });
  });
});
