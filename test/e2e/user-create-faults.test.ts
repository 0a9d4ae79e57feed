// user create against a failing panel: each fault ends with its documented exit code, the POST
// is sent once (never retried), no account is created, and no stack trace is printed.
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { world, type Result, type World } from '../helpers/dactl.js';
import { userFlags as flags } from '../helpers/inputs.js';

describe('user create against a failing panel', () => {
  let w: World;
  before(async () => {
    w = await world({}, { inProcess: true });
  });
  afterEach(() => {
    w.reset();
  });
  after(() => w.close());

  const exists = (name: string): boolean => w.sandbox.accounts.some((a) => a.username === name);
  const attempt = async (name: string, extra: string[] = [], env = w.envFor('admin')) => {
    const before = w.sandbox.requests.length;
    const result = await w.dactl(flags(name, ['--generate-password', ...extra]), { env });
    assert.equal(w.sandbox.requests.length - before, 1, 'a POST is sent once, never retried');
    assert.ok(!exists(name), 'no account was created');
    assert.doesNotMatch(result.stderr, /\n\s+at /);
    return result;
  };
  const expect = (result: Result, code: number, words: RegExp): void => {
    assert.equal(result.code, code, result.stderr);
    assert.match(result.stderr, words);
    assert.equal(result.stdout, '');
  };

  it('bad credentials: 401 or the login page → exit 3', async () => {
    const env = { ...w.envFor('admin'), DACTL_PASSWORD: 'wrong' };
    expect(await attempt('fault401', [], env), 3, /refused the login/);
    w.sandbox.modes.badCredentials = 'login-page';
    expect(await attempt('faultpage', [], env), 3, /login page/);
  });

  it('a refusal, in a 200 or a 4xx reply → exit 5, and no generated password', async () => {
    for (const mode of ['ok', 'status'] as const) {
      w.sandbox.modes.legacyErrors = mode;
      const result = await w.dactl(flags('fred', ['--generate-password']), {
        env: w.envFor('admin'),
      });
      expect(result, 5, /That username already exists/);
      // The panel made no account, so the password opens nothing: it is not shown.
      assert.doesNotMatch(result.stderr, /Generated password/);
    }
    const asJson = await w.dactl(flags('fred', ['--generate-password', '-o', 'json']), {
      env: w.envFor('admin'),
    });
    assert.equal(asJson.code, 5);
    assert.doesNotMatch(asJson.stderr, /"password"/);
  });

  it('5xx, timeout and reset → exit 6 with a hint to check before retrying', async () => {
    for (const [kind, words] of [
      ['status-500', /HTTP 500/],
      ['status-503', /HTTP 503/],
      ['reset', /reset/],
    ] as const) {
      w.sandbox.fault({ kind, path: '/CMD_ACCOUNT_USER' });
      expect(await attempt(`fault${kind.replace(/\W/g, '')}`), 6, words);
      w.sandbox.clearFaults();
    }
    w.sandbox.fault({ kind: 'hang', path: '/CMD_ACCOUNT_USER' });
    const hung = await attempt('faulthang', ['--timeout', '0.3']);
    expect(hung, 6, /did not answer within 0\.3 s/);
    assert.match(hung.stderr, /may exist already: check with "dactl users list"/);
  });

  it('garbage or a web page instead of a reply → exit 5', async () => {
    w.sandbox.fault({ kind: 'garbage', path: '/CMD_ACCOUNT_USER' });
    // A legacy reply may be URL-encoded, so garbage decodes, then fails the shape check.
    expect(await attempt('faultgarbage'), 5, /does not have the expected shape/);
    w.sandbox.clearFaults();
    w.sandbox.fault({ kind: 'html', path: '/CMD_ACCOUNT_USER' });
    expect(await attempt('faulthtml'), 5, /web page/);
  });
});
