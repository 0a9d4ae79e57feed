// The sandbox keeps every account to its own, as dactl meets it: a new account's domain below
// another account's, a Unit action on another account's domain, an application that would run as
// root. `dactl api` sends what dactl's own commands would refuse before sending.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiWorld, type ApiWorld } from '../helpers/api-world.js';
import type { World } from '../helpers/dactl.js';
import { userFlags } from '../helpers/inputs.js';

describe('the sandbox keeps accounts apart', () => {
  let w: World;
  let api: ApiWorld['api'];
  before(async () => {
    ({ w, api } = await apiWorld());
  });
  after(() => w.close());

  it('user create: a domain below another account’s is the panel’s refusal (exit 5)', async () => {
    const args = userFlags('eve', ['--password-stdin']).map((a) =>
      a === 'eve.example' ? 'shop.fred.example' : a,
    );
    const r = await w.dactl(args, { env: w.envFor('admin'), input: 'Eve-pass-1234\n' });
    assert.equal(r.code, 5, r.stderr);
    assert.match(
      r.stderr,
      /That domain already exists: it is a subdomain of fred\.example, which another account hosts/,
    );
    assert.ok(!w.sandbox.accounts.some((a) => a.username === 'eve'));
  });

  it('CMD_UNIT on another account’s domain is refused, impersonating or not (exit 3)', async () => {
    const cases: [string, string[], string][] = [
      ['admin', ['--as', 'fred'], 'alice.example'],
      ['alice', [], 'fred.example'],
    ];
    for (const [account, as, domain] of cases) {
      const r = await api(
        [
          '/CMD_UNIT',
          '-f',
          `domain=${domain}`,
          '-f',
          'action=select_routes',
          '-f',
          `select0=${domain}`,
          ...as,
        ],
        account,
      );
      assert.equal(r.code, 3, r.stderr);
      assert.match(r.stderr, /You do not own that domain/);
    }
  });

  it('an application that runs as root is the panel’s refusal (exit 5)', async () => {
    const app = JSON.stringify({
      type: 'php',
      root: '/home/fred/domains/fred.example/public_html',
      user: 'root',
    });
    const r = await api(
      [
        '/CMD_UNIT',
        '-f',
        'domain=fred.example',
        '-f',
        'action=create',
        '-f',
        'name=rooted',
        '-f',
        `json=${app}`,
      ],
      'fred',
    );
    assert.equal(r.code, 5, r.stderr);
    assert.match(r.stderr, /The application must run as fred: "user" is "root"/);
  });
});
