import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No runtime import circle in the product code. In a bundle a circle runs one of its files before
 * the other: a name that file copies at load from the other (`const { f } = other`) is then
 * undefined, and the app's engine stops in the browser while every unit test (which loads files
 * one by one) still passes. Type-only imports leave no trace at run time and are not counted.
 */
const root = resolve(__dirname, '../..');
const folders = ['core', 'renderer/src', 'electron'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

// `import … from '…'` and `export … from '…'`, except `import type` / `export type` (whole statements).
const RUNTIME_IMPORT = /^\s*(?:import|export)\s+(?!type\s)[^;]*?from\s+['"](\.[^'"]+)['"]/gm;
const SIDE_EFFECT_IMPORT = /^\s*import\s+['"](\.[^'"]+)['"]/gm;

function resolveImport(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(RUNTIME_IMPORT), ...text.matchAll(SIDE_EFFECT_IMPORT)].map((m) => m[1]!);
  return specs.flatMap((spec) => resolveImport(file, spec) ?? []);
}

/** Tarjan's strongly connected components: every group of files that import one another round. */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    for (let w = stack.pop()!; ; w = stack.pop()!) {
      onStack.delete(w);
      group.push(w);
      if (w === v) break;
    }
    if (group.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(group.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('product code has no runtime import circle', () => {
  it.each(folders)('%s', (folder) => {
    const files = sourceFiles(join(root, folder));
    const graph = new Map(files.map((f) => [f, runtimeImports(f)]));
    const named = circles(graph).map((group) => group.map((f) => relative(root, f)));
    expect(named).toEqual([]);
  });

  it('finds a circle where there is one (the check can fail)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(circles(graph)).toEqual([['a', 'b', 'c']]);
  });
});
