import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { startSandbox } from '../../src/sandbox/index.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import { credentials } from './support.js';
import { call } from './http.js';

let sb: Sandbox;
const admin = () => credentials(sb, 'admin');
const loginTest = (query = '?json=yes') =>
  call(sb.url, `/CMD_API_LOGIN_TEST${query}`, { auth: admin() });

before(async () => {
  sb = await startSandbox({ port: 0, modes: { badCredentials: 'status', legacyErrors: 'status' } });
});
afterEach(() => {
  sb.clearFaults();
});
after(() => sb.close());

describe('faults', () => {
  it('status-500 on /api: 500 INTERNAL_ERROR, before auth, and still recorded', async () => {
    sb.fault({ kind: 'status-500', path: '/api/' });
    const before = sb.requests.length;
    const r = await call(sb.url, '/api/db-show/databases', { auth: ['nobody', 'x'] });
    assert.equal(r.status, 500);
    assert.equal((JSON.parse(r.body) as { type: string }).type, 'INTERNAL_ERROR');
    assert.equal(sb.requests.length, before + 1);
  });

  it('status-502 / status-503 on legacy: the legacy error body, even in legacyErrors=ok', async () => {
    sb.fault({ kind: 'status-502', times: 1 });
    const bad = await loginTest();
    assert.equal(bad.status, 502);
    assert.equal((JSON.parse(bad.body) as { error: string }).error, 'Internal Server Error');
    sb.modes.legacyErrors = 'ok';
    try {
      sb.fault({ kind: 'status-503', times: 1 });
      const unavailable = await loginTest('');
      assert.equal(unavailable.status, 503);
      assert.match(unavailable.body, /^error=1&/);
    } finally {
      sb.modes.legacyErrors = 'status';
    }
  });

  it('counts times down and matches by path prefix', async () => {
    sb.fault({ kind: 'status-503', path: '/CMD_API_LOGIN', times: 2 });
    assert.equal(
      (await call(sb.url, '/CMD_API_SHOW_USERS?json=yes', { auth: admin() })).status,
      200,
    );
    assert.equal((await loginTest()).status, 503);
    assert.equal((await loginTest()).status, 503);
    assert.equal((await loginTest()).status, 200);
  });

  it('clearFaults() removes a fault without times', async () => {
    sb.fault({ kind: 'status-500' });
    assert.equal((await loginTest()).status, 500);
    sb.clearFaults();
    assert.equal((await loginTest()).status, 200);
  });

  it('reset: the connection drops without a reply', async () => {
    sb.fault({ kind: 'reset' });
    await assert.rejects(loginTest(), (e: NodeJS.ErrnoException) => {
      assert.ok(e.code === 'ECONNRESET' || /socket hang up/.test(e.message), e.message);
      return true;
    });
  });

  it('garbage: 200 application/json that is not JSON', async () => {
    sb.fault({ kind: 'garbage' });
    const r = await loginTest();
    assert.equal(r.status, 200);
    assert.match(r.headers['content-type'] ?? '', /^application\/json/);
    assert.throws(() => JSON.parse(r.body) as unknown, SyntaxError);
  });

  it('truncated: fewer bytes than Content-Length, then the connection drops', async () => {
    sb.fault({ kind: 'truncated' });
    await assert.rejects(loginTest(), /aborted|ECONNRESET|socket hang up/);
  });

  it('redirect: 302 to the login form, which is served without credentials', async () => {
    sb.fault({ kind: 'redirect', times: 1 });
    const r = await loginTest();
    assert.equal(r.status, 302);
    assert.equal(r.headers.location, '/CMD_LOGIN');
    const page = await call(sb.url, r.headers.location);
    assert.equal(page.status, 200);
    assert.match(page.body, /<title>DirectAdmin Login<\/title>/);
  });

  it('use-https: 200 with X-Use-HTTPS: yes', async () => {
    sb.fault({ kind: 'use-https' });
    const r = await loginTest();
    assert.equal(r.status, 200);
    assert.equal(r.headers['x-use-https'], 'yes');
  });

  it('html: a 200 HTML page that is not the login page', async () => {
    sb.fault({ kind: 'html' });
    const r = await loginTest();
    assert.equal(r.status, 200);
    assert.match(r.headers['content-type'] ?? '', /^text\/html/);
    assert.doesNotMatch(r.body, /DirectAdmin Login/);
  });

  it('rejects a times that is not a positive integer', () => {
    assert.throws(() => {
      sb.fault({ kind: 'hang', times: 0 });
    }, /positive integer/);
  });
});
