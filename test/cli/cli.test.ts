import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../cli/main';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string; bin: Record<string, string> };

async function run(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t), stdin: async () => '' });
  return { code, out, err };
}

describe('combat-companion CLI', () => {
  it('prints the package version', async () => {
    expect(await run('--version')).toEqual({ code: 0, out: `${pkg.version}\n`, err: '' });
  });

  it('prints help listing its commands', async () => {
    const { code, out } = await run('help');
    expect(code).toBe(0);
    expect(out).toContain('Usage: combat-companion <command>');
    expect(out).toMatch(/help\s+Show this help/);
    expect(out).toContain('--version');
  });

  it('refuses an unknown command with exit code 2 and says how to get help', async () => {
    const { code, err } = await run('conquer');
    expect(code).toBe(2);
    expect(err).toContain('unknown command "conquer"');
    expect(err).toContain('combat-companion help');
  });

  it('does not treat inherited names as commands', async () => {
    expect((await run('constructor')).code).toBe(2);
  });

  it('runs through the package.json bin entry', async () => {
    const bin = pkg.bin['combat-companion'];
    expect(bin).toBeDefined();
    const { stdout } = await promisify(execFile)(process.execPath, [bin!, '--version']);
    expect(stdout).toBe(`${pkg.version}\n`);
  });
});
