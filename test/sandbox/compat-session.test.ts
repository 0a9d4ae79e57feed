// The compatibility suite, issue 23: GET /api/session and session impersonation
// (/api/session/login-as/switch and /return) replayed as third-party clients send them, with the
// access rules of impersonation (an admin as anyone, a reseller as its own users, a user as
// nobody: the rule Basic `admin|fred` follows). The reply shapes are the swagger's.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSandbox } from '../../src/sandbox/index.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import { call } from './http.js';
import { credentials } from './support.js';
import { shapeProblems } from './swagger-shape.js';

let sb: Sandbox;
const creds = (chain: string) => credentials(sb, chain);
const JSON_HEADERS = { Accept: 'application/json', 'Content-Type': 'application/json' };

before(async () => {
  sb = await startSandbox({ port: 0, modes: { badCredentials: 'status' } });
});
after(() => sb.close());

interface SessionInfo {
  realUsername: string;
  effectiveUsername: string;
  effectiveRole: string;
  sessionID: string;
  allowedCommands: string[];
}

/** POST /api/login as the Go SDK does it: the login's own name and password, JSON. */
async function login(name: string): Promise<string> {
  const [username, password] = creds(name);
  const r = await call(sb.url, '/api/login', {
    method: 'POST',
    body: JSON.stringify({ username, password }),
    headers: JSON_HEADERS,
  });
  assert.equal(r.status, 200, r.body);
  return (JSON.parse(r.body) as { sessionID: string }).sessionID;
}
const withCookie = (id: string, path: string, method = 'GET', body?: unknown) =>
  call(sb.url, path, {
    method,
    headers: { ...JSON_HEADERS, Cookie: `session=${id}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const info = async (id: string): Promise<SessionInfo> =>
  JSON.parse((await withCookie(id, '/api/session')).body) as SessionInfo;

describe('GET /api/session', () => {
  it('Basic auth: who logged in and who acts, in the swagger’s web.sessionInfo', async () => {
    const r = await call(sb.url, '/api/session', { auth: creds('reseller1|fred') });
    assert.equal(r.status, 200, r.body);
    const session = JSON.parse(r.body) as SessionInfo;
    assert.deepEqual(shapeProblems(session, 'web.sessionInfo'), []);
    assert.equal(session.realUsername, 'reseller1');
    assert.equal(session.effectiveUsername, 'fred');
    assert.equal(session.effectiveRole, 'user');
    assert.equal(session.sessionID, '');
    // What the acting user may call: its own level's commands, not the admin's.
    assert.ok(session.allowedCommands.includes('CMD_API_DATABASES'));
    assert.ok(!session.allowedCommands.includes('CMD_API_SHOW_ALL_USERS'));
  });
});

describe('the Go SDK: /api/login, then login-as/switch on the session', () => {
  it('a reseller’s session acts as its user, and return gives the reseller back', async () => {
    const id = await login('reseller1');
    assert.equal((await info(id)).sessionID, id);
    const sw = await withCookie(id, '/api/session/login-as/switch', 'POST', { username: 'fred' });
    assert.equal(sw.status, 204, sw.body);
    // The same session now acts as fred, whether or not the client takes the cookie again.
    assert.match(String(sw.headers['set-cookie']?.[0]), new RegExp(`^session=${id};`));
    const as = await info(id);
    assert.deepEqual([as.realUsername, as.effectiveUsername], ['reseller1', 'fred']);
    const dbs = await withCookie(id, '/CMD_API_DATABASES?json=yes');
    assert.deepEqual(JSON.parse(dbs.body), ['fred_wp', 'fred_shop', 'fred_logs']);
    const back = await withCookie(id, '/api/session/login-as/return', 'POST');
    assert.equal(back.status, 204);
    assert.equal((await info(id)).effectiveUsername, 'reseller1');
  });

  it('refuses by the impersonation rule, 403 with the same words as Basic auth', async () => {
    const reseller = await login('reseller1');
    const user = await login('fred');
    const admin = await login('admin');
    const cases: [string, string, number][] = [
      [reseller, 'admin', 403],
      [reseller, 'nobody', 403],
      [user, 'alice', 403],
      [admin, 'alice', 204],
    ];
    for (const [id, target, status] of cases) {
      const r = await withCookie(id, '/api/session/login-as/switch', 'POST', { username: target });
      assert.equal(r.status, status, `${target}: ${r.body}`);
    }
    const refused = await withCookie(reseller, '/api/session/login-as/switch', 'POST', {
      username: 'admin',
    });
    assert.deepEqual(JSON.parse(refused.body), {
      type: 'ACCESS_DENIED',
      message: 'reseller1 may not log in as "admin"',
    });
    // A refused switch leaves the session as it was.
    assert.equal((await info(reseller)).effectiveUsername, 'reseller1');
    const bad = await withCookie(admin, '/api/session/login-as/switch', 'POST', { name: 'x' });
    assert.equal(bad.status, 400);
  });
});

describe('a WordPress plugin: switch over Basic auth, then the session cookie', () => {
  it('Basic admin|fred switching to fred starts a session acting as fred', async () => {
    const r = await call(sb.url, '/api/session/login-as/switch', {
      method: 'POST',
      auth: creds('admin|fred'),
      body: JSON.stringify({ username: 'fred' }),
      headers: JSON_HEADERS,
    });
    assert.equal(r.status, 204, r.body);
    const id = /^session=([^;]+)/.exec(String(r.headers['set-cookie']?.[0]))?.[1] ?? '';
    const as = await info(id);
    assert.deepEqual([as.realUsername, as.effectiveUsername], ['admin', 'fred']);
  });

  it('a Login Key starts no session (431 LOGIN_KEY_API_ONLY): it would shed its limits', async () => {
    const [, password] = creds('admin');
    const key = 'Kx7-session-Key-123456789abcdef';
    const made = await call(sb.url, '/api/login-keys/keys', {
      method: 'POST',
      auth: creds('admin'),
      headers: JSON_HEADERS,
      body: JSON.stringify({ id: 'web', password: key, currentPassword: password }),
    });
    assert.equal(made.status, 200, made.body);
    const r = await call(sb.url, '/api/session/login-as/switch', {
      method: 'POST',
      auth: ['admin', key],
      body: JSON.stringify({ username: 'fred' }),
      headers: JSON_HEADERS,
    });
    assert.equal(r.status, 431);
    assert.deepEqual(JSON.parse(r.body), { type: 'LOGIN_KEY_API_ONLY' });
    assert.equal(r.headers['set-cookie'], undefined);
  });
});
