import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { panelPath, rawRequest, type RawCall } from '../../src/api/raw.js';
import { UsageError } from '../../src/errors.js';
import type { Field } from '../../src/http/fields.js';

const call = (path: string, more: Partial<RawCall> = {}): ReturnType<typeof rawRequest> =>
  rawRequest({ path, fields: [], legacyJson: true, ...more });
const f = (key: string, value: Field['value']): Field => ({ flag: '-f', key, value });

describe('rawRequest', () => {
  it('GETs by default, and tells the tier by the path', () => {
    assert.deepEqual(call('/api/db-show/databases'), {
      tier: 'new',
      request: { method: 'GET', path: '/api/db-show/databases' },
    });
    assert.equal(call('/evo/ajax/domains').tier, 'discovered');
    assert.equal(call('CMD_API_SHOW_USERS').request.path, '/CMD_API_SHOW_USERS');
  });

  it('adds json=yes to legacy paths, unless --no-json or the path already says json=', () => {
    assert.deepEqual(call('/CMD_API_SHOW_USERS').request.query, { json: 'yes' });
    assert.equal(call('/CMD_API_SHOW_USERS', { legacyJson: false }).request.query, undefined);
    assert.equal(call('/CMD_API_SHOW_USERS?json=no').request.query, undefined);
    assert.equal(call('/api/x').request.query, undefined);
  });

  it('fields make a POST: a JSON object for the new API and the web interface, a form for legacy', () => {
    const fields = [f('database', 'fred_x'), f('n', 2)];
    assert.deepEqual(call('/api/db-manage/create-db', { fields }).request, {
      method: 'POST',
      path: '/api/db-manage/create-db',
      json: { database: 'fred_x', n: 2 },
    });
    assert.deepEqual(call('/evo/x', { fields }).request.json, { database: 'fred_x', n: 2 });
    assert.deepEqual(call('/CMD_UNIT', { fields }).request, {
      method: 'POST',
      path: '/CMD_UNIT',
      query: { json: 'yes' },
      form: { database: 'fred_x', n: '2' },
    });
  });

  it('with -X GET the fields go in the query string', () => {
    const r = call('/api/db-show/databases', { method: 'get', fields: [f('no-size', true)] });
    assert.deepEqual(r.request, {
      method: 'GET',
      path: '/api/db-show/databases',
      query: { 'no-size': 'true' },
    });
  });

  it('--input sends the body as is, JSON or form by its look; fields then go in the query', () => {
    const json = call('/api/x', { input: '{"a":1}', fields: [f('q', 'v')] }).request;
    assert.deepEqual(json, {
      method: 'POST',
      path: '/api/x',
      query: { q: 'v' },
      body: { text: '{"a":1}', type: 'application/json' },
    });
    const form = call('/CMD_X', { input: 'a=1&b=2', method: 'PUT' }).request;
    assert.equal(form.method, 'PUT');
    assert.deepEqual(form.body, { text: 'a=1&b=2', type: 'application/x-www-form-urlencoded' });
  });

  it('refuses a body on a GET and an unknown method (exit 2)', () => {
    assert.throws(() => call('/api/x', { input: '{}', method: 'GET' }), UsageError);
    assert.throws(
      () => call('/api/x', { method: 'FETCH' }),
      /-X\/--method "FETCH": choose one of GET, POST, PUT, PATCH, DELETE/,
    );
  });
});

describe('panelPath', () => {
  it('adds the leading slash and keeps the query string', () => {
    assert.equal(panelPath('api/x?y=1'), '/api/x?y=1');
    assert.equal(panelPath(' /CMD_X '), '/CMD_X');
  });
  it('refuses URLs, empty paths, spaces and fragments', () => {
    assert.throws(() => panelPath('https://panel:2222/CMD_X'), /not a URL/);
    for (const bad of ['', '/a b', '/a#b', '/a\tb'])
      assert.throws(() => panelPath(bad), UsageError);
  });
});
