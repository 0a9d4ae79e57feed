// The transport against the sandbox, for what the current commands cannot show: a POST is
// never retried, --dry-run's description hides secrets.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { NetworkError } from '../../src/errors.js';
import { Client } from '../../src/http/transport.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';

describe('Client', () => {
  let sandbox: Sandbox;
  let client: Client;
  before(async () => {
    sandbox = await startSandbox({ port: 0 });
    const admin = sandbox.accounts.find((a) => a.role === 'admin');
    client = new Client({
      url: sandbox.url,
      username: admin?.username ?? 'admin',
      password: admin?.password ?? '',
      insecure: false,
      timeoutMs: 5000,
      who: 'test',
    });
  });
  after(() => sandbox.close());

  it('never retries a POST, even on a reset or a 503', async () => {
    for (const kind of ['reset', 'status-503'] as const) {
      sandbox.fault({ kind, path: '/CMD_API_LOGIN_TEST' });
      const before = sandbox.requests.length;
      await assert.rejects(
        client.send({ method: 'POST', path: '/CMD_API_LOGIN_TEST', form: { json: 'yes' } }),
        NetworkError,
      );
      assert.equal(sandbox.requests.length - before, 1, kind);
      sandbox.clearFaults();
    }
  });

  it('retries a GET at most twice on a network error', async () => {
    sandbox.fault({ kind: 'reset', path: '/CMD_API_LOGIN_TEST' });
    const before = sandbox.requests.length;
    await assert.rejects(client.send({ method: 'GET', path: '/CMD_API_LOGIN_TEST' }), NetworkError);
    assert.equal(sandbox.requests.length - before, 3);
    sandbox.clearFaults();
  });

  it('sends impersonation as me|target and describes requests without secrets', async () => {
    const fred = new Client({ ...client.options, as: 'fred' });
    assert.equal(fred.login, 'admin|fred');
    const text = fred.describe({
      method: 'POST',
      path: '/CMD_ACCOUNT_USER',
      query: { json: 'yes' },
      json: { username: 'x', passwd: 'secret1', passwd2: 'secret1' },
    });
    assert.match(
      text,
      /^POST http:\/\/127\.0\.0\.1:\d+\/CMD_ACCOUNT_USER\?json=yes\nAuthorization: Basic admin\|fred:\*\*\*/,
    );
    assert.ok(!text.includes('secret1'));
    assert.ok(!text.includes(client.options.password));
  });
});
