// Panel faults as the built binary meets them: each ends with its documented exit code, a
// message that says what to do, and no stack trace.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import { json, world, type World } from '../helpers/dactl.js';

const users = ['users', 'list', '-o', 'json'];

describe('transport faults (HTTP)', () => {
  let w: World;
  before(async () => {
    w = await world({}, { inProcess: true });
  });
  afterEach(() => {
    w.reset();
  });
  after(() => w.close());

  const noStack = (stderr: string): void => {
    assert.doesNotMatch(stderr, /\n\s+at /);
  };

  it('bad credentials as 401 + X-DirectAdmin: Unauthorized → exit 3 naming the account', async () => {
    const result = await w.dactl(users, { env: { ...w.envFor('admin'), DACTL_PASSWORD: 'nope' } });
    assert.equal(result.code, 3);
    assert.match(result.stderr, /\(admin\)/);
    assert.equal(result.stdout, '');
  });

  it('bad credentials as 200 + HTML login page → exit 3, the page never parsed as data', async () => {
    w.sandbox.modes.badCredentials = 'login-page';
    const result = await w.dactl(['users', 'list'], {
      env: { ...w.envFor('admin'), DACTL_PASSWORD: 'nope' },
    });
    assert.equal(result.code, 3);
    assert.match(result.stderr, /login page/);
    assert.equal(result.stdout, '');
  });

  it('the authority sentence in a 200 reply (error=1) → exit 3 with the panel’s words', async () => {
    w.sandbox.modes.legacyErrors = 'ok';
    const result = await w.dactl(['users', 'list'], { env: w.envFor('fred') });
    assert.equal(result.code, 3);
    assert.match(result.stderr, /authority level/);
    assert.match(result.stderr, /hint: .*admin or reseller/);
  });

  it('a legacy error with a 4xx status → non-zero, mapped by status', async () => {
    const result = await w.dactl(['users', 'list'], { env: w.envFor('fred') });
    assert.equal(result.code, 3);
  });

  it('a 5xx → exit 6 after retrying the GET twice', async () => {
    w.sandbox.fault({ kind: 'status-503', path: '/CMD_API_SHOW_ALL_USERS' });
    const before = w.sandbox.requests.length;
    const result = await w.dactl(users, { env: w.envFor('admin') });
    assert.equal(result.code, 6);
    assert.match(result.stderr, /503/);
    assert.equal(w.sandbox.requests.length - before, 3);
    noStack(result.stderr);
  });

  it('a 502 that clears up is retried and succeeds', async () => {
    w.sandbox.fault({ kind: 'status-502', path: '/CMD_API_SHOW_ALL_USERS', times: 2 });
    const result = await w.dactl(users, { env: w.envFor('admin') });
    assert.equal(result.code, 0, result.stderr);
    assert.ok(Array.isArray(json(result)));
  });

  it('a 500 is not retried → exit 6', async () => {
    w.sandbox.fault({ kind: 'status-500', path: '/api/db-show' });
    const before = w.sandbox.requests.length;
    const result = await w.dactl(['db', 'list'], { env: w.envFor('fred') });
    assert.equal(result.code, 6);
    assert.equal(w.sandbox.requests.length - before, 1);
  });

  it('a timeout → exit 6 with a --timeout hint', async () => {
    w.sandbox.fault({ kind: 'hang', path: '/CMD_API_SHOW_ALL_USERS' });
    const result = await w.dactl([...users, '--timeout', '0.3'], { env: w.envFor('admin') });
    assert.equal(result.code, 6);
    assert.match(result.stderr, /did not answer within 0\.3 s/);
    assert.match(result.stderr, /--timeout/);
  });

  it('a connection reset → exit 6', async () => {
    w.sandbox.fault({ kind: 'reset', path: '/api/db-show' });
    const result = await w.dactl(['db', 'list'], { env: w.envFor('fred') });
    assert.equal(result.code, 6);
    assert.match(result.stderr, /reset/);
    noStack(result.stderr);
  });

  it('a truncated body → exit 6', async () => {
    w.sandbox.fault({ kind: 'truncated', path: '/api/db-show' });
    const result = await w.dactl(['db', 'list'], { env: w.envFor('fred') });
    assert.equal(result.code, 6);
    assert.match(result.stderr, /cut off|reset/);
  });

  it('a garbage body → exit 5 (the panel answered nonsensically)', async () => {
    w.sandbox.fault({ kind: 'garbage', path: '/api/db-show' });
    const result = await w.dactl(['db', 'list'], { env: w.envFor('fred') });
    assert.equal(result.code, 5);
    assert.match(result.stderr, /not JSON/);
  });

  it('an HTML page that is not the login page → exit 5, not parsed', async () => {
    w.sandbox.fault({ kind: 'html', path: '/api/db-show' });
    const result = await w.dactl(['db', 'list'], { env: w.envFor('fred') });
    assert.equal(result.code, 5);
    assert.match(result.stderr, /web page/);
  });

  it('a redirect → exit 6 suggesting the https URL', async () => {
    w.sandbox.fault({ kind: 'redirect' });
    const result = await w.dactl(users, { env: w.envFor('admin') });
    assert.equal(result.code, 6);
    assert.match(result.stderr, /redirect/);
    assert.match(result.stderr, /https:\/\/127\.0\.0\.1/);
  });

  it('X-Use-HTTPS: yes → exit 6 suggesting the https URL', async () => {
    w.sandbox.fault({ kind: 'use-https' });
    const result = await w.dactl(users, { env: w.envFor('admin') });
    assert.equal(result.code, 6);
    assert.match(result.stderr, /requires HTTPS/);
    assert.match(result.stderr, /https:\/\/127\.0\.0\.1/);
  });

  it('connection refused → exit 6 naming the URL', async () => {
    const result = await w.dactl(users, {
      env: { ...w.envFor('admin'), DACTL_URL: 'http://127.0.0.1:9' },
    });
    assert.equal(result.code, 6);
    assert.match(result.stderr, /http:\/\/127\.0\.0\.1:9: connection refused/);
  });

  it('--debug traces method, URL, status and time, with no secret', async () => {
    const env = w.envFor('admin');
    const result = await w.dactl([...users, '--debug', '--as', 'fred'], { env });
    assert.match(
      result.stderr,
      /debug: GET http:\/\/127\.0\.0\.1:\d+\/CMD_API_SHOW_ALL_USERS\?json=yes as admin\|fred/,
    );
    assert.match(result.stderr, /debug: \d{3} .* \d+ ms/);
    assert.ok(!result.stderr.includes(env.DACTL_PASSWORD ?? '?'), 'password in the trace');
    assert.doesNotMatch(result.stderr, /Basic [A-Za-z0-9+/=]{8,}/);
  });
});

describe('transport over TLS', () => {
  let w: World;
  before(async () => {
    w = await world({ tls: true }, { inProcess: true });
  });
  after(() => w.close());

  it('fails closed on the self-signed certificate with a --ca-cert hint', async () => {
    const result = await w.dactl(users, { env: w.envFor('admin') });
    assert.equal(result.code, 6);
    assert.match(result.stderr, /not trusted/);
    assert.match(result.stderr, /--ca-cert/);
  });

  it('passes with --ca-cert, and with --insecure plus its warning', async () => {
    const ca = join(w.home.dir, 'panel.pem');
    writeFileSync(ca, w.sandbox.caCert ?? '');
    const trusted = await w.dactl([...users, '--ca-cert', ca], { env: w.envFor('admin') });
    assert.equal(trusted.code, 0, trusted.stderr);
    assert.equal(trusted.stderr, '');

    const insecure = await w.dactl([...users, '--insecure'], { env: w.envFor('admin') });
    assert.equal(insecure.code, 0, insecure.stderr);
    assert.match(insecure.stderr, /warning: --insecure/);
  });

  it('a missing --ca-cert file is exit 2 before sending', async () => {
    const before = w.sandbox.requests.length;
    const result = await w.dactl([...users, '--ca-cert', '/nonexistent.pem'], {
      env: w.envFor('admin'),
    });
    assert.equal(result.code, 2);
    assert.match(result.stderr, /Cannot read the CA certificate/);
    assert.equal(w.sandbox.requests.length, before);
  });
});
