// Measures the performance budgets of design.md ("Performance budgets") in one run and prints
// them as ratios, so the figures hold on any machine: `npm run bench` (builds first).
//
// Timings never fail: an OVER line is printed, and the exit code is 0. The exit code is 1 only
// when the bench itself cannot run (the build is missing, a command fails, the sandbox won't start).
//
// Environment: BENCH_RUNS (timed runs per case, default 15), BENCH_WARMUP (default 2).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);

// design.md's budgets.
const BUDGET = { startup: 1.3, request: 2, memory: 1.5, linear: 1.5 };

const tmp = mkdtempSync(join(tmpdir(), 'dactl-bench-'));
const sandboxes = [];

// The bench runs a copy of what the package ships (bin/, dist/, package.json for "type"), so a
// `npm run build` started meanwhile (it empties dist/ first) cannot break a run halfway.
const app = join(tmp, 'app');
const bin = join(app, 'bin', 'dactl.js');

/**
 * Every child gets the same small environment: a temp HOME, no colour, CI=true (never prompts),
 * so neither the user's settings nor npm's variables change what is measured. The machine's
 * NODE_EXTRA_CA_CERTS is kept (BENCH_BARE=1 drops it): Node reads that file at every start, and
 * design.md's baseline of about 61 ms for `node -e 0` was measured with it.
 */
const baseEnv = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: tmp,
  CI: 'true',
  NO_COLOR: '1',
  ...(process.env.NODE_EXTRA_CA_CERTS && !process.env.BENCH_BARE
    ? { NODE_EXTRA_CA_CERTS: process.env.NODE_EXTRA_CA_CERTS }
    : {}),
};

/** Runs `node ...args` to completion; returns wall milliseconds (and the result). */
function runNode(args, env = baseEnv, stdio = ['ignore', 'pipe', 'pipe']) {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { env, stdio, maxBuffer: 256 * 1024 * 1024 });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(
      `node ${args.join(' ')} exited with ${result.status ?? result.signal}:\n${String(result.stderr)}`,
    );
  }
  return { ms, result };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * Times every case RUNS times, round-robin (one run of each case per round) rather than case
 * after case: on a 2-core machine the background load drifts, and interleaving spreads that drift
 * over all cases alike, so the ratios stay fair. The first WARMUP rounds are thrown away (disk
 * cache, CPU frequency).
 */
function timeCases(cases) {
  const samples = new Map(cases.map((c) => [c.name, []]));
  for (let round = 0; round < WARMUP + RUNS; round++) {
    for (const c of cases) {
      const { ms } = runNode(c.args, c.env);
      if (round >= WARMUP) samples.get(c.name).push(ms);
    }
  }
  return new Map([...samples].map(([name, values]) => [name, median(values)]));
}

// Peak memory. spawnSync reports no rusage, Node can't ask for getrusage(RUSAGE_CHILDREN), and
// polling /proc/<pid>/status (VmHWM) races the child's exit. So the child measures itself: a
// CommonJS preload (`--require`, which unlike an `--import` data: URL adds no ESM loader to the
// `node -e 0` baseline) writes process.resourceUsage().maxRSS (KiB, the peak so far) to fd 3 on
// 'exit', which fires both on a natural end and on process.exit(). Needs only Node, on any Linux.
const rssPreload = join(tmp, 'max-rss.cjs');
writeFileSync(
  rssPreload,
  "const fs = require('node:fs');\n" +
    "process.on('exit', () => fs.writeSync(3, String(process.resourceUsage().maxRSS)));\n",
);

/** Median peak RSS in MiB of each case, round-robin as in timeCases. */
function measureMemory(cases) {
  const samples = new Map(cases.map((c) => [c.name, []]));
  for (let round = 0; round < RUNS; round++) {
    for (const c of cases) {
      const { result } = runNode(['--require', rssPreload, ...c.args], c.env, [
        'ignore',
        'pipe',
        'pipe',
        'pipe',
      ]);
      const kib = Number(String(result.output[3]));
      if (!(kib > 0)) throw new Error(`no max RSS reported by node ${c.args.join(' ')}`);
      samples.get(c.name).push(kib / 1024);
    }
  }
  return new Map([...samples].map(([name, values]) => [name, median(values)]));
}

/**
 * Starts `dactl sandbox --port 0 -o json` with its own config dir, and resolves with the env a
 * request command needs (the sandbox saves its admin as the profile "sandbox" there).
 */
async function startSandbox(name, extraArgs = []) {
  const configDir = join(tmp, name, 'config');
  mkdirSync(configDir, { recursive: true });
  const env = { ...baseEnv, DACTL_CONFIG_DIR: configDir };
  const child = spawn(
    process.execPath,
    [bin, 'sandbox', '--port', '0', '-o', 'json', ...extraArgs],
    {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  sandboxes.push(child);
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d));
  const info = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`sandbox ${name}: no JSON line in 20 s`)),
      20_000,
    );
    child.stdout.setEncoding('utf8').on('data', (d) => {
      stdout += d;
      const newline = stdout.indexOf('\n');
      if (newline < 0) return;
      clearTimeout(timer);
      try {
        resolve(JSON.parse(stdout.slice(0, newline)));
      } catch {
        reject(new Error(`sandbox ${name} printed no JSON: ${stdout.slice(0, newline)}`));
      }
    });
    // 'close', not 'exit': it comes after stderr has been read to the end.
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const why = stderr.trim() || '(nothing on stderr)';
      reject(new Error(`sandbox ${name} exited (${code ?? signal}) before it was ready: ${why}`));
    });
  });
  if (info.profile !== 'sandbox') throw new Error(`sandbox ${name} saved no profile`);
  return env;
}

/** SIGTERM each sandbox and wait for it to go (SIGKILL after 5 s). */
async function stopSandboxes() {
  await Promise.all(
    sandboxes.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
          child.on('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}

/**
 * A sandbox state file (state.json under --data-dir, the format of src/sandbox/state.ts,
 * version 1) with `users` accounts (the admin among them) and `databases` databases on the
 * admin, so the output-cost lines can compare 10 rows with 10,000 without any change to src/.
 */
function writeState(dir, users, databases) {
  const pad = (n) => String(n).padStart(5, '0');
  const account = (username, role, dbs = []) => ({
    username,
    password: `pw-${username}-${Math.random().toString(36).slice(2)}`,
    role,
    owner: 'admin',
    email: `${username}@${username}.example`,
    package: role === 'admin' ? 'admin' : 'standard',
    domains: [`${username}.example`],
    databases: dbs,
  });
  const dbs = Array.from({ length: databases }, (_, i) => ({
    database: `admin_db${pad(i + 1)}`,
    sizeBytes: (i % 97) * 1024 * 1024,
    userCount: 1 + (i % 3),
    tableCount: i % 50,
    definerIssues: i % 211 === 0 ? 1 : 0,
  }));
  const accounts = [account('admin', 'admin', dbs)];
  for (let i = 1; i < users; i++) accounts.push(account(`user${pad(i)}`, 'user'));
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(join(dir, 'state.json'), JSON.stringify({ version: 1, accounts }), {
    mode: 0o600,
  });
}

const rows = [];
const fmtMs = (ms) => `${ms.toFixed(1)} ms`;
const fmtMiB = (mib) => `${mib.toFixed(1)} MiB`;
function row(name, value, base, budget, against) {
  const ratio = value / base;
  rows.push({
    name,
    value,
    against,
    ratio: `${ratio.toFixed(2)}x`,
    budget: budget ? `${budget}x` : '',
    result: budget ? (ratio <= budget ? 'OK' : 'OVER') : '',
  });
}

function printTable() {
  const header = { name: 'case', value: 'median', against: 'vs', ratio: 'ratio', budget: 'budget' };
  const cols = ['name', 'value', 'against', 'ratio', 'budget', 'result'];
  const all = [{ ...header, result: 'result' }, ...rows];
  const width = Object.fromEntries(cols.map((c) => [c, Math.max(...all.map((r) => r[c].length))]));
  const right = new Set(['value', 'ratio', 'budget']);
  for (const r of all) {
    const cells = cols.map((c) => (right.has(c) ? r[c].padStart(width[c]) : r[c].padEnd(width[c])));
    console.log(cells.join('  ').trimEnd());
  }
}

// ---- Fleet (issue 17): `users list` over 200 sandbox panels in one run --------------------
// Absolute budgets, not ratios: under 2 s wall time and under 150 MiB peak RSS, with every
// panel served by one `dactl sandbox --panels 200` process on this same machine.
const FLEET = { panels: 200, ms: 2000, mib: 150, runs: 5 };

async function benchFleet() {
  const configDir = join(tmp, 'fleet', 'config');
  mkdirSync(configDir, { recursive: true });
  const env = { ...baseEnv, DACTL_CONFIG_DIR: configDir };
  const child = spawn(
    process.execPath,
    [bin, 'sandbox', '--panels', String(FLEET.panels), '-o', 'json'],
    {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  sandboxes.push(child);
  await new Promise((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(
      () => reject(new Error('fleet sandbox: no JSON line in 60 s')),
      60_000,
    );
    child.stdout.setEncoding('utf8').on('data', (d) => {
      stdout += d;
      if (!stdout.includes('\n')) return;
      clearTimeout(timer);
      resolve();
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`fleet sandbox exited (${code}) before it was ready`));
    });
  });
  const args = [bin, 'users', 'list', '-p', 'sb-*', '-o', 'json'];
  const out = JSON.parse(String(runNode(args, env).result.stdout));
  const panels = new Set(out.map((r) => r.profile)).size;
  if (panels !== FLEET.panels) throw new Error(`fleet: rows from ${panels} panels`);
  const times = [];
  const mib = [];
  for (let i = 0; i < WARMUP + FLEET.runs; i++) {
    const { ms } = runNode(args, env);
    if (i >= WARMUP) times.push(ms);
  }
  for (let i = 0; i < FLEET.runs; i++) {
    const { result } = runNode(['--require', rssPreload, ...args], env, [
      'ignore',
      'pipe',
      'pipe',
      'pipe',
    ]);
    mib.push(Number(String(result.output[3])) / 1024);
  }
  const name = `users list -p 'sb-*', ${FLEET.panels} panels, ${out.length} rows`;
  for (const [what, value, budget, fmt] of [
    ['', median(times), FLEET.ms, fmtMs],
    [', peak RSS', median(mib), FLEET.mib, fmtMiB],
  ]) {
    rows.push({
      name: name + what,
      value: fmt(value),
      against: 'absolute',
      ratio: '',
      budget: fmt(budget),
      result: value <= budget ? 'OK' : 'OVER',
    });
  }
}
// ---- end of fleet ---------------------------------------------------------------------------

let failed = false;
try {
  if (!existsSync(join(root, 'dist', 'main.js'))) {
    throw new Error('dist/main.js is missing: run `npm run build` first (npm run bench does).');
  }
  for (const part of ['bin', 'dist', 'package.json']) {
    cpSync(join(root, part), join(app, part), { recursive: true });
  }
  console.log(
    `dactl bench: node ${process.version}, ${availableParallelism()} cores, ` +
      `median of ${RUNS} runs after ${WARMUP} warm-up rounds, ` +
      (baseEnv.NODE_EXTRA_CA_CERTS ? 'NODE_EXTRA_CA_CERTS kept' : 'bare environment'),
  );

  const requestEnv = await startSandbox('demo');
  const baseline = { name: 'node -e 0', args: ['-e', '0'] };
  const request = {
    name: 'dactl users list -o json',
    args: [bin, 'users', 'list', '-o', 'json', '--profile', 'sandbox'],
    env: requestEnv,
  };
  // Prove the request works (and lists users) before timing it: an error path would be fast.
  const users = JSON.parse(String(runNode(request.args, request.env).result.stdout));
  if (!Array.isArray(users) || users.length === 0) throw new Error('users list returned no users');

  // Output cost: two more sandboxes on generated state (see writeState), one with 10 users and
  // 10 databases, one with 10,000 users and 5,000 databases; the same commands against each.
  const linear = [];
  try {
    const small = join(tmp, 'state-small');
    const large = join(tmp, 'state-large');
    writeState(small, 10, 10);
    writeState(large, 10_000, 5_000);
    const smallEnv = await startSandbox('small', ['--data-dir', small]);
    const largeEnv = await startSandbox('large', ['--data-dir', large]);
    for (const [what, args, many, count] of [
      ['users list -o json', ['users', 'list', '-o', 'json'], '10,000', 10_000],
      ['users list (table)', ['users', 'list'], '10,000', 10_000],
      ['db list -o json', ['db', 'list', '-o', 'json'], '5,000', 5_000],
      ['db list (table)', ['db', 'list'], '5,000', 5_000],
    ]) {
      const full = [bin, ...args, '--profile', 'sandbox'];
      const pair = {
        small: { name: `${what}, 10 rows`, args: full, env: smallEnv },
        large: { name: `${what}, ${many} rows`, args: full, env: largeEnv },
      };
      // Check the large one really prints that many rows (json) or lines (table, + header).
      const out = String(runNode(full, largeEnv).result.stdout);
      const printed = args.includes('json')
        ? JSON.parse(out).length
        : out.trim().split('\n').length - 1;
      if (printed !== count) throw new Error(`${pair.large.name}: printed ${printed} rows`);
      linear.push(pair);
    }
  } catch (error) {
    console.log(`output cost: skipped (${error.message.split('\n')[0]})`);
    linear.length = 0;
  }

  const cases = [
    baseline,
    { name: 'dactl --version', args: [bin, '--version'] },
    { name: 'dactl --help', args: [bin, '--help'] },
    request,
    ...linear.flatMap((p) => [p.small, p.large]),
  ];
  const times = timeCases(cases);
  const base = times.get(baseline.name);
  rows.push({
    name: baseline.name,
    value: fmtMs(base),
    against: '',
    ratio: '',
    budget: '',
    result: '',
  });
  for (const c of cases.slice(1, 4)) {
    const budget = c === request ? BUDGET.request : BUDGET.startup;
    row(c.name, times.get(c.name), base, budget, 'node -e 0');
  }
  for (const p of linear) {
    row(p.large.name, times.get(p.large.name), times.get(p.small.name), BUDGET.linear, '10 rows');
  }

  const memory = measureMemory([baseline, request]);
  const baseMiB = memory.get(baseline.name);
  rows.push({
    name: `${baseline.name}, peak RSS`,
    value: fmtMiB(baseMiB),
    against: '',
    ratio: '',
    budget: '',
    result: '',
  });
  row(`${request.name}, peak RSS`, memory.get(request.name), baseMiB, BUDGET.memory, 'node -e 0');

  try {
    await benchFleet();
  } catch (error) {
    console.log(`fleet: skipped (${error.message.split('\n')[0]})`);
  }

  // Times and sizes were kept as numbers until every ratio was computed; format them now.
  for (const r of rows) {
    if (typeof r.value === 'number')
      r.value = r.name.endsWith('RSS') ? fmtMiB(r.value) : fmtMs(r.value);
  }
  console.log('');
  printTable();
  const over = rows.filter((r) => r.result === 'OVER');
  console.log('');
  console.log(
    over.length
      ? `OVER BUDGET: ${over.map((r) => r.name).join('; ')} (reported only; timings never fail)`
      : 'All within budget.',
  );
} catch (error) {
  failed = true;
  console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await stopSandboxes();
  rmSync(tmp, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
