// dactl login as people and scripts run it: at a terminal it asks for URL, username and the
// account password (hidden); then users list works with the key alone, and logout revokes it.
import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { world, type World } from '../helpers/dactl.js';
import { runInPty, needsPty } from '../helpers/pty.js';

describe('dactl login, real processes', () => {
  let w: World;
  before(async () => {
    w = await world();
  });
  after(() => w.close());

  const file = (): string => readFileSync(join(w.home.configDir, 'config.json'), 'utf8');
  const keyOf = (name: string): string =>
    (JSON.parse(file()) as { profiles: Record<string, { password: string }> }).profiles[name]
      ?.password ?? '';

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
    const out = await w.dactl(['logout', '-p', 'cron']);
    assert.equal(out.code, 0, out.stderr);
    const env = { DACTL_URL: w.sandbox.url, DACTL_USERNAME: 'admin', DACTL_PASSWORD: key };
    const refused = await w.dactl(['whoami'], { env });
    assert.equal(refused.code, 3, refused.stderr);
  });
});
