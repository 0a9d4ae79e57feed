// `unit sync` queues the rewrite the spec names and nothing else; bad input to doctor and sync
// ends with exit 2, 3 or 4 and a hint, never 1.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runInProcess } from '../helpers/in-process.js';
import { unitServer, type UnitServer } from '../helpers/unit-server.js';

let s: UnitServer;
const queue = (): string => join(s.dataDir, 'task.queue');

describe('unit sync', () => {
  before(async () => {
    s = await unitServer();
    await s.unit('DELETE', '/config/applications/alice.example_blog');
  });
  after(() => s.close());

  it('shows what is out of step and writes nothing without --yes (no terminal) or with --dry-run', async () => {
    const refused = await runInProcess(['unit', 'sync'], { env: s.env });
    assert.equal(refused.code, 2);
    assert.match(refused.stdout, /alice\.example\s+blog\s+Missing live/);
    assert.match(refused.stderr, /pass --yes/);
    const dry = await runInProcess(['unit', 'sync', '--yes', '--dry-run'], { env: s.env });
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stderr, /would append "action=rewrite&value=appserver_unit"/);
    assert.equal(existsSync(queue()), false);
  });

  it('appends the rewrite line to task.queue, and the panel’s processor then brings Unit in step', async () => {
    const r = await runInProcess(['unit', 'sync', '--yes', '--user', 'alice'], { env: s.env });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(readFileSync(queue(), 'utf8'), 'action=rewrite&value=appserver_unit\n');
    assert.equal((await s.unit('GET', '/config/applications/alice.example_blog')).status, 404);
    assert.equal(s.sandbox.processTaskQueue(), true);
    assert.equal((await s.unit('GET', '/config/applications/alice.example_blog')).status, 200);
  });

  it('--now runs the queue processor at once; exit 7 while a left-over stays out of step', async () => {
    await s.unit('DELETE', '/config/applications/fred.example_app');
    const r = await runInProcess(['unit', 'sync', '--yes', '--now', '-o', 'json'], { env: s.env });
    assert.equal(r.code, 7, r.stderr);
    assert.match(r.stderr, /1 still out of step after the rewrite/);
    const out = JSON.parse(r.stdout) as { queued: boolean; stillOutOfStep: { item: string }[] };
    assert.equal(out.queued, true);
    assert.deepEqual(
      out.stillOutOfStep.map((f) => f.item),
      ['legacy'],
    );
    assert.equal(existsSync(queue()), false);
    const nothing = await runInProcess(['unit', 'sync', '--yes', '--user', 'fred'], { env: s.env });
    assert.match(nothing.stderr, /Nothing a rewrite would change/);
    assert.equal(existsSync(queue()), false);
    // The table names what stays, below what was out of step.
    await s.unit('DELETE', '/config/applications/fred.example_app');
    const table = await runInProcess(['unit', 'sync', '--yes', '--now'], { env: s.env });
    assert.equal(table.code, 7, table.stderr);
    assert.match(
      table.stdout,
      /Still out of step after the rewrite:\nCHECK\s+USER\s+DOMAIN\s+ITEM\s+DETAIL\n(?:.*\n)*app\s+fred\s+fred\.example\s+legacy\s+Live only/,
    );
  });

  it('--now: exit 0 once the rewrite leaves nothing the doctor fails (a name nobody owns is a warning)', async () => {
    await s.unit('DELETE', '/config/applications/fred.example_legacy');
    await s.unit('PUT', '/config/routes/elsewhere.example', [{ action: { return: 200 } }]);
    await s.unit('DELETE', '/config/applications/fred.example_app');
    const r = await runInProcess(['unit', 'sync', '--yes', '--now', '-o', 'json'], { env: s.env });
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout) as { stillOutOfStep: { check: string; status: string }[] };
    assert.deepEqual(
      out.stillOutOfStep.map((f) => [f.check, f.status]),
      [['layout', 'warn']],
    );
    assert.match(r.stderr, /1 still out of step, none of them failing/);
    await s.unit('DELETE', '/config/routes/elsewhere.example');
  });

  it('--now without a processor says the panel’s cron runs the task', async () => {
    await s.unit('DELETE', '/config/applications/fred.example_app');
    const env = { ...s.env, DACTL_DA_TASKQ: join(s.dir, 'missing-dataskq') };
    const r = await runInProcess(['unit', 'sync', '--yes', '--now'], { env: env });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /No queue processor at .*missing-dataskq/);
    rmSync(queue());
  });
});

describe('unit doctor and sync: bad input', () => {
  before(async () => {
    s = await unitServer();
  });
  after(() => s.close());

  const cases: [string, string[], Record<string, string>, number, RegExp][] = [
    [
      'a missing data directory',
      ['--data-dir', '/nonexistent/data'],
      {},
      2,
      /--data-dir or DACTL_DA_DATA_DIR/,
    ],
    [
      'a missing socket',
      ['--socket', '/nonexistent/control.sock'],
      {},
      2,
      /Is Unit installed and running/,
    ],
    ['an unknown user', ['--user', 'nobodyhere'], {}, 4, /no user nobodyhere/],
    ['an unknown domain', ['--domain', 'nowhere.example'], {}, 4, /leave out --domain/],
    ['a bad user name', ['--user', '../etc'], {}, 2, /--user/],
    ['a bad probe address', ['--probe-address', 'nowhere'], {}, 2, /host:port/],
    [
      '--remote with local flags',
      ['--remote', '--domain', 'fred.example', '--socket', '/x'],
      {},
      2,
      /leave out --socket/,
    ],
  ];
  for (const [what, args, env, code, words] of cases) {
    it(`doctor: ${what} is exit ${String(code)} with a hint`, async () => {
      const r = await runInProcess(['unit', 'doctor', ...args], { env: { ...s.env, ...env } });
      assert.equal(r.code, code, r.stderr);
      assert.match(r.stderr, words);
    });
  }

  it('a directory where a file belongs is a failing finding naming it, and the rest is checked', async () => {
    rmSync(join(s.dataDir, 'users/alice/user.conf'));
    mkdirSync(join(s.dataDir, 'users/alice/user.conf'));
    const r = await runInProcess(['unit', 'doctor', '--user', 'alice', '-o', 'json'], {
      env: s.env,
    });
    assert.equal(r.code, 7, r.stderr);
    const findings = JSON.parse(r.stdout) as { check: string; item: string; detail: string }[];
    const layout = findings.find((f) => f.item === 'users/alice/user.conf');
    assert.match(layout?.detail ?? '', /is a directory, not a file: dactl did not read it/);
    assert.ok(findings.some((f) => f.check === 'app' && f.item === 'blog'));
  });

  it('sync: a missing data directory is exit 2, and nothing is written', async () => {
    const r = await runInProcess(['unit', 'sync', '--yes', '--data-dir', join(s.dir, 'none')], {
      env: s.env,
    });
    assert.equal(r.code, 2, r.stderr);
    assert.equal(existsSync(join(s.dir, 'none')), false);
  });
});
