import { describe, expect, it } from 'vitest';
import { runToEnd } from '../../../core/analysis/chunked';
import { createMatchupBackend } from '../../../core/api/backends/matchups';
import { cellRequestsOf, pairingPlanInChunks, type MatchupSide } from '../../../core/matchups';
import { registry } from '../../../core/systems';
import { makeRegistry } from '../../../core/systems/registry';
import { freshStore, validProfiles } from '../store/fixtures';

/** Old World infantry of `models` models. */
const profile = (models: number, weaponSkill = 3) => ({ ...validProfiles['old-world'], models, weaponSkill });

/** The app's registry with The Old World's `start` counted: how many combats the host starts. */
function countingRegistry() {
  const oldWorld = registry.definitionOf('old-world')!;
  const counted = { starts: 0 };
  const rules = Object.create(oldWorld.rules) as typeof oldWorld.rules;
  rules.start = (setup: never) => {
    counted.starts++;
    return oldWorld.rules.start(setup);
  };
  const definitions = registry.definitions.map((d) => (d.id === 'old-world' ? { ...d, rules } : d));
  return { counted, registry: makeRegistry(definitions) };
}

async function setUp() {
  const { repo } = freshStore();
  const mine = await repo.saveRoster({ name: 'Empire', system: 'old-world', pointsLimit: null, notes: '' });
  const theirs = await repo.saveRoster({ name: 'Orcs', system: 'old-world', pointsLimit: null, notes: '' });
  for (const [roster, name, p] of [
    [mine, 'Greatswords', profile(20, 4)],
    [mine, 'Knights', profile(5)],
    [mine, 'Halberdiers', profile(10, 2)],
    [theirs, 'Boyz', profile(15)],
    [theirs, 'Trolls', profile(4, 3)],
  ] as const)
    await repo.saveUnit(roster.id, { name, points: null, profile: p });
  const { counted, registry: counting } = countingRegistry();
  const backend = createMatchupBackend({ repo, registry: counting });
  const side = async (id: string): Promise<MatchupSide> => {
    const found = (await repo.getRoster(id))!;
    return {
      name: found.roster.name,
      units: [...found.units].sort((a, b) => a.position - b.position).map((u) => ({ ...u })),
    };
  };
  return { backend, counted, mine, theirs, sides: [await side(mine.id), await side(theirs.id)] as const };
}

describe('roster.matchups fills the cheapest pairings first', () => {
  it('works the table out in the plan’s order, each pairing’s combats started once, both ways', async () => {
    const { backend, counted, mine, theirs, sides } = await setUp();
    const expected = runToEnd(
      pairingPlanInChunks(registry.definitionOf('old-world')!, cellRequestsOf(sides[0], sides[1], undefined)),
    ).map((p) => `${p.request.mine.unitName}/${p.request.theirs.unitName}`);
    const request = { mine: mine.id, theirs: theirs.id, stop: false };
    const filled = new Set<string>();
    const calls: Array<Set<string>> = [];
    let reply;
    do {
      reply = await backend['roster.matchups'](request);
      const names = new Map([...reply.table.mine.units, ...reply.table.theirs.units].map((u) => [u.id, u.name]));
      const added = new Set<string>();
      for (const row of reply.table.rows)
        for (const cell of row.cells) {
          const pair = `${names.get(cell.mine)}/${names.get(cell.theirs)}`;
          if (cell.odds && !filled.has(pair)) added.add(pair);
        }
      for (const pair of added) filled.add(pair);
      calls.push(added);
      expect(reply.done).toBe(filled.size);
    } while (!reply.finished);
    // Each call's new cells are the plan's next ones: the smallest fights first, the largest last.
    expect(calls).toEqual([new Set(expected.slice(0, 4)), new Set(expected.slice(4))]);
    expect(expected[0]).toBe('Knights/Trolls');
    expect(expected[expected.length - 1]).toBe('Greatswords/Boyz');
    expect(reply.table.rows.flatMap((r) => r.cells).every((c) => c.odds?.kind === 'whole' && c.defending)).toBe(true);
    // Six pairings, each started once each way: no setup built twice across the calls.
    expect(counted.starts).toBe(12);
    // Asked again: everything remembered, nothing started.
    await backend['roster.matchups'](request);
    expect(counted.starts).toBe(12);
  });
});
