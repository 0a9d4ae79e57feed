import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { authenticate } from '../../src/sandbox/auth.js';
import { demoState } from '../../src/sandbox/data.js';
import { startSandbox } from '../../src/sandbox/index.js';
import { render } from '../../src/sandbox/render.js';
import { AUTHORITY_SENTENCE, json } from '../../src/sandbox/reply.js';
import type { SandboxRequest } from '../../src/sandbox/request.js';
import { dispatch } from '../../src/sandbox/router.js';
import { openStore } from '../../src/sandbox/state.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import { credentials, present } from './support.js';
import { call, decodeForm } from './http.js';
import type { Reply } from './http.js';

let sb: Sandbox;
const creds = (chain: string) => credentials(sb, chain);

before(async () => {
  sb = await startSandbox({ port: 0, modes: { badCredentials: 'status', legacyErrors: 'status' } });
});
after(() => sb.close());

const loginTest = (auth?: readonly [string, string]) =>
  call(sb.url, '/CMD_API_LOGIN_TEST?json=yes', auth ? { auth } : {});

function assertStatusFailure(r: Reply) {
  assert.equal(r.status, 401);
  assert.equal(r.headers['x-directadmin'], 'Unauthorized');
}

// The login-page variant: 200, exactly text/html, and the header clients look for.
function assertLoginPage(r: Reply) {
  assert.equal(r.status, 200);
  assert.equal(r.headers['content-type'], 'text/html');
  assert.match(r.body, /<title>DirectAdmin Login<\/title>/);
  assert.equal(r.headers['x-directadmin'], 'Unauthorized');
}

describe('impersonation chains', () => {
  it('lets an admin act as a user, and the user is the acting account', async () => {
    assert.deepEqual(JSON.parse((await loginTest(creds('admin|fred'))).body), {
      success: 'Login OK',
      result: '',
    });
    const dbs = await call(sb.url, '/api/db-show/databases', { auth: creds('admin|fred') });
    assert.deepEqual(
      (JSON.parse(dbs.body) as { database: string }[]).map((d) => d.database),
      ['fred_wp', 'fred_shop', 'fred_logs'],
    );
  });

  it('follows admin → reseller → user', async () => {
    const dbs = await call(sb.url, '/api/db-show/databases', {
      auth: creds('admin|reseller1|alice'),
    });
    assert.equal(dbs.status, 200);
    assert.deepEqual(
      (JSON.parse(dbs.body) as { database: string }[]).map((d) => d.database),
      ['alice_blog', 'alice_test'],
    );
  });

  it('lets a reseller act as its own user', async () => {
    assert.equal((await loginTest(creds('reseller1|fred'))).status, 200);
  });

  for (const mode of ['status', 'login-page'] as const) {
    describe(`refusals with badCredentials=${mode}`, () => {
      before(() => {
        sb.modes.badCredentials = mode;
      });
      after(() => {
        sb.modes.badCredentials = 'status';
      });
      const refused = (r: Reply) => {
        if (mode === 'status') assertStatusFailure(r);
        else assertLoginPage(r);
      };

      it('refuses a reseller acting as an account it does not own', async () => {
        refused(await loginTest(creds('reseller1|admin')));
      });
      it('refuses a user acting as anyone', async () => {
        refused(await loginTest(creds('fred|alice')));
      });
      it('refuses an unknown target, an empty step and an unknown login', async () => {
        refused(await loginTest(creds('admin|nobody')));
        refused(await loginTest(creds('admin|')));
        refused(await loginTest(['nobody', 'x']));
      });
      it('refuses a wrong password, a password of the target, and no credentials', async () => {
        refused(await loginTest(['admin', 'wrong']));
        refused(await loginTest(credentials(sb, 'admin|fred', credentials(sb, 'fred')[1])));
        refused(await loginTest());
      });
      it('answers the new API with 401 UNAUTHORIZED in every mode, as its swagger says', async () => {
        const r = await call(sb.url, '/api/db-show/databases', { auth: ['fred', 'wrong'] });
        assertStatusFailure(r);
        assert.equal((JSON.parse(r.body) as { type: string }).type, 'UNAUTHORIZED');
      });
      it('answers legacy calls without json=yes URL-encoded', async () => {
        const r = await call(sb.url, '/CMD_API_LOGIN_TEST', { auth: ['fred', 'wrong'] });
        refused(r);
        if (mode === 'status') assert.match(r.body, /^error=1&text=Login%20failed&details=/);
      });
    });
  }
});

describe('authenticate()', () => {
  it("refuses a reseller acting as another reseller's user", () => {
    const state = demoState();
    const fred = present(
      state.accounts.find((a) => a.username === 'fred'),
      'fred',
    );
    state.accounts.push({ ...fred, username: 'reseller2', role: 'reseller', owner: 'admin' });
    const r2 = { username: 'reseller2', password: present(state.accounts.at(-1), 'r2').password };
    assert.equal(authenticate(state, { ...r2, username: 'reseller2|fred' }).ok, false);
    assert.equal(authenticate(state, r2).ok, true);
  });

  it('accepts a password containing a colon', () => {
    const state = demoState();
    present(state.accounts[0], 'admin').password = 'a:b';
    const r = authenticate(state, { username: 'admin', password: 'a:b' });
    assert.equal(r.ok && r.acting.username, 'admin');
  });
});

describe('role checks', () => {
  it("gives a user 403 on an admin command, with DirectAdmin's authority sentence", async () => {
    const r = await call(sb.url, '/CMD_API_SHOW_ALL_USERS?json=yes', { auth: creds('fred') });
    assert.equal(r.status, 403);
    assert.deepEqual(JSON.parse(r.body), { error: AUTHORITY_SENTENCE, result: '' });
  });

  it('judges the acting account, not the one that logged in', async () => {
    const r = await call(sb.url, '/CMD_API_SHOW_ALL_USERS?json=yes', { auth: creds('admin|fred') });
    assert.equal(r.status, 403);
  });

  it('gives a user 403 on a reseller command, and a reseller 403 on an admin one', async () => {
    const user = await call(sb.url, '/CMD_API_SHOW_USERS', { auth: creds('alice') });
    assert.equal(user.status, 403);
    assert.deepEqual(decodeForm(user.body), [
      ['error', '1'],
      ['text', AUTHORITY_SENTENCE],
      ['details', ''],
    ]);
    const reseller = await call(sb.url, '/CMD_API_SHOW_ALL_USERS', { auth: creds('reseller1') });
    assert.equal(reseller.status, 403);
  });

  it('gives an admin-level /api endpoint 403 ACCESS_DENIED for a user', async () => {
    // No admin-level /api endpoint exists yet, so route a made-up one through the real router.
    const store = openStore();
    const fred = present(
      store.state.accounts.find((a) => a.username === 'fred'),
      'fred',
    );
    const request: SandboxRequest = {
      method: 'GET',
      path: '/api/admin-only',
      family: 'api',
      query: {},
      params: {},
      body: undefined,
      rawBody: '',
      wantsJson: false,
      credentials: { username: 'fred', password: fred.password },
    };
    const routes = { '/api/admin-only': { level: 'admin' as const, handler: () => json([]) } };
    const reply = await dispatch(request, store, routes);
    const out = render(reply, request, sb.modes);
    assert.equal(out.status, 403);
    assert.equal((JSON.parse(out.body) as { type: string }).type, 'ACCESS_DENIED');
  });

  it('answers 200 with the error body when legacyErrors=ok', async () => {
    sb.modes.legacyErrors = 'ok';
    try {
      const r = await call(sb.url, '/CMD_API_SHOW_ALL_USERS?json=yes', { auth: creds('fred') });
      assert.equal(r.status, 200);
      assert.equal((JSON.parse(r.body) as { error: string }).error, AUTHORITY_SENTENCE);
    } finally {
      sb.modes.legacyErrors = 'status';
    }
  });
});
