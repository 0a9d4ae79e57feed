// Bundles src/ into dist/. The entry stays small; heavy libraries (got, conf, inquirer, yaml,
// the sandbox) and each command group live in chunks loaded only on the paths that use them.
// Every package is bundled, so the published package has no dependencies at all.
//
// esbuild splits code into chunks for ESM only, and an ES module cannot be compiled with a code
// cache made after it ran; so the chunks are split as ES modules, then each becomes a CommonJS
// body in a function expression (dist/main.cjs, dist/chunks/*.cjs) that dist/launch.cjs compiles
// through node:vm with the code cache of src/launch/. main.cjs ends with the build id, a hash of
// all of them and of the launcher.
import { build, transform } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { basename, dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeNotices } from './licenses.mjs';

// got imports its HTTP/2 client, HTTP cache and DNS cache at load time even when a request uses
// none of them; parsing them (and the http2, dns and zlib modules they pull in) costs about a
// tenth of a second's worth of start-up budget. dactl never sets got's `http2`, `cache` or
// `dnsCache` options, so those three packages are replaced by stand-ins that throw if used.
const unusedByDactl = /^(http2-wrapper|cacheable-request|cacheable-lookup)$/;
/** @type {import('esbuild').Plugin} */
const leaveOutUnused = {
  name: 'leave-out-unused',
  setup(b) {
    b.onResolve({ filter: unusedByDactl }, (args) => ({
      path: fileURLToPath(new URL(`./stubs/${args.path}.js`, import.meta.url)),
    }));
  },
};

// Each import of a Node module in a chunk (esbuild writes them in the forms matched here, at
// statement starts, anywhere in a minified file since imports are hoisted) becomes a require() at
// the head of the file, before the chunk becomes CommonJS: a plain require() of the module, or a
// proxy that loads it on first use (loadedOnUse below), where esbuild's own conversion would wrap
// each one in its ES module interop.
const builtinImport =
  /(?<=^|[;}\n])import\s*(?:\*\s*as\s+([\w$]+)|([\w$]+)\s*(?:,\s*\{([^}]*)\})?|\{([^}]*)\})\s*from\s*"([^"]+)";?/g;
const builtinNames = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

// got imports https, tls and zlib at load time, commander child_process; on Node 24 loading them
// costs about 25 ms, and a request to an http:// panel with an uncompressed reply needs none of
// them. These modules are loaded on first use instead: a whole-module import (or a CommonJS
// require, see onUseRequires) becomes a proxy that requires the module at its first property
// read, and an imported function (a lower-case name) a function that does.
const loadedOnUse = new Set(
  ['https', 'tls', 'zlib', 'http2', 'dns', 'child_process', 'crypto', 'async_hooks'].map(
    (m) => `node:${m}`,
  ),
);
const onUseHelpers =
  'var __onUse=(n)=>{let m;return new Proxy({},{get:(_,k)=>(m??=require(n))[k],has:(_,k)=>k in(m??=require(n))})};' +
  // A proxy, not a plain wrapper, so the function's own properties (util.promisify.custom on
  // execFile, say) are read from the real one.
  'var __fnOnUse=(n,k)=>{const f=()=>require(n)[k];return new Proxy(function(){},{apply:(_,t,a)=>Reflect.apply(f(),t,a),construct:(_,a,nt)=>Reflect.construct(f(),a,nt),get:(_,p)=>f()[p]})};';

/**
 * @param {string} text an ESM output file
 * @returns {string} the same with Node's modules required, not imported
 */
function requireBuiltins(text) {
  let head = '';
  const body = text.replace(
    builtinImport,
    /** @type {(statement: string, ...groups: (string | undefined)[]) => string} */
    (statement, namespace, fallback, alsoNamed, named, source) => {
      if (!source || !builtinNames.has(source)) return statement;
      const id = `node:${source.replace(/^node:/, '')}`;
      const lazy = loadedOnUse.has(id);
      const call = `require(${JSON.stringify(id)})`;
      const whole = namespace ?? fallback;
      if (whole) head += `var ${whole}=${lazy ? `__onUse(${JSON.stringify(id)})` : call};`;
      /** @type {string[]} */
      const eager = [];
      for (const spec of (alsoNamed ?? named ?? '').split(',')) {
        const [name = '', local = name] = spec.trim().split(/\s+as\s+/);
        if (!name) continue;
        const real = /** @type {Record<string, unknown>} */ (process.getBuiltinModule(id))[name];
        if (lazy && /^[a-z]/.test(name) && typeof real === 'function') {
          head += `var ${local}=__fnOnUse(${JSON.stringify(id)},${JSON.stringify(name)});`;
        } else {
          eager.push(name === local ? name : `${name}:${local}`);
        }
      }
      if (eager.length) head += `var{${eager.join(',')}}=${call};`;
      // Blanked, not cut, and the requires on a line of their own above: the bundle's code keeps
      // its lines and columns, so its source map only moves down (see toScript).
      return ' '.repeat(statement.length);
    },
  );
  if (!head) return body;
  return (/__(onUse|fnOnUse)\(/.test(head) ? onUseHelpers : '') + head + '\n' + body;
}

/** @type {import('esbuild').Plugin} */
const onUseRequires = {
  name: 'on-use-requires',
  setup(b) {
    b.onResolve({ filter: /^(node:)?[a-z_0-9]+$/ }, (args) => {
      const id = `node:${args.path.replace(/^node:/, '')}`;
      if (args.kind !== 'require-call' || args.namespace === 'on-use' || !loadedOnUse.has(id)) {
        return undefined;
      }
      return { path: id, namespace: 'on-use' };
    });
    b.onLoad({ filter: /.*/, namespace: 'on-use' }, (args) => ({
      contents:
        `let m;const n=${JSON.stringify(args.path)};` +
        'module.exports=new Proxy({},{get:(_,k)=>(m??=require(n))[k],has:(_,k)=>k in(m??=require(n))});',
      loader: 'js',
    }));
  },
};

// Work some packages do at load time that a run seldom needs, moved to first use. Each patch names
// the exact text it replaces: the build fails if a package update changes it, rather than quietly
// doing the work at load time again.
// - decompress-response asks whether zlib has zstd, which loads zlib on every request; asked only
//   of a zstd reply, zlib stays unloaded until a reply is compressed.
// - got gives every request an id for its diagnostics channel messages (dactl subscribes to none)
//   from crypto.randomUUID, which loads node:crypto: a tenth of a request's start-up on Node 24.
//   The id stays a version 4 UUID, unique to the request, from Math.random.
// - @sindresorhus/is (got's argument checks) builds two Intl.ListFormat objects for its error
//   messages; the first one loads ICU's locale tables, about a third of a request's start-up.
/** @type {{ file: RegExp, replace: [string, string][] }[]} */
const patches = [
  {
    file: /[\\/]decompress-response[\\/]index\.js$/,
    replace: [
      ["const supportsZstd = typeof zlib.createZstdDecompress === 'function';", ''],
      [
        'supportsZstd',
        "(contentEncoding === 'zstd' && typeof zlib.createZstdDecompress === 'function')",
      ],
    ],
  },
  {
    file: /[\\/]got[\\/]dist[\\/]source[\\/]core[\\/]diagnostics-channel\.js$/,
    replace: [
      [
        'return randomUUID();',
        // A version 4 UUID as randomUUID makes, from Math.random: an id to match messages by.
        "return '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (c) => (c ^ ((Math.random() * 16) >> (c / 4))).toString(16));",
      ],
    ],
  },
  {
    file: /[\\/]@sindresorhus[\\/]is[\\/]distribution[\\/]index\.js$/,
    replace: [
      [
        "const andFormatter = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });",
        'let andFormatter;',
      ],
      [
        "const orFormatter = new Intl.ListFormat('en', { style: 'long', type: 'disjunction' });",
        'let orFormatter;',
      ],
      [
        'orFormatter.format(',
        "(orFormatter ??= new Intl.ListFormat('en', { style: 'long', type: 'disjunction' })).format(",
      ],
      [
        'andFormatter.format(',
        "(andFormatter ??= new Intl.ListFormat('en', { style: 'long', type: 'conjunction' })).format(",
      ],
    ],
  },
];
/** @type {import('esbuild').Plugin} */
const onFirstUse = {
  name: 'on-first-use',
  setup(b) {
    for (const { file, replace } of patches) {
      b.onLoad({ filter: file }, (args) => {
        let contents = readFileSync(args.path, 'utf8');
        for (const [from, to] of replace) {
          if (!contents.includes(from)) throw new Error(`${args.path}: "${from}" has changed`);
          contents = contents.replaceAll(from, to);
        }
        return { contents, loader: 'js' };
      });
    }
  },
};

/** Options shared with the single-file build of scripts/sea.mjs. */
export const common = /** @satisfies {import('esbuild').BuildOptions} */ ({
  bundle: true,
  platform: 'node',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  metafile: true,
  write: false,
  plugins: [leaveOutUnused, onUseRequires, onFirstUse],
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

// What src/launch/launch.ts compiles each chunk file as: the wrapper on a line of its own, then
// the body. Wrapped here, not at run time, so that no second copy of every chunk is made on each
// start, and stack traces name the lines of the files as they are.
const wrapper = "(function (exports, require, module, __filename, __dirname) {'use strict';\n";

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
 * An ES module chunk as a CommonJS body in its wrapper for dist/launch.cjs: Node's modules
 * required (see requireBuiltins), the other chunks required by path, import() a require in a
 * promise. Its source map goes through the conversion (esbuild reads an inline map of its input),
 * so that under --debug stacks still name src/ files and lines.
 * @param {string} text
 * @param {string} map the first pass's source map of the chunk
 * @returns {Promise<{ code: string, map: string }>}
 */
async function toScript(text, map) {
  const body = requireBuiltins(text);
  const input = shifted(map, body.split('\n').length - text.split('\n').length);
  const inline = Buffer.from(JSON.stringify(input)).toString('base64');
  const result = await transform(
    `${body}\n//# sourceMappingURL=data:application/json;base64,${inline}\n`,
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
  // The wrapper takes the first line: the map moves down one.
  return { code: `${wrapper}${result.code}})\n`, map: JSON.stringify(shifted(result.map, 1)) };
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
      return { path: file.path, ...(await toScript(file.text, map)) };
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
