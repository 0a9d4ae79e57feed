// The sandbox survives its clients: a body over the limit is refused with 413 unread and the
// server goes on serving, and the request log stays bounded and holds no secret.
import assert from 'node:assert/strict';
import { Agent, request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { RECENT_REQUESTS, RECORDED_BODY_CHARS } from '../../src/sandbox/request-log.js';
import { MAX_BODY_BYTES } from '../../src/sandbox/request.js';
import { call, type Reply } from './http.js';
import { credentials, present } from './support.js';

let sb: Sandbox;
before(async () => {
  sb = await startSandbox({ port: 0, modes: { badCredentials: 'status', legacyErrors: 'status' } });
});
after(() => sb.close());

/**
 * Sends `size` bytes of body in 1 MiB chunks, with a Content-Length or chunked. Resolves with the
 * reply as soon as it comes: the sandbox answers before the body ends, and a write that fails
 * after that (the connection is closed) is no error of the test.
 */
function stream(path: string, size: number, chunked: boolean): Promise<Reply> {
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' };
  if (!chunked) headers['Content-Length'] = String(size);
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(new URL(path, sb.url), { method: 'POST', headers, agent: false }, (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      });
    });
    req.on('error', (e) => {
      if (!answered) reject(e);
    });
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    let left = size;
    const write = (): void => {
      while (left > 0 && !answered) {
        const part = chunk.subarray(0, Math.min(left, chunk.length));
        left -= part.length;
        if (!req.write(part)) {
          req.once('drain', write);
          return;
        }
      }
      req.end();
    };
    write();
  });
}

describe('a request body over the limit', () => {
  it('is 413 in the legacy error shape, unread, declared or chunked, without credentials', async () => {
    for (const chunked of [false, true]) {
      const r = await stream('/CMD_API_LOGIN_TEST?json=yes', MAX_BODY_BYTES + 1, chunked);
      assert.equal(r.status, 413, `chunked: ${chunked}`);
      assert.equal(r.headers.connection, 'close');
      assert.deepEqual(JSON.parse(r.body), {
        error: 'Request body too large',
        result: 'The request body is over 8 MiB, the most this panel reads',
      });
      const recorded = present(sb.requests.at(-1), 'the refused request');
      assert.equal(recorded.body, '');
    }
  });

  it('is 413 with a typed JSON error on the new API, also in the legacyErrors=ok mode', async () => {
    sb.modes.legacyErrors = 'ok';
    try {
      const api = await stream('/api/db-manage/create-db', MAX_BODY_BYTES + 1, true);
      assert.equal(api.status, 413);
      assert.deepEqual(JSON.parse(api.body), {
        type: 'BAD_REQUEST',
        message: 'The request body is over 8 MiB, the most this panel reads',
      });
      const legacy = await stream('/CMD_UNIT', MAX_BODY_BYTES + 1, false);
      assert.equal(legacy.status, 413);
      assert.match(legacy.body, /^error=1&text=Request%20body%20too%20large&/);
    } finally {
      sb.modes.legacyErrors = 'status';
    }
  });

  it('leaves the server serving others, signed in or not', async () => {
    await stream('/CMD_API_LOGIN_TEST?json=yes', MAX_BODY_BYTES + 1, true);
    const signedIn = await call(sb.url, '/CMD_API_LOGIN_TEST?json=yes', {
      auth: credentials(sb, 'fred'),
    });
    assert.equal(signedIn.status, 200);
    const stranger = await call(sb.url, '/CMD_API_LOGIN_TEST?json=yes');
    assert.equal(stranger.status, 401);
  });

  it('is read up to the limit itself; the log keeps only the start of it', async () => {
    const r = await call(sb.url, '/CMD_API_LOGIN_TEST?json=yes', {
      method: 'POST',
      auth: credentials(sb, 'fred'),
      body: `a=${'b'.repeat(MAX_BODY_BYTES - 2)}`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(r.status, 200);
    const kept = present(sb.requests.at(-1), 'the request').body;
    assert.ok(kept.startsWith(`a=${'b'.repeat(RECORDED_BODY_CHARS - 2)}…`), kept.slice(0, 80));
    assert.ok(kept.length < RECORDED_BODY_CHARS + 100);
  });
});

describe('the request log', () => {
  it(`keeps only the last ${RECENT_REQUESTS} requests, counting all`, async () => {
    const agent = new Agent({ keepAlive: true });
    try {
      const mark = sb.requests.length;
      const total = RECENT_REQUESTS + 50;
      for (let i = 0; i < total; i++) await call(sb.url, `/CMD_API_LOGIN_TEST?n=${i}`, { agent });
      assert.equal(sb.requests.length, mark + total);
      const kept = sb.requests.slice(mark);
      assert.equal(kept.length, RECENT_REQUESTS);
      assert.deepEqual(kept[0]?.query, { n: '50' });
      assert.equal(sb.requests.at(mark), undefined);
      assert.deepEqual(sb.requests.at(-1)?.query, { n: String(total - 1) });
      assert.equal([...sb.requests].length, RECENT_REQUESTS);
    } finally {
      agent.destroy();
    }
  });

  it('holds no Authorization, cookie or password, whatever the body', async () => {
    const secret = 'Marker-secret-417';
    const mark = sb.requests.length;
    const watched: string[] = [];
    const unwatch = sb.watch((r) => watched.push(r.body));
    const auth = credentials(sb, 'admin');
    const user = (name: string) => ({
      action: 'create',
      username: name,
      email: `${name}@${name}.example`,
      passwd: secret,
      passwd2: secret,
      domain: `${name}.example`,
      package: 'default',
      ip: 'shared',
    });
    const form = await call(sb.url, `/CMD_API_ACCOUNT_USER?json=yes&password=${secret}`, {
      method: 'POST',
      auth,
      body: new URLSearchParams(user('logform')).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: `session=${secret}` },
    });
    assert.equal(form.status, 200, form.body);
    const json = await call(sb.url, '/CMD_API_ACCOUNT_USER?json=yes', {
      method: 'POST',
      auth,
      body: JSON.stringify(user('logjson')),
      headers: { 'Content-Type': 'application/json' },
    });
    assert.equal(json.status, 200, json.body);
    const wordpress = await call(sb.url, '/api/wordpress/install-quick', {
      method: 'POST',
      auth: credentials(sb, 'fred'),
      body: JSON.stringify({
        filePath: 'domains/fred.example/public_html',
        title: 'T',
        adminPass: secret,
      }),
      headers: { 'Content-Type': 'application/json' },
    });
    assert.equal(wordpress.status, 200, wordpress.body);

    unwatch();
    await call(sb.url, '/CMD_API_LOGIN_TEST');
    // A watcher sees each request whole as it arrives, and nothing after it stops.
    assert.equal(watched.length, 3);
    assert.equal(new URLSearchParams(watched[0]).get('passwd'), secret);

    const log = JSON.stringify(sb.requests.slice(mark));
    const basic = Buffer.from(auth.join(':')).toString('base64');
    for (const leak of [secret, basic, auth[1]]) assert.ok(!log.includes(leak), `leaked ${leak}`);
    const first = present(sb.requests.at(mark), 'the first request');
    assert.equal(first.headers.authorization, '***');
    assert.equal(first.headers.cookie, '***');
    assert.equal(first.query.password, '***');
    assert.equal(first.username, 'admin');
    assert.equal(new URLSearchParams(first.body).get('username'), 'logform');
  });
});
