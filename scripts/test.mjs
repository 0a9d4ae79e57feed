// Runs the test suite with Node's own runner. `node scripts/test.mjs [dir or file...]` limits it
// to test/<dir> or test/<file>; e2e tests expect `npm run build` to have run (npm test does that first).
// Each test file runs with a temporary directory of its own (test/helpers/own-tmpdir.ts); a file
// that leaves something in it fails the run, named.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';

// test/unit/ was renamed test/nginx-unit/ (it holds the Nginx Unit tests); the old name still works.
const renamed = (/** @type {string} */ d) =>
  !existsSync(join('test', d)) && /^unit(\/|$)/.test(d) ? d.replace(/^unit/, 'nginx-unit') : d;
const roots = process.argv.slice(2).map((d) => join('test', renamed(d)));
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

const base = mkdtempSync(join(tmpdir(), 'dactl-tests-'));
// Reachable by the tests that run dactl as another user (nobody); each file's own is sticky.
chmodSync(base, 0o755);
// Most files spend their time waiting (a panel's pause, a --timeout, a child process), not
// computing: two per core (four at least) keep the cores busy without starving the slow ones.
const result = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    '--import',
    './test/helpers/own-tmpdir.ts',
    '--test',
    `--test-concurrency=${Math.max(4, availableParallelism() * 2)}`,
    '--test-reporter=spec',
    ...files,
  ],
  { stdio: 'inherit', env: { ...process.env, DACTL_TEST_TMP: base } },
);
const left = readdirSync(base);
for (const dir of left) {
  const name = dir.replace(/-[^-]+$/, '').replaceAll('~', '/');
  console.error(`test/${name} left files behind: ${readdirSync(join(base, dir)).join(', ')}`);
}
rmSync(base, { recursive: true, force: true });
process.exit(left.length ? 1 : (result.status ?? 1));
