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

// Inside core/ the layers point one way (docs/ARCHITECTURE.md, "Layers"): api on top; summary,
// scenario, store and roster below it; the rule systems (core/systems: each system's folder and
// the registry) below those; the kit the systems are built from (core/analysis's odds helpers,
// core/roster/battlescribe's generic reader) below them; combat, dice, validation and the
// generic JSON Schema form helpers (core/forms) at the
// bottom. Nothing imports a layer above its own.
/** Relative imports of core/<folder> from anywhere inside core/ (one to three levels down). */
const coreFolder = (...folders) =>
  folders.flatMap((f) => [1, 2, 3].flatMap((d) => [`${'../'.repeat(d)}${f}`, `${'../'.repeat(d)}${f}/**`]));
/** Roster documents, the import dispatch and the profile registry: the roster layer above the systems (its generic BattleScribe reader, core/roster/battlescribe, sits below them). */
const rosterUpper = ['roster/documents', 'roster/exchange', 'roster/form', 'roster/import', 'roster/profiles'];
/** core/roster's index (matched as a regular expression: a gitignore-style pattern 'roster' would take its reader too). */
const rosterIndex = { regex: '^(\\.\\./)+roster(/index)?$' };
const above = {
  api: {
    group: coreFolder('api'),
    message:
      'core/api is the top layer: what a lower layer shares with it lives below (core/validation, core/analysis/odds.ts).',
  },
  middle: {
    group: coreFolder('summary', 'scenario', 'store', ...rosterUpper),
    message:
      'the rule systems sit below rosters, the store, scenarios and summaries (they may use the generic BattleScribe reader, core/roster/battlescribe).',
  },
  rosters: {
    // From inside the reader its upper siblings are '../documents' and the like.
    group: [
      ...coreFolder('summary', 'scenario', 'store', ...rosterUpper),
      ...['documents', 'exchange', 'form', 'import', 'profiles'].flatMap((f) => [`../${f}`, `../${f}/**`]),
    ],
    message:
      'the generic BattleScribe reader and the odds helpers sit below roster documents, the store, scenarios and summaries.',
  },
  systems: {
    group: coreFolder('systems'),
    message:
      'the kit (odds helpers, the BattleScribe reader) knows no rule system: the registry in core/systems sits above it.',
  },
  kit: {
    group: [...coreFolder('analysis'), ...coreFolder('roster')],
    message: 'the step protocol, dice and validation are the bottom layer: they know no rule system.',
  },
};
const coreLayers = [
  { files: ['core/**/*.ts'], extra: [] },
  { files: ['core/{summary,scenario,store,roster}/**/*.ts'], extra: [above.api] },
  {
    files: ['core/systems/**/*.ts'],
    extra: [above.api, above.middle, { ...rosterIndex, message: above.middle.message }],
  },
  {
    files: ['core/analysis/**/*.ts', 'core/roster/battlescribe/**/*.ts'],
    extra: [
      above.api,
      above.rosters,
      { ...rosterIndex, message: above.rosters.message },
      { regex: '^\\.\\.(/index)?$', message: above.rosters.message },
      above.systems,
    ],
  },
  {
    files: ['core/{combat,dice,validation,forms}/**/*.ts'],
    extra: [above.api, above.middle, above.systems, above.kit],
  },
].map(({ files, extra }) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { paths: corePaths, patterns: [...corePatterns, ...extra] }] },
}));

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
  ...coreLayers,
  rendererBoundaries,
]);
