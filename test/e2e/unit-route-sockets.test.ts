// A route must not proxy to a socket that commands the server (Unit's control socket, here the
// live one at a path only this server uses) or lies in another account's home: dactl refuses it
// with exit 2 before sending, and the sandbox's panel refuses it when dactl's check is bypassed
// with `dactl api`. A socket of the account's own stays allowed.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { json, run } from '../helpers/dactl.js';
import { runInProcess } from '../helpers/in-process.js';
import { unitServer, type UnitServer } from '../helpers/unit-server.js';

const proxyTo = (path: string): string =>
  JSON.stringify([{ action: { proxy: `http://unix:${path}` } }]);

describe('e2e: routes that proxy to server sockets', () => {
  let s: UnitServer;
  let fred: Record<string, string>;
  let admin: Record<string, string>;
  const as = (account: string) => ({
    ...s.env,
    DACTL_URL: s.sandbox.url,
    DACTL_USERNAME: account,
    DACTL_PASSWORD: s.sandbox.accounts.find((a) => a.username === account)?.password ?? '',
  });
  const posts = (since: number) =>
    s.sandbox.requests.slice(since).filter((r) => r.method === 'POST');
  const liveRoute = async () =>
    ((await s.unit('GET', '/config/routes')).body as Record<string, unknown>)['fred.example'];

  before(async () => {
    s = await unitServer();
    fred = as('fred');
    admin = as('admin');
  });
  after(() => s.close());

  it('unit route set: exit 2 naming the step, nothing sent; the account’s own socket goes', async () => {
    const since = s.sandbox.requests.length;
    const control = await run(
      ['unit', 'route', 'set', '--domain', 'fred.example', '--file', '-', '--yes', '-o', 'json'],
      { env: fred, input: proxyTo(s.socket) },
    );
    assert.equal(control.code, 2, control.stderr);
    assert.deepEqual(json(control), [
      {
        path: '[0].action.proxy',
        message: `"${s.socket}" is Unit's control socket: whoever reaches it reconfigures every account's applications; proxy only to your own service's socket`,
      },
    ]);
    // The acting account is the --as user: alice's home is another's, fred's is his own.
    const set = ['unit', 'route', 'set', '--as', 'fred', '--domain', 'fred.example', '--file', '-'];
    const other = await run([...set, '--yes'], {
      env: admin,
      input: proxyTo('/home/alice/app.sock'),
    });
    assert.equal(other.code, 2, other.stderr);
    assert.match(
      other.stderr,
      /\[0\]\.action\.proxy: "\/home\/alice\/app\.sock" is in the home of another account \(alice\); proxy to a socket in \/home\/fred\/ or outside \/home/,
    );
    assert.deepEqual(posts(since), []);
    const own = await run([...set, '--yes'], { env: admin, input: proxyTo('/home/fred/app.sock') });
    assert.equal(own.code, 0, own.stderr);
    assert.equal(posts(since).length, 1);
    assert.deepEqual(await liveRoute(), JSON.parse(proxyTo('/home/fred/app.sock')));
  });

  it('dactl api bypassing the check: the panel refuses it (exit 5), Unit is unchanged', async () => {
    for (const path of [s.socket, '/var/run//unit/control.sock']) {
      const r = await run(
        [
          'api',
          '-X',
          'POST',
          '/CMD_UNIT',
          '-f',
          'action=set_route',
          '-f',
          'domain=fred.example',
          '-f',
          `routes=${proxyTo(path)}`,
        ],
        { env: fred },
      );
      assert.equal(r.code, 5, r.stderr);
      assert.match(
        r.stderr,
        /error: Cannot save the route: Invalid configuration: \[0\]\.action\.proxy: .* is Unit's control socket/,
      );
    }
    assert.deepEqual(await liveRoute(), JSON.parse(proxyTo('/home/fred/app.sock')));
  });

  it('unit route validate reports it, offline and online', async () => {
    const validate = ['unit', 'route', 'validate', '-', '--domain', 'fred.example'];
    const offline = await runInProcess([...validate, '--offline', '-o', 'tsv'], {
      env: fred,
      input: proxyTo('/run/docker.sock'),
    });
    assert.equal(offline.code, 2, offline.stderr);
    assert.match(offline.stdout, /^\[0\]\.action\.proxy\t"\/run\/docker\.sock" is Docker's API/);
    const online = await runInProcess([...validate, '-o', 'json'], {
      env: fred,
      input: proxyTo(`${s.socket}/`),
    });
    assert.equal(online.code, 2, online.stderr);
    const verdict = json(online) as { valid: boolean; problems: { path: string }[] };
    assert.equal(verdict.valid, false);
    assert.deepEqual(
      verdict.problems.map((p) => p.path),
      ['[0].action.proxy'],
    );
  });
});
