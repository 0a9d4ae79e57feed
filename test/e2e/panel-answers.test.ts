// A proxy's error page in front of the panel (nginx labels its pages exactly text/html, as the
// panel labels its login page) is said as what it is, through the whole command: exit 6 for 5xx
// and 429, the status otherwise, never "did not accept the credentials", which would send cron
// and monitoring after a password that is fine. Only the panel's login page is a refused login.
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import type { FaultKind } from '../../src/sandbox/index.js';
import { world, type World } from '../helpers/dactl.js';
import { runInProcess } from '../helpers/in-process.js';

const cases: [FaultKind, number, RegExp][] = [
  ['proxy-502', 6, /The panel failed with HTTP 502: "502 Bad Gateway"\./],
  ['proxy-429', 6, /limiting requests \(HTTP 429: "429 Too Many Requests"\)/],
  ['proxy-403', 5, /refused the request with a web page \("403 Forbidden", HTTP 403\)/],
  ['proxy-404', 4, /does not know this path \("404 Not Found", HTTP 404\)/],
];

describe('an error page in front of the panel', () => {
  let w: World;
  before(async () => {
    w = await world({}, { inProcess: true });
  });
  afterEach(() => {
    w.reset();
  });
  after(() => w.close());

  for (const [kind, exit, words] of cases) {
    it(`${kind} on a CMD_* path and on /api: exit ${String(exit)}, not a refused login`, async () => {
      w.sandbox.fault({ kind });
      for (const [args, account] of [
        [['whoami'], 'admin'],
        [['db', 'list'], 'fred'],
      ] as const) {
        const result = await runInProcess([...args], { env: w.envFor(account) });
        assert.equal(result.code, exit, result.stderr);
        assert.match(result.stderr, words);
        assert.doesNotMatch(
          result.stderr,
          /did not accept|refused the login|username and password/i,
        );
      }
    });
  }

  it('the panel’s own login page is still a refused login (exit 3)', async () => {
    w.sandbox.modes.badCredentials = 'login-page';
    const result = await w.dactl(['whoami'], {
      env: { ...w.envFor('admin'), DACTL_PASSWORD: 'wrong' },
    });
    assert.equal(result.code, 3, result.stderr);
    assert.match(result.stderr, /did not accept the credentials .* login page/);
  });

  it('the built binary says a proxy’s 502 is a server failure', async () => {
    w.sandbox.fault({ kind: 'proxy-502', path: '/CMD_API_LOGIN_TEST' });
    const result = await w.dactl(['whoami'], { env: w.envFor('admin') });
    assert.equal(result.code, 6, result.stderr);
    assert.match(result.stderr, /HTTP 502: "502 Bad Gateway"/);
  });
});
