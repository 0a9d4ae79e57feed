// Bundles src/ into dist/. The entry stays small; heavy libraries (got, conf, inquirer, yaml,
// the sandbox) and each command group live in chunks loaded only on the paths that use them.
// Every package is bundled, so the published package has no dependencies at all.
import { build } from 'esbuild';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

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
      const call = `require(${JSON.stringify(source)})`;
      const names = (alsoNamed ?? named ?? '').replace(/\s+as\s+/g, ':');
      if (namespace ?? fallback) head += `var ${namespace ?? fallback ?? ''}=${call};`;
      if (names.trim()) head += `var{${names}}=${call};`;
      return '';
    },
  );
  return head + body;
}

/** Options shared with the single-file build of scripts/sea.mjs. */
export const common = /** @satisfies {import('esbuild').BuildOptions} */ ({
  bundle: true,
  platform: 'node',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  metafile: true,
  write: false,
  plugins: [leaveOutUnused],
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
  });
  checkSelfContained(result.metafile);

  // dist/sea (the single executable, scripts/sea.mjs) is left alone.
  for (const part of ['main.js', 'chunks']) {
    rmSync(new URL(`../dist/${part}`, import.meta.url), { recursive: true, force: true });
  }
  for (const file of result.outputFiles) {
    const text = requireBuiltins(file.text);
    const needs = text !== file.text || text.includes('typeof require');
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, needs ? requireBanner + text : text);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildDist();
