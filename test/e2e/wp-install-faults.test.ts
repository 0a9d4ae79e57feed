// wp install against a failing panel: each fault ends with its documented exit code, the POST
// is sent once (never retried), no database is created, and no stack trace is printed.
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { json, world, type Result, type World } from '../helpers/dactl.js';
import { wpFlags as install } from '../helpers/inputs.js';

describe('wp install against a failing panel', () => {
  let w: World;
  before(async () => {
    w = await world({}, { inProcess: true });
  });
  afterEach(() => {
    w.reset();
  });
  after(() => w.close());

  const databases = async (user: string): Promise<string[]> => {
    const result = await w.dactl(['db', 'list', '-o', 'json'], { env: w.envFor(user) });
    return (json(result) as { database: string }[]).map((d) => d.database);
  };
  const attempt = async (dir: string, extra: string[] = [], env = w.envFor('fred')) => {
    const dbs = (await databases('fred')).length;
    const before = w.sandbox.requests.length;
    const result = await w.dactl(install(dir, ['--generate-password', ...extra]), { env });
    assert.equal(w.sandbox.requests.length - before, 1, 'a POST is sent once, never retried');
    assert.equal((await databases('fred')).length, dbs, 'no database was created');
    assert.doesNotMatch(result.stderr, /\n\s+at /);
    return result;
  };
  const expect = (result: Result, code: number, words: RegExp): void => {
    assert.equal(result.code, code, result.stderr);
    assert.match(result.stderr, words);
    assert.equal(result.stdout, '');
  };
  const path = '/api/wordpress/install-quick';

  it('bad credentials: 401 in every mode, as the new API always answers → exit 3', async () => {
    const env = { ...w.envFor('fred'), DACTL_PASSWORD: 'wrong' };
    expect(await attempt('f401', [], env), 3, /refused the login/);
    w.sandbox.modes.badCredentials = 'login-page';
    expect(await attempt('fpage', [], env), 3, /refused the login/);
  });

  it('5xx, timeout and reset → exit 6, saying the install may still finish', async () => {
    for (const [kind, words] of [
      ['status-500', /HTTP 500/],
      ['status-503', /HTTP 503/],
      ['reset', /reset/],
    ] as const) {
      w.sandbox.fault({ kind, path });
      const result = await attempt('f5xx');
      expect(result, 6, words);
      assert.match(result.stderr, /may still finish on the panel/);
      w.sandbox.clearFaults();
    }
    w.sandbox.fault({ kind: 'hang', path });
    const hung = await attempt('fhang', ['--timeout', '0.5']);
    expect(hung, 6, /did not answer within 0\.5 s/);
    assert.match(hung.stderr, /--timeout/);
  });

  it('garbage or a web page instead of a reply → exit 5', async () => {
    w.sandbox.fault({ kind: 'garbage', path });
    expect(await attempt('fgarbage'), 5, /not JSON/);
    w.sandbox.clearFaults();
    w.sandbox.fault({ kind: 'html', path });
    expect(await attempt('fhtml'), 5, /web page/);
  });
});
