import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The docs stay true: every repository path docs/ARCHITECTURE.md names exists (a moved file moves
 * its line there too), every relative link of README.md and docs/*.md resolves, and the README is
 * one a newcomer reads — at most 8,000 characters, the two commands first.
 */
const pathsIn = (text: string) =>
  [...text.matchAll(/`((?:core|renderer|electron|cli|test|docs|examples)\/[A-Za-z0-9_./-]+)`/g)]
    .map((m) => m[1]!.replace(/:\d+$/, ''))
    .filter((p) => !/[<>*]/.test(p));

describe('the docs stay true', () => {
  it('every path docs/ARCHITECTURE.md names exists', () => {
    const missing = [...new Set(pathsIn(readFileSync('docs/ARCHITECTURE.md', 'utf8')))].filter((p) => !existsSync(p));
    expect(missing).toEqual([]);
  });

  it.each(['README.md', 'docs/players-guide.md', 'docs/command-line.md', 'docs/web-server.md', 'docs/development.md'])(
    'every relative link of %s resolves',
    (file) => {
      const dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : '';
      const links = [...readFileSync(file, 'utf8').matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]!);
      const broken = links.filter((l) => !/^[a-z]+:/i.test(l) && !existsSync(dir + l));
      expect(broken).toEqual([]);
    },
  );

  it('the README is one a newcomer reads: at most 8,000 characters, how to start and how to test first', () => {
    const readme = readFileSync('README.md', 'utf8');
    expect(readme.length).toBeLessThanOrEqual(8000);
    expect(readme.indexOf('npm install && npm start')).toBeGreaterThan(0);
    expect(readme.indexOf('bash .ci/run')).toBeGreaterThan(0);
  });
});
