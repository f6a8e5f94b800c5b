import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [
  'fs',
  'path',
  'os',
  'child_process',
  'crypto',
  'url',
  'util',
  'stream',
  'events',
  'http',
  'https',
  'net',
  'worker_threads',
  'process',
  'buffer',
  'timers',
  'module',
];

// Import boundaries (ARCHITECTURE.md, "Folders"): core/ is pure rules and data, so it never sees
// Electron, React, Node or the DOM, and replays exactly; the renderer never reaches into electron/.
const corePaths = [
  { name: 'electron', message: 'core/ is pure: the hosts own Electron.' },
  { name: 'react', message: 'core/ is pure: UI lives in renderer/.' },
  { name: 'react-dom', message: 'core/ is pure: UI lives in renderer/.' },
  ...nodeBuiltins.map((name) => ({ name, message: 'core/ is pure: no Node modules.' })),
];
const corePatterns = [
  { group: ['node:*'], message: 'core/ is pure: no Node modules.' },
  { group: ['react/*', 'react-dom/*', 'electron/*', '@mantine/*'], message: 'core/ is pure: no UI or Electron.' },
  { group: ['**/electron/**', '**/renderer/**', '**/cli/**'], message: 'core/ may import only core/.' },
];

// Inside core/ the layers point one way (docs/ARCHITECTURE.md, "Layers of core/"), top to bottom:
// api; summary, scenario, store and roster; the rule systems (core/systems: the registry and each
// system's folder); the kit the systems are built from (core/analysis's odds helpers and
// core/battlescribe's generic BattleScribe / New Recruit reader); combat, dice, validation and the
// generic JSON Schema form helpers (core/forms) at the bottom. Nothing imports a layer above its own.
const layers = [
  {
    folders: ['api'],
    message:
      'core/api is the top layer: what a lower layer shares with it lives below (core/validation, core/analysis/odds.ts).',
  },
  {
    folders: ['summary', 'scenario', 'store', 'roster', 'matchups'],
    message:
      'rosters, the store, scenarios and summaries sit above the rule systems, the kit (odds helpers, the BattleScribe reader) and the bottom layer.',
  },
  {
    folders: ['systems'],
    message:
      'the kit (odds helpers, the BattleScribe reader) and the bottom layer know no rule system: the registry in core/systems sits above them.',
  },
  {
    folders: ['analysis', 'battlescribe'],
    message: 'the step protocol, dice and validation are the bottom layer: they know no odds helper or roster reader.',
  },
  { folders: ['combat', 'dice', 'validation', 'forms'] },
];
/** How many folders below core/ a file may sit for its imports to be checked (a test holds every file of core/ to it). */
const CORE_DEPTH = 6;
/**
 * The import rules of the files of one layer at one depth. A relative import names core/<folder>
 * exactly only from a known depth ('../roster' is core/roster from core/store/x.ts but a system's own
 * roster/ from core/systems/<id>/steps/x.ts), so each depth gets its own patterns.
 */
function layerAt(index, depth) {
  const up = '../'.repeat(depth);
  const within = '*/'.repeat(depth - 1);
  const above = layers.slice(0, index).map(({ folders, message }) => ({
    group: folders.flatMap((f) => [`${up}${f}`, `${up}${f}/**`]),
    message,
  }));
  return {
    files: layers[index].folders.map((f) => `core/${f}/${within}*.ts`),
    rules: { 'no-restricted-imports': ['error', { paths: corePaths, patterns: [...corePatterns, ...above] }] },
  };
}
const coreLayers = layers.flatMap((_, index) => Array.from({ length: CORE_DEPTH }, (_, d) => layerAt(index, d + 1)));

const coreBoundaries = {
  files: ['core/**/*.ts'],
  languageOptions: { globals: {} },
  rules: {
    'no-restricted-globals': [
      'error',
      ...[
        'window',
        'document',
        'navigator',
        'localStorage',
        'sessionStorage',
        'indexedDB',
        'fetch',
        'process',
        'require',
        'Buffer',
        'setTimeout',
        'setInterval',
        'performance',
        'crypto',
      ].map((name) => ({
        name,
        message: 'core/ is pure: no DOM, Node or timers; take what you need as an argument.',
      })),
    ],
    'no-restricted-properties': [
      'error',
      { object: 'Math', property: 'random', message: 'Every random number comes from the DiceSource passed in.' },
      { object: 'Date', property: 'now', message: 'core/ has no clock: the host passes timestamps in.' },
    ],
    'no-restricted-syntax': [
      'error',
      {
        selector: "NewExpression[callee.name='Date'][arguments.length=0]",
        message: 'core/ has no clock: the host passes timestamps in.',
      },
    ],
  },
};

const rendererBoundaries = {
  files: ['renderer/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [
          { name: 'electron', message: 'The renderer talks to the host only through the Client (renderer/src/host/).' },
        ],
        patterns: [
          { group: ['**/electron/**', 'electron/*'], message: 'renderer/ may not import electron/: use the Client.' },
        ],
      },
    ],
  },
};

export default defineConfig([
  globalIgnores(['out/', 'dist/', 'release/', 'node_modules/', 'test-results/', 'playwright-report/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: [
      'electron/**/*.ts',
      'cli/**/*.{ts,mjs}',
      '.ci/**/*.mjs',
      '*.config.{ts,js}',
      'vite.shared.ts',
      'test/**/*.{ts,tsx}',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  coreBoundaries,
  {
    files: ['core/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: corePaths, patterns: corePatterns }] },
  },
  ...coreLayers,
  rendererBoundaries,
]);
