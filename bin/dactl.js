#!/usr/bin/env node
// The launcher: everything else is the bundle in dist/ (npm run build), which dist/launch.cjs
// loads with V8's code cache (src/launch/). CommonJS (bin/package.json): on Node 20 an ES module
// entry costs a tenth of the start-up budget before any of dactl runs.
'use strict';

const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  // The one answer that needs none of the bundle: the line `dactl version` prints, written
  // straight to the file descriptor (process.stdout on a pipe would load Node's net and streams).
  const { version } = require('../package.json');
  const { platform, arch } = process;
  try {
    require('node:fs').writeSync(
      1,
      `dactl ${version} (node ${process.version}, ${platform}-${arch})\n`,
    );
  } catch (error) {
    // A reader that has gone (`dactl --version | true`) is no failure, as in src/output/fd.ts.
    if (error.code !== 'EPIPE') throw error;
  }
} else {
  // Stack traces name src/ files and lines under --debug only: the launcher then reads the maps
  // and leaves the code cache alone.
  const debug = argv.includes('--debug');
  if (debug) process.setSourceMapsEnabled(true);
  require('../dist/launch.cjs')
    .launch(argv, require('node:path').join(__dirname, '..', 'dist'), { debug })
    .then((code) => {
      process.exitCode = code;
    });
}
