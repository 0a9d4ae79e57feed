// Measures the performance budgets of design.md ("Performance budgets") and prints them as
// ratios in the same run, so the figures hold on any machine: start-up and memory against
// `node -e 0` of the same Node, the request against Node's own http client sending the same
// requests (scripts/http-floor.cjs, the node:http line): `npm run bench` (builds first). Each
// case runs on Node 20 and Node 24 (the one that is not running this script is installed on first
// use, see node-dist.mjs), and the single executable (dist/sea/dactl, `npm run sea`) is measured
// beside the Node it was built from.
//
// Timings never fail: an OVER line is printed, and the exit code is 0. The exit code is 1 only
// when the bench itself cannot run (the build is missing, a command fails, the sandbox won't start).
//
// Environment: BENCH_RUNS (timed runs per case, default 15), BENCH_WARMUP (default 2),
// BENCH_NODES (node binaries to compare, separated by ':'; default Node 20 and Node 24),
// BENCH_LINEAR=0 (skip the output-cost cases), BENCH_FLEET=0 (skip the fleet case),
// BENCH_ACCOUNTS=0 (skip users list over 5,000 accounts), BENCH_REQUESTS_ONLY=1 (run only that
// last case, on the first Node), BENCH_BARE=1 (see baseEnv).
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundle } from './build.mjs';
import { nodeBinary, versionOf } from './node-dist.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const sea = join(root, 'dist', 'sea', 'dactl');

// design.md's budgets: --version and --help against `node -e 0`, the request against the node:http
// line, its peak memory against that of `node -e 0`, 10,000 rows against 10.
const BUDGET = { version: 1.2, help: 1.25, request: 1.25, memory: 1.3, linear: 1.5 };

const tmp = mkdtempSync(join(tmpdir(), 'dactl-bench-'));
/** @type {import('node:child_process').ChildProcess[]} */
const sandboxes = [];

// The bench runs a copy of what the package ships (bin/, dist/, package.json for "type"), so a
// `npm run build` started meanwhile (it empties dist/ first) cannot break a run halfway.
const app = join(tmp, 'app');
const bin = join(app, 'bin', 'dactl.js');
// scripts/got-floor.ts, bundled as dactl is and run by the same launcher (built before timing).
const gotFloor = join(tmp, 'got-floor');
const httpFloorScript = join(root, 'scripts', 'http-floor.cjs');

/**
 * @typedef {Record<string, string>} Env
 * @typedef {{ name: string, command: string, args: string[], env?: Env }} Case
 * @typedef {{ name: string, value: number | string, against: string, ratio: string,
 *   budget: string, result: string }} Row
 */

/**
 * Every child gets the same small environment: a temp HOME, no colour, CI=true (never prompts),
 * so neither the user's settings nor npm's variables change what is measured. The machine's
 * NODE_EXTRA_CA_CERTS is kept (BENCH_BARE=1 drops it): Node reads that file at every start, and
 * design.md's baseline of about 61 ms for `node -e 0` was measured with it.
 * @type {Env}
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

/**
 * Runs a case to completion; returns wall milliseconds (and the result).
 * @param {Case} c
 * @param {import('node:child_process').StdioOptions} stdio
 * @param {Env} extraEnv
 */
function runCase(c, stdio = ['ignore', 'pipe', 'pipe'], extraEnv = {}) {
  const env = { ...(c.env ?? baseEnv), ...extraEnv };
  const start = process.hrtime.bigint();
  const result = spawnSync(c.command, c.args, { env, stdio, maxBuffer: 256 * 1024 * 1024 });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(
      `${c.command} ${c.args.join(' ')} exited with ${result.status ?? result.signal}:\n${String(result.stderr)}`,
    );
  }
  return { ms, result };
}

/** @param {number[]} values */
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/**
 * Times every case RUNS times, round-robin (one run of each case per round) rather than case
 * after case: on a 2-core machine the background load drifts, and interleaving spreads that drift
 * over all cases alike, so the ratios stay fair. The first WARMUP rounds are thrown away (disk
 * cache, CPU frequency, V8's compile cache).
 * @param {Case[]} cases
 */
function timeCases(cases) {
  /** @type {Map<string, number[]>} */
  const samples = new Map(cases.map((c) => [c.name, []]));
  for (let round = 0; round < WARMUP + RUNS; round++) {
    for (const c of cases) {
      const { ms } = runCase(c);
      if (round >= WARMUP) samples.get(c.name)?.push(ms);
    }
  }
  return new Map([...samples].map(([name, values]) => [name, median(values)]));
}

// Peak memory. spawnSync reports no rusage, Node can't ask for getrusage(RUSAGE_CHILDREN), and
// polling /proc/<pid>/status (VmHWM) races the child's exit. So the child measures itself: a
// CommonJS preload (`--require` through NODE_OPTIONS, which the single executable honours too,
// and which unlike an `--import` data: URL adds no ESM loader to the `node -e 0` baseline)
// writes process.resourceUsage().maxRSS (KiB, the peak so far) to fd 3 on 'exit', which fires
// both on a natural end and on process.exit(). Needs only Node, on any Linux.
const rssPreload = join(tmp, 'max-rss.cjs');
writeFileSync(
  rssPreload,
  "const fs = require('node:fs');\n" +
    "process.on('exit', () => fs.writeSync(3, String(process.resourceUsage().maxRSS)));\n",
);

/**
 * Median peak RSS in MiB of each case, round-robin as in timeCases.
 * @param {Case[]} cases
 */
function measureMemory(cases) {
  /** @type {Map<string, number[]>} */
  const samples = new Map(cases.map((c) => [c.name, []]));
  for (let round = 0; round < RUNS; round++) {
    for (const c of cases) {
      const { result } = runCase(c, ['ignore', 'pipe', 'pipe', 'pipe'], {
        NODE_OPTIONS: `--require ${rssPreload}`,
      });
      const kib = Number(String(result.output[3]));
      if (!(kib > 0)) throw new Error(`no max RSS reported by ${c.name}`);
      samples.get(c.name)?.push(kib / 1024);
    }
  }
  return new Map([...samples].map(([name, values]) => [name, median(values)]));
}

/**
 * Starts `dactl sandbox --port 0 -o json` with its own config dir, and resolves with the env a
 * request command needs (the sandbox saves its admin as the profile "sandbox" there).
 * @param {string} name
 * @param {string[]} extraArgs
 * @returns {Promise<Env>}
 */
async function startSandbox(name, extraArgs = []) {
  const configDir = join(tmp, name, 'config');
  mkdirSync(configDir, { recursive: true });
  const env = { ...baseEnv, DACTL_CONFIG_DIR: configDir };
  const child = spawn(
    process.execPath,
    [bin, 'sandbox', '--port', '0', '-o', 'json', ...extraArgs],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  sandboxes.push(child);
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (/** @type {string} */ d) => (stderr += d));
  /** @type {{ profile?: unknown }} */
  const info = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`sandbox ${name}: no JSON line in 20 s`));
    }, 20_000);
    child.stdout.setEncoding('utf8').on('data', (/** @type {string} */ d) => {
      stdout += d;
      const newline = stdout.indexOf('\n');
      if (newline < 0) return;
      clearTimeout(timer);
      try {
        /** @type {unknown} */
        const parsed = JSON.parse(stdout.slice(0, newline));
        resolve(typeof parsed === 'object' && parsed !== null ? parsed : {});
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
        /** @type {Promise<void>} */ (
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) {
              resolve();
              return;
            }
            const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
            child.on('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            child.kill('SIGTERM');
          })
        ),
    ),
  );
}

/**
 * A sandbox state file (state.json under --data-dir, the format of src/sandbox/state.ts,
 * version 1) with `users` accounts (the admin among them) and `databases` databases on the
 * admin, so the output-cost lines can compare 10 rows with 10,000 without any change to src/.
 * @param {string} dir
 * @param {number} users
 * @param {number} databases
 * @param {number} resellers the first this many of the other accounts are resellers
 */
function writeState(dir, users, databases, resellers = 0) {
  /** @param {number} n */
  const pad = (n) => String(n).padStart(5, '0');
  /**
   * @param {string} username
   * @param {string} role
   * @param {object[]} dbs
   */
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
  for (let i = 1; i < users; i++) {
    accounts.push(account(`user${pad(i)}`, i <= resellers ? 'reseller' : 'user'));
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(join(dir, 'state.json'), JSON.stringify({ version: 1, accounts }), {
    mode: 0o600,
  });
}

/** @param {number} ms */
const fmtMs = (ms) => `${ms.toFixed(1)} ms`;
/** @param {number} mib */
const fmtMiB = (mib) => `${mib.toFixed(1)} MiB`;

/** One table of rows, printed when complete. */
class Table {
  /** @type {Row[]} */
  rows = [];

  /**
   * A measured line, judged against its budget (a ratio) when it has one.
   * @param {string} name
   * @param {number} value
   * @param {number} base
   * @param {number | undefined} budget
   * @param {string} against
   */
  row(name, value, base, budget, against) {
    const ratio = value / base;
    this.rows.push({
      name,
      value,
      against,
      ratio: `${ratio.toFixed(2)}x`,
      budget: budget ? `${budget}x` : '',
      result: budget ? (ratio <= budget ? 'OK' : 'OVER') : '',
    });
  }

  /**
   * A reference line (the baseline itself).
   * @param {string} name
   * @param {number} value
   */
  plain(name, value) {
    this.rows.push({ name, value, against: '', ratio: '', budget: '', result: '' });
  }

  print() {
    /** @type {Record<keyof Row, string>[]} */
    const all = [
      {
        name: 'case',
        value: 'median',
        against: 'vs',
        ratio: 'ratio',
        budget: 'budget',
        result: 'result',
      },
      ...this.rows.map((r) => ({
        ...r,
        value:
          typeof r.value === 'number'
            ? r.name.endsWith('RSS')
              ? fmtMiB(r.value)
              : fmtMs(r.value)
            : r.value,
      })),
    ];
    /** @type {(keyof Row)[]} */
    const cols = ['name', 'value', 'against', 'ratio', 'budget', 'result'];
    const width = Object.fromEntries(
      cols.map((c) => [c, Math.max(...all.map((r) => r[c].length))]),
    );
    const right = new Set(['value', 'ratio', 'budget']);
    for (const r of all) {
      const cells = cols.map((c) =>
        right.has(c) ? r[c].padStart(width[c] ?? 0) : r[c].padEnd(width[c] ?? 0),
      );
      console.log(cells.join('  ').trimEnd());
    }
  }
}

/** The node binaries to compare: BENCH_NODES, or Node 20 and Node 24. */
function nodes() {
  if (process.env.BENCH_NODES) return process.env.BENCH_NODES.split(':').filter(Boolean);
  /** @type {string[]} */
  const found = [];
  for (const major of [20, 24]) {
    try {
      found.push(nodeBinary(major));
    } catch (error) {
      console.log(
        `Node ${major}: skipped (${error instanceof Error ? error.message : String(error)})`,
      );
    }
  }
  return found;
}

/**
 * The output-cost cases: two sandboxes on generated state (see writeState), one with 10 users
 * and 10 databases, one with 10,000 users and 5,000 databases; the same commands against each.
 * Each pair is run by every Node (`command` is set per Node).
 * @returns {Promise<{ small: Case, large: Case }[]>}
 */
async function linearCases() {
  const small = join(tmp, 'state-small');
  const large = join(tmp, 'state-large');
  writeState(small, 10, 10);
  writeState(large, 10_000, 5_000);
  const smallEnv = await startSandbox('small', ['--data-dir', small]);
  const largeEnv = await startSandbox('large', ['--data-dir', large]);
  // users list --names: one request, so the pair measures output; the full listing asks the panel
  // once per account for its details, which is the panel's cost, not dactl's.
  /** @type {[string, string[], string, number][]} */
  const commands = [
    ['users list --names -o json', ['users', 'list', '--names', '-o', 'json'], '10,000', 10_000],
    ['users list --names (table)', ['users', 'list', '--names'], '10,000', 10_000],
    ['db list -o json', ['db', 'list', '-o', 'json'], '5,000', 5_000],
    ['db list (table)', ['db', 'list'], '5,000', 5_000],
  ];
  return commands.map(([what, args, many, count]) => {
    const full = [bin, ...args, '--profile', 'sandbox'];
    const command = process.execPath;
    const pair = {
      small: { name: `${what}, 10 rows`, command, args: full, env: smallEnv },
      large: { name: `${what}, ${many} rows`, command, args: full, env: largeEnv },
    };
    // Check the large one really prints that many rows (json) or lines (table, + header).
    const out = String(runCase(pair.large).result.stdout);
    /** @type {unknown} */
    const parsed = args.includes('json') ? JSON.parse(out) : out.trim().split('\n').slice(1);
    const printed = Array.isArray(parsed) ? parsed.length : -1;
    if (printed !== count) throw new Error(`${pair.large.name}: printed ${printed} rows`);
    return pair;
  });
}

/** The Node version the single executable was built from (scripts/sea.mjs), if it was built. */
function seaNodeVersion() {
  const info = join(root, 'dist', 'sea', 'build.json');
  if (!existsSync(sea) || !existsSync(info)) return undefined;
  /** @type {unknown} */
  const built = JSON.parse(readFileSync(info, 'utf8'));
  return typeof built === 'object' && built !== null && 'node' in built ? built.node : undefined;
}

/**
 * The sandbox's URL and admin login, from the profile it saved, for scripts/http-floor.cjs.
 * @param {Env} env a request command's environment (DACTL_CONFIG_DIR)
 * @returns {Env}
 */
function sandboxLogin(env) {
  /** @type {unknown} */
  const parsed = JSON.parse(readFileSync(join(env.DACTL_CONFIG_DIR ?? '', 'config.json'), 'utf8'));
  const config =
    /** @type {{ profiles: Record<string, { url: string, username: string, password: string }> }} */ (
      parsed
    );
  const profile = config.profiles.sandbox;
  if (!profile) throw new Error('the sandbox saved no profile "sandbox"');
  return { FLOOR_URL: profile.url, FLOOR_USER: profile.username, FLOOR_PASSWORD: profile.password };
}

/**
 * Every case on one Node, and the single executable when it was built from this Node version:
 * prints one table, and returns the number of lines over budget.
 * @param {string} node
 * @param {Env} requestEnv
 * @param {{ small: Case, large: Case }[]} linear
 */
function benchNode(node, requestEnv, linear) {
  const version = versionOf(node);
  const table = new Table();
  /** @type {(name: string, args: string[], env?: Env) => Case} */
  const dactl = (name, args, env) => ({
    name,
    command: node,
    args: [bin, ...args],
    ...(env ? { env } : {}),
  });
  const baseline = { name: 'node -e 0', command: node, args: ['-e', '0'] };
  const requestArgs = ['users', 'list', '--names', '-o', 'json', '--profile', 'sandbox'];
  const request = dactl('dactl users list --names -o json', requestArgs, requestEnv);
  const floorEnv = { ...baseEnv, ...sandboxLogin(requestEnv) };
  // The same requests through Node's http alone (the request's budget is a ratio of it), and
  // through got alone (a reference line): what the runtime and the libraries cost before dactl
  // does anything.
  const httpFloor = {
    name: 'node:http alone, same requests',
    command: node,
    args: [httpFloorScript],
    env: floorEnv,
  };
  const gotAlone = {
    name: 'got alone, same requests',
    command: node,
    args: [join(gotFloor, 'run.cjs')],
    env: floorEnv,
  };
  const startup = [
    { case: dactl('dactl --version', ['--version']), budget: BUDGET.version },
    { case: dactl('dactl --help', ['--help']), budget: BUDGET.help },
  ];
  /** @type {Case[]} */
  const single = [];
  if (seaNodeVersion() === version) {
    single.push(
      { name: 'sea dactl --version', command: sea, args: ['--version'] },
      {
        name: 'sea dactl users list --names -o json',
        command: sea,
        args: requestArgs,
        env: requestEnv,
      },
    );
  }
  const pairs = linear.map((p) => ({
    small: { ...p.small, command: node },
    large: { ...p.large, command: node },
  }));
  // Prove each request works (and lists users) before timing it: an error path would be fast.
  for (const c of [request, httpFloor, gotAlone, ...single.slice(1)]) {
    const users = /** @type {unknown} */ (JSON.parse(String(runCase(c).result.stdout)));
    if (!Array.isArray(users) || users.length === 0) throw new Error(`${c.name}: no users`);
  }

  const requests = [request, ...single.slice(1)];
  const times = timeCases([
    baseline,
    ...startup.map((s) => s.case),
    request,
    httpFloor,
    gotAlone,
    ...single,
    ...pairs.flatMap((p) => [p.small, p.large]),
  ]);
  const base = times.get(baseline.name) ?? NaN;
  const floor = times.get(httpFloor.name) ?? NaN;
  table.plain(baseline.name, base);
  for (const s of startup)
    table.row(s.case.name, times.get(s.case.name) ?? NaN, base, s.budget, 'node -e 0');
  table.row(httpFloor.name, floor, base, undefined, 'node -e 0');
  table.row(gotAlone.name, times.get(gotAlone.name) ?? NaN, floor, undefined, 'node:http');
  for (const c of requests)
    table.row(c.name, times.get(c.name) ?? NaN, floor, BUDGET.request, 'node:http');
  if (single[0])
    table.row(single[0].name, times.get(single[0].name) ?? NaN, base, BUDGET.version, 'node -e 0');
  for (const p of pairs) {
    const small = times.get(p.small.name) ?? NaN;
    table.row(p.large.name, times.get(p.large.name) ?? NaN, small, BUDGET.linear, '10 rows');
  }

  const memory = measureMemory([baseline, ...requests]);
  const baseMiB = memory.get(baseline.name) ?? NaN;
  table.plain(`${baseline.name}, peak RSS`, baseMiB);
  for (const c of requests) {
    table.row(
      `${c.name}, peak RSS`,
      memory.get(c.name) ?? NaN,
      baseMiB,
      BUDGET.memory,
      'node -e 0',
    );
  }

  console.log('');
  console.log(`Node ${version} (${node})`);
  table.print();
  return table.rows.filter((r) => r.result === 'OVER').map((r) => `${r.name} on Node ${version}`);
}

// ---- Fleet (issue 17): `users list` over 200 sandbox panels in one run --------------------
// Absolute budgets, not ratios: under 2 s wall time and under 150 MiB peak RSS, with every
// panel served by one `dactl sandbox --panels 200` process on this same machine.
const FLEET = { panels: 200, ms: 2000, mib: 150, runs: 5 };

/**
 * Measures the fleet case with `node`; prints its table and returns what is over budget.
 * @param {string} node
 */
async function benchFleet(node) {
  const configDir = join(tmp, 'fleet', 'config');
  mkdirSync(configDir, { recursive: true });
  const env = { ...baseEnv, DACTL_CONFIG_DIR: configDir };
  const child = spawn(node, [bin, 'sandbox', '--panels', String(FLEET.panels), '-o', 'json'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  sandboxes.push(child);
  await new Promise((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => {
      reject(new Error('fleet sandbox: no JSON line in 60 s'));
    }, 60_000);
    child.stdout.setEncoding('utf8').on('data', (/** @type {string} */ d) => {
      stdout += d;
      if (!stdout.includes('\n')) return;
      clearTimeout(timer);
      resolve(undefined);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`fleet sandbox exited (${String(code)}) before it was ready`));
    });
  });
  /** @type {Case} */
  const fleet = {
    name: `users list -p 'sb-*', ${FLEET.panels} panels`,
    command: node,
    args: [bin, 'users', 'list', '-p', 'sb-*', '-o', 'json'],
    env,
  };
  const parsed = /** @type {unknown} */ (JSON.parse(String(runCase(fleet).result.stdout)));
  const rows = /** @type {{ profile: string }[]} */ (Array.isArray(parsed) ? parsed : []);
  const panels = new Set(rows.map((r) => r.profile)).size;
  if (panels !== FLEET.panels) throw new Error(`fleet: rows from ${panels} panels`);
  /** @type {number[]} */
  const times = [];
  /** @type {number[]} */
  const mib = [];
  for (let i = 0; i < WARMUP + FLEET.runs; i++) {
    const { ms } = runCase(fleet);
    if (i >= WARMUP) times.push(ms);
  }
  for (let i = 0; i < FLEET.runs; i++) {
    const { result } = runCase(fleet, ['ignore', 'pipe', 'pipe', 'pipe'], {
      NODE_OPTIONS: `--require ${rssPreload}`,
    });
    mib.push(Number(String(result.output[3])) / 1024);
  }
  const table = new Table();
  const name = `${fleet.name}, ${rows.length} rows`;
  for (const [what, value, budget, fmt] of /** @type {const} */ ([
    ['', median(times), FLEET.ms, fmtMs],
    [', peak RSS', median(mib), FLEET.mib, fmtMiB],
  ])) {
    table.rows.push({
      name: name + what,
      value: fmt(value),
      against: 'absolute',
      ratio: '',
      budget: fmt(budget),
      result: value <= budget ? 'OK' : 'OVER',
    });
  }
  console.log('');
  console.log(`Fleet, Node ${versionOf(node)}`);
  table.print();
  return table.rows.filter((r) => r.result === 'OVER').map((r) => r.name);
}
// ---- end of fleet ---------------------------------------------------------------------------

// ---- Accounts (issue 23): `users list` over a panel of 5,000 accounts ----------------------
// What dactl asks of a big panel: the requests one run sends (counted from --debug's trace, one
// line per request), against a goal of under 15, and its wall time and peak RSS (medians).
const ACCOUNTS = { count: 5000, resellers: 50, goal: 15, runs: 5 };

/**
 * Measures users list over ACCOUNTS.count accounts with `node`; prints its table, returns what
 * is over the goal.
 * @param {string} node
 */
async function benchAccounts(node) {
  const dir = join(tmp, 'state-accounts');
  writeState(dir, ACCOUNTS.count, 0, ACCOUNTS.resellers);
  const env = await startSandbox('accounts', ['--data-dir', dir]);
  const args = [bin, 'users', 'list', '-o', 'json', '--profile', 'sandbox'];
  /** @type {Case} */
  const list = {
    name: `users list, ${ACCOUNTS.count.toLocaleString('en')} accounts`,
    command: node,
    args,
    env,
  };
  const traced = runCase({ ...list, args: [...args, '--debug'] }).result;
  const rows = /** @type {unknown} */ (JSON.parse(String(traced.stdout)));
  if (!Array.isArray(rows) || rows.length !== ACCOUNTS.count) {
    throw new Error(`${list.name}: printed ${Array.isArray(rows) ? rows.length : 'no'} rows`);
  }
  const requests = String(traced.stderr)
    .split('\n')
    .filter((line) => /^debug: (GET|POST|PUT|PATCH|DELETE) /.test(line)).length;
  /** @type {number[]} */
  const times = [];
  for (let i = 0; i < WARMUP + ACCOUNTS.runs; i++) {
    const { ms } = runCase(list);
    if (i >= WARMUP) times.push(ms);
  }
  /** @type {number[]} */
  const mib = [];
  for (let i = 0; i < ACCOUNTS.runs; i++) {
    const { result } = runCase(list, ['ignore', 'pipe', 'pipe', 'pipe'], {
      NODE_OPTIONS: `--require ${rssPreload}`,
    });
    mib.push(Number(String(result.output[3])) / 1024);
  }
  const table = new Table();
  const row = (/** @type {string} */ what, /** @type {string} */ value, budget = '', result = '') =>
    table.rows.push({ name: list.name + what, value, against: '', ratio: '', budget, result });
  row(
    ', requests',
    String(requests),
    `< ${ACCOUNTS.goal}`,
    requests < ACCOUNTS.goal ? 'OK' : 'OVER',
  );
  row('', fmtMs(median(times)));
  row(', peak RSS', fmtMiB(median(mib)));
  console.log('');
  console.log(`Accounts, Node ${versionOf(node)}`);
  table.print();
  return requests < ACCOUNTS.goal ? [] : [`${list.name}, requests`];
}
// ---- end of accounts ------------------------------------------------------------------------

let failed = false;
try {
  if (!existsSync(join(root, 'dist', 'main.cjs'))) {
    throw new Error('dist/main.cjs is missing: run `npm run build` first (npm run bench does).');
  }
  for (const part of ['bin', 'dist', 'package.json']) {
    cpSync(join(root, part), join(app, part), {
      recursive: true,
      filter: (source) => !source.startsWith(join(root, 'dist', 'sea')),
    });
  }
  await bundle('scripts/got-floor.ts', gotFloor);
  writeFileSync(
    join(gotFloor, 'run.cjs'),
    "require('./launch.cjs').launch([], __dirname).then((code) => (process.exitCode = code));\n",
  );
  const binaries = nodes();
  console.log(
    `dactl bench: ${availableParallelism()} cores, median of ${RUNS} runs after ${WARMUP} ` +
      `warm-up rounds, ` +
      (baseEnv.NODE_EXTRA_CA_CERTS ? 'NODE_EXTRA_CA_CERTS kept' : 'bare environment') +
      (existsSync(sea) ? '' : '; no single executable (npm run sea builds it)'),
  );
  if (process.env.BENCH_REQUESTS_ONLY === '1') {
    const over = await benchAccounts(binaries[0] ?? process.execPath);
    console.log('');
    console.log(over.length ? `OVER: ${over.join('; ')}` : 'Within the goal.');
  } else {
    await benchAll(binaries);
  }
} catch (error) {
  failed = true;
  console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await stopSandboxes();
  rmSync(tmp, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;

/**
 * Every case: the budgets on each Node, the output cost, the fleet and the accounts.
 * @param {string[]} binaries
 */
async function benchAll(binaries) {
  const requestEnv = await startSandbox('demo');
  /** @type {{ small: Case, large: Case }[]} */
  let linear = [];
  if (process.env.BENCH_LINEAR !== '0') {
    try {
      linear = await linearCases();
    } catch (error) {
      console.log(`output cost: skipped (${String(error).split('\n')[0]})`);
    }
  }
  const over = binaries.flatMap((node) => benchNode(node, requestEnv, linear));
  if (process.env.BENCH_FLEET !== '0') {
    try {
      over.push(...(await benchFleet(binaries[0] ?? process.execPath)));
    } catch (error) {
      console.log(`fleet: skipped (${String(error).split('\n')[0]})`);
    }
  }
  if (process.env.BENCH_ACCOUNTS !== '0') {
    try {
      over.push(...(await benchAccounts(binaries[0] ?? process.execPath)));
    } catch (error) {
      console.log(`accounts: skipped (${String(error).split('\n')[0]})`);
    }
  }
  console.log('');
  console.log(
    over.length
      ? `OVER BUDGET: ${over.join('; ')} (reported only; timings never fail)`
      : 'All within budget.',
  );
}
