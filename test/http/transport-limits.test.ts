// The transport's two ceilings: the size of a reply (counted after decompression, so an endless
// or inflating reply stops at the limit) and one time budget for all of a run's requests.
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { NetworkError, PanelError } from '../../src/errors.js';
import { replyLimit } from '../../src/http/receive.js';
import { Client, type ClientOptions } from '../../src/http/transport.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';

const MiB = 1024 * 1024;
const loginTest = { method: 'GET', path: '/CMD_API_LOGIN_TEST' } as const;

describe('Client limits', () => {
  let sandbox: Sandbox;
  let options: ClientOptions;
  before(async () => {
    sandbox = await startSandbox({ port: 0 });
    const admin = sandbox.accounts.find((a) => a.role === 'admin');
    options = {
      url: sandbox.url,
      username: admin?.username ?? 'admin',
      password: admin?.password ?? '',
      insecure: false,
      timeoutMs: 10_000,
      who: 'test',
    };
  });
  afterEach(() => {
    sandbox.clearFaults();
  });
  after(() => sandbox.close());

  const tooLarge = (size: RegExp) => (error: unknown) =>
    error instanceof PanelError && error.exitCode === 5 && size.test(error.message);

  it('stops reading an endless reply at the limit: exit 5 naming it', async () => {
    sandbox.fault({ kind: 'endless', path: '/CMD_API_LOGIN_TEST' });
    const client = new Client({ ...options, maxReplyBytes: MiB });
    await assert.rejects(client.send(loginTest), tooLarge(/grew past 1 MiB/));
  });

  it('counts a gzip body as it inflates, not as it travels', async () => {
    sandbox.fault({ kind: 'gzip-bomb', path: '/CMD_API_LOGIN_TEST' });
    const client = new Client({ ...options, maxReplyBytes: 2 * MiB });
    await assert.rejects(client.send(loginTest), tooLarge(/grew past 2 MiB/));
  });

  it('refuses a reply that announces more than 64 MiB before reading it', async () => {
    sandbox.fault({ kind: 'huge', path: '/CMD_API_LOGIN_TEST' });
    const client = new Client(options);
    await assert.rejects(client.send(loginTest), tooLarge(/is 96 MiB, over 64 MiB/));
  });

  it('reads a reply under the limit as before, and the server goes on after a cut', async () => {
    sandbox.fault({ kind: 'endless', path: '/CMD_API_LOGIN_TEST', times: 1 });
    const client = new Client({ ...options, maxReplyBytes: 64 * 1024 });
    await assert.rejects(client.send(loginTest), PanelError);
    assert.deepEqual(await client.send({ ...loginTest, query: { json: 'yes' } }), {
      success: 'Login OK',
      result: '',
    });
  });

  it('lets DACTL_MAX_REPLY_BYTES lower the limit, never raise it', () => {
    assert.equal(replyLimit({}), 64 * MiB);
    assert.equal(replyLimit({ DACTL_MAX_REPLY_BYTES: '4096' }), 4096);
    for (const value of [String(65 * MiB), '-1', '0', 'many', '1.5']) {
      assert.equal(replyLimit({ DACTL_MAX_REPLY_BYTES: value }), 64 * MiB, value);
    }
  });

  it('does not retry a GET that used up the time budget', async () => {
    sandbox.fault({ kind: 'hang', path: '/CMD_API_LOGIN_TEST' });
    const client = new Client({ ...options, timeoutMs: 300 });
    const before = sandbox.requests.length;
    await assert.rejects(client.send(loginTest), (e: unknown) => e instanceof NetworkError);
    assert.equal(sandbox.requests.length - before, 1);
  });

  it('shares one budget between the requests of a run: nothing is sent once it is spent', async () => {
    sandbox.fault({ kind: 'hang', path: '/CMD_API_LOGIN_TEST', times: 1 });
    const client = new Client({ ...options, timeoutMs: 300 });
    await assert.rejects(client.send(loginTest), NetworkError);
    const before = sandbox.requests.length;
    await assert.rejects(
      client.send(loginTest),
      (e: unknown) => e instanceof NetworkError && /within 0\.3 s/.test(e.message),
    );
    assert.equal(sandbox.requests.length, before);
  });
});
