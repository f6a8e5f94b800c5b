import { describe, expect, it } from 'vitest';
import { runCli } from '../../cli/main';
import { matchupTableSchema } from '../../core/matchups';
import { buildRosterFile } from '../../core/roster/exchange';
import type { Roster, Unit } from '../../core/roster/documents';
import { validProfiles } from '../core/store/fixtures';

const at = '2024-05-01T18:00:00.000Z';

function roster(id: string, name: string, system: string, units: Array<[string, string, unknown]>) {
  const r = {
    id,
    name,
    system,
    pointsLimit: null,
    notes: '',
    createdAt: at,
    updatedAt: at,
    lastUsedAt: at,
  } as Roster;
  const us = units.map(
    ([uid, uname, profile], position) =>
      ({
        id: uid,
        rosterId: id,
        name: uname,
        points: null,
        notes: '',
        profile,
        position,
        createdAt: at,
        updatedAt: at,
      }) as Unit,
  );
  return { roster: r, units: us };
}

const intercessors = validProfiles['wh40k-10e'];
const sluggas = {
  ...(intercessors as Record<string, unknown>),
  weapons: [
    { name: 'Slugga', range: 12, attacks: 1, skill: 5, strength: 4, ap: 0, damage: 1 },
    { name: 'Choppa', range: 'melee', attacks: 3, skill: 3, strength: 4, ap: -1, damage: 1 },
  ],
};
const file = JSON.stringify(
  buildRosterFile(
    [
      roster('r1', 'Strike Force', 'wh40k-10e', [
        ['u1', 'Intercessors', intercessors],
        ['u2', 'Assault Squad', sluggas],
      ]),
      roster('r2', 'Waaagh', 'wh40k-10e', [['u3', 'Boyz', sluggas]]),
      roster('r3', 'Empire', 'old-world', [['u4', 'Halberdiers', validProfiles['old-world']]]),
      roster('r4', 'Orcs', 'old-world', [['u5', 'Orc Boyz', { ...validProfiles['old-world'], toughness: 4 }]]),
    ],
    at,
  ),
);

async function run(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t), stdin: async () => file });
  return { code, out, err };
}

describe('combat-companion matchups', () => {
  it('prints the table as JSON of a stable shape: my units best first, every pair with its odds', async () => {
    const { code, out, err } = await run('matchups', '-', '--mine', 'strike force', '--theirs', 'Waaagh');
    expect(err).toBe('');
    expect(code).toBe(0);
    const table = matchupTableSchema.parse(JSON.parse(out));
    expect(table).toMatchObject({ system: 'wh40k-10e', mode: 'fighting', mine: { name: 'Strike Force' } });
    expect(table.rows.map((r) => r.unit.name).sort()).toEqual(['Assault Squad', 'Intercessors']);
    // Choppas (AP -1) do more to the Boyz than close combat weapons: the Assault Squad comes first.
    expect(table.rows[0]!.unit.name).toBe('Assault Squad');
    expect(table.rows[0]!.cells[0]!.odds).toMatchObject({ kind: 'attack', exact: true });
  });

  it('--shooting compares the ranged weapons; --markdown prints a table', async () => {
    const fight = JSON.parse((await run('matchups', '-', '--mine', 'Strike Force', '--theirs', 'Waaagh')).out);
    const shoot = JSON.parse(
      (await run('matchups', '-', '--mine', 'Strike Force', '--theirs', 'Waaagh', '--shooting')).out,
    );
    expect(shoot.mode).toBe('shooting');
    expect(shoot.rows).not.toEqual(fight.rows);
    const md = await run('matchups', '-', '--mine', 'Strike Force', '--theirs', 'Waaagh', '--markdown', '--shooting');
    expect(md.code).toBe(0);
    expect(md.out.split('\n')[0]).toBe('| Strike Force ↓ against Waaagh → (shooting) | Boyz |');
    expect(md.out).toMatch(/\| \*\*Wipe out [<>]?\d+% · \d+\.\d\u00a0models\*\* \|/);
  });

  it('gives a ranks game whole-combat odds', async () => {
    const { code, out } = await run('matchups', '-', '--mine', 'Empire', '--theirs', 'Orcs');
    expect(code).toBe(0);
    const cell = matchupTableSchema.parse(JSON.parse(out)).rows[0]!.cells[0]!;
    expect(cell.odds).toMatchObject({ kind: 'whole' });
    expect(cell.odds!.headline).toMatch(/^Empire win the fight/);
  });

  it.each([
    [['matchups', '-', '--mine', 'Strike Force'], /name both rosters/],
    [
      ['matchups', '-', '--mine', 'Nobody', '--theirs', 'Waaagh'],
      /--mine: the file has no roster named "Nobody"; it has "Strike Force"/,
    ],
    [['matchups', '-', '--mine', 'Empire', '--theirs', 'Waaagh'], /rosters of different games/],
    [
      ['matchups', '-', '--mine', 'Empire', '--theirs', 'Orcs', '--shooting'],
      /--shooting is for games whose units shoot or fight/,
    ],
    [['matchups', '-', '--mine', 'Strike Force', '--theirs', 'Waaagh', '--fighting', '--shooting'], /not both/],
    [['matchups', '--mine', 'a', '--theirs', 'b'], /give one roster file/],
  ])('refuses %j in words, with exit code 2', async (argv, message) => {
    const { code, out, err } = await run(...argv);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(message);
    expect(err).toContain('Usage: combat-companion matchups');
  });

  it('is listed in the help', async () => {
    expect((await run('help')).out).toMatch(/matchups <file> --mine <roster> --theirs <roster>/);
  });
});
