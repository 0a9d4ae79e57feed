import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../../src/sandbox/index.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import { call } from './http.js';
import { credentials } from './support.js';

let sb: Sandbox;
let dir: string;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dactl-keys-'));
  sb = await startSandbox({ port: 0, dataDir: dir, modes: { badCredentials: 'status' } });
});
after(async () => {
  await sb.close();
  rmSync(dir, { recursive: true, force: true });
});

const key = 'Kx7-long-enough-Key-123456789abcdef';
const future = new Date(Date.now() + 86_400_000).toISOString();

function create(body: Record<string, unknown>, auth = credentials(sb, 'fred')) {
  return call(sb.url, '/api/login-keys/keys', {
    method: 'POST',
    auth,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      currentPassword: auth[1],
      allowCommands: [],
      denyCommands: [],
      allowNetworks: [],
      allowLogin: false,
      autoRemove: false,
      hasExpiry: false,
      ...body,
    }),
  });
}
const test = (password: string, path = '/CMD_API_LOGIN_TEST?json=yes') =>
  call(sb.url, path, { auth: ['fred', password] });

describe('login keys', () => {
  it('creates a key that logs in like the password, and never shows the key', async () => {
    const r = await create({ id: 'k1', password: key, hasExpiry: true, expires: future });
    assert.equal(r.status, 200, r.body);
    const shown = JSON.parse(r.body) as Record<string, unknown>;
    assert.equal(shown.id, 'k1');
    assert.equal(shown.expires, future);
    assert.ok(!r.body.includes(key));
    assert.equal((await test(key)).status, 200);
    const list = await call(sb.url, '/api/login-keys/keys', { auth: credentials(sb, 'fred') });
    assert.deepEqual(
      (JSON.parse(list.body) as { id: string }[]).map((k) => k.id),
      ['k1'],
    );
    assert.ok(!list.body.includes(key));
  });

  it('answers the panel errors: 430, 490, 491, 492 and 400', async () => {
    assert.equal(
      (await create({ id: 'k2', password: key + 'x', currentPassword: 'no' })).status,
      430,
    );
    const dup = await create({ id: 'k1', password: key + 'y' });
    assert.equal(dup.status, 490);
    assert.deepEqual(JSON.parse(dup.body), { type: 'LOGIN_KEY_ALREADY_EXISTS', id: 'k1' });
    assert.equal((await create({ id: 'k3', password: key })).status, 491);
    assert.equal((await create({ id: 'k4', password: 'abcdefgh' })).status, 492);
    assert.equal(
      (await create({ id: 'k5', password: key + 'z', allowNetworks: ['1.2.3'] })).status,
      400,
    );
    assert.equal((await create({ id: 'k6', password: key + 'w', hasExpiry: true })).status, 400);
  });

  it('enforces allowCommands, denyCommands and allowNetworks', async () => {
    const limited = 'Limited-key-0123456789abcdefABCD';
    assert.equal(
      (await create({ id: 'cmds', password: limited, allowCommands: ['CMD_API_LOGIN_TEST'] }))
        .status,
      200,
    );
    assert.equal((await test(limited)).status, 200);
    const refused = await test(limited, '/api/db-show/databases');
    assert.equal(refused.status, 403);
    assert.match(refused.body, /may not use db-show/);

    const denied = 'Denied-key-0123456789abcdefABCD';
    await create({ id: 'deny', password: denied, denyCommands: ['db-show'] });
    assert.equal((await test(denied, '/api/db-show/databases')).status, 403);

    const elsewhere = 'Network-key-0123456789abcdefABC';
    await create({ id: 'net', password: elsewhere, allowNetworks: ['10.0.0.0/8'] });
    assert.equal((await test(elsewhere)).status, 401);
    const here = 'Here-key-0123456789abcdefABCDEF';
    await create({ id: 'here', password: here, allowNetworks: ['127.0.0.0/8', '::1'] });
    assert.equal((await test(here)).status, 200);
  });

  it('updates a key, keeps its history, deletes it, and the key then fails', async () => {
    const auth = credentials(sb, 'fred');
    const patched = await call(sb.url, '/api/login-keys/keys/k1', {
      method: 'PATCH',
      auth,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ currentPassword: auth[1], allowNetworks: ['192.0.2.0/24'] }),
    });
    assert.equal(patched.status, 200, patched.body);
    assert.equal((await test(key)).status, 401);
    const history = await call(sb.url, '/api/login-keys/keys/k1/history', { auth });
    const entries = JSON.parse(history.body) as { result: string }[];
    assert.equal(entries[0]?.result, 'This login key may not be used from 127.0.0.1');
    assert.ok(entries.some((e) => e.result === 'Valid Login'));
    const gone = await call(sb.url, '/api/login-keys/keys/k1', { method: 'DELETE', auth });
    assert.equal(gone.status, 204);
    assert.equal((await call(sb.url, '/api/login-keys/keys/k1', { auth })).status, 404);
  });

  it('takes the account password (currentPassword) to create or change a key, as the swagger requires', async () => {
    const auth = credentials(sb, 'fred');
    const missing = await create({ id: 'nopw', password: key + 'n', currentPassword: undefined });
    assert.equal(missing.status, 400, missing.body);
    assert.match(missing.body, /currentPassword/);
    // A key allowed every command, login-keys included, is still not the account password.
    const open = 'Open-key-0123456789abcdefABCDEF';
    assert.equal((await create({ id: 'open', password: open })).status, 200);
    const withKey = ['fred', open] as const;
    const made = await create({ id: 'by-key', password: key + 'k' }, withKey);
    assert.equal(made.status, 430, made.body);
    const patch = (body: Record<string, unknown>, as: readonly [string, string]) =>
      call(sb.url, '/api/login-keys/keys/open', {
        method: 'PATCH',
        auth: as,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    assert.equal((await patch({ hasExpiry: false }, auth)).status, 400);
    assert.equal((await patch({ hasExpiry: false, currentPassword: open }, withKey)).status, 430);
    assert.equal((await patch({ allowLogin: true, currentPassword: auth[1] }, auth)).status, 200);
  });

  it('refuses every Login Key request of a key that may not use login-keys: 403', async () => {
    const denied = 'NoKeys-key-0123456789abcdefABCD';
    assert.equal(
      (await create({ id: 'nokeys', password: denied, denyCommands: ['login-keys'] })).status,
      200,
    );
    const as = ['fred', denied] as const;
    const replies = [
      await call(sb.url, '/api/login-keys/keys', { auth: as }),
      await create({ id: 'more', password: key + 'm', currentPassword: denied }, as),
      await call(sb.url, '/api/login-keys/keys/nokeys', {
        method: 'PATCH',
        auth: as,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ hasExpiry: false, currentPassword: denied }),
      }),
      await call(sb.url, '/api/login-keys/keys/nokeys', { method: 'DELETE', auth: as }),
    ];
    for (const reply of replies) {
      assert.equal(reply.status, 403, reply.body);
      assert.match(reply.body, /ACCESS_DENIED/);
    }
    assert.equal((await test(denied)).status, 200);
  });

  it('keeps keys across a restart of the same data directory', async () => {
    const persisted = 'Persisted-key-0123456789abcdefAB';
    await create({ id: 'kept', password: persisted });
    await sb.close();
    sb = await startSandbox({ port: 0, dataDir: dir, modes: { badCredentials: 'status' } });
    assert.equal((await test(persisted)).status, 200);
  });

  it('refuses an expired key', async () => {
    const expiring = 'Expiring-key-0123456789abcdefABC';
    await create({ id: 'soon', password: expiring, hasExpiry: true, expires: future });
    await sb.close();
    const { readFileSync, writeFileSync } = await import('node:fs');
    const file = join(dir, 'state.json');
    const state = JSON.parse(readFileSync(file, 'utf8')) as {
      loginKeys: { id: string; expires: string }[];
    };
    for (const k of state.loginKeys) if (k.id === 'soon') k.expires = '2020-01-01T00:00:00.000Z';
    writeFileSync(file, JSON.stringify(state));
    sb = await startSandbox({ port: 0, dataDir: dir, modes: { badCredentials: 'status' } });
    const r = await test(expiring);
    assert.equal(r.status, 401);
  });
});
