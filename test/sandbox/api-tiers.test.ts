// The sandbox endpoints `dactl api` is tested against: the API description, a new-API creation,
// a legacy listing and a web-interface action (spec 1, the three tiers).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSandbox } from '../../src/sandbox/index.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import { call } from './http.js';
import { credentials } from './support.js';

let sb: Sandbox;
const creds = (name: string) => credentials(sb, name);
const jsonBody = { 'Content-Type': 'application/json' };

before(async () => {
  sb = await startSandbox({ port: 0, modes: { badCredentials: 'status', legacyErrors: 'status' } });
});
after(() => sb.close());

describe('/static/swagger.json', () => {
  it('describes exactly the /api routes, in Swagger 2.0, without a login', async () => {
    const r = await call(sb.url, '/static/swagger.json');
    assert.equal(r.status, 200);
    const doc = JSON.parse(r.body) as {
      swagger: string;
      paths: Record<string, Record<string, { summary: string }>>;
    };
    assert.equal(doc.swagger, '2.0');
    assert.ok(Object.keys(doc.paths).every((p) => p.startsWith('/api/')));
    assert.equal(doc.paths['/api/db-show/databases']?.get?.summary, 'Get Databases list');
    assert.equal(doc.paths['/api/db-manage/create-db']?.post?.summary, 'Create empty database');
    assert.deepEqual(Object.keys(doc.paths['/api/db-show/databases'] ?? {}), ['get']);
  });
});

describe('POST /api/db-manage/create-db', () => {
  it('creates a database for the acting account and answers 204 without a body', async () => {
    const r = await call(sb.url, '/api/db-manage/create-db', {
      method: 'POST',
      auth: creds('admin|alice'),
      headers: jsonBody,
      body: JSON.stringify({ database: 'alice_new' }),
    });
    assert.equal(r.status, 204);
    assert.equal(r.body, '');
    const list = await call(sb.url, '/api/db-show/databases', { auth: creds('alice') });
    const names = (JSON.parse(list.body) as { database: string }[]).map((d) => d.database);
    assert.ok(names.includes('alice_new'));
  });

  it('answers 409 ALREADY_EXISTS, 492 for a name without the owner prefix, 400 without a name', async () => {
    const post = (body: unknown) =>
      call(sb.url, '/api/db-manage/create-db', {
        method: 'POST',
        auth: creds('fred'),
        headers: jsonBody,
        body: JSON.stringify(body),
      });
    const cases: [unknown, number, string][] = [
      [{ database: 'fred_wp' }, 409, 'ALREADY_EXISTS'],
      [{ database: 'alice_x' }, 492, 'DATABASE_INVALID_ENTITY_NAME'],
      [{ database: 'fred_a-b' }, 492, 'DATABASE_INVALID_ENTITY_NAME'],
      [{ name: 'fred_x' }, 400, 'BAD_REQUEST'],
    ];
    for (const [body, status, type] of cases) {
      const r = await post(body);
      assert.equal(r.status, status, JSON.stringify(body));
      assert.equal((JSON.parse(r.body) as { type: string }).type, type);
    }
  });
});

describe('CMD_API_SHOW_DOMAINS', () => {
  it("lists the acting account's domains, as JSON or list[]", async () => {
    const r = await call(sb.url, '/CMD_API_SHOW_DOMAINS?json=yes', { auth: creds('fred') });
    assert.deepEqual(JSON.parse(r.body), ['fred.example', 'fredshop.example']);
    const form = await call(sb.url, '/CMD_API_SHOW_DOMAINS', { auth: creds('alice') });
    assert.equal(form.body, 'list[]=alice.example');
  });
});

describe('a web-interface action (/evo/ajax/domains)', () => {
  it('answers JSON to a logged-in account and refuses strangers', async () => {
    const r = await call(sb.url, '/evo/ajax/domains', { auth: creds('alice') });
    assert.equal(r.status, 200);
    assert.deepEqual(JSON.parse(r.body), { user: 'alice', domains: [{ domain: 'alice.example' }] });
    const stranger = await call(sb.url, '/evo/ajax/domains');
    assert.equal(stranger.status, 401);
  });

  it('leaves other paths outside the API a plain-text 404', async () => {
    const r = await call(sb.url, '/evo/ajax/nothing', { auth: creds('alice') });
    assert.equal(r.status, 404);
    assert.match(r.headers['content-type'] ?? '', /^text\/plain/);
  });
});
