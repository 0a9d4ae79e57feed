// dactl login / logout / login --rotate against the sandbox, in process: the profile keeps a Login
// Key and never the account password, logout revokes the key, rotation leaves one working key.
// The key cannot manage keys, so rotation and logout take the account password.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { tempHome } from '../helpers/dactl.js';
import { runInProcess } from '../helpers/in-process.js';
import { call } from '../sandbox/http.js';

let sb: Sandbox;
let home = tempHome();
before(async () => {
  sb = await startSandbox({ port: 0, modes: { badCredentials: 'status', legacyErrors: 'status' } });
});
after(() => sb.close());
beforeEach(() => {
  home.cleanup();
  home = tempHome();
  sb.clearFaults();
});
after(() => {
  home.cleanup();
});

const password = (name: string): string =>
  sb.accounts.find((a) => a.username === name)?.password ?? '';
const dactl = (args: string[], input?: string, env: Record<string, string> = {}) =>
  runInProcess(args, { env: { ...home.env, ...env }, input });
const login = (extra: string[] = [], user = 'admin') =>
  dactl(
    ['login', '-p', 'sb', '--url', sb.url, '--username', user, '--password-stdin', ...extra],
    password(user),
  );
const profileFile = (): string => readFileSync(join(home.configDir, 'config.json'), 'utf8');
const storedKey = (): string => {
  const data = JSON.parse(profileFile()) as { profiles: Record<string, { password?: string }> };
  return data.profiles.sb?.password ?? '';
};
/** Logs in to the panel with only the key, no profile: the key itself is the test. */
const withKey = (key: string, args = ['whoami']) =>
  dactl(args, undefined, { DACTL_URL: sb.url, DACTL_USERNAME: 'admin', DACTL_PASSWORD: key });
const rotate = (extra: string[] = []) =>
  dactl(['login', '--rotate', '-p', 'sb', '--password-stdin', ...extra], password('admin'));
const logout = (extra: string[] = []) =>
  dactl(['logout', '-p', 'sb', '--yes', '--password-stdin', ...extra], password('admin'));
type SavedProfile = { password?: string; pendingKey?: string; loginKey?: { id: string } };
const saved = (): SavedProfile =>
  (JSON.parse(profileFile()) as { profiles: Record<string, SavedProfile> }).profiles.sb ?? {};
/** A key's request to the sandbox's Login Key API, with the key alone as the password. */
const keyCall = (key: string, method: string, path: string, body?: object) =>
  call(sb.url, path, {
    method,
    auth: ['admin', key],
    headers: { 'Content-Type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
const adminKeys = async (): Promise<string[]> => {
  const r = await dactl(['api', '/api/login-keys/keys', '-o', 'json'], undefined, {
    DACTL_URL: sb.url,
    DACTL_USERNAME: 'admin',
    DACTL_PASSWORD: password('admin'),
  });
  assert.equal(r.code, 0, r.stderr);
  return (JSON.parse(r.stdout) as { id: string }[]).map((k) => k.id);
};

describe('dactl login', () => {
  it('saves a Login Key, not the password, and users list works with it', async () => {
    const r = await login();
    assert.equal(r.code, 0, r.stderr);
    assert.match(
      r.stderr,
      /Logged in to .* as admin\. Profile "sb" keeps Login Key dactl-127-0-0-1-\d{8}-[0-9a-f]{6}/,
    );
    assert.ok(!profileFile().includes(password('admin')), 'no account password in the file');
    assert.ok(storedKey().length >= 32);
    const users = await dactl(['users', 'list', '-o', 'json']);
    assert.equal(users.code, 0, users.stderr);
    assert.ok((JSON.parse(users.stdout) as unknown[]).length > 0);
    const sent = sb.requests
      .slice()
      .filter((q) => q.path === '/api/login-keys/keys' && q.method === 'POST');
    const body = JSON.parse(sent.at(-1)?.body ?? '{}') as Record<string, unknown>;
    assert.equal(body.allowLogin, false);
    assert.equal(body.hasExpiry, true);
    const days = (Date.parse(String(body.expires)) - Date.now()) / 86_400_000;
    assert.ok(days > 89 && days <= 90, `90 days, not ${String(days)}`);
    assert.ok((body.allowCommands as string[]).includes('CMD_API_SHOW_ALL_USERS'));
  });

  it('--debug shows neither the account password nor the key', async () => {
    const r = await login(['--debug']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /POST .*\/api\/login-keys\/keys/);
    assert.ok(!r.stderr.includes(password('admin')), 'account password in the trace');
    assert.ok(!r.stderr.includes(storedKey()), 'key in the trace');
  });

  it('profile show names the key, its commands, networks and expiry, never the key', async () => {
    assert.equal((await login(['--allow-network', '127.0.0.0/8', '--expires', 'never'])).code, 0);
    const shown = await dactl(['profile', 'show', 'sb', '-o', 'json']);
    assert.equal(shown.code, 0, shown.stderr);
    const view = JSON.parse(shown.stdout) as { loginKey: Record<string, unknown> };
    assert.deepEqual(view.loginKey.networks, ['127.0.0.0/8']);
    assert.equal(view.loginKey.expires, null);
    assert.match(String(view.loginKey.id), /^dactl-/);
    const table = await dactl(['profile', 'show', 'sb']);
    assert.match(table.stdout, /Login Key .*expires never; commands: CMD_API_LOGIN_TEST/);
    assert.ok(!shown.stdout.includes(storedKey()) && !table.stdout.includes(storedKey()));
  });

  it('--allow all makes a key for every command but Login Keys; an --allow list is as given', async () => {
    assert.equal((await login(['--allow', 'all'])).code, 0);
    const all = await withKey(storedKey(), ['api', '/evo/ajax/domains']);
    assert.equal(all.code, 0, all.stderr);
    const keys = await withKey(storedKey(), ['api', '/api/login-keys/keys']);
    assert.equal(keys.code, 3, keys.stderr);
    assert.match(keys.stderr, /may not use login-keys/);
    assert.equal((await login(['--allow', 'CMD_API_LOGIN_TEST'])).code, 0);
    const shown = JSON.parse((await dactl(['profile', 'show', 'sb', '-o', 'json'])).stdout) as {
      loginKey: { commands: string[] };
    };
    assert.deepEqual(shown.loginKey.commands, ['CMD_API_LOGIN_TEST']);
    const refused = await dactl(['users', 'list']);
    assert.equal(refused.code, 3);
    assert.match(refused.stderr, /may not use CMD_API_SHOW_ALL_USERS/);
  });

  it('a key from a network that is not the client is refused, and nothing is saved', async () => {
    const before = await adminKeys();
    const r = await login(['--allow-network', '192.0.2.0/24']);
    assert.equal(r.code, 3, r.stderr);
    assert.throws(() => profileFile());
    // The reason, never "check the password": the password was right, the key's network is not.
    assert.match(
      r.stderr,
      /refused the new Login Key from this machine: it may be used only from 192\.0\.2\.0\/24 \(the panel said: .*This login key may not be used from 127\.0\.0\.1\); it was deleted/,
    );
    assert.match(r.stderr, /run dactl login on a machine in those networks/);
    assert.doesNotMatch(r.stderr, /Check the username and password/);
    assert.deepEqual(await adminKeys(), before);
  });

  it('a key limited to some commands may still be checked: dactl adds CMD_API_LOGIN_TEST', async () => {
    const r = await login(['--allow', 'CMD_API_SHOW_USERS,db-show']);
    assert.equal(r.code, 0, r.stderr);
    const shown = JSON.parse((await dactl(['profile', 'show', 'sb', '-o', 'json'])).stdout) as {
      loginKey: { commands: string[] };
    };
    assert.deepEqual(shown.loginKey.commands, [
      'CMD_API_SHOW_USERS',
      'db-show',
      'CMD_API_LOGIN_TEST',
    ]);
  });

  it('logout deletes the key on the panel (with the password), then the profile', async () => {
    assert.equal((await login()).code, 0);
    const key = storedKey();
    const out = await logout();
    assert.equal(out.code, 0, out.stderr);
    assert.match(out.stderr, /Deleted Login Key dactl-/);
    assert.equal((await withKey(key)).code, 3);
    assert.ok(!profileFile().includes('"sb"'));
  });

  it('logout --keep-profile keeps the profile without its secret', async () => {
    assert.equal((await login()).code, 0);
    const out = await logout(['--keep-profile']);
    assert.equal(out.code, 0, out.stderr);
    const data = JSON.parse(profileFile()) as { profiles: Record<string, object> };
    assert.deepEqual(Object.keys(data.profiles.sb ?? {}).sort(), ['url', 'username']);
  });

  it('rotation leaves exactly one working key, the new one', async () => {
    const before = await adminKeys();
    assert.equal((await login()).code, 0);
    const old = storedKey();
    const r = await rotate();
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /Deleted the old Login Key/);
    const fresh = storedKey();
    assert.notEqual(fresh, old);
    assert.equal((await withKey(old)).code, 3);
    assert.equal((await withKey(fresh)).code, 0);
    assert.equal((await adminKeys()).length, before.length + 1);
  });

  it('logging in again replaces the profile key instead of adding one', async () => {
    const before = await adminKeys();
    assert.equal((await login()).code, 0);
    assert.equal((await login()).code, 0);
    assert.equal((await adminKeys()).length, before.length + 1);
  });

  it('warns on every run when the key expires within 14 days', async () => {
    assert.equal((await login(['--expires', '7d'])).code, 0);
    const r = await dactl(['whoami']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(
      r.stderr,
      /Login Key of profile "sb" expires in 7 days; renew it with "dactl login --rotate -p sb"/,
    );
    assert.equal((await login(['--expires', '30d'])).code, 0);
    assert.doesNotMatch((await dactl(['whoami'])).stderr, /expires in/);
  });
});

describe('Login Keys as a boundary: the key alone cannot manage keys', () => {
  const stolen = {
    id: 'stolen',
    password: 'Stolen-key-0123456789abcdefAB',
    allowCommands: [],
    denyCommands: [],
    allowNetworks: [],
    allowLogin: true,
    autoRemove: false,
    hasExpiry: false,
  };
  for (const extra of [[], ['--allow', 'all']]) {
    it(`a key made by login ${extra.join(' ') || '(default)'} cannot make, widen or extend a key`, async () => {
      assert.equal((await login(extra)).code, 0);
      const key = storedKey();
      const id = saved().loginKey?.id ?? '';
      const before = await adminKeys();
      const path = `/api/login-keys/keys/${id}`;
      const widen = { hasExpiry: false, allowCommands: [], denyCommands: [], allowNetworks: [] };
      for (const reply of [
        await keyCall(key, 'POST', '/api/login-keys/keys', stolen),
        await keyCall(key, 'POST', '/api/login-keys/keys', { ...stolen, currentPassword: key }),
        await keyCall(key, 'PATCH', path, widen),
        await keyCall(key, 'PATCH', path, { ...widen, currentPassword: key }),
      ]) {
        assert.equal(reply.status, 403, reply.body);
      }
      assert.deepEqual(await adminKeys(), before);
      const shown = await call(sb.url, path, { auth: ['admin', password('admin')] });
      const record = JSON.parse(shown.body) as { hasExpiry: boolean; denyCommands: string[] };
      assert.equal(record.hasExpiry, true);
      assert.ok(record.denyCommands.includes('login-keys'), shown.body);
    });
  }

  it('rotation signs in with the account password and sends it as currentPassword', async () => {
    assert.equal((await login()).code, 0);
    const old = storedKey();
    const seen: { method: string; path: string; secret: string; body: string }[] = [];
    const unwatch = sb.watch((r) => {
      if (!r.path.startsWith('/api/login-keys/')) return;
      const basic = String(r.headers.authorization ?? '').replace(/^Basic /, '');
      const secret = Buffer.from(basic, 'base64').toString('utf8').split(':').slice(1).join(':');
      seen.push({ method: r.method, path: r.path, secret, body: r.body });
    });
    const r = await rotate();
    unwatch();
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(
      seen.map((q) => q.method),
      ['POST', 'DELETE'],
    );
    for (const q of seen)
      assert.equal(q.secret, password('admin'), `${q.method} not with the password`);
    const body = JSON.parse(seen[0]?.body ?? '{}') as Record<string, unknown>;
    assert.equal(body.currentPassword, password('admin'));
    assert.ok(!(body.allowCommands as string[]).includes('login-keys'));
    assert.notEqual(storedKey(), old);
    assert.ok(!profileFile().includes(password('admin')), 'the account password was saved');
  });

  it('rotation without the password and without a terminal: exit 2 naming --password-stdin, nothing sent', async () => {
    assert.equal((await login()).code, 0);
    const key = storedKey();
    const mark = sb.requests.length;
    const r = await dactl(['login', '--rotate', '-p', 'sb']);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /account password of admin is needed .*pass --password-stdin/);
    assert.match(r.stderr, /hint: .*dactl login --rotate -p sb --password-stdin/);
    assert.equal(sb.requests.length, mark);
    assert.equal(storedKey(), key);
  });

  it('rotation with a wrong password changes nothing: exit 3', async () => {
    assert.equal((await login()).code, 0);
    const key = storedKey();
    const before = await adminKeys();
    const r = await dactl(['login', '--rotate', '-p', 'sb', '--password-stdin'], 'not-it');
    assert.equal(r.code, 3, r.stderr);
    assert.equal(storedKey(), key);
    assert.equal(saved().pendingKey, undefined);
    assert.deepEqual(await adminKeys(), before);
  });

  /** What a run killed half-way leaves: a live key the profile names as pending. */
  const interrupted = async (): Promise<string> => {
    const id = `dactl-interrupted-${String(Date.now())}`;
    const made = await call(sb.url, '/api/login-keys/keys', {
      method: 'POST',
      auth: ['admin', password('admin')],
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        id,
        password: `Left-${id}-0123456789abcdefAB`,
        currentPassword: password('admin'),
        allowCommands: [],
        denyCommands: ['login-keys'],
        allowNetworks: [],
        allowLogin: false,
        autoRemove: true,
        hasExpiry: false,
      }),
    });
    assert.equal(made.status, 200, made.body);
    const data = JSON.parse(profileFile()) as { profiles: Record<string, SavedProfile> };
    data.profiles.sb = { ...data.profiles.sb, pendingKey: id };
    writeFileSync(join(home.configDir, 'config.json'), JSON.stringify(data), { mode: 0o600 });
    return id;
  };

  it('a key left by an interrupted run is named on every run; the next rotation deletes it', async () => {
    assert.equal((await login()).code, 0);
    const before = await adminKeys();
    const left = await interrupted();
    const who = await dactl(['whoami']);
    assert.equal(who.code, 0, who.stderr);
    assert.ok(who.stderr.includes(`Login Key ${left} may be left on the panel`), who.stderr);
    assert.match(who.stderr, /"dactl login --rotate -p sb" or "dactl logout -p sb" deletes it/);
    const r = await rotate();
    assert.equal(r.code, 0, r.stderr);
    assert.ok(r.stderr.includes(`Deleted Login Key ${left}, left on the panel`), r.stderr);
    const after = await adminKeys();
    assert.ok(!after.includes(left));
    assert.equal(after.length, before.length);
    assert.equal(saved().pendingKey, undefined);
    assert.doesNotMatch((await dactl(['whoami'])).stderr, /may be left on the panel/);
  });

  it('logout deletes the key an interrupted run left too', async () => {
    const before = await adminKeys();
    assert.equal((await login()).code, 0);
    const left = await interrupted();
    const r = await logout();
    assert.equal(r.code, 0, r.stderr);
    assert.ok(r.stderr.includes(`Deleted Login Key ${left}`), r.stderr);
    assert.deepEqual(await adminKeys(), before);
  });
});

describe('logout asks first, like profile remove', () => {
  it('without a terminal it needs --yes, then the password: exit 2, nothing sent or removed', async () => {
    assert.equal((await login()).code, 0);
    const mark = sb.requests.length;
    const unconfirmed = await dactl(['logout', '-p', 'sb']);
    assert.equal(unconfirmed.code, 2, unconfirmed.stderr);
    assert.match(unconfirmed.stderr, /Log out of profile "sb": delete Login Key dactl-\S+ on http/);
    assert.match(unconfirmed.stderr, /confirmation needed; pass --yes/);
    const noPassword = await dactl(['logout', '-p', 'sb', '--yes']);
    assert.equal(noPassword.code, 2, noPassword.stderr);
    assert.match(noPassword.stderr, /pass --password-stdin/);
    assert.match(noPassword.stderr, /dactl logout -p sb --yes --password-stdin/);
    assert.equal(sb.requests.length, mark);
    assert.equal((await dactl(['whoami', '-p', 'sb'])).code, 0);
  });

  it('a profile with no key of dactl login needs --yes only, and sends nothing', async () => {
    const added = await dactl(
      ['profile', 'add', 'sb', '--url', sb.url, '--username', 'admin', '--password-stdin'],
      password('admin'),
    );
    assert.equal(added.code, 0, added.stderr);
    assert.equal((await dactl(['logout', '-p', 'sb'])).code, 2);
    const mark = sb.requests.length;
    const r = await dactl(['logout', '-p', 'sb', '--yes']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(sb.requests.length, mark);
    assert.ok(!profileFile().includes('"sb"'));
  });
});
