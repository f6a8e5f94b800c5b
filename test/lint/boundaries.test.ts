import { readdirSync } from 'node:fs';
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

describe('core/ layers point one way (ARCHITECTURE.md: api on top; summary, scenario, store, roster; systems; analysis, battlescribe; combat, dice, validation, forms)', () => {
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
    // The generic BattleScribe reader is part of the kit: below rosters, the systems and the contract.
    ['core/battlescribe/example.ts', "import { problemsOf } from '../roster/documents';"],
    ['core/battlescribe/example.ts', "import { rosterImport } from '../roster/import';"],
    ['core/battlescribe/example.ts', "import { checkUnit } from '../roster';"],
    ['core/battlescribe/example.ts', "import { systems } from '../systems';"],
    ['core/battlescribe/example.ts', "import { wh40k7eImport } from '../systems/wh40k-7e/roster/battlescribe';"],
    ['core/battlescribe/example.ts', "import type { Contract } from '../api/contract';"],
    ['core/systems/wh40k-7e/roster/example.ts', "import { checkUnit } from '../../../roster';"],
    ['core/systems/wh40k-7e/roster/example.ts', "import { profileSchemas } from '../../../roster/profiles';"],
    ['core/systems/example.ts', "import { checkUnit } from '../roster/index';"],
    ['core/combat/example.ts', "import { readRosterXml } from '../battlescribe/xml';"],
    ['core/forms/deep/example.ts', "import { cleanName } from '../../battlescribe/values';"],
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

  it('the systems may import the BattleScribe reader, and the import dispatch may too', async () => {
    expect(
      await ruleIds(
        'core/systems/wh40k-7e/roster/battlescribe.ts',
        "import { NotesWriter } from '../../../battlescribe/notes';\nimport type { SystemImport } from '../../../battlescribe/types';\nexport const a = NotesWriter;\nexport type S = SystemImport;\n",
      ),
    ).toEqual([]);
    expect(
      await ruleIds(
        'core/systems/definition.ts',
        "import type { SystemImport } from '../battlescribe/types';\nexport type S = SystemImport;\n",
      ),
    ).toEqual([]);
    expect(
      await ruleIds(
        'core/roster/import/example.ts',
        "import { rosterXmlOf } from '../../battlescribe/read';\nexport const a = rosterXmlOf;\n",
      ),
    ).toEqual([]);
  });

  it("the reader may import the kit and the bottom layer; a system's folder may import its own roster/", async () => {
    expect(
      await ruleIds(
        'core/battlescribe/example.ts',
        "import { isDiceExpression } from '../dice/expression';\nimport { NOTES_MAX } from '../validation/fields';\nimport { oddsFrom } from '../analysis/odds';\nimport { census } from './census';\nexport const a = [isDiceExpression, NOTES_MAX, oddsFrom, census];\n",
      ),
    ).toEqual([]);
    // '../roster' from a system's sub-folder is that system's own roster/, not core/roster.
    expect(
      await ruleIds(
        'core/systems/wh40k-7e/analysis/example.ts',
        "import { profileSchema } from '../roster/profile';\nexport const a = profileSchema;\n",
      ),
    ).toEqual([]);
  });

  it('every file of core/ is held to its layer (none sits deeper than the rules reach)', async () => {
    const bottomPatterns = (await eslint.calculateConfigForFile('core/dice/example.ts')).rules[
      'no-restricted-imports'
    ][1].patterns.length;
    const files = readdirSync('core', { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(100);
    const unchecked: string[] = [];
    for (const file of files) {
      const path = `core/${file}`;
      if (path.startsWith('core/api/')) continue;
      const patterns = (await eslint.calculateConfigForFile(path)).rules['no-restricted-imports'][1].patterns;
      // Every layer below the contract refuses at least the contract's folder.
      if (!patterns.some((p: { group?: string[] }) => p.group?.some((g) => g.endsWith('api')))) unchecked.push(path);
    }
    expect(unchecked).toEqual([]);
    expect(bottomPatterns).toBeGreaterThan(4);
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
