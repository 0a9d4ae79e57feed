#!/usr/bin/env node
// The launcher: everything else is the bundle in dist/ (npm run build).

// V8's compile cache (Node 22.1 and later) keeps the bundle's compiled code between runs, in
// the OS temp dir (NODE_DISABLE_COMPILE_CACHE=1 turns it off). getBuiltinModule, not an import:
// importing node:module would cost more than the cache saves on a small command.
process.getBuiltinModule?.('node:module').enableCompileCache?.();

const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  // The one answer that needs none of the bundle: the line `dactl version` prints.
  const { readFileSync } = process.getBuiltinModule('node:fs');
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const { platform, arch } = process;
  process.stdout.write(`dactl ${version} (node ${process.version}, ${platform}-${arch})\n`);
} else {
  // Stack traces name src/ files and lines under --debug only: the maps are read as the bundle
  // loads, which a normal run need not pay for.
  if (argv.includes('--debug')) process.setSourceMapsEnabled(true);
  const { run } = await import('../dist/main.js');
  process.exitCode = await run(argv);
}
