// The listings dactl reads to suggest answers and to name a domain's owner: CMD_API_DOMAIN_OWNERS
// (admin), CMD_API_PACKAGES_USER and CMD_API_SHOW_RESELLER_IPS (reseller).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSandbox } from '../../src/sandbox/index.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import { call } from './http.js';
import { credentials } from './support.js';

let sb: Sandbox;
const creds = (name: string) => credentials(sb, name);

before(async () => {
  sb = await startSandbox({ port: 0, modes: { badCredentials: 'status', legacyErrors: 'status' } });
});
after(() => sb.close());

describe('CMD_API_DOMAIN_OWNERS', () => {
  it('maps every domain to its owner, or one domain with domain=', async () => {
    const all = await call(sb.url, '/CMD_API_DOMAIN_OWNERS?json=yes', { auth: creds('admin') });
    assert.equal(all.status, 200);
    assert.deepEqual(JSON.parse(all.body), {
      'admin.example': 'admin',
      'reseller1.example': 'reseller1',
      'fred.example': 'fred',
      'fredshop.example': 'fred',
      'alice.example': 'alice',
    });
    const one = await call(sb.url, '/CMD_API_DOMAIN_OWNERS?domain=alice.example', {
      auth: creds('admin'),
    });
    assert.equal(one.body, 'alice.example=alice');
    const none = await call(sb.url, '/CMD_API_DOMAIN_OWNERS?json=yes&domain=nope.example', {
      auth: creds('admin'),
    });
    assert.deepEqual(JSON.parse(none.body), {});
  });

  it('is for admins only: a reseller, or an admin acting as a user, is refused', async () => {
    for (const who of ['reseller1', 'fred', 'admin|fred']) {
      const r = await call(sb.url, '/CMD_API_DOMAIN_OWNERS?json=yes', { auth: creds(who) });
      assert.equal(r.status, 403, who);
    }
  });
});

describe('CMD_API_PACKAGES_USER and CMD_API_SHOW_RESELLER_IPS', () => {
  it('list the packages and addresses a new account can get, for a reseller or an admin', async () => {
    for (const who of ['reseller1', 'admin']) {
      const packages = await call(sb.url, '/CMD_API_PACKAGES_USER?json=yes', { auth: creds(who) });
      assert.deepEqual(JSON.parse(packages.body), [
        'default',
        'bronze',
        'static',
        'silver',
        'standard',
        'starter',
      ]);
      const ips = await call(sb.url, '/CMD_API_SHOW_RESELLER_IPS', { auth: creds(who) });
      assert.equal(ips.body, 'list[]=127.0.0.1&list[]=127.0.0.2');
    }
    const user = await call(sb.url, '/CMD_API_PACKAGES_USER?json=yes', { auth: creds('fred') });
    assert.equal(user.status, 403);
  });
});
