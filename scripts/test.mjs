// Runs the test suite with Node's own runner. `node scripts/test.mjs [dir or file...]` limits it
// to test/<dir> or test/<file>; e2e tests expect `npm run build` to have run (npm test does that first).
// Each test file runs with a temporary directory of its own (test/helpers/own-tmpdir.ts); a file
// that leaves something in it fails the run, named.
import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';

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
// `DACTL_TEST_DURATIONS=record npm test` writes test/durations.json from this run.
const record = process.env.DACTL_TEST_DURATIONS === 'record';
// Each shard is a process group of its own (stopped whole when it hangs), so the terminal's
// Ctrl-C reaches only this runner: it passes the signal on to every shard still running.
/** @type {Set<number>} */
const groups = new Set();
const stopGroup = (/** @type {number} */ pid, /** @type {NodeJS.Signals} */ signal) => {
  try {
    process.kill(-pid, signal);
  } catch {
    // Gone already.
  }
};
for (const [signal, code] of /** @type {const} */ ([
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
])) {
  process.on(signal, () => {
    for (const pid of groups) stopGroup(pid, signal);
    rmSync(base, { recursive: true, force: true });
    process.exit(code);
  });
}
const result = await Promise.all(shards.map((shard, i) => runShard(shard, i)));

/**
 * A JSON file of test file → seconds; {} when missing or not one.
 * @param {string} path
 * @returns {Record<string, number>}
 */
function readSeconds(path) {
  try {
    /** @type {unknown} */
    const parsed = JSON.parse(readFileSync(path, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        /** @returns {entry is [string, number]} */
        (entry) => typeof entry[1] === 'number',
      ),
    );
  } catch {
    return {};
  }
}

/**
 * Files dealt to shards, the longest first to the lightest shard. A file's time is the one
 * test/durations.json recorded; a file it does not know is weighed by its size at the recorded
 * files' rate. Size alone is a poor guess: a file of shells and processes waits far longer than
 * a file of pure checks of the same size.
 * @param {string[]} all
 * @param {number} count
 */
function shardsOf(all, count) {
  const known = readSeconds('test/durations.json');
  const sizes = new Map(all.map((f) => [f, statSync(f).size]));
  const timed = all.filter((f) => typeof known[f] === 'number');
  const sum = (/** @type {number[]} */ xs) => xs.reduce((a, b) => a + b, 0);
  const rate = timed.length
    ? sum(timed.map((f) => known[f] ?? 0)) / sum(timed.map((f) => sizes.get(f) ?? 0))
    : 1;
  const weight = (/** @type {string} */ f) => known[f] ?? (sizes.get(f) ?? 0) * rate;
  /** @type {{ files: string[], weight: number }[]} */
  const out = Array.from({ length: Math.min(count, all.length) }, () => ({ files: [], weight: 0 }));
  for (const f of [...all].sort((a, b) => weight(b) - weight(a))) {
    const lightest = out.reduce((a, b) => (b.weight < a.weight ? b : a));
    lightest.files.push(f);
    lightest.weight += weight(f);
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
      '--test-reporter-destination=stdout',
      ...(record
        ? [
            '--test-reporter=./scripts/test-durations.mjs',
            `--test-reporter-destination=${join(base, `durations-${String(i)}.json`)}`,
          ]
        : []),
      entry,
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      // Without the machine's extra CA file, which every Node reads at start (about 80 ms on Node
      // 20, in each of the suite's processes): the tests trust only the certificates they make.
      env: {
        ...process.env,
        NODE_EXTRA_CA_CERTS: undefined,
        DACTL_TEST_TMP: base,
        DACTL_TEST_FILES: shard.join(','),
      },
      // Its own process group, so that a hung shard is stopped with what its tests started.
      detached: true,
    },
  );
  const { pid } = child;
  if (pid !== undefined) groups.add(pid);
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
    if (pid !== undefined) stopGroup(pid, 'SIGKILL');
  }, 1000);
  return new Promise((done) =>
    child.on('close', (code) => {
      clearInterval(watch);
      if (pid !== undefined) groups.delete(pid);
      process.stdout.write(Buffer.concat(chunks));
      done(code ?? 1);
    }),
  );
}

if (record && result.every((code) => code === 0)) {
  /** @type {Record<string, number>} */
  const seconds = {};
  for (const name of readdirSync(base).filter((n) => /^durations-\d+\.json$/.test(n))) {
    const shard = readSeconds(join(base, name));
    for (const [file, s] of Object.entries(shard)) {
      seconds[relative(process.cwd(), file)] = Math.round(s * 10) / 10;
    }
  }
  const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync('test/durations.json', `${JSON.stringify(sorted, null, 2)}\n`);
  console.error(`test/durations.json: the times of ${String(Object.keys(sorted).length)} files`);
}

const left = readdirSync(base).filter(
  (d) => !/^shard-\d+\.test\.mts$/.test(d) && !/^durations-\d+\.json$/.test(d),
);
for (const dir of left) {
  const name = dir.replace(/-[^-]+$/, '').replaceAll('~', '/');
  console.error(
    `test/${name} (or a file of its shard) left files behind: ${readdirSync(join(base, dir)).join(', ')}`,
  );
}
rmSync(base, { recursive: true, force: true });
process.exit(left.length ? 1 : Math.max(0, ...result));
