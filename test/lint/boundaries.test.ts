import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import-boundary rules of eslint.config.js, exercised on code that breaks them.
const eslint = new ESLint();

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? 'parse-error');
}

describe('core/ stays pure', () => {
  it.each([
    ["import { app } from 'electron';", 'no-restricted-imports'],
    ["import { useState } from 'react';", 'no-restricted-imports'],
    ["import { readFile } from 'node:fs/promises';", 'no-restricted-imports'],
    ["import { join } from 'path';", 'no-restricted-imports'],
    ["import { x } from '../../electron/main/ipc';", 'no-restricted-imports'],
    ["import { x } from '../../renderer/src/App';", 'no-restricted-imports'],
    ['export const roll = () => Math.random();', 'no-restricted-properties'],
    ['export const now = () => Date.now();', 'no-restricted-properties'],
    ['export const now = () => new Date();', 'no-restricted-syntax'],
    ['export const w = () => window.innerWidth;', 'no-restricted-globals'],
    ["export const el = () => document.getElementById('x');", 'no-restricted-globals'],
    ["export const env = () => process.env['X'];", 'no-restricted-globals'],
  ])('refuses %s', async (code, rule) => {
    expect(await ruleIds('core/dice/example.ts', `${code}\n`)).toContain(rule);
  });

  it('allows core to import core and zod, and to build dates from given timestamps', async () => {
    const code =
      "import { z } from 'zod';\nimport { meanOf } from '../../analysis/mean';\nexport const at = (ms: number) => new Date(ms);\nexport const s = z.string();\nexport const m = meanOf;\n";
    expect(await ruleIds('core/summary/deep/example.ts', code)).toEqual([]);
  });
});

describe('core/ layers point one way (ARCHITECTURE.md: api on top; summary, scenario, store, roster; analysis, systems; combat, dice, validation)', () => {
  it.each([
    ['core/summary/example.ts', "import { oddsFrom } from '../api/backends/odds';"],
    ['core/roster/example.ts', "import { fieldProblems } from '../api/issues';"],
    ['core/store/example.ts', "import type { Contract } from '../api/contract';"],
    ['core/scenario/example.ts', "import { contract } from '../api';"],
    ['core/analysis/wh40k-10e/example.ts', "import { buildSummary } from '../../summary/summary';"],
    ['core/systems/old-world/example.ts', "import { profileSchemas } from '../../roster/profiles';"],
    ['core/combat/example.ts', "import { systems } from '../systems';"],
    ['core/dice/example.ts', "import { analyses } from '../analysis';"],
    ['core/validation/example.ts', "import { contract } from '../api/contract';"],
  ])('%s may not %s', async (file, code) => {
    expect(await ruleIds(file, `${code}\n`)).toContain('no-restricted-imports');
  });

  it('the contract may import every layer below it, and each layer those below it', async () => {
    expect(
      await ruleIds(
        'core/api/backends/example.ts',
        "import { oddsFrom } from '../../analysis/odds';\nimport { problemsOf } from '../../roster/documents';\nexport const a = [oddsFrom, problemsOf];\n",
      ),
    ).toEqual([]);
    expect(
      await ruleIds(
        'core/summary/example.ts',
        "import { oddsFrom } from '../analysis/odds';\nimport { fieldProblems } from '../validation/issues';\nexport const a = [oddsFrom, fieldProblems];\n",
      ),
    ).toEqual([]);
    expect(
      await ruleIds(
        'core/systems/x/example.ts',
        "import { advance } from '../../combat/engine';\nimport { summaryLine } from './summary';\nexport const a = [advance, summaryLine];\n",
      ),
    ).toEqual([]);
  });
});

describe('renderer/ stays away from electron/', () => {
  it.each([
    ["import { ipcRenderer } from 'electron';"],
    ["import { registerContractHandlers } from '../../electron/main/ipc';"],
  ])('refuses %s', async (code) => {
    expect(await ruleIds('renderer/src/example.ts', `${code}\n`)).toContain('no-restricted-imports');
  });

  it('allows the renderer to import the contract types from core', async () => {
    expect(
      await ruleIds(
        'renderer/src/example.ts',
        "import type { Client } from '../../core/api/client';\nexport type C = Client;\n",
      ),
    ).toEqual([]);
  });
});
