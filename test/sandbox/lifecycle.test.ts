import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { startSandbox } from '../../src/sandbox/index.js';
import { resolveModes } from '../../src/sandbox/modes.js';
import { present } from './support.js';
import { call } from './http.js';

const temp = mkdtempSync(join(tmpdir(), 'dactl-sandbox-'));
after(() => {
  rmSync(temp, { recursive: true, force: true });
});

describe('starting and stopping', () => {
  it('port 0 picks a free port', async () => {
    const [a, b] = await Promise.all([startSandbox({ port: 0 }), startSandbox({ port: 0 })]);
    try {
      assert.match(a.url, /^http:\/\/127\.0\.0\.1:\d+$/);
      assert.notEqual(a.url, b.url);
      assert.notEqual(new URL(a.url).port, '2222');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('reports a busy port as the listen error (EADDRINUSE)', async () => {
    const a = await startSandbox({ port: 0 });
    try {
      const port = Number(new URL(a.url).port);
      await assert.rejects(startSandbox({ port }), { code: 'EADDRINUSE' });
    } finally {
      await a.close();
    }
  });

  it('close() ends a hanging request and keep-alive sockets, and may be called twice', async () => {
    const sb = await startSandbox({ port: 0 });
    // An idle keep-alive connection, which server.close() alone would wait for.
    const agent = new Agent({ keepAlive: true });
    assert.equal((await call(sb.url, '/CMD_LOGIN', { agent })).status, 200);
    sb.fault({ kind: 'hang' });
    const pending = call(sb.url, '/CMD_API_LOGIN_TEST');
    while (sb.requests.length < 2) await sleep(5);
    const started = Date.now();
    await Promise.all([sb.close(), sb.close()]);
    assert.ok(Date.now() - started < 1000);
    await assert.rejects(pending);
    agent.destroy();
  });
});

describe('dataDir', () => {
  it('keeps the state, passwords included, across a restart, in a 0600 file', async () => {
    const dir = join(temp, 'state');
    const first = await startSandbox({ port: 0, dataDir: dir });
    const accounts = first.accounts;
    await first.close();
    assert.equal(statSync(dir).mode & 0o777, 0o700);
    assert.equal(statSync(join(dir, 'state.json')).mode & 0o777, 0o600);
    assert.equal(
      (JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8')) as { version: number }).version,
      1,
    );

    const second = await startSandbox({ port: 0, dataDir: dir });
    try {
      assert.deepEqual(second.accounts, accounts);
      const admin = present(
        accounts.find((a) => a.role === 'admin'),
        'admin',
      );
      const r = await call(second.url, '/CMD_API_LOGIN_TEST', {
        auth: [admin.username, admin.password],
      });
      assert.equal(r.status, 200);
    } finally {
      await second.close();
    }
  });

  it('gives every fresh state new random passwords', async () => {
    const [a, b] = await Promise.all([startSandbox({ port: 0 }), startSandbox({ port: 0 })]);
    await Promise.all([a.close(), b.close()]);
    const [first, second] = [a, b].map((s) => present(s.accounts[0], 'an account').password);
    assert.notEqual(first, second);
    assert.match(first ?? '', /^[A-Za-z0-9_-]{16}$/);
  });
});

describe('TLS', () => {
  it('serves HTTPS with a self-signed certificate that verifies only with caCert', async () => {
    const sb = await startSandbox({ port: 0, tls: true });
    try {
      assert.match(sb.url, /^https:\/\/127\.0\.0\.1:\d+$/);
      assert.match(sb.caCert ?? '', /^-----BEGIN CERTIFICATE-----/);
      const r = await call(sb.url, '/CMD_API_LOGIN_TEST', { auth: ['admin', 'x'], ca: sb.caCert });
      assert.equal(r.status, 401);
      const local = sb.url.replace('127.0.0.1', 'localhost');
      assert.equal((await call(local, '/nothing', { ca: sb.caCert })).status, 404);
      await assert.rejects(call(sb.url, '/CMD_API_LOGIN_TEST'), {
        code: 'DEPTH_ZERO_SELF_SIGNED_CERT',
      });
    } finally {
      await sb.close();
    }
  });
});

describe('modes', () => {
  it('takes an option first, then the environment, then the default', () => {
    const env = { DACTL_SANDBOX_BAD_CREDENTIALS: 'login-page', DACTL_SANDBOX_LEGACY_ERRORS: 'ok' };
    assert.deepEqual(resolveModes({}, {}), { badCredentials: 'status', legacyErrors: 'status' });
    assert.deepEqual(resolveModes({}, env), { badCredentials: 'login-page', legacyErrors: 'ok' });
    assert.deepEqual(resolveModes({ legacyErrors: 'status' }, env), {
      badCredentials: 'login-page',
      legacyErrors: 'status',
    });
  });

  it('rejects an invalid environment value, naming the variable and the choices', async () => {
    assert.throws(() => resolveModes({}, { DACTL_SANDBOX_LEGACY_ERRORS: 'yes' }), {
      message: /DACTL_SANDBOX_LEGACY_ERRORS must be one of status, ok/,
    });
    process.env.DACTL_SANDBOX_BAD_CREDENTIALS = '401';
    try {
      await assert.rejects(
        startSandbox({ port: 0 }),
        /DACTL_SANDBOX_BAD_CREDENTIALS .*status, login-page/,
      );
    } finally {
      delete process.env.DACTL_SANDBOX_BAD_CREDENTIALS;
    }
  });
});
