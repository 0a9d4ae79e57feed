// Changes made on the panel's server without its API are recorded too: `unit sync`'s queue line
// and `unit app restart` over Unit's socket. And a change Ctrl-C stops before its answer is
// recorded as one that may have been made.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import { CancelledError } from '../../src/errors.js';
import { Client } from '../../src/http/transport.js';
import { startSandbox } from '../../src/sandbox/index.js';
import { runInProcess } from '../helpers/in-process.js';
import { unitServer, type UnitServer } from '../helpers/unit-server.js';

describe('changes on the server, in the trail', () => {
  let s: UnitServer;
  let trail: string;
  const lines = (): Record<string, unknown>[] =>
    existsSync(trail)
      ? readFileSync(trail, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as Record<string, unknown>)
      : [];
  before(async () => {
    s = await unitServer();
    trail = join(s.dir, 'trail', 'audit.jsonl');
  });
  afterEach(() => {
    rmSync(join(s.dir, 'trail'), { recursive: true, force: true });
  });
  after(() => s.close());

  it('unit app restart: the socket, the path and the owner; a dry run records nothing', async () => {
    const env = { ...s.env, DACTL_AUDIT_FILE: trail };
    const dry = ['unit', 'app', 'restart', 'app', '--domain', 'fred.example', '--dry-run'];
    assert.equal((await runInProcess(dry, { env })).code, 0);
    assert.deepEqual(lines(), []);
    const r = await runInProcess(
      ['unit', 'app', 'restart', 'app', '--domain', 'fred.example', '--yes'],
      {
        env,
      },
    );
    assert.equal(r.code, 0, r.stderr);
    const [line, ...more] = lines();
    assert.ok(line);
    assert.deepEqual(more, []);
    assert.equal(line.command, 'unit app restart');
    assert.equal(line.panel, `unix:${s.socket}`);
    assert.equal(line.method, 'GET');
    assert.equal(line.path, '/control/applications/fred.example_app/restart');
    assert.deepEqual(line.fields, { domain: 'fred.example', user: 'fred' });
    assert.equal(line.outcome, 'done');
  });

  it('unit sync: the line queued, in which file', async () => {
    await s.unit('DELETE', '/config/applications/alice.example_blog');
    const r = await runInProcess(['unit', 'sync', '--yes', '--user', 'alice'], {
      env: { ...s.env, DACTL_AUDIT_FILE: trail },
    });
    assert.equal(r.code, 0, r.stderr);
    s.sandbox.processTaskQueue();
    const [line] = lines();
    assert.ok(line);
    assert.equal(line.command, 'unit sync');
    assert.equal(line.panel, `file:${join(s.dataDir, 'task.queue')}`);
    assert.equal(line.method, 'APPEND');
    assert.equal(line.path, 'action=rewrite&value=appserver_unit');
    assert.equal(line.outcome, 'done');
  });
});

describe('a change Ctrl-C stops', () => {
  it('is told it may have been made before dactl ends', async () => {
    const sandbox = await startSandbox({ port: 0 });
    try {
      sandbox.fault({ kind: 'hang', path: '/CMD_X', method: 'POST' });
      const heard: unknown[] = [];
      const client = new Client({
        url: sandbox.url,
        username: 'admin',
        password: 'x',
        insecure: false,
        timeoutMs: 60_000,
        who: 'the sandbox',
        record: () => Promise.resolve((error?: unknown) => heard.push(error)),
      });
      const arrived = new Promise<void>((resolve) => {
        const stop = sandbox.watch(() => {
          stop();
          resolve();
        });
      });
      const sending = client
        .send({ method: 'POST', path: '/CMD_X', form: {} })
        .catch(() => 'ended');
      await arrived;
      client.interrupted();
      assert.equal(heard.length, 1);
      assert.ok(heard[0] instanceof CancelledError);
      // The sandbox ends the hung request as it closes; the outcome is not told twice.
      await sandbox.close();
      assert.equal(await sending, 'ended');
      assert.equal(heard.length, 1);
    } finally {
      await sandbox.close();
    }
  });
});
