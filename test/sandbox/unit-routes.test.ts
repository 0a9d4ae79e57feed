// CMD_UNIT's route actions on the wire, as any client meets them: route_create, set_route with
// the panel's own checks (a raw request gets no further than dactl would), and select_routes
// with the three outcomes of spec 4.3 rule 3.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { unitFaultsFrom } from '../../src/sandbox/unit/faults.js';
import { call } from './http.js';
import { credentials } from './support.js';

let sb: Sandbox;
let dataDir = '';
before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dactl-routes-'));
  sb = await startSandbox({
    port: 0,
    dataDir,
    modes: { badCredentials: 'status', legacyErrors: 'status' },
    unitFaults: { clearFails: [] },
  });
});
after(async () => {
  await sb.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const copy = (set: string, user = 'fred', domain = 'fred.example'): string =>
  join(dataDir, 'users', user, 'domains', `${domain}.routes`, set);

const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
const post = async (who: string, fields: Record<string, string>) => {
  const r = await call(sb.url, '/CMD_UNIT?json=yes', {
    method: 'POST',
    auth: credentials(sb, who),
    body: new URLSearchParams(fields).toString(),
    headers: form,
  });
  return { status: r.status, body: JSON.parse(r.body) as Record<string, unknown> };
};
const settings = async (who: string, query: string) => {
  const r = await call(sb.url, `/CMD_UNIT?${query}&action=route_create&json=yes`, {
    auth: credentials(sb, who),
  });
  return { status: r.status, body: JSON.parse(r.body) as Record<string, unknown> };
};
const setRoute = (who: string, fields: Record<string, string>, route: unknown) =>
  post(who, { action: 'set_route', ...fields, routes: JSON.stringify(route) });

const toApp = [{ action: { pass: 'applications/fred.example_app' } }];

describe('CMD_UNIT route_create', () => {
  it('gives the applications, the actions and the route ([] when none)', async () => {
    const r = await settings('fred', 'domain=fred.example');
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, {
      da_settings: {
        applications: ['fred.example_app', 'fred.example_legacy'],
        actions: {
          pass: 'Pass the request to an application: applications/<domain>_<name>',
          proxy:
            'Proxy the request to an HTTP server: http://<address>:<port> or http://unix:<path>',
          return: 'Answer with an HTTP status code; with "location", a redirect',
          share: 'Serve static files from a directory inside your home',
        },
      },
      route: [],
    });
    const other = await settings('fred', 'domain=alice.example');
    assert.equal(other.status, 403);
    const bad = await settings('fred', 'domain=fred.example&subdomain=-x');
    assert.equal(bad.status, 400);
    assert.match(String(bad.body.result), /Invalid subdomain "-x"/);
  });
});

describe('CMD_UNIT set_route', () => {
  it('saves a domain’s set and a subdomain’s set apart, copy and live', async () => {
    assert.deepEqual((await setRoute('fred', { domain: 'fred.example' }, toApp)).body, {
      success: 'Route saved',
      result: 'fred.example',
    });
    const shop = [{ action: { return: 503 } }];
    const sub = await setRoute(
      'fred',
      { domain: 'fred.example', subdomain: 'shop.fred.example' },
      shop,
    );
    assert.deepEqual(sub.body, { success: 'Route saved', result: 'shop.fred.example' });
    assert.ok(existsSync(copy('fred.example')) && existsSync(copy('shop.fred.example')));
    assert.deepEqual((await settings('fred', 'domain=fred.example')).body.route, toApp);
    assert.deepEqual(
      (await settings('fred', 'domain=fred.example&subdomain=shop')).body.route,
      shop,
    );
    const listing = await call(sb.url, '/CMD_UNIT?domain=fred.example&json=yes', {
      auth: credentials(sb, 'admin|fred'),
    });
    assert.deepEqual((JSON.parse(listing.body) as { routes: string[] }).routes, [
      'fred.example',
      'shop.fred.example',
    ]);
  });

  it('refuses another user’s application, a missing one and shares outside the home', async () => {
    const cases: [unknown, RegExp][] = [
      [[{ action: { pass: 'applications/alice.example_blog' } }], /belongs to another domain/],
      [
        [{ action: { pass: 'applications/fred.example_nope' } }],
        /"fred\.example_nope" does not exist/,
      ],
      [
        [{ action: { share: '/home/alice/domains/alice.example/public_html$uri' } }],
        /outside \/home\/fred\//,
      ],
      [[{ action: { proxy: 'https://x' } }], /cannot proxy over https/],
      [{ action: { return: 200 } }, /must be a JSON array/],
    ];
    for (const [route, why] of cases) {
      const r = await setRoute('fred', { domain: 'fred.example' }, route);
      assert.equal(r.status, 400, JSON.stringify(route));
      assert.equal(r.body.error, 'Cannot save the route');
      assert.match(String(r.body.result), /^Invalid configuration: /);
      assert.match(String(r.body.result), why);
    }
    const json = await post('fred', { action: 'set_route', domain: 'fred.example', routes: '[{' });
    assert.equal(json.status, 400);
    assert.match(String(json.body.result), /^Invalid JSON in "routes"/);
    // Alice may pass to her own application, never to fred's.
    const alice = await setRoute('alice', { domain: 'alice.example' }, toApp);
    assert.match(String(alice.body.result), /belongs to another domain/);
    assert.deepEqual((await settings('fred', 'domain=fred.example')).body.route, toApp);
  });
});

describe('CMD_UNIT select_routes', () => {
  it('clears the live route, then the copy; a copy without a live route goes anyway', async () => {
    // A copy the panel keeps while Unit no longer runs the route (Unit was reset).
    mkdirSync(join(dataDir, 'users/fred/domains/fred.example.routes'), { recursive: true });
    writeFileSync(copy('old.fred.example'), '[{"action":{"return":410}}]');
    const r = await post('fred', {
      action: 'select_routes',
      domain: 'fred.example',
      select0: 'fred.example',
      select1: 'old.fred.example',
    });
    assert.deepEqual(r.body, {
      success: 'Routes deleted',
      result: 'fred.example: deleted; old.fred.example: not in Unit; the local copy is deleted',
    });
    assert.ok(!existsSync(copy('fred.example')) && !existsSync(copy('old.fred.example')));
    assert.deepEqual((await settings('fred', 'domain=fred.example')).body.route, []);
  });

  it('keeps the copy when clearing the live route fails, and says so', async () => {
    sb.unitFaults.clearFails = ['shop.fred.example'];
    const r = await post('fred', {
      action: 'select_routes',
      domain: 'fred.example',
      select0: 'shop.fred.example',
    });
    sb.unitFaults.clearFails = [];
    assert.equal(r.status, 409);
    assert.deepEqual(r.body, {
      error: 'Cannot delete the routes',
      result: 'shop.fred.example: Unit could not clear the route; the local copy is kept',
    });
    assert.ok(existsSync(copy('shop.fred.example')));
    const again = await post('fred', {
      action: 'select_routes',
      domain: 'fred.example',
      select0: 'shop.fred.example',
    });
    assert.equal(again.status, 200);
    assert.ok(!existsSync(copy('shop.fred.example')));
  });

  it('refuses unknown sets, other domains’ sets and an empty selection, changing nothing', async () => {
    await setRoute('fred', { domain: 'fred.example' }, toApp);
    const cases: [Record<string, string>, number, RegExp][] = [
      [
        { select0: 'fred.example', select1: 'gone.fred.example' },
        404,
        /has no route set gone\.fred\.example/,
      ],
      [{ select0: 'alice.example' }, 400, /neither fred\.example nor one of its subdomains/],
      [{}, 400, /No route set was selected/],
    ];
    for (const [fields, status, why] of cases) {
      const r = await post('fred', { action: 'select_routes', domain: 'fred.example', ...fields });
      assert.equal(r.status, status);
      assert.match(String(r.body.result), why);
    }
    assert.ok(existsSync(copy('fred.example')));
  });

  it('reads the fault switch from the environment for `dactl sandbox`', () => {
    assert.deepEqual(
      unitFaultsFrom(undefined, { DACTL_SANDBOX_UNIT_CLEAR_FAILS: ' a.example, b.a.example,' }),
      {
        clearFails: ['a.example', 'b.a.example'],
      },
    );
    assert.deepEqual(
      unitFaultsFrom({ clearFails: ['x'] }, { DACTL_SANDBOX_UNIT_CLEAR_FAILS: 'y' }),
      {
        clearFails: ['x'],
      },
    );
    assert.deepEqual(unitFaultsFrom(undefined, {}), { clearFails: [] });
  });
});
