// `unit status`: Unit's /status (the shape of Unit 1.35) joined with the panel's owners, its
// filters and formats, against the sandbox's socket; and a hostile or old Unit is exit 5 or 6,
// never 1.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { UserFiles } from '../../src/doctor/panel.js';
import { unitStatus } from '../../src/doctor/status.js';
import { PanelError } from '../../src/errors.js';
import { runInProcess } from '../helpers/in-process.js';
import { unitServer, type UnitServer } from '../helpers/unit-server.js';

/** GET /status of Unit 1.35 with two python modules (an array), as nxt_status.c writes it. */
const real = {
  modules: {
    python: [
      { version: '3.11.2', lib: '/usr/lib/unit/modules/python3.11.unit.so' },
      { version: '3.9.2', lib: '/usr/lib/unit/modules/python3.9.unit.so' },
    ],
    php: { version: '8.2.28', lib: '/usr/lib/unit/modules/php.unit.so' },
  },
  connections: { accepted: 1067, active: 13, idle: 4, closed: 1050 },
  requests: { total: 1307 },
  applications: {
    wp: { processes: { running: 14, starting: 0, idle: 4 }, requests: { active: 10 } },
    'gone.example_api': {
      processes: { running: 0, starting: 1, idle: 0 },
      requests: { active: 0 },
    },
    'fred.example_my_app': {
      processes: { running: 2, starting: 0, idle: 1 },
      requests: { active: 1 },
    },
  },
};

const fred = { user: 'fred', conf: undefined, domains: [{ domain: 'fred.example' }] };

describe('unitStatus: Unit’s /status with each application’s owner', () => {
  it('splits a live name at its first "_" and names the user who has the domain', () => {
    const status = unitStatus(real, [fred as unknown as UserFiles], '/run/unit.sock');
    assert.deepEqual(status.connections, real.connections);
    assert.deepEqual(status.requests, { total: 1307 });
    assert.deepEqual(
      status.applications.map((a) => [a.user, a.domain, a.app, a.running, a.activeRequests]),
      [
        ['fred', 'fred.example', 'my_app', 2, 1],
        // Not `<domain>_<app>`: neither domain nor user.
        ['', '', 'wp', 14, 10],
        // No user has gone.example: its domain is kept, its user is not guessed.
        ['', 'gone.example', 'api', 0, 0],
      ],
    );
  });

  it('a reply without a number Unit always sends is exit 5 naming it', () => {
    const broken = structuredClone(real) as Record<string, unknown>;
    broken.applications = { 'fred.example_app': { processes: { running: '2' } } };
    assert.throws(
      () => unitStatus(broken, [], 's'),
      (e: unknown) =>
        e instanceof PanelError &&
        e.exitCode === 5 &&
        /applications\.fred\.example_app\.processes\.running/.test(e.message),
    );
    assert.throws(() => unitStatus([], [], 's'), PanelError);
  });
});

describe('unit status against the sandbox’s socket', () => {
  let s: UnitServer;
  before(async () => {
    s = await unitServer();
    // Unit runs an application of a domain no user of the panel has.
    await s.unit('PUT', '/config/applications/gone.example_old', {
      type: 'php',
      root: '/home/gone/public_html',
    });
  });
  after(() => s.close());

  it('a table per application with its owner, and Unit’s counters below', async () => {
    const r = await runInProcess(['unit', 'status'], { env: s.env });
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.split('\n');
    assert.match(lines[0] ?? '', /^USER\s+DOMAIN\s+APP\s+RUNNING\s+STARTING\s+IDLE\s+ACTIVE$/);
    // alice's blog: {max 8, spare 2}; fred's app: spare 1; legacy: processes 1; then no owner.
    assert.match(lines[1] ?? '', /^alice\s+alice\.example\s+blog\s+2\s+0\s+2\s+0$/);
    assert.match(lines[2] ?? '', /^fred\s+fred\.example\s+app\s+1\s+0\s+1\s+0$/);
    assert.match(lines[3] ?? '', /^fred\s+fred\.example\s+legacy\s+1\s+0\s+1\s+0$/);
    assert.match(lines[4] ?? '', /^\s+gone\.example\s+old\s+1\s+0\s+1\s+0$/);
    assert.match(
      r.stdout,
      /All of Unit: connections 0 accepted, 0 active, 0 idle, 0 closed; 0 requests\./,
    );
  });

  it('-o json: Unit’s counters and every application with user, domain and live name', async () => {
    const r = await runInProcess(['unit', 'status', '-o', 'json'], { env: s.env });
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout) as {
      connections: Record<string, number>;
      requests: { total: number };
      applications: Record<string, unknown>[];
    };
    assert.deepEqual(Object.keys(out), ['connections', 'requests', 'applications']);
    assert.deepEqual(out.applications[1], {
      user: 'fred',
      domain: 'fred.example',
      app: 'app',
      unitName: 'fred.example_app',
      running: 1,
      starting: 0,
      idle: 1,
      activeRequests: 0,
    });
    assert.equal(out.applications.length, 4);
  });

  it('--user and --domain keep only theirs; TSV has the table’s rows; --query reads the JSON', async () => {
    const alice = await runInProcess(['unit', 'status', '--user', 'alice', '-o', 'tsv'], {
      env: s.env,
    });
    assert.equal(alice.code, 0, alice.stderr);
    assert.equal(alice.stdout, 'alice\talice.example\tblog\t2\t0\t2\t0\n');
    const domain = await runInProcess(
      ['unit', 'status', '--domain', 'Fred.Example', '-o', 'json'],
      {
        env: s.env,
      },
    );
    assert.equal(domain.code, 0, domain.stderr);
    const apps = (JSON.parse(domain.stdout) as { applications: { unitName: string }[] })
      .applications;
    assert.deepEqual(
      apps.map((a) => a.unitName),
      ['fred.example_app', 'fred.example_legacy'],
    );
    const none = await runInProcess(
      ['unit', 'status', '--user', 'fred', '--domain', 'alice.example'],
      {
        env: s.env,
      },
    );
    assert.equal(none.code, 0, none.stderr);
    assert.doesNotMatch(none.stdout, /USER|fred\.example/);
    assert.match(none.stdout, /^\nAll of Unit: /);
    const query = await runInProcess(
      ['unit', 'status', '--query', "applications[?user=='fred'].app"],
      { env: s.env },
    );
    assert.equal(query.code, 0, query.stderr);
    assert.deepEqual(JSON.parse(query.stdout), ['app', 'legacy']);
  });

  it('an unknown user is exit 4; bad flags and --watch without a terminal are exit 2', async () => {
    const unknown = await runInProcess(['unit', 'status', '--user', 'nobody1'], { env: s.env });
    assert.equal(unknown.code, 4, unknown.stderr);
    assert.match(unknown.stderr, /The panel has no user nobody1/);
    for (const [args, said] of [
      [['--watch', '2'], /--watch redraws a terminal[\s\S]*hint: In a script, ask once per run/],
      [['--watch', '0.2'], /--watch "0\.2": must be a number of seconds from 1/],
      [['--domain', 'fred_example'], /--domain/],
    ] as const) {
      const r = await runInProcess(['unit', 'status', ...args], { env: s.env });
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, said);
      assert.equal(r.stdout, '');
    }
  });

  it('no socket there: exit 2 with what to do, naming this command', async () => {
    const env = { ...s.env, DACTL_UNIT_SOCKET: join(s.dir, 'none.sock') };
    const r = await runInProcess(['unit', 'status'], { env });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /There is no Unit control socket at .*none\.sock/);
    assert.match(r.stderr, /hint: Is Unit installed and running \(systemctl status unit\)\?/);
  });
});

describe('unit status against a hostile or old Unit', () => {
  let server: Server;
  let s: UnitServer;
  let reply: { status: number; body: string } = { status: 200, body: '{}' };
  before(async () => {
    s = await unitServer();
    server = createServer((_req, res) => {
      res.writeHead(reply.status, { 'Content-Type': 'application/json' });
      res.end(reply.body);
    });
    await new Promise<void>((resolve) => server.listen(join(s.dir, 'hostile.sock'), resolve));
  });
  after(async () => {
    await new Promise((resolve) => server.close(resolve));
    await s.close();
  });

  for (const [what, status, body, code, said] of [
    ['nested 100,000 deep', 200, '['.repeat(100_000), 5, /no JSON dactl reads/],
    ['not JSON', 200, '<html>', 5, /no JSON dactl reads/],
    ['without its counters', 200, '{"applications":{}}', 5, /has no connections\.accepted/],
    ['404 (Unit before 1.28)', 404, '{"error":"Value doesn\'t exist."}', 5, /Value doesn't exist/],
    ['500', 500, '{"error":"Memory allocation failed."}', 6, /Memory allocation failed/],
  ] as const) {
    it(`a reply ${what} is exit ${String(code)}`, async () => {
      reply = { status, body };
      const env = { ...s.env, DACTL_UNIT_SOCKET: join(s.dir, 'hostile.sock') };
      const r = await runInProcess(['unit', 'status'], { env });
      assert.equal(r.code, code, r.stderr);
      assert.match(r.stderr, said);
    });
  }
});
