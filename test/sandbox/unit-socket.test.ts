// The sandbox's Unit control socket, its data directory in the panel's layout, and the task
// queue processed like the panel's (spec 2.6).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startSandbox } from '../../src/sandbox/index.js';
import { unitServer, type UnitServer } from '../helpers/unit-server.js';

const app = (s: UnitServer, name: string) => s.unit('GET', `/config/applications/${name}`);

describe('sandbox: Unit control socket', () => {
  let s: UnitServer;
  before(async () => {
    s = await unitServer();
  });
  after(() => s.close());

  it('shows the live configuration, and Unit’s replies to PUT, DELETE and a missing path', async () => {
    const config = await s.unit('GET', '/config');
    assert.equal(config.status, 200);
    assert.deepEqual(Object.keys(config.body as object), ['listeners', 'routes', 'applications']);
    const put = await s.unit('PUT', '/config/applications/fred.example_app/processes', 2);
    assert.deepEqual(put, { status: 200, body: { success: 'Reconfiguration done.' } });
    assert.equal((await app(s, 'fred.example_app')).body instanceof Object, true);
    assert.deepEqual(
      (await s.unit('GET', '/config/applications/fred.example_app/processes')).body,
      2,
    );
    const gone = await s.unit('DELETE', '/config/applications/alice.example_blog');
    assert.equal(gone.status, 200);
    assert.deepEqual(await app(s, 'alice.example_blog'), {
      status: 404,
      body: { error: "Value doesn't exist." },
    });
    assert.equal((await s.unit('DELETE', '/config/routes/nowhere.example')).status, 404);
  });

  it('GET /status: Unit 1.35’s shape, each live application with the processes it starts', async () => {
    const status = await s.unit('GET', '/status');
    assert.equal(status.status, 200);
    const body = status.body as Record<string, Record<string, unknown>>;
    assert.deepEqual(Object.keys(body), ['modules', 'connections', 'requests', 'applications']);
    assert.deepEqual(Object.keys(body.connections ?? {}), ['accepted', 'active', 'idle', 'closed']);
    // processes: N → N processes (the test above set 2); {max, spare} → its spare ones; all idle.
    assert.deepEqual(body.applications?.['fred.example_legacy'], {
      processes: { running: 1, starting: 0, idle: 1 },
      requests: { active: 0 },
    });
    assert.deepEqual(
      (await s.unit('GET', '/status/applications/fred.example_app/processes')).body,
      { running: 2, starting: 0, idle: 2 },
    );
    assert.equal((await s.unit('PUT', '/status', {})).status, 405);
    assert.deepEqual(Object.keys((await s.unit('GET', '/')).body as object), ['config', 'status']);
  });

  it('refuses bad JSON and a configuration Unit would not take', async () => {
    const bad = await s.unit('PUT', '/config/routes/fred.example', undefined);
    assert.equal(bad.status, 400);
    assert.equal((bad.body as { error: string }).error, 'Invalid JSON.');
    const notArray = await s.unit('PUT', '/config/routes/fred.example', { action: {} });
    assert.equal(notArray.status, 400);
    assert.equal((notArray.body as { error: string }).error, 'Invalid configuration.');
  });

  it('lays the data directory out as the panel does, and does not overwrite an edited file', async () => {
    const read = (p: string) => readFileSync(join(s.dataDir, p), 'utf8');
    assert.match(read('users/fred/user.conf'), /^creator=reseller1$/m);
    assert.match(read('users/fred/user.conf'), /^nginxUnit=ON$/m);
    assert.match(read('users/reseller1/packages/standard.pkg'), /^appserver_unit=ON$/m);
    assert.match(read('users/reseller1/reseller.conf'), /^appserver_unit=ON$/m);
    assert.equal(read('users/fred/domains.list'), 'fred.example\nfredshop.example\n');
    assert.match(readFileSync(s.conf, 'utf8'), /^unit_port_ssl=0$/m);
  });

  it('processes task.queue like the panel: a rewrite refills Unit from the copies, the file goes', async () => {
    await s.unit('DELETE', '/config/applications/fred.example_app');
    await s.unit('PUT', '/config/routes/fred.example', [{ action: { return: 404 } }]);
    s.write('users/fred/domains/fred.example.routes/fred.example', '[{"action":{"return":200}}]');
    writeFileSync(s.conf, 'unit_port_ssl=8091\n');
    writeFileSync(
      join(s.dataDir, 'task.queue'),
      'action=other\naction=rewrite&value=appserver_unit\n',
    );
    assert.equal(s.sandbox.processTaskQueue(), true);
    assert.equal(existsSync(join(s.dataDir, 'task.queue')), false);
    assert.equal((await app(s, 'fred.example_app')).status, 200);
    assert.deepEqual((await s.unit('GET', '/config/routes/fred.example')).body, [
      { action: { return: 200 } },
    ]);
    // What Unit ran without a copy stays (spec 4.3 rule 1); the port brings its listener.
    assert.equal((await app(s, 'fred.example_legacy')).status, 200);
    const listeners = (await s.unit('GET', '/config/listeners')).body as Record<string, object>;
    assert.ok('tls' in (listeners['*:8091'] ?? {}));
    writeFileSync(join(s.dataDir, 'task.queue'), 'action=other\n');
    assert.equal(s.sandbox.processTaskQueue(), false);
    assert.equal(existsSync(join(s.dataDir, 'task.queue')), false);
  });

  it('runs the queue at once through its dataskq processor', async () => {
    await s.unit('DELETE', '/config/applications/fred.example_app');
    writeFileSync(join(s.dataDir, 'task.queue'), 'action=rewrite&value=appserver_unit\n');
    // Asynchronously: the sandbox runs in this process and must answer while it waits.
    await promisify(execFile)(s.taskq);
    assert.equal(existsSync(join(s.dataDir, 'task.queue')), false);
    assert.equal((await app(s, 'fred.example_app')).status, 200);
  });
});

describe('sandbox: Unit after a restart', () => {
  it('starts with the live configuration empty when asked, the copies untouched', async () => {
    const s = await unitServer({ unitEmpty: true });
    try {
      assert.deepEqual((await s.unit('GET', '/config')).body, {
        listeners: {},
        routes: {},
        applications: {},
      });
      assert.ok(existsSync(join(s.dataDir, 'users/fred/domains/fred.example.unit/app.json')));
    } finally {
      await s.close();
    }
  });

  it('refuses a socket path it cannot listen on, naming it (exit 2)', async () => {
    await assert.rejects(
      startSandbox({ port: 0, unitSocket: '/nonexistent-dir/control.sock' }),
      (e: Error & { exitCode?: number }) =>
        e.exitCode === 2 && e.message.includes('/nonexistent-dir/control.sock'),
    );
  });
});
