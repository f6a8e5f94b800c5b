import { registry } from '../../core/systems';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../cli/main';
import { parseRosterFile, ROSTER_FILE_FORMAT, ROSTER_FILE_VERSION } from '../../core/roster/exchange';

async function run(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t), stdin: async () => '' });
  return { code, out, err };
}

describe('combat-companion roster import <file>', () => {
  it('prints the converted roster as a .ccroster.json document, and what to check on standard error', async () => {
    const { code, out, err } = await run('roster', 'import', 'test/fixtures/battlescribe/necrons-10e.rosz');
    expect(code).toBe(0);
    const file = JSON.parse(out) as unknown;
    expect(file).toMatchObject({
      format: ROSTER_FILE_FORMAT,
      version: ROSTER_FILE_VERSION,
      rosters: [{ name: 'Necrons 10e', system: 'wh40k-10e', pointsLimit: 2000 }],
    });
    expect(parseRosterFile(file, registry).ok).toBe(true);
    expect(err).toContain('Converted “Necrons 10e” (Warhammer 40,000 10th Edition): 4 units, 1205 pts.');
    expect(err).toContain('Check Overlord: Invulnerable save 4+ for Overlord');
  });

  it('reads a .ros of another system too', async () => {
    const { code, out } = await run('roster', 'import', 'test/fixtures/battlescribe/wh40k7e-marines.ros');
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({
      rosters: [{ system: 'wh40k-7e', units: [{ name: 'Tactical Squad' }, { name: 'Rhino' }, { name: 'Captain' }] }],
    });
  });

  it('refuses a bad file with a message naming what is wrong, exit code 2 and nothing on standard output', async () => {
    expect(await run('roster', 'import', 'test/fixtures/battlescribe/belakor-aos4-newrecruit.rosz')).toEqual({
      code: 2,
      out: '',
      err: expect.stringContaining(
        'belakor-aos4-newrecruit.rosz cannot be imported: it is a roster for Age of Sigmar 4.0.',
      ),
    });
    expect(await run('roster', 'import', 'test/fixtures/battlescribe/zip-bomb.rosz')).toEqual({
      code: 2,
      out: '',
      err: 'zip-bomb.rosz cannot be imported: the roster inside is larger than 10 MB once unzipped; a real roster is far smaller, so it is not read.\n',
    });
    expect(await run('roster', 'import', 'test/fixtures/battlescribe/missing.rosz')).toEqual({
      code: 2,
      out: '',
      err: 'Cannot read test/fixtures/battlescribe/missing.rosz: there is no such file.\n',
    });
  }, 20_000);

  it('says how to use it when the file or the action is missing', async () => {
    expect(await run('roster', 'import')).toMatchObject({
      code: 2,
      err: expect.stringContaining('give the roster file to convert'),
    });
    expect(await run('roster', 'export', 'x')).toMatchObject({
      code: 2,
      err: 'Usage: combat-companion roster import <file.ros|file.rosz>\n',
    });
    expect((await run('help')).out).toMatch(/roster import <file>\s+Convert a BattleScribe or New Recruit roster/);
  });
});
