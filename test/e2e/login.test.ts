// dactl login as people and scripts run it: at a terminal it asks for URL, username and the
// account password (hidden); then users list works with the key alone, and logout revokes it.
// Rotations of one profile, overlapping or killed half-way, leave one live key (or name the other).
import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { bin, world, type World } from '../helpers/dactl.js';
import { runInPty, needsPty } from '../helpers/pty.js';

describe('dactl login, real processes', () => {
  let w: World;
  before(async () => {
    w = await world();
  });
  after(() => w.close());

  const file = (): string => readFileSync(join(w.home.configDir, 'config.json'), 'utf8');
  type Saved = { password: string; loginKey?: { id: string }; pendingKey?: string };
  const profileOf = (name: string): Saved | undefined =>
    (JSON.parse(file()) as { profiles: Record<string, Saved> }).profiles[name];
  const keyOf = (name: string): string => profileOf(name)?.password ?? '';
  const keyIdOf = (name: string): string => profileOf(name)?.loginKey?.id ?? '';
  /** The ids of admin's keys on the panel, asked with the account password. */
  const panelKeys = async (): Promise<string[]> => {
    const r = await w.dactl(['api', '/api/login-keys/keys', '-o', 'json'], {
      env: w.envFor('admin'),
    });
    assert.equal(r.code, 0, r.stderr);
    return (JSON.parse(r.stdout) as { id: string }[]).map((k) => k.id);
  };
  const loginAs = async (profile: string) => {
    const r = await w.dactl(
      ['login', '-p', profile, '--url', w.sandbox.url, '--username', 'admin', '--password-stdin'],
      { input: w.password('admin') + '\n' },
    );
    assert.equal(r.code, 0, r.stderr);
  };
  const rotate = (profile: string) =>
    w.dactl(['login', '--rotate', '-p', profile, '--password-stdin'], {
      input: w.password('admin') + '\n',
    });

  it('asks at a terminal, hides the password, and saves only the key', needsPty, async () => {
    const secret = w.password('admin');
    const result = await runInPty(['login', '-p', 'tty'], w.home.env, [
      { expect: /Panel URL/, send: w.sandbox.url + '\r' },
      { expect: /Username/, send: 'admin\r' },
      {
        expect: /Password of admin \(used once to make a Login Key, never saved\)/,
        send: secret + '\r',
      },
    ]);
    assert.equal(result.code, 0, result.stdout);
    assert.match(result.stdout, /Logged in to .* as admin/);
    assert.ok(!result.stdout.includes(secret), 'the password was echoed');
    assert.ok(!file().includes(secret), 'the account password was saved');
    const users = await w.dactl(['users', 'list', '-p', 'tty', '-o', 'json']);
    assert.equal(users.code, 0, users.stderr);
  });

  it(
    'at a terminal, a self-signed certificate is shown and pinned once confirmed',
    needsPty,
    async () => {
      const tls = await world({ tls: true });
      try {
        const sha = new X509Certificate(tls.sandbox.caCert ?? '').fingerprint256;
        const args = ['login', '-p', 'tls', '--url', tls.sandbox.url, '--username', 'admin'];
        const declined = await runInPty(args, tls.home.env, [
          { expect: /Pin it in the profile/, send: 'n\r' },
        ]);
        assert.equal(declined.code, 130, declined.stdout);
        assert.ok(declined.stdout.includes(sha), declined.stdout);
        const result = await runInPty(args, tls.home.env, [
          { expect: /Pin it in the profile/, send: 'y\r' },
          { expect: /Password of admin/, send: tls.password('admin') + '\r' },
        ]);
        assert.equal(result.code, 0, result.stdout);
        const who = await tls.dactl(['whoami', '-p', 'tls']);
        assert.equal(who.code, 0, who.stderr);
      } finally {
        await tls.close();
      }
    },
  );

  it('login --password-stdin, users list, logout: the key then fails', async () => {
    const secret = w.password('admin');
    const logged = await w.dactl(
      ['login', '-p', 'cron', '--url', w.sandbox.url, '--username', 'admin', '--password-stdin'],
      { input: secret + '\n' },
    );
    assert.equal(logged.code, 0, logged.stderr);
    assert.ok(!file().includes(secret));
    const key = keyOf('cron');
    const users = await w.dactl(['users', 'list', '-p', 'cron', '-o', 'json']);
    assert.equal(users.code, 0, users.stderr);
    assert.ok((JSON.parse(users.stdout) as unknown[]).length > 0);
    const out = await w.dactl(['logout', '-p', 'cron', '--yes', '--password-stdin'], {
      input: secret + '\n',
    });
    assert.equal(out.code, 0, out.stderr);
    const env = { DACTL_URL: w.sandbox.url, DACTL_USERNAME: 'admin', DACTL_PASSWORD: key };
    const refused = await w.dactl(['whoami'], { env });
    assert.equal(refused.code, 3, refused.stderr);
  });

  it('at a terminal, logout asks to confirm, then for the account password', needsPty, async () => {
    await loginAs('leaving');
    const id = keyIdOf('leaving');
    const result = await runInPty(['logout', '-p', 'leaving'], w.home.env, [
      { expect: /Log out of profile "leaving": delete Login Key/, send: 'y\r' },
      {
        expect: /Password of admin \(used once to delete the Login Key, never saved\)/,
        send: w.password('admin') + '\r',
      },
    ]);
    assert.equal(result.code, 0, result.stdout);
    assert.match(result.stdout, /Log out of profile "leaving": delete Login Key/);
    assert.match(result.stdout, /Password of admin \(used once to delete the Login Key/);
    assert.ok(!result.stdout.includes(w.password('admin')), 'the password was echoed');
    assert.ok(!(await panelKeys()).includes(id));
    assert.equal(profileOf('leaving'), undefined);
  });

  it("overlapping rotations of one profile leave exactly one live key, the profile's", async () => {
    await loginAs('busy');
    const old = keyIdOf('busy');
    const before = await panelKeys();
    const runs = await Promise.all([1, 2, 3, 4].map(() => rotate('busy')));
    for (const r of runs) assert.equal(r.code, 0, r.stderr);
    const after = await panelKeys();
    assert.equal(after.length, before.length, `${before.join(' ')} -> ${after.join(' ')}`);
    assert.ok(!after.includes(old));
    assert.ok(after.includes(keyIdOf('busy')));
    assert.equal(profileOf('busy')?.pendingKey, undefined);
    assert.equal((await w.dactl(['whoami', '-p', 'busy'])).code, 0);
  });

  it('a rotation killed half-way leaves a working profile and one extra key, named until deleted', async () => {
    await loginAs('killed');
    const old = keyIdOf('killed');
    const before = await panelKeys();
    // The old key's deletion never ends; the run is killed while waiting for it.
    w.sandbox.fault({ kind: 'hang', path: '/api/login-keys/keys/', method: 'DELETE' });
    const deleting = new Promise<void>((resolve) => {
      const stop = w.sandbox.watch((request) => {
        if (request.method !== 'DELETE') return;
        stop();
        resolve();
      });
    });
    const child = spawn(
      process.execPath,
      [bin, 'login', '--rotate', '-p', 'killed', '--password-stdin'],
      {
        env: w.home.env,
        stdio: ['pipe', 'ignore', 'ignore'],
      },
    );
    const closed = new Promise((resolve) => child.on('close', resolve));
    child.stdin.end(w.password('admin') + '\n');
    await deleting;
    child.kill('SIGKILL');
    await closed;
    w.reset();

    assert.equal(keyIdOf('killed') === old, false, 'the new key was not saved before the deletion');
    assert.equal(profileOf('killed')?.pendingKey, old);
    assert.equal((await panelKeys()).length, before.length + 1);
    const who = await w.dactl(['whoami', '-p', 'killed']);
    assert.equal(who.code, 0, who.stderr);
    assert.ok(who.stderr.includes(`Login Key ${old} may be left on the panel`), who.stderr);

    // The next rotation takes over the killed run's lock once it is stale, and cleans up.
    const next = await rotate('killed');
    assert.equal(next.code, 0, next.stderr);
    assert.ok(next.stderr.includes(`Deleted Login Key ${old}, left on the panel`), next.stderr);
    const after = await panelKeys();
    assert.equal(after.length, before.length);
    assert.ok(after.includes(keyIdOf('killed')));
  });
});
