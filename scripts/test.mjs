// Runs the test suite with Node's own runner. `node scripts/test.mjs [dir or file...]` limits it
// to test/<dir> or test/<file>; e2e tests expect `npm run build` to have run (npm test does that first).
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const roots = process.argv.slice(2).map((d) => join('test', d));
/** @type {string[]} */
const files = [];
/** @param {string} dir */
const walk = (dir) => {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (name.endsWith('.test.ts')) files.push(path);
  }
};
for (const root of roots.length ? roots : ['test']) {
  if (statSync(root).isDirectory()) walk(root);
  else files.push(root);
}

const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=4', '--test-reporter=spec', ...files],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
