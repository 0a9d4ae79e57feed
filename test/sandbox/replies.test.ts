import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSandbox } from '../../src/sandbox/index.js';
import { AUTHORITY_SENTENCE } from '../../src/sandbox/reply.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import { credentials, present } from './support.js';
import { call, decodeForm } from './http.js';

let sb: Sandbox;
const creds = (name: string) => credentials(sb, name);

before(async () => {
  sb = await startSandbox({ port: 0, modes: { badCredentials: 'status', legacyErrors: 'status' } });
});
after(() => sb.close());

describe('CMD_API_LOGIN_TEST', () => {
  it('answers JSON with json=yes in the query string', async () => {
    const r = await call(sb.url, '/CMD_API_LOGIN_TEST?json=yes', { auth: creds('alice') });
    assert.equal(r.status, 200);
    assert.match(r.headers['content-type'] ?? '', /^application\/json/);
    assert.deepEqual(JSON.parse(r.body), { success: 'Login OK', result: '' });
  });

  it('answers URL-encoded text/plain without json=yes, also as CMD_LOGIN_TEST', async () => {
    for (const path of ['/CMD_API_LOGIN_TEST', '/CMD_LOGIN_TEST']) {
      const r = await call(sb.url, path, { auth: creds('fred') });
      assert.equal(r.status, 200);
      assert.match(r.headers['content-type'] ?? '', /^text\/plain/);
      assert.equal(r.body, 'error=0&text=Login%20OK&details=');
    }
  });

  it('reads json=yes from a form body and from a JSON body (POST)', async () => {
    const form = await call(sb.url, '/CMD_API_LOGIN_TEST', {
      method: 'POST',
      auth: creds('fred'),
      body: 'json=yes',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    assert.deepEqual(JSON.parse(form.body), { success: 'Login OK', result: '' });
    // No content type: the panel sniffs a body starting with `{` as JSON.
    const body = await call(sb.url, '/CMD_API_LOGIN_TEST', {
      method: 'POST',
      auth: creds('fred'),
      body: '{"json":"yes"}',
    });
    assert.deepEqual(JSON.parse(body.body), { success: 'Login OK', result: '' });
  });
});

describe('user listings', () => {
  it('CMD_API_SHOW_ALL_USERS: plain users only, a bare JSON array, or list[]=', async () => {
    const j = await call(sb.url, '/CMD_API_SHOW_ALL_USERS?json=yes', { auth: creds('admin') });
    assert.deepEqual(JSON.parse(j.body), ['fred', 'alice']);
    const f = await call(sb.url, '/CMD_API_SHOW_ALL_USERS', {
      method: 'POST',
      auth: creds('admin'),
    });
    assert.equal(f.body, 'list[]=fred&list[]=alice');
  });

  it("CMD_API_SHOW_USERS: the reseller's own users; an admin's own (none here)", async () => {
    const r = await call(sb.url, '/CMD_API_SHOW_USERS?json=yes', { auth: creds('reseller1') });
    assert.deepEqual(JSON.parse(r.body), ['fred', 'alice']);
    const f = await call(sb.url, '/CMD_API_SHOW_USERS', { auth: creds('reseller1') });
    assert.deepEqual(decodeForm(f.body), [
      ['list[]', 'fred'],
      ['list[]', 'alice'],
    ]);
    const a = await call(sb.url, '/CMD_API_SHOW_USERS?json=yes', { auth: creds('admin') });
    assert.deepEqual(JSON.parse(a.body), []);
  });
});

describe('GET /api/db-show/databases', () => {
  it("lists the acting account's databases with the spec 2.1 fields", async () => {
    const r = await call(sb.url, '/api/db-show/databases', { auth: creds('fred') });
    assert.equal(r.status, 200);
    const dbs = JSON.parse(r.body) as Record<string, unknown>[];
    assert.equal(dbs.length, 3);
    assert.deepEqual(dbs[0], {
      database: 'fred_wp',
      sizeBytes: 52 * 1024 * 1024,
      userCount: 1,
      tableCount: 12,
      definerIssues: 0,
    });
    assert.equal(dbs[2]?.sizeBytes, 0);
    for (const db of dbs) {
      assert.match(db.database as string, /^fred_/);
      for (const k of ['sizeBytes', 'userCount', 'tableCount', 'definerIssues']) {
        assert.ok(Number.isInteger(db[k]), k);
      }
    }
  });

  it('reports size 0 with no-size=true', async () => {
    const r = await call(sb.url, '/api/db-show/databases?no-size=true', { auth: creds('fred') });
    assert.deepEqual(
      (JSON.parse(r.body) as { sizeBytes: number }[]).map((d) => d.sizeBytes),
      [0, 0, 0],
    );
  });

  it('works for an admin on its own databases; a POST is 404 NOT_FOUND (the swagger has no 405)', async () => {
    const r = await call(sb.url, '/api/db-show/databases', { auth: creds('admin') });
    assert.deepEqual(
      (JSON.parse(r.body) as { database: string }[]).map((d) => d.database),
      ['admin_panel'],
    );
    const post = await call(sb.url, '/api/db-show/databases', {
      method: 'POST',
      auth: creds('fred'),
    });
    assert.equal(post.status, 404);
    assert.equal((JSON.parse(post.body) as { type: string }).type, 'NOT_FOUND');
  });
});

describe('unknown paths and bad input', () => {
  it('answers an unknown /api path with 404 NOT_FOUND', async () => {
    const r = await call(sb.url, '/api/nope', { auth: creds('fred') });
    assert.equal(r.status, 404);
    assert.equal((JSON.parse(r.body) as { type: string }).type, 'NOT_FOUND');
  });

  it('answers an unknown command with the legacy error shape, 404 or 200 by mode', async () => {
    const r = await call(sb.url, '/CMD_NOPE?json=yes', { auth: creds('fred') });
    assert.equal(r.status, 404);
    assert.deepEqual(JSON.parse(r.body), { error: AUTHORITY_SENTENCE, result: '' });
    sb.modes.legacyErrors = 'ok';
    try {
      const ok = await call(sb.url, '/CMD_NOPE', { auth: creds('fred') });
      assert.equal(ok.status, 200);
      assert.match(ok.body, /^error=1&/);
    } finally {
      sb.modes.legacyErrors = 'status';
    }
  });

  it('sends HTML characters as raw numeric entities, the rest URL-encoded', async () => {
    const r = await call(sb.url, '/CMD_NOPE', { auth: creds('fred') });
    // "you've" → "you&#39;ve", the entity raw as DirectAdmin sends it.
    assert.match(r.body, /text=The%20request%20you&#39;ve%20made/);
    assert.deepEqual(decodeForm(r.body), [
      ['error', '1'],
      ['text', AUTHORITY_SENTENCE],
      ['details', ''],
    ]);
  });

  it('answers any other path with a plain-text 404, without asking for credentials', async () => {
    const r = await call(sb.url, '/favicon.ico');
    assert.equal(r.status, 404);
    assert.match(r.headers['content-type'] ?? '', /^text\/plain/);
  });

  it('answers a broken JSON body with 400 BAD_REQUEST', async () => {
    const r = await call(sb.url, '/api/db-show/databases', {
      auth: creds('fred'),
      body: '{"broken',
      headers: { 'Content-Type': 'application/json' },
    });
    assert.equal(r.status, 400);
    assert.equal((JSON.parse(r.body) as { type: string }).type, 'BAD_REQUEST');
  });
});

describe('request log', () => {
  it('records method, path, query, Basic username and body', async () => {
    const before = sb.requests.length;
    await call(sb.url, '/CMD_API_LOGIN_TEST?json=yes&x=1', {
      method: 'POST',
      auth: creds('admin'),
      body: 'a=b',
    });
    await call(sb.url, '/CMD_API_LOGIN_TEST', { auth: ['admin|fred', 'nope'] });
    const post = present(sb.requests.at(before), 'the POST');
    const get = present(sb.requests.at(before + 1), 'the GET');
    assert.equal(post.method, 'POST');
    assert.equal(post.path, '/CMD_API_LOGIN_TEST');
    assert.deepEqual(post.query, { json: 'yes', x: '1' });
    assert.equal(post.username, 'admin');
    assert.equal(post.body, 'a=b');
    assert.equal(get.username, 'admin|fred');
    assert.equal(get.headers.authorization, '***');
  });
});
