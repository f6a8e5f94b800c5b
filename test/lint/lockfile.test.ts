import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// CI runs `npm ci`, which refuses a lock file that lacks an entry for any optional dependency
// of a locked package (the per-platform builds of rollup, esbuild…), even one this machine
// never installs. A lock written against a registry mirror that misses some of those builds
// passes `npm install` here and fails CI in two seconds; this test catches it first.
interface LockEntry {
  readonly optionalDependencies?: Readonly<Record<string, string>>;
}
interface Lock {
  readonly packages: Readonly<Record<string, LockEntry>>;
}

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as Lock;

/** Node's resolution from a package folder: its own node_modules, then each parent's. */
function resolves(from: string, name: string): boolean {
  let dir = from;
  for (;;) {
    const candidate = dir === '' ? `node_modules/${name}` : `${dir}/node_modules/${name}`;
    if (candidate in lock.packages) return true;
    if (dir === '') return false;
    const cut = dir.lastIndexOf('/node_modules/');
    dir = cut < 0 ? '' : dir.slice(0, cut);
  }
}

describe('package-lock.json', () => {
  it('has an entry for every optional dependency of every locked package', () => {
    const missing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        if (!resolves(path, name)) missing.push(`${name} (for ${path || 'the project'})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
