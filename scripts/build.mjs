// Bundles src/ into dist/. The entry stays small; heavy libraries (got, conf, inquirer, yaml,
// the sandbox) and each command group live in chunks loaded only on the paths that use them.
import { build } from 'esbuild';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

// Bundled CommonJS dependencies call require(); esbuild routes those calls through one shim,
// which needs a real require in its own file. Only that file gets one: creating it in every
// chunk would cost start-up time for nothing.
const requireBanner =
  "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);\n";

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
  logLevel: 'warning',
});

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
for (const file of result.outputFiles) {
  const text = file.text.includes('typeof require') ? requireBanner + file.text : file.text;
  mkdirSync(dirname(file.path), { recursive: true });
  writeFileSync(file.path, text);
}
