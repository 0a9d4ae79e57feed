// Bundles src/ into dist/. The entry stays small; heavy libraries (got, conf, inquirer, yaml,
// the sandbox) and each command group live in chunks loaded only on the paths that use them.
// Every package is bundled, so the published package has no dependencies at all.
//
// esbuild splits code into chunks for ESM only, and an ES module cannot be compiled with a code
// cache made after it ran; so the chunks are split as ES modules, then each becomes an ordinary
// CommonJS module (dist/main.cjs, dist/chunks/*.cjs) that dist/launch.cjs compiles through node:vm
// with the code cache of src/launch/ (or Node loads itself, under --debug). main.cjs ends with the
// build id, a hash of all of them and of the launcher.
import { build, transform } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { basename, dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeBuiltins } from './builtins.mjs';
import { writeNotices } from './licenses.mjs';
import { dependencyPatches } from './patches/index.mjs';

// got imports its HTTP/2 client, HTTP cache and DNS cache at load time even when a request uses
// none of them; parsing them (and the http2, dns and zlib modules they pull in) costs about a
// tenth of a second's worth of start-up budget. dactl never sets got's `http2`, `cache` or
// `dnsCache` options, so those three packages are replaced by stand-ins that throw if used
// (scripts/stubs/). Upstream, got's pull request sindresorhus/got#2464 removes the HTTP/2 wrapper.
const stub = (/** @type {string} */ name) =>
  fileURLToPath(new URL(`./stubs/${name}.js`, import.meta.url));
const alias = Object.fromEntries(
  ['http2-wrapper', 'cacheable-request', 'cacheable-lookup'].map((name) => [name, stub(name)]),
);

/** Options shared with the single-file build of scripts/sea.mjs. */
export const common = /** @satisfies {import('esbuild').BuildOptions} */ ({
  bundle: true,
  platform: 'node',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  metafile: true,
  write: false,
  alias,
  // Node's modules (scripts/builtins.mjs), and the dependencies' patches (scripts/patches/).
  plugins: [nodeBuiltins, dependencyPatches()],
  logLevel: 'warning',
});

const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

/**
 * Fails the build when an output imports anything but Node's own modules: such an import would
 * need node_modules at run time, which the published package does not have.
 * @param {import('esbuild').Metafile} metafile
 */
export function checkSelfContained(metafile) {
  const outside = new Set();
  for (const output of Object.values(metafile.outputs)) {
    for (const imported of output.imports) {
      if (imported.external && !builtins.has(imported.path)) outside.add(imported.path);
    }
  }
  if (outside.size) {
    throw new Error(`the bundle imports packages it does not contain: ${[...outside].join(', ')}`);
  }
}

/**
 * A source map's lines moved down by `lines`.
 * @param {string} map JSON
 * @param {number} lines
 */
function shifted(map, lines) {
  /** @type {unknown} */
  const parsed = JSON.parse(map);
  const result = /** @type {{ mappings: string }} */ (parsed);
  result.mappings = ';'.repeat(lines) + result.mappings;
  return result;
}

/**
 * An ES module chunk as a CommonJS module: the other chunks required by path, import() a require
 * in a promise, strict as the module was. Its source map goes through the conversion (esbuild
 * reads an inline map of its input), so that under --debug stacks still name src/ files and lines.
 * @param {string} text
 * @param {string} map the first pass's source map of the chunk
 * @returns {Promise<{ code: string, map: string }>}
 */
async function toCommonJs(text, map) {
  const inline = Buffer.from(map).toString('base64');
  const result = await transform(
    `${text}\n//# sourceMappingURL=data:application/json;base64,${inline}\n`,
    {
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      minify: true,
      legalComments: 'none',
      supported: { 'dynamic-import': false },
      sourcemap: 'external',
      sourcesContent: false,
      logLevel: 'silent',
    },
  );
  // import.meta would become {}, and top-level await cannot be CommonJS: both must fail here.
  if (result.warnings.length) throw new Error(result.warnings.map((w) => w.text).join('\n'));
  // 'use strict' takes the first line: the map moves down one.
  return { code: `'use strict';\n${result.code}`, map: JSON.stringify(shifted(result.map, 1)) };
}

/**
 * Bundles an entry that exports run(argv) into `outdir` as dist/launch.cjs runs it: main.cjs (with
 * the build id), chunks/, their source maps, and the launcher itself. The bench builds its "got
 * alone" reference line with it too.
 * @param {string} entry
 * @param {string} outdir relative to the working directory, the package's root
 * @returns {Promise<import('esbuild').Metafile>}
 */
export async function bundle(entry, outdir) {
  const result = await build({
    ...common,
    entryPoints: { main: entry },
    outdir,
    splitting: true,
    format: 'esm',
    chunkNames: 'chunks/[name]-[hash]',
    outExtension: { '.js': '.cjs' },
    // Read only under --debug (src/launch/launch.ts), for stack traces that name src/ files.
    sourcemap: 'external',
    sourcesContent: false,
    plugins: [nodeBuiltins, dependencyPatches({ all: true })],
  });
  checkSelfContained(result.metafile);
  // The launcher requires nothing: Node's modules come from process.getBuiltinModule.
  const launcher = await build({
    ...common,
    entryPoints: ['src/launch/launch.ts'],
    outfile: join(outdir, 'launch.cjs'),
    format: 'cjs',
  });
  const imports = Object.values(launcher.metafile.outputs).flatMap((o) => o.imports);
  if (imports.length) throw new Error('dist/launch.cjs must require nothing');

  const maps = new Map(result.outputFiles.map((file) => [file.path, file.text]));
  const chunks = result.outputFiles.filter((file) => !file.path.endsWith('.map'));
  const scripts = await Promise.all(
    chunks.map(async (file) => {
      const map = maps.get(`${file.path}.map`);
      if (map === undefined) throw new Error(`${file.path}: no source map`);
      return { path: file.path, ...(await toCommonJs(file.text, map)) };
    }),
  );
  // The launcher too: how it compiles the chunks (their origin) is part of what V8 caches.
  const hash = createHash('sha256');
  for (const { path, code } of scripts) hash.update(`${path}\0${code}\0`);
  for (const { path, text } of launcher.outputFiles) hash.update(`${path}\0${text}\0`);
  const id = hash.digest('hex').slice(0, 16);

  // dist/sea (the single executable, scripts/sea.mjs) is left alone.
  for (const part of [
    'main.js',
    'main.js.map',
    'main.cjs',
    'main.cjs.map',
    'launch.cjs',
    'chunks',
  ]) {
    rmSync(join(outdir, part), { recursive: true, force: true });
  }
  for (const { path, code, map } of scripts) {
    mkdirSync(dirname(path), { recursive: true });
    const name = basename(path);
    // main.cjs ends with the build id (src/launch/launch.ts reads it), before the map's line.
    const tail = path.endsWith(`${sep}main.cjs`) ? `//build:${id}\n` : '';
    writeFileSync(path, `${code}${tail}//# sourceMappingURL=${name}.map\n`);
    writeFileSync(`${path}.map`, map);
  }
  for (const { path, text } of launcher.outputFiles) writeFileSync(path, text);
  return result.metafile;
}

/** dist/: the bundle of src/main.ts and the notices of the packages in it. */
export async function buildDist() {
  const metafile = await bundle('src/main.ts', 'dist');
  // The metafile's inputs are relative to the working directory, the package's root.
  writeNotices(process.cwd(), metafile, 'dist/THIRD-PARTY-LICENSES.txt');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildDist();
