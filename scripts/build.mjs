// Bundles src/ into dist/. The entry stays small; heavy libraries (got, conf, inquirer, yaml,
// the sandbox) and each command group live in chunks loaded only on the paths that use them.
// Every package is bundled, so the published package has no dependencies at all.
import { build } from 'esbuild';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeNotices } from './licenses.mjs';

// Bundled CommonJS dependencies call require(); esbuild routes those calls through one shim,
// which needs a real require in its own file. Only that file gets one: creating it in every
// chunk would cost start-up time for nothing.
const requireBanner =
  "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);\n";

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

// An ESM `import ... from 'node:http'` makes Node build a facade of every export of the module,
// reading each lazy getter: on Node 24 that alone loads undici (about 25 ms). A require() reads
// only the names destructured, so each import of a Node module (esbuild writes them in the forms
// matched here, at statement starts, anywhere in a minified file since imports are hoisted)
// becomes a require() at the head of the file.
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
      // its lines and columns, so its source map only moves down (see buildDist).
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

async function buildDist() {
  const result = await build({
    ...common,
    entryPoints: { main: 'src/main.ts' },
    outdir: 'dist',
    splitting: true,
    format: 'esm',
    chunkNames: 'chunks/[name]-[hash]',
    // Read only under --debug (bin/dactl.js), for stack traces that name src/ files and lines.
    sourcemap: 'linked',
    sourcesContent: false,
  });
  checkSelfContained(result.metafile);

  // dist/sea (the single executable, scripts/sea.mjs) is left alone.
  for (const part of ['main.js', 'chunks']) {
    rmSync(new URL(`../dist/${part}`, import.meta.url), { recursive: true, force: true });
  }
  /** @type {Map<string, number>} how many lines each output gained at its head, for its map */
  const added = new Map();
  for (const file of result.outputFiles) {
    if (file.path.endsWith('.map')) continue;
    const text = requireBuiltins(file.text);
    const needs = text !== file.text || text.includes('typeof require');
    const out = needs ? requireBanner + text : text;
    added.set(`${file.path}.map`, out.split('\n').length - file.text.split('\n').length);
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, out);
  }
  for (const file of result.outputFiles) {
    if (!file.path.endsWith('.map')) continue;
    /** @type {unknown} */
    const parsed = JSON.parse(file.text);
    const map = /** @type {{ mappings: string }} */ (parsed);
    map.mappings = ';'.repeat(added.get(file.path) ?? 0) + map.mappings;
    writeFileSync(file.path, JSON.stringify(map));
  }
  // The metafile's inputs are relative to the working directory, the package's root.
  writeNotices(process.cwd(), result.metafile, 'dist/THIRD-PARTY-LICENSES.txt');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildDist();
