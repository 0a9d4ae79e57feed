import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// The layer rules of ARCHITECTURE.md: what each folder of src/ may not import. A shared piece
// goes to a module both sides may import (src/text/, src/json/, src/redact/), never an exception.
// Both kinds of import are checked, `import ... from` (no-restricted-imports) and the lazy
// `import()` (no-restricted-syntax), each by the folder its path resolves to at the file's
// depth, so that `./sandbox/` from src/commands/ (the command) is not `../sandbox/` (the
// sandbox itself).
const above = ['commands/', 'sandbox/', 'cli.js', 'main.js'];
const client = ['http/', 'api/', 'settings/', 'context.js', 'prompts.js', 'fleet/'];
const pure = [...above, ...client, 'output/', 'unit/', 'doctor/', 'completion/', 'help/'];
const layers = [
  // The transport speaks HTTP and nothing else: no output, no commands, no panel API above it.
  [
    'http',
    [...above, 'output/', 'api/', 'settings/', 'context.js', 'prompts.js', 'fleet/', 'audit/'],
  ],
  ['api', [...above, 'output/', 'settings/', 'context.js', 'prompts.js', 'fleet/', 'unit/']],
  // Unit's rules are pure: they judge a definition and say why, they print nothing.
  ['unit', [...above, ...client, 'output/', 'doctor/']],
  ['output', [...above, 'http/', 'api/', 'settings/', 'prompts.js', 'fleet/', 'unit/']],
  // The sandbox is the panel, not a client: it shares rules (unit/, redact/), never the client.
  ['sandbox', ['commands/', 'cli.js', 'main.js', ...client, 'output/']],
  ['doctor', [...above, 'http/', 'fleet/']],
  // The trail records what the transport sent; it is told (a hook), it never drives a request.
  ['audit', [...above, 'output/', 'settings/', 'prompts.js', 'fleet/', 'unit/', 'doctor/']],
  ['settings', [...above, 'api/', 'unit/', 'doctor/', 'fleet/']],
  ['fleet', above],
  ['completion', [...above, 'http/', 'api/', 'unit/', 'doctor/']],
  ['launch', [...above, ...client, 'output/', 'unit/', 'doctor/']],
  ['help', [...above, ...client, 'output/', 'unit/', 'doctor/']],
  ...['json', 'text', 'redact', 'validate'].map((folder) => [folder, pure]),
  // Every command but the sandbox's: only `dactl sandbox` starts the sandbox.
  ['commands', ['sandbox/'], ['src/commands/sandbox/**']],
];

/** The rules of one file set, whose paths reach src/ through `up`. */
function rules(files, ignores, up, banned, folder) {
  const names = banned.map((b) => (b.endsWith('/') ? b : b.replace('.js', '\\.js$')));
  const source = `^${up}(${names.join('|')})`;
  const message = `${folder} may not import this (ARCHITECTURE.md, layer rules): move what both sides need to a module both may import.`;
  return {
    files,
    ignores,
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: source, message }] }],
      'no-restricted-syntax': [
        'error',
        {
          // esquery's regular expressions may not hold a "/".
          selector: `ImportExpression > Literal.source[value=/${source.replaceAll('/', '\\x2F')}/]`,
          message,
        },
      ],
    },
  };
}

/** One config per depth below the folder, since a path names a folder by its "../" count. */
const layer = ([folder, banned, ignores = []]) =>
  [0, 1, 2, 3, 4, 5].map((depth) =>
    rules(
      [`src/${folder}/${'*/'.repeat(depth)}*.ts`],
      ignores,
      '\\.\\./'.repeat(depth + 1),
      banned,
      `src/${folder}/`,
    ),
  );

// The files at the top of src/: only the program (cli.ts) and its "did you mean" (suggest.ts)
// know the commands.
const top = ['src/cli.ts', 'src/suggest.ts'];
const topLayers = [
  rules(['src/*.ts'], top, '\\./', ['commands/', 'sandbox/'], 'src/*.ts'),
  rules(top, [], '\\./', ['sandbox/'], 'src/*.ts'),
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'completions/', 'eslint.config.js'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // stdout carries data only; everything else goes through the output module.
      'no-console': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
    },
  },
  ...layers.flatMap(layer),
  ...topLayers,
  {
    files: ['test/**/*.ts'],
    rules: {
      'no-console': 'off',
      // node:test's describe() and it() return promises the runner itself awaits.
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Build, test and bench scripts: their output is their job.
    // TypeScript checks their names (checkJs), as it does for the .ts files.
    files: ['scripts/**/*.mjs', 'scripts/**/*.js', 'scripts/**/*.cjs'],
    rules: { 'no-console': 'off', 'no-undef': 'off' },
  },
  {
    files: ['scripts/**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The launcher is outside the TypeScript project (it would pull the bundle in); plain rules.
    // It is CommonJS (bin/package.json).
    files: ['bin/**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      sourceType: 'commonjs',
      globals: { process: 'readonly', require: 'readonly', __dirname: 'readonly' },
    },
    rules: {
      ...tseslint.configs.disableTypeChecked.rules,
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
);
