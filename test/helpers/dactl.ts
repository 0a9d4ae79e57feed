// Runs the built dactl binary as a child process, the way users and scripts run it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  startSandbox,
  type RecordedRequest,
  type Sandbox,
  type SandboxOptions,
} from '../../src/sandbox/index.js';
import { listingsFrom } from '../../src/sandbox/listings.js';

export const bin = fileURLToPath(new URL('../../bin/dactl.js', import.meta.url));

export interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  input?: string;
  timeoutMs?: number;
  /** Run as this user id (and group id), e.g. nobody (65534) when the tests run as root. */
  uid?: number;
  /** The working directory (default: this process's). */
  cwd?: string;
}

/** A temporary HOME and config directory, and the environment every run gets (no terminal, CI set). */
export function tempHome(): {
  dir: string;
  configDir: string;
  env: Record<string, string>;
  cleanup: () => void;
} {
  const dir = mkdtempSync(join(tmpdir(), 'dactl-test-'));
  const configDir = join(dir, 'config');
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: dir,
    DACTL_CONFIG_DIR: configDir,
    CI: 'true',
    // The test file's own temporary directory (scripts/test.mjs), so what dactl leaves is seen.
    TMPDIR: tmpdir(),
  };
  const cleanup = (): void => {
    rmSync(dir, { recursive: true, force: true });
  };
  return { dir, configDir, env, cleanup };
}

export function run(args: string[], options: RunOptions = {}): Promise<Result> {
  return new Promise((resolve, reject) => {
    const env = Object.fromEntries(
      Object.entries(options.env ?? {}).filter((e): e is [string, string] => e[1] !== undefined),
    );
    const as = options.uid === undefined ? {} : { uid: options.uid, gid: options.uid };
    const where = options.cwd === undefined ? {} : { cwd: options.cwd };
    const child = spawn(process.execPath, [bin, ...args], { env, stdio: 'pipe', ...as, ...where });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
    }, options.timeoutMs ?? 20_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    // A run that stops reading early (an input over the size limit) closes its stdin.
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}

/** A sandbox on a free port plus a temporary home (replaceable between tests). */
export interface World {
  sandbox: Sandbox;
  home: ReturnType<typeof tempHome>;
  /** Environment that reaches the sandbox as `account` with no profile file at all. */
  envFor: (account: string) => Record<string, string>;
  password: (account: string) => string;
  dactl: (args: string[], options?: RunOptions) => Promise<Result>;
  /** The POSTs that arrived after the first `since` requests (`sandbox.requests.length` before). */
  postsSince: (since: number) => RecordedRequest[];
  /** Clears injected faults and puts the reply modes back to the panel's defaults. */
  reset: () => void;
  close: () => Promise<void>;
}

export interface WorldOptions {
  /**
   * `dactl()` runs in this process through run(argv, io) (in-process.ts): the same code path
   * without a process per run. For everything but what only a real process shows (start-up,
   * signals, another user, the working directory, the binary itself).
   */
  inProcess?: boolean;
}

export async function world(
  options: SandboxOptions = {},
  { inProcess = false }: WorldOptions = {},
): Promise<World> {
  const sandbox = await startSandbox({ port: 0, ...options });
  // Loaded only when asked for: real-process tests need not load dactl's source.
  const runIn = inProcess ? (await import('./in-process.js')).runInProcess : undefined;
  const home = tempHome();
  const password = (account: string): string => {
    const found = sandbox.accounts.find((a) => a.username === account);
    if (!found) throw new Error(`no sandbox account ${account}`);
    return found.password;
  };
  const w: World = {
    sandbox,
    home,
    password,
    envFor: (account) => ({
      ...w.home.env,
      DACTL_URL: sandbox.url,
      DACTL_USERNAME: account,
      DACTL_PASSWORD: password(account),
    }),
    dactl: (args, runOptions = {}) => {
      const how = { ...runOptions, env: { ...w.home.env, ...runOptions.env } };
      return runIn ? runIn(args, how) : run(args, how);
    },
    postsSince: (since) => sandbox.requests.slice(since).filter((r) => r.method === 'POST'),
    reset: () => {
      sandbox.clearFaults();
      sandbox.modes.badCredentials = 'status';
      sandbox.modes.legacyErrors = 'status';
      Object.assign(sandbox.listings, listingsFrom({}, {}));
    },
    close: async () => {
      await sandbox.close();
      w.home.cleanup();
    },
  };
  return w;
}

/** Parses stdout as JSON, failing the test with the output when it is not. */
export function json(result: Result): unknown {
  try {
    return JSON.parse(result.stdout) as unknown;
  } catch {
    throw new Error(
      `stdout is not JSON (exit ${String(result.code)}):\n${result.stdout}\n${result.stderr}`,
    );
  }
}
