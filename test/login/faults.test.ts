// dactl login's bad input and the panel's faults: each ends with its documented exit code and a
// sentence, and a failed login saves nothing.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { keyError } from '../../src/api/login-keys.js';
import { AuthError, LoginRefusedError, NotFoundError, PanelError } from '../../src/errors.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { tempHome } from '../helpers/dactl.js';
import { runInProcess } from '../helpers/in-process.js';

let sb: Sandbox;
let home = tempHome();
before(async () => {
  sb = await startSandbox({ port: 0, modes: { badCredentials: 'status', legacyErrors: 'status' } });
});
after(async () => {
  await sb.close();
  home.cleanup();
});
beforeEach(() => {
  home.cleanup();
  home = tempHome();
  sb.clearFaults();
});

const admin = (): string => sb.accounts.find((a) => a.username === 'admin')?.password ?? '';
const login = (extra: string[], input = admin(), url = sb.url) =>
  runInProcess(['login', '-p', 'sb', '--url', url, '--username', 'admin', ...extra], {
    env: home.env,
    input,
  });
const saved = (): boolean => existsSync(join(home.configDir, 'config.json'));

describe('dactl login: bad input', () => {
  const cases: [string, string[], RegExp][] = [
    ['no terminal, no --password-stdin', [], /pass --password-stdin/],
    ['a bad --expires', ['--password-stdin', '--expires', '5x'], /--expires "5x"/],
    ['a zero --expires', ['--password-stdin', '--expires', '0d'], /--expires "0d"/],
    ['an --expires in hours', ['--password-stdin', '--expires', '2h'], /--expires "2h"/],
    ['a bad network', ['--password-stdin', '--allow-network', '10.0.0/8'], /--allow-network/],
    ['a bad --allow', ['--password-stdin', '--allow', 'a b'], /--allow "a b"/],
    [
      'an --allow naming Login Keys',
      ['--password-stdin', '--allow', 'CMD_API_LOGIN_TEST,login-keys'],
      /may not manage Login Keys \(login-keys\)/,
    ],
    ['--rotate without a profile', ['--rotate'], /no profile named "sb"/i],
  ];
  for (const [what, args, message] of cases) {
    it(`${what}: exit 2, nothing sent`, async () => {
      const sent = sb.requests.length;
      const r = await login(args);
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, message);
      assert.equal(sb.requests.length, sent);
      assert.ok(!saved());
    });
  }
});

describe('dactl login: the panel says no', () => {
  it('a wrong account password: exit 3', async () => {
    const r = await login(['--password-stdin'], 'not-the-password');
    assert.equal(r.code, 3, r.stderr);
    assert.match(r.stderr, /refused the login/);
    assert.ok(!saved());
  });

  it('a Login Key typed as the account password: refused, exit 3', async () => {
    assert.equal((await login(['--password-stdin'])).code, 0);
    const { readFileSync } = await import('node:fs');
    const file = JSON.parse(readFileSync(join(home.configDir, 'config.json'), 'utf8')) as {
      profiles: { sb: { password: string } };
    };
    const r = await login(['--password-stdin'], file.profiles.sb.password);
    assert.equal(r.code, 3, r.stderr);
    assert.match(r.stderr, /does not let this login manage Login Keys/);
    assert.match(r.stderr, /hint: Give the account password, not a Login Key/);
  });

  it('a panel without the Login Key API (404): exit 4 saying what to do', async () => {
    const r = await login(['--password-stdin'], admin(), `${sb.url}/old-panel`);
    assert.equal(r.code, 4, r.stderr);
    assert.match(r.stderr, /no Login Key API/);
    assert.match(r.stderr, /hint: Make a Login Key in the panel/);
  });

  for (const kind of ['status-500', 'status-502'] as const) {
    it(`${kind} on the key creation: exit 6, nothing saved`, async () => {
      sb.fault({ kind, path: '/api/login-keys/keys' });
      const r = await login(['--password-stdin']);
      assert.equal(r.code, 6, r.stderr);
      assert.ok(!saved());
    });
  }

  it('a panel that never answers: exit 6 after --timeout', async () => {
    sb.fault({ kind: 'hang', path: '/api/login-keys/keys' });
    const r = await login(['--password-stdin', '--timeout', '1']);
    assert.equal(r.code, 6, r.stderr);
    assert.ok(!saved());
  });

  it('a key that fails its check is deleted again and not saved', async () => {
    sb.fault({ kind: 'status-500', path: '/CMD_API_LOGIN_TEST' });
    const mark = sb.requests.length;
    const r = await login(['--password-stdin']);
    assert.equal(r.code, 6, r.stderr);
    assert.ok(!saved());
    const deleted = sb.requests
      .slice(mark)
      .filter((q) => q.method === 'DELETE' && q.path.startsWith('/api/login-keys/keys/dactl-'));
    assert.equal(deleted.length, 1);
  });

  it('rotation whose old key cannot be deleted: the new key is saved and names the old, exit 7', async () => {
    assert.equal((await login(['--password-stdin'])).code, 0);
    sb.fault({ kind: 'status-500', path: '/api/login-keys/keys/', method: 'DELETE' });
    const r = await runInProcess(['login', '--rotate', '-p', 'sb', '--password-stdin'], {
      env: home.env,
      input: admin(),
    });
    assert.equal(r.code, 7, r.stderr);
    const old = /the old Login Key (dactl-\S+) could not be deleted/.exec(r.stderr)?.[1];
    assert.ok(old, r.stderr);
    assert.match(r.stderr, /The new key is saved/);
    sb.clearFaults();
    const who = await runInProcess(['whoami', '-p', 'sb'], { env: home.env });
    assert.equal(who.code, 0, who.stderr);
    assert.ok(who.stderr.includes(`Login Key ${old} may be left on the panel`), who.stderr);
  });

  it('logout when the panel is down keeps the profile and names the key: exit 6', async () => {
    assert.equal((await login(['--password-stdin'])).code, 0);
    sb.fault({ kind: 'status-503', path: '/api/login-keys/keys/' });
    const r = await runInProcess(['logout', '-p', 'sb', '--yes', '--password-stdin'], {
      env: home.env,
      input: admin(),
    });
    assert.equal(r.code, 6, r.stderr);
    assert.match(r.stderr, /Login Key dactl-\S+ may still be on the panel; profile "sb" is kept/);
    assert.match(r.stderr, /hint: .*Login Keys page.*dactl profile remove sb/);
    sb.clearFaults();
    assert.equal((await runInProcess(['whoami', '-p', 'sb'], { env: home.env })).code, 0);
  });
});

describe("the panel's Login Key errors as sentences", () => {
  const cases: [number, RegExp, number][] = [
    [430, /refused the account password/, 3],
    [490, /already has a Login Key named "k"/, 5],
    [491, /already has a Login Key with that secret/, 5],
    [492, /too weak/, 5],
    [402, /licence is overused/, 5],
  ];
  for (const [status, message, exit] of cases) {
    it(`${String(status)}: exit ${String(exit)}`, () => {
      const mapped = keyError(new PanelError('x', undefined, status), 'k');
      assert.ok(mapped instanceof PanelError || mapped instanceof AuthError);
      assert.match(mapped.message, message);
      assert.equal(mapped.exitCode, exit);
      assert.ok(mapped.hint);
    });
  }
  it('403 (this login may not manage keys): refused like a wrong password, exit 3', () => {
    const mapped = keyError(new AuthError('The panel refused: x'), 'k');
    assert.ok(mapped instanceof LoginRefusedError);
    assert.match(mapped.message, /does not let this login manage Login Keys/);
    assert.equal(mapped.exitCode, 3);
  });
  it('404: an older panel, exit 4', () => {
    const mapped = keyError(new NotFoundError('x'), 'k');
    assert.ok(mapped instanceof NotFoundError);
    assert.match(mapped.message, /older than dactl login needs/);
  });
});
