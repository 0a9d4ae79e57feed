// Bundles src/ into dist/. The entry stays small; heavy libraries (got, conf, inquirer, yaml,
// the sandbox) and each command group live in chunks loaded only on the paths that use them.
import { build } from 'esbuild';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
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
const leaveOutUnused = {
  name: 'leave-out-unused',
  setup(b) {
    b.onResolve({ filter: unusedByDactl }, (args) => ({
      path: fileURLToPath(new URL(`./stubs/${args.path}.js`, import.meta.url)),
    }));
  },
};

const result = await build({
  entryPoints: { main: 'src/main.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  chunkNames: 'chunks/[name]-[hash]',
  write: false,
  plugins: [leaveOutUnused],
  logLevel: 'warning',
});

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
for (const file of result.outputFiles) {
  const text = file.text.includes('typeof require') ? requireBanner + file.text : file.text;
  mkdirSync(dirname(file.path), { recursive: true });
  writeFileSync(file.path, text);
}
