// CMD_UNIT on the wire, as any client meets it: reply shapes, the panel's refusals, and the
// encodings of the definition it accepts.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { call, decodeForm } from './http.js';
import { credentials } from './support.js';

let sb: Sandbox;
before(async () => {
  sb = await startSandbox({ port: 0, modes: { badCredentials: 'status', legacyErrors: 'status' } });
});
after(() => sb.close());

const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
const post = (who: string, fields: Record<string, string>, query = '?json=yes') =>
  call(sb.url, `/CMD_UNIT${query}`, {
    method: 'POST',
    auth: credentials(sb, who),
    body: new URLSearchParams(fields).toString(),
    headers: form,
  });

describe('CMD_UNIT', () => {
  it('lists a domain’s stored applications with numbers as strings, and its route sets', async () => {
    const r = await call(sb.url, '/CMD_UNIT?domain=alice.example&json=yes', {
      auth: credentials(sb, 'alice'),
    });
    assert.equal(r.status, 200);
    assert.match(r.headers['content-type'] ?? '', /^application\/json/);
    const body = JSON.parse(r.body) as {
      applications: Record<string, Record<string, unknown>>;
      routes: unknown;
    };
    assert.deepEqual(Object.keys(body), ['applications', 'routes']);
    assert.deepEqual(body.applications.blog?.processes, {
      max: '8',
      spare: '2',
      idle_timeout: '20',
    });
    assert.deepEqual(body.routes, []);
  });

  it('is a web page without json=yes, not an API reply', async () => {
    const r = await call(sb.url, '/CMD_UNIT?domain=alice.example', {
      auth: credentials(sb, 'alice'),
    });
    assert.match(r.headers['content-type'] ?? '', /^text\/html/);
  });

  it('acts for the impersonated user and refuses other users’ domains with 403', async () => {
    const asAlice = await call(sb.url, '/CMD_UNIT?domain=alice.example&json=yes', {
      auth: credentials(sb, 'admin|alice'),
    });
    assert.equal(asAlice.status, 200);
    for (const who of ['fred', 'admin', 'reseller1']) {
      const r = await call(sb.url, '/CMD_UNIT?domain=alice.example&json=yes', {
        auth: credentials(sb, who),
      });
      assert.equal(r.status, 403, who);
      assert.deepEqual(JSON.parse(r.body), { error: 'You do not own that domain', result: '' });
    }
  });

  it('creates from a form field `json`, and from a JSON body whose `json` is an object', async () => {
    const app = { type: 'python', path: '/home/fred/domains/fred.example/api', module: 'wsgi' };
    const viaForm = await post('fred', {
      domain: 'fred.example',
      action: 'create',
      name: 'api',
      json: JSON.stringify(app),
    });
    assert.deepEqual(JSON.parse(viaForm.body), {
      success: 'Application created',
      result: 'fred.example_api',
    });
    const viaJson = await call(sb.url, '/CMD_UNIT?json=yes', {
      method: 'POST',
      auth: credentials(sb, 'fred'),
      body: JSON.stringify({ domain: 'fred.example', action: 'create', name: 'api2', json: app }),
      headers: { 'Content-Type': 'application/json' },
    });
    assert.equal(viaJson.status, 200, viaJson.body);
    const again = await post('fred', {
      domain: 'fred.example',
      action: 'create',
      name: 'api',
      json: JSON.stringify(app),
    });
    assert.equal(again.status, 409);
    assert.match(again.body, /already exists/);
  });

  it('refuses what Unit or the panel would, in the legacy error shape', async () => {
    const cases: [Record<string, string>, number, RegExp][] = [
      [{ domain: 'fred.example', action: 'launch' }, 400, /no action "launch"/],
      [{ action: 'create' }, 400, /Missing domain/],
      [
        { domain: 'fred.example', action: 'create', name: 'a/b', json: '{}' },
        400,
        /Invalid application name/,
      ],
      [{ domain: 'fred.example', action: 'create', name: 'x', json: '{' }, 400, /Invalid JSON/],
      [
        { domain: 'fred.example', action: 'create', name: 'x', json: '{"type":"php","root":3}' },
        400,
        /Invalid configuration: root: must be a string/,
      ],
      [
        {
          domain: 'fred.example',
          action: 'modify',
          name: 'nope',
          json: '{"type":"php","root":"/r"}',
        },
        404,
        /has no application named nope/,
      ],
      [{ domain: 'fred.example', action: 'select' }, 400, /No application was selected/],
    ];
    for (const [fields, status, words] of cases) {
      const r = await post('fred', fields);
      assert.equal(r.status, status, JSON.stringify(fields));
      const body = JSON.parse(r.body) as { error: string; result: string };
      assert.match(`${body.error}: ${body.result}`, words);
    }
  });

  it('answers URL-encoded without json=yes, as legacy commands do', async () => {
    const r = await post('fred', { domain: 'fred.example', action: 'select' }, '');
    assert.equal(r.status, 400);
    assert.deepEqual(Object.fromEntries(decodeForm(r.body)), {
      error: '1',
      text: 'Cannot delete the applications',
      details: 'No application was selected (select0, ...)',
    });
  });
});
