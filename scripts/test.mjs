// Runs the test suite with Node's own runner. `node scripts/test.mjs [dir or file...]` limits it
// to test/<dir> or test/<file>; e2e tests expect `npm run build` to have run (npm test does that first).
// Each test file runs with a temporary directory of its own (test/helpers/own-tmpdir.ts); a file
// that leaves something in it fails the run, named.
import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

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
// computing: two shards per core (four at least) keep the cores busy without starving the slow
// ones. A shard is one process running its files one after another: starting Node, tsx and
// dactl's modules once per shard rather than once per file saves about half a second of CPU a
// file. DACTL_TEST_SHARDS=0 runs each file in a process of its own, as `node --test` does.
// A test that hangs is told by silence, not by a bound on time: a shard that reports no test for
// this long is stopped, naming where it stood. (Node 20 applies --test-timeout to a shard's whole
// run, which a busy machine reaches with no test hung.)
const quiet = Number(process.env.DACTL_TEST_QUIET_MS ?? 180_000);
const wanted = Number(process.env.DACTL_TEST_SHARDS ?? Math.max(4, availableParallelism() * 2));
const shards = wanted > 0 ? shardsOf(files, wanted) : files.map((f) => [f]);
const result = await Promise.all(shards.map((shard, i) => runShard(shard, i)));

/**
 * Files dealt to shards, the largest first to the lightest shard: a file's size stands for its
 * time well enough to even the shards out.
 * @param {string[]} all
 * @param {number} count
 */
function shardsOf(all, count) {
  /** @type {{ files: string[], weight: number }[]} */
  const out = Array.from({ length: Math.min(count, all.length) }, () => ({ files: [], weight: 0 }));
  const sized = all.map((f) => ({ f, size: statSync(f).size })).sort((a, b) => b.size - a.size);
  for (const { f, size } of sized) {
    const lightest = out.reduce((a, b) => (b.weight < a.weight ? b : a));
    lightest.files.push(f);
    lightest.weight += size;
  }
  return out.map((s) => s.files.sort());
}

/**
 * @param {string[]} shard
 * @param {number} i
 * @returns {Promise<number>}
 */
function runShard(shard, i) {
  let entry = shard[0] ?? '';
  if (shard.length > 1) {
    entry = join(base, `shard-${String(i)}.test.mts`);
    writeFileSync(entry, shard.map((f) => `import ${JSON.stringify(resolve(f))};\n`).join(''));
  }
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      './test/helpers/own-tmpdir.ts',
      '--test',
      '--test-reporter=spec',
      entry,
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, DACTL_TEST_TMP: base, DACTL_TEST_FILES: shard.join(',') },
      // Its own process group, so that a hung shard is stopped with what its tests started.
      detached: true,
    },
  );
  // Each shard's report is printed whole when it ends, so reports do not interleave.
  /** @type {Buffer[]} */
  const chunks = [];
  let heard = Date.now();
  child.stdout.on('data', (/** @type {Buffer} */ c) => {
    chunks.push(c);
    heard = Date.now();
  });
  const watch = setInterval(() => {
    if (Date.now() - heard < quiet) return;
    clearInterval(watch);
    const said = Buffer.concat(chunks).toString('utf8').trimEnd().split('\n');
    console.error(
      `shard ${String(i)} reported no test for ${String(quiet / 1000)} s and was stopped: the ` +
        `test after "${said.at(-1)?.trim() ?? 'its start'}" hangs (its files: ${shard.join(', ')})`,
    );
    try {
      process.kill(-(child.pid ?? 0), 'SIGKILL');
    } catch {
      // Gone already.
    }
  }, 1000);
  return new Promise((done) =>
    child.on('close', (code) => {
      clearInterval(watch);
      process.stdout.write(Buffer.concat(chunks));
      done(code ?? 1);
    }),
  );
}

const left = readdirSync(base).filter((d) => !/^shard-\d+\.test\.mts$/.test(d));
for (const dir of left) {
  const name = dir.replace(/-[^-]+$/, '').replaceAll('~', '/');
  console.error(
    `test/${name} (or a file of its shard) left files behind: ${readdirSync(join(base, dir)).join(', ')}`,
  );
}
rmSync(base, { recursive: true, force: true });
process.exit(left.length ? 1 : Math.max(0, ...result));
