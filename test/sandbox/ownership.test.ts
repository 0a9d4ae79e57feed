// Every account keeps to its own: no domain under (or above) another account's domain at user
// creation, no CMD_UNIT action on another account's domain or route set, and no application that
// runs as anyone but its account. The panel starts from a state of before the domain rule, where
// eve hosts shop.fred.example and api.fred.example, so route set names can clash.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { demoState } from '../../src/sandbox/data.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { call } from './http.js';
import { credentials } from './support.js';

let sb: Sandbox;
let dataDir = '';
before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dactl-owner-'));
  const state = demoState();
  state.accounts.push({
    username: 'eve',
    password: 'Eve-pass-123',
    role: 'user',
    owner: 'admin',
    email: 'eve@eve.example',
    package: 'default',
    domains: ['shop.fred.example', 'api.fred.example', 'blog.parent.example'],
    databases: [],
  });
  writeFileSync(join(dataDir, 'state.json'), JSON.stringify(state), { mode: 0o600 });
  sb = await startSandbox({ port: 0, dataDir, modes: { legacyErrors: 'status' } });
});
after(async () => {
  await sb.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Body = Record<string, unknown>;
const unit = async (who: string, fields: Record<string, string>, method = 'POST') => {
  const query = new URLSearchParams(fields).toString();
  const r =
    method === 'GET'
      ? await call(sb.url, `/CMD_UNIT?${query}&json=yes`, { auth: credentials(sb, who) })
      : await call(sb.url, '/CMD_UNIT?json=yes', {
          method,
          auth: credentials(sb, who),
          body: query,
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        });
  return { status: r.status, body: JSON.parse(r.body) as Body };
};

/** Everything the panel keeps: its state file and every local copy, by path. */
function snapshot(dir = dataDir): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) Object.assign(out, snapshot(path));
    else out[path] = readFileSync(path, 'utf8');
  }
  return out;
}

const denied = { error: 'You do not own that domain', result: '' };
const php = (user: string, domain: string) =>
  JSON.stringify({ type: 'php', root: `/home/${user}/domains/${domain}/public_html` });

describe('CMD_UNIT on a domain of another account', () => {
  it('refuses every action, for the account itself and through impersonation', async () => {
    await unit('fred', { domain: 'fred.example' }, 'GET'); // Unit's state is set up on first use.
    const actions = (domain: string, owner: string): [string, Record<string, string>][] => [
      ['GET', { domain }],
      ['GET', { domain, action: 'route_create' }],
      ['GET', { domain, action: 'route_create', subdomain: 'www' }],
      ['POST', { domain, action: 'create', name: 'x', json: php(owner, domain) }],
      ['POST', { domain, action: 'modify', name: 'blog', json: php(owner, domain) }],
      ['POST', { domain, action: 'modify', name: 'app', json: php(owner, domain) }],
      ['POST', { domain, action: 'select', select0: 'blog', select1: 'app' }],
      ['POST', { domain, action: 'set_route', routes: '[{"action":{"return":403}}]' }],
      ['POST', { domain, action: 'set_route', subdomain: 'x', routes: '[]' }],
      ['POST', { domain, action: 'select_routes', select0: domain }],
    ];
    const cases: [string, string, string][] = [
      ['fred', 'alice.example', 'alice'],
      ['alice', 'fred.example', 'fred'],
      ['admin|fred', 'alice.example', 'alice'],
      ['admin|alice', 'fred.example', 'fred'],
      ['reseller1|alice', 'fredshop.example', 'fred'],
      ['admin', 'fred.example', 'fred'],
      ['eve', 'fred.example', 'fred'],
      ['fred', 'shop.fred.example', 'eve'],
    ];
    const before = snapshot();
    for (const [who, domain, owner] of cases) {
      for (const [method, fields] of actions(domain, owner)) {
        const r = await unit(who, fields, method);
        const what = `${who} ${method} ${JSON.stringify(fields)}`;
        assert.equal(r.status, 403, what);
        assert.deepEqual(r.body, denied, what);
      }
    }
    assert.deepEqual(snapshot(), before, 'nothing changed');
  });

  it('refuses a route set that Unit runs for another account, in both directions', async () => {
    const mine = [{ action: { return: 204 } }];
    const eve = await unit('eve', {
      domain: 'shop.fred.example',
      action: 'set_route',
      routes: JSON.stringify(mine),
    });
    assert.equal(eve.status, 200, JSON.stringify(eve.body));
    const fred = await unit('fred', {
      domain: 'fred.example',
      action: 'set_route',
      subdomain: 'api',
      routes: '[{"action":{"return":200}}]',
    });
    assert.equal(fred.status, 200, JSON.stringify(fred.body));

    const before = snapshot();
    const attempts: [string, string, Record<string, string>][] = [
      ['fred', 'GET', { domain: 'fred.example', action: 'route_create', subdomain: 'shop' }],
      ['fred', 'POST', { domain: 'fred.example', action: 'set_route', subdomain: 'shop' }],
      ['fred', 'POST', { domain: 'fred.example', action: 'select_routes', select0: 'shop' }],
      [
        'admin|fred',
        'POST',
        { domain: 'fred.example', action: 'select_routes', select0: 'shop.fred.example' },
      ],
      ['eve', 'GET', { domain: 'api.fred.example', action: 'route_create' }],
      ['eve', 'POST', { domain: 'api.fred.example', action: 'set_route', routes: '[]' }],
      [
        'eve',
        'POST',
        { domain: 'api.fred.example', action: 'select_routes', select0: 'api.fred.example' },
      ],
    ];
    for (const [who, method, fields] of attempts) {
      const r = await unit(who, { routes: JSON.stringify(mine), ...fields }, method);
      const what = `${who} ${JSON.stringify(fields)}`;
      if (fields.select0 === 'shop') {
        // Not even a set name of fred.example: refused before ownership is asked.
        assert.equal(r.status, 400, what);
        continue;
      }
      assert.equal(r.status, 403, what);
      assert.deepEqual(r.body, denied, what);
    }
    assert.deepEqual(snapshot(), before, 'nothing changed');
    const kept = await unit('eve', { domain: 'shop.fred.example', action: 'route_create' }, 'GET');
    assert.deepEqual(kept.body.route, mine);
  });
});

describe('CMD_UNIT applications run as their account', () => {
  it('refuses any other user or group, on create and modify', async () => {
    const base = { type: 'php', root: '/home/fred/domains/fred.example/public_html' };
    const cases: [Body, RegExp][] = [
      [{ user: 'root' }, /must run as fred: "user" is "root"; set it to "fred" or leave it out/],
      [{ group: 'nobody' }, /"group" is "nobody"/],
      [{ user: '' }, /"user" is ""/],
      [{ user: 'alice' }, /"user" is "alice"/],
      [{ user: 'fred', group: 'root' }, /"group" is "root"/],
      [{ user: 0 }, /"user"|user: must be a string/],
    ];
    const before = snapshot();
    for (const [extra, words] of cases) {
      for (const [action, name] of [
        ['create', 'runas'],
        ['modify', 'app'],
      ] as const) {
        const json = JSON.stringify({ ...base, ...extra });
        const r = await unit('admin|fred', { domain: 'fred.example', action, name, json });
        assert.equal(r.status, 400, `${action} ${json}`);
        assert.match(`${String(r.body.error)}: ${String(r.body.result)}`, words, json);
      }
    }
    assert.deepEqual(snapshot(), before, 'nothing changed');
    const own = JSON.stringify({ ...base, user: 'fred', group: 'fred' });
    const ok = await unit('fred', {
      domain: 'fred.example',
      action: 'create',
      name: 'own',
      json: own,
    });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
  });
});

describe('CMD_API_ACCOUNT_USER and the domains of other accounts', () => {
  const create = (domain: string, as = 'admin') =>
    call(sb.url, '/CMD_API_ACCOUNT_USER?json=yes', {
      method: 'POST',
      auth: credentials(sb, as),
      body: new URLSearchParams({
        action: 'create',
        username: 'newbie',
        email: 'newbie@newbie.example',
        passwd: 'Long-enough-1',
        passwd2: 'Long-enough-1',
        domain,
        package: 'default',
        ip: 'shared',
      }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });

  it('refuses a domain hosted already, below one hosted or above one', async () => {
    const cases: [string, string, string][] = [
      ['fred.example', 'admin', 'That domain already exists'],
      [
        'shop2.fred.example',
        'admin',
        'That domain already exists: it is a subdomain of fred.example, which another account hosts',
      ],
      [
        'www.alice.example',
        'reseller1',
        'That domain already exists: it is a subdomain of alice.example, which another account hosts',
      ],
      [
        'parent.example',
        'admin',
        'That domain already exists: another account hosts blog.parent.example, a subdomain of it',
      ],
    ];
    for (const [domain, as, words] of cases) {
      const r = await create(domain, as);
      assert.equal(r.status, 400, domain);
      assert.deepEqual(JSON.parse(r.body), { error: 'Cannot Create Account', result: words });
    }
    assert.ok(!sb.accounts.some((a) => a.username === 'newbie'));
    const fine = await create('fred.example.org');
    assert.equal(fine.status, 200, fine.body);
  });
});
