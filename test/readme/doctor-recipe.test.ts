// The README's recipe for `unit doctor` against the sandbox ("## The sandbox"): `dactl sandbox
// --data-dir ./da --unit-socket ./da/control.sock`, then the doctor pointed at it with the
// relative paths it gives. Run as written (relative, from its directory) and with the same paths
// absolute: the same layout, the same findings, and sync's processor works from anywhere.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Finding } from '../../src/doctor/findings.js';
import { bin, run, type Result } from '../helpers/dactl.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const span = (start: string): string => {
  const found = new RegExp(`\`(${start}[^\`]*)\``).exec(readme)?.[1];
  assert.ok(found, `README.md has no \`${start}...\``);
  return found;
};
/** The sandbox's flags as the README gives them, and the doctor's environment. */
const sandboxArgs = span('dactl sandbox --data-dir ').split(/\s+/).slice(2);
const doctorEnv = Object.fromEntries(
  span('DACTL_DA_DATA_DIR=')
    .split(/\s+/)
    .map((pair) => pair.split('=') as [string, string]),
);

const failing =
  '2025/06/02 14:12:31 [info] 28253#28253 "fred.example_app" application started\n' +
  '2025/06/02 14:12:31 [alert] 28253#28253 Python failed to import module "no_such_module"\n';

function dactl(args: string[], cwd: string, env: Record<string, string>): Promise<Result> {
  return run(args, { env, cwd });
}

/** `dactl sandbox` with these flags in `cwd`, until its ready line. */
async function sandbox(args: string[], cwd: string, env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    [bin, 'sandbox', ...args, '--port', '0', '--no-profile', '--task-interval', '0', '-o', 'json'],
    { cwd, env },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      if (out.includes('\n')) resolve();
    });
    child.on('exit', (code) => {
      reject(new Error(`dactl sandbox exited ${String(code)}: ${stderr}`));
    });
  });
  return child;
}

/** DELETE of one path of Unit's configuration on the sandbox's control socket. */
function unitDelete(socketPath: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, method: 'DELETE', path }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => {
    child.on('exit', () => {
      resolve();
    });
  });
  child.kill('SIGTERM');
  return exited;
}

/** Every file below `dir`, by its path there (the sandbox's state aside: it holds passwords). */
const layout = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((p) => p !== 'state.json')
    .sort();

describe('README: the doctor recipe with a relative --data-dir', () => {
  const root = mkdtempSync(join(tmpdir(), 'dactl-recipe-'));
  const relative = join(root, 'relative');
  const absolute = join(root, 'absolute');
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: root,
    DACTL_CONFIG_DIR: join(root, 'config'),
    CI: 'true',
  };
  const absoluteEnv = Object.fromEntries(
    Object.entries(doctorEnv).map(([k, v]) => [k, join(absolute, v)]),
  );
  let asWritten: ChildProcess | undefined;
  let asAbsolute: ChildProcess | undefined;

  before(async () => {
    for (const d of [relative, absolute]) {
      mkdirSync(d);
      // Unit's log, given relative too (--log's variable): the same failing line in both.
      writeFileSync(join(d, 'unit.log'), failing, { mode: 0o600 });
    }
    assert.ok(
      sandboxArgs.some((a) => a.startsWith('./')),
      sandboxArgs.join(' '),
    );
    asWritten = await sandbox(sandboxArgs, relative, env);
    asAbsolute = await sandbox(
      sandboxArgs.map((a) => (a.startsWith('./') ? join(absolute, a) : a)),
      root,
      env,
    );
  });
  after(async () => {
    await Promise.all([stop(asWritten), stop(asAbsolute)]);
    rmSync(root, { recursive: true, force: true });
  });

  it('lays the data directory out the same, relative or absolute', () => {
    assert.ok(!isAbsolute(doctorEnv.DACTL_DA_DATA_DIR ?? '/'));
    const da = (dir: string): string => join(dir, doctorEnv.DACTL_DA_DATA_DIR ?? '');
    assert.deepEqual(layout(da(relative)), layout(da(absolute)));
    assert.ok(layout(da(relative)).includes('conf/directadmin.conf'));
  });

  it('the doctor as the README points it finds the panel config, as with absolute paths', async () => {
    const rel = await dactl(['unit', 'doctor', '-o', 'json'], relative, {
      ...env,
      ...doctorEnv,
      DACTL_UNIT_LOG: './unit.log',
    });
    const abs = await dactl(['unit', 'doctor', '-o', 'json'], root, {
      ...env,
      ...absoluteEnv,
      DACTL_UNIT_LOG: join(absolute, 'unit.log'),
    });
    // The demo's left-over application and the log's failing one: exit 7 in both.
    assert.equal(rel.code, 7, rel.stderr);
    assert.equal(abs.code, 7, abs.stderr);
    const shown = (r: Result): string[] =>
      (JSON.parse(r.stdout) as Finding[]).map((f) => `${f.status} ${f.check} ${f.user} ${f.item}`);
    assert.deepEqual(shown(rel), shown(abs));
    const findings = JSON.parse(rel.stdout) as Finding[];
    const port = findings.find((f) => f.check === 'port');
    assert.equal(port?.status, 'ok', JSON.stringify(port));
    const log = findings.find((f) => f.check === 'log');
    assert.deepEqual([log?.status, log?.user, log?.item], ['fail', 'fred', 'app']);
  });

  it('sync --now runs the sandbox’s processor from any directory', async () => {
    const fromElsewhere: Record<string, string> = {
      ...env,
      ...Object.fromEntries(Object.entries(doctorEnv).map(([k, v]) => [k, join(relative, v)])),
    };
    const socket = fromElsewhere.DACTL_UNIT_SOCKET ?? '';
    assert.equal(await unitDelete(socket, '/config/applications/alice.example_blog'), 200);
    const r = await dactl(['unit', 'sync', '--yes', '--now', '-o', 'json'], root, fromElsewhere);
    // Only the demo's left-over stays (exit 7): the rewrite ran.
    assert.equal(r.code, 7, r.stderr);
    assert.match(r.stderr, /Queued "action=rewrite/);
    assert.deepEqual(
      (JSON.parse(r.stdout) as { stillOutOfStep: Finding[] }).stillOutOfStep.map((f) => f.item),
      ['legacy'],
    );
  });
});
