import { describe, expect, it } from 'vitest';
import { runCli } from '../../cli/main';
import type { PlainMatchups } from '../../core/matchups';
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
      // One rank of six: a model slain before it strikes does not strike (seed 002, "Who strikes first"),
      // so here, unlike between two deep units, who charges changes the fight.
      roster('r4', 'Orcs', 'old-world', [
        ['u5', 'Orc Boyz', { ...validProfiles['old-world'], toughness: 4, models: 6, rankWidth: 6, attacks: 2 }],
      ]),
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
  it('prints the table as JSON of the fixed shape: units in roster order, cells[i][j] my unit i against their unit j', async () => {
    const { code, out, err } = await run('matchups', '-', '--mine', 'strike force', '--theirs', 'Waaagh');
    expect(err).toBe('');
    expect(code).toBe(0);
    const table = JSON.parse(out) as PlainMatchups;
    expect(Object.keys(table)).toEqual(['system', 'mine', 'theirs', 'cells']);
    expect(table).toMatchObject({ system: 'wh40k-10e', theirs: ['Boyz'] });
    expect([...table.mine].sort()).toEqual(['Assault Squad', 'Intercessors']);
    expect(table.cells).toHaveLength(table.mine.length);
    for (const row of table.cells) {
      expect(row).toHaveLength(1);
      // One attack (10th edition): models destroyed and the chance to destroy the unit; no fight both ways.
      expect(Object.keys(row[0]!)).toEqual([
        'pWin',
        'pWinDefending',
        'expectedDestroyed',
        'pDestroyAll',
        'exact',
        'note',
      ]);
      expect(row[0]).toMatchObject({ pWin: null, pWinDefending: null, exact: true, note: null });
      expect(row[0]!.expectedDestroyed).toBeGreaterThan(0);
      expect(row[0]!.pDestroyAll).toBeGreaterThanOrEqual(0);
    }
    // Choppas (AP -1) do more to the Boyz than close combat weapons.
    const at = (name: string) => table.cells[table.mine.indexOf(name)]![0]!.expectedDestroyed!;
    expect(at('Assault Squad')).toBeGreaterThan(at('Intercessors'));
  });

  it('--shooting compares the ranged weapons; --markdown prints a table', async () => {
    const fight = JSON.parse((await run('matchups', '-', '--mine', 'Strike Force', '--theirs', 'Waaagh')).out);
    const shoot = JSON.parse(
      (await run('matchups', '-', '--mine', 'Strike Force', '--theirs', 'Waaagh', '--shooting')).out,
    );
    expect(shoot.cells).not.toEqual(fight.cells);
    const md = await run('matchups', '-', '--mine', 'Strike Force', '--theirs', 'Waaagh', '--markdown', '--shooting');
    expect(md.code).toBe(0);
    expect(md.out.split('\n')[0]).toBe('| Strike Force ↓ against Waaagh → (shooting) | Boyz |');
    expect(md.out).toMatch(/\| \*\*Wipe out [<>]?\d+% · \d+\.\d\u00a0models\*\* \|/);
  });

  it('gives a ranks game my chance to win the fight both ways: charging and charged', async () => {
    const { code, out } = await run('matchups', '-', '--mine', 'Empire', '--theirs', 'Orcs');
    expect(code).toBe(0);
    const cell = (JSON.parse(out) as PlainMatchups).cells[0]![0]!;
    expect(cell).toMatchObject({ expectedDestroyed: null, pDestroyAll: null });
    expect(cell.pWin).toBeGreaterThan(0);
    expect(cell.pWin).toBeLessThan(1);
    expect(cell.pWinDefending).toBeGreaterThan(0);
    // The charger strikes first (equal Initiative): Orc Boyz slain in their one rank never strike back,
    // so the Halberdiers do clearly better charging than charged.
    expect(cell.pWin! - cell.pWinDefending!).toBeGreaterThan(0.01);
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
