// `unit app restart` on the panel's server: GET /control/applications/<domain>_<name>/restart
// over Unit's socket, the owner read from the data directory; nothing is sent without --yes when
// there is no terminal, nor for a name Unit lacks, nor under --dry-run.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { runInProcess } from '../helpers/in-process.js';
import { unitServer, type UnitServer } from '../helpers/unit-server.js';

describe('unit app restart', () => {
  let s: UnitServer;
  let before0 = 0;
  const sent = (): readonly string[] => s.sandbox.unitRestarts.slice(before0);
  const restart = (...args: string[]) =>
    runInProcess(['unit', 'app', 'restart', ...args], { env: s.env });
  before(async () => {
    s = await unitServer();
  });
  beforeEach(() => {
    before0 = s.sandbox.unitRestarts.length;
  });
  after(() => s.close());

  it('--yes restarts it; -o json says whose it was', async () => {
    const r = await restart('app', '--domain', 'fred.example', '--yes', '-o', 'json');
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), {
      name: 'app',
      domain: 'fred.example',
      user: 'fred',
      unitName: 'fred.example_app',
      outcome: 'restarted',
    });
    assert.match(r.stderr, /Restarted fred\.example_app \(Unit said: Ok\)/);
    assert.deepEqual(sent(), ['fred.example_app']);
    // An application Unit runs without a local copy is restarted too.
    const legacy = await restart('legacy', '--domain', 'fred.example', '--yes');
    assert.equal(legacy.code, 0, legacy.stderr);
    assert.equal(legacy.stdout, '');
  });

  it('without a terminal and without --yes: exit 2 naming --yes, nothing sent', async () => {
    const r = await restart('app', '--domain', 'fred.example');
    assert.equal(r.code, 2);
    assert.match(r.stderr, /Restart fred\.example_app: confirmation needed; pass --yes/);
    assert.deepEqual(sent(), []);
  });

  it('--dry-run prints the request and sends nothing', async () => {
    const text = await restart('app', '--domain', 'fred.example', '--dry-run');
    assert.equal(text.code, 0, text.stderr);
    assert.equal(
      text.stdout,
      `GET /control/applications/fred.example_app/restart (Unit's control socket ${s.socket})\n`,
    );
    const json = await restart('app', '--domain', 'fred.example', '--dry-run', '-o', 'json');
    assert.deepEqual(JSON.parse(json.stdout), {
      dryRun: true,
      request: {
        socket: s.socket,
        method: 'GET',
        path: '/control/applications/fred.example_app/restart',
      },
    });
    assert.deepEqual(sent(), []);
  });

  it('a name Unit lacks, or a domain no user has, is exit 4; nothing sent', async () => {
    const name = await restart('nope', '--domain', 'fred.example', '--yes');
    assert.equal(name.code, 4);
    assert.match(name.stderr, /Unit runs no application fred\.example_nope\./);
    assert.match(
      name.stderr,
      /hint: See what it runs: sudo dactl unit status --domain fred\.example/,
    );
    await s.unit('PUT', '/config/applications/gone.example_app', { type: 'php', root: '/srv' });
    const domain = await restart('app', '--domain', 'gone.example', '--yes');
    assert.equal(domain.code, 4);
    assert.match(domain.stderr, /No user of the panel has the domain gone\.example/);
    assert.deepEqual(sent(), []);
  });

  it('--as names whose the domain must be: another user’s is exit 3', async () => {
    const wrong = await restart('blog', '--domain', 'alice.example', '--as', 'fred', '--yes');
    assert.equal(wrong.code, 3);
    assert.match(wrong.stderr, /alice\.example belongs to alice, not fred\./);
    assert.deepEqual(sent(), []);
    const right = await restart('blog', '--domain', 'alice.example', '--as', 'alice', '--yes');
    assert.equal(right.code, 0, right.stderr);
    assert.deepEqual(sent(), ['alice.example_blog']);
  });

  it('names that could leave the restart path are exit 2, and nothing is sent', async () => {
    for (const args of [
      ['../../config', '--domain', 'fred.example'],
      ['app', '--domain', 'fred.example/../x'],
      ['app%2f', '--domain', 'fred.example'],
    ]) {
      const r = await restart(...args, '--yes');
      assert.equal(r.code, 2, r.stderr);
    }
    assert.deepEqual(sent(), []);
  });

  it('no socket there: exit 2 with what to do', async () => {
    const r = await runInProcess(
      ['unit', 'app', 'restart', 'app', '--domain', 'fred.example', '--yes'],
      { env: { ...s.env, DACTL_UNIT_SOCKET: join(s.dir, 'none.sock') } },
    );
    assert.equal(r.code, 2);
    assert.match(r.stderr, /There is no Unit control socket at .*none\.sock/);
  });

  it('the sandbox’s socket answers as Unit does: 404 for an unknown name, 405 for a POST', async () => {
    assert.deepEqual(await s.unit('GET', '/control/applications/fred.example_x/restart'), {
      status: 404,
      body: { error: "Value doesn't exist." },
    });
    assert.equal(
      (await s.unit('POST', '/control/applications/fred.example_app/restart')).status,
      405,
    );
    assert.deepEqual(sent(), []);
  });
});
