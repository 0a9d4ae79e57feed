// Prompts at a real (pseudo-)terminal: what a person sees when flags are missing.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { world, type World } from '../helpers/dactl.js';
import { runInPty, needsPty } from '../helpers/pty.js';

describe('interactive prompts', needsPty, () => {
  let w: World;
  before(async () => {
    w = await world();
  });
  after(() => w.close());

  const stored = (): { profiles: Record<string, { password?: string; url: string }> } =>
    JSON.parse(readFileSync(join(w.home.configDir, 'config.json'), 'utf8')) as {
      profiles: Record<string, { password?: string; url: string }>;
    };

  it('profile add asks for URL, username and a hidden password, validating at the prompt', async () => {
    const secret = w.password('admin');
    const result = await runInPty(['profile', 'add', 'tty'], w.home.env, [
      { expect: /Panel URL/, send: 'ftp://panel\r' },
      { expect: /must start with https:\/\/ or http:\/\//, send: '\u0015' + w.sandbox.url + '\r' },
      { expect: /Username/, send: 'admin\r' },
      { expect: /Password \(or Login Key\) for admin/, send: secret + '\r' },
    ]);
    assert.equal(result.code, 0, result.stdout);
    assert.match(result.stdout, /Saved profile "tty"/);
    assert.ok(!result.stdout.includes(secret), 'the password was echoed');
    assert.equal(stored().profiles.tty?.password, secret);
    assert.equal(stored().profiles.tty?.url, w.sandbox.url);
  });

  it('profile add takes a URL without a scheme as https://, and says so', async () => {
    const result = await runInPty(['profile', 'add', 'bare', '--no-verify'], w.home.env, [
      { expect: /Panel URL \(https:\/\/ unless you type http:\/\/\)/, send: '127.0.0.1:2222\r' },
      { expect: /Username/, send: 'admin\r' },
      { expect: /Password \(or Login Key\) for admin/, send: 'Admin-pass-123\r' },
    ]);
    assert.equal(result.code, 0, result.stdout);
    assert.match(result.stdout, /No scheme given: using https:\/\/127\.0\.0\.1:2222\./);
    assert.equal(stored().profiles.bare?.url, 'https://127.0.0.1:2222');
  });

  it('profile remove asks first; "no" keeps the profile and exits 130', async () => {
    const declined = await runInPty(['profile', 'remove', 'tty'], w.home.env, [
      { expect: /Remove profile "tty"\?/, send: 'n\r' },
    ]);
    assert.equal(declined.code, 130);
    assert.ok(stored().profiles.tty);
    const accepted = await runInPty(['profile', 'remove', 'tty'], w.home.env, [
      { expect: /Remove profile "tty"\?/, send: 'y\r' },
    ]);
    assert.equal(accepted.code, 0, accepted.stdout);
    assert.equal(stored().profiles.tty, undefined);
  });

  it('asks for a missing password at a terminal instead of failing', async () => {
    const env = { ...w.home.env, DACTL_URL: w.sandbox.url, DACTL_USERNAME: 'fred' };
    const result = await runInPty(['db', 'list'], env, [
      { expect: /Password for fred/, send: w.password('fred') + '\r' },
    ]);
    assert.equal(result.code, 0, result.stdout);
    assert.match(result.stdout, /fred_wp/);
  });

  it('colours a table at a terminal, and not with NO_COLOR or --no-color', async () => {
    const env = w.envFor('admin');
    delete env.CI;
    const coloured = await runInPty(['users', 'list'], env, []);
    assert.ok(coloured.stdout.includes('\u001b[1mUSERNAME'), coloured.stdout);
    for (const [args, extra] of [
      [['users', 'list'], { NO_COLOR: '1' }],
      [['users', 'list', '--no-color'], {}],
    ] as const) {
      const plain = await runInPty([...args], { ...env, ...extra }, []);
      assert.equal(plain.code, 0);
      assert.ok(!plain.stdout.includes('\u001b[1m'), plain.stdout);
    }
  });

  it('-q keeps the success message off stderr', async () => {
    await runInPty(
      ['profile', 'add', 'quiet', '--url', w.sandbox.url, '--username', 'admin'],
      w.home.env,
      [{ expect: /Password/, send: w.password('admin') + '\r' }],
    );
    const loud = await runInPty(['profile', 'use', 'quiet'], w.home.env, []);
    assert.match(loud.stdout, /Now using profile "quiet"/);
    const quiet = await runInPty(['profile', 'use', 'quiet', '-q'], w.home.env, []);
    assert.equal(quiet.code, 0);
    assert.doesNotMatch(quiet.stdout, /Now using/);
  });

  it('--no-input turns prompts off even at a terminal', async () => {
    const result = await runInPty(['profile', 'add', 'x', '--no-input'], w.home.env, []);
    assert.equal(result.code, 2);
    assert.match(result.stdout, /--url/);
  });
});
