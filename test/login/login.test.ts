// dactl login / logout / login --rotate against the sandbox, in process: the profile keeps a Login
// Key and never the account password, logout revokes the key, rotation leaves one working key.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { tempHome } from '../helpers/dactl.js';
import { runInProcess } from '../helpers/in-process.js';

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

  it('--allow all makes a key for every command; an --allow list keeps login-keys', async () => {
    assert.equal((await login(['--allow', 'all'])).code, 0);
    const all = await withKey(storedKey(), ['api', '/evo/ajax/domains']);
    assert.equal(all.code, 0, all.stderr);
    assert.equal((await login(['--allow', 'CMD_API_LOGIN_TEST'])).code, 0);
    const shown = JSON.parse((await dactl(['profile', 'show', 'sb', '-o', 'json'])).stdout) as {
      loginKey: { commands: string[] };
    };
    assert.deepEqual(shown.loginKey.commands, ['CMD_API_LOGIN_TEST', 'login-keys']);
    const refused = await dactl(['users', 'list']);
    assert.equal(refused.code, 3);
    assert.match(refused.stderr, /may not use CMD_API_SHOW_ALL_USERS/);
  });

  it('a key from a network that is not the client is refused, and nothing is saved', async () => {
    const r = await login(['--allow-network', '192.0.2.0/24']);
    assert.equal(r.code, 3, r.stderr);
    assert.throws(() => profileFile());
  });

  it('logout deletes the key on the panel, then the profile', async () => {
    assert.equal((await login()).code, 0);
    const key = storedKey();
    const out = await dactl(['logout', '-p', 'sb']);
    assert.equal(out.code, 0, out.stderr);
    assert.match(out.stderr, /Deleted Login Key dactl-/);
    assert.equal((await withKey(key)).code, 3);
    assert.ok(!profileFile().includes('"sb"'));
  });

  it('logout --keep-profile keeps the profile without its secret', async () => {
    assert.equal((await login()).code, 0);
    const out = await dactl(['logout', '-p', 'sb', '--keep-profile']);
    assert.equal(out.code, 0, out.stderr);
    const data = JSON.parse(profileFile()) as { profiles: Record<string, object> };
    assert.deepEqual(Object.keys(data.profiles.sb ?? {}).sort(), ['url', 'username']);
  });

  it('rotation leaves exactly one working key, the new one', async () => {
    const before = await adminKeys();
    assert.equal((await login()).code, 0);
    const old = storedKey();
    const r = await dactl(['login', '--rotate', '-p', 'sb']);
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
