// user suspend / unsuspend / delete against the sandbox: one CMD_API_SELECT_USERS request for
// every name, confirmation rules, --dry-run, what a delete removes, and per-name outcomes.
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { json, world, type World } from '../helpers/dactl.js';

describe('user suspend, unsuspend, delete', () => {
  let w: World;
  before(async () => {
    w = await world({}, { inProcess: true });
  });
  afterEach(() => {
    w.reset();
  });
  after(() => w.close());

  const selects = (from: number) =>
    w.sandbox.requests.slice(from).filter((r) => r.path === '/CMD_API_SELECT_USERS');
  const suspended = async (name: string): Promise<boolean> => {
    const rows = json(await w.dactl(['users', 'list', '-o', 'json'], { env: w.envFor('admin') }));
    return (rows as { username: string; suspended: boolean }[]).some(
      (r) => r.username === name && r.suspended,
    );
  };

  it('without a terminal and without --yes: exit 2, nothing sent at all', async () => {
    const before = w.sandbox.requests.length;
    const r = await w.dactl(['user', 'suspend', 'fred'], { env: w.envFor('reseller1') });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /pass --yes/);
    assert.equal(w.sandbox.requests.length, before);
  });

  it('refuses an empty name with exit 2', async () => {
    const before = w.sandbox.requests.length;
    const r = await w.dactl(['user', 'delete', 'fred', '', '--yes'], { env: w.envFor('admin') });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /<name> is empty/);
    assert.equal(w.sandbox.requests.length, before, 'nothing sent');
  });

  it('a reseller suspends and unsuspends its user in one request each', async () => {
    const before = w.sandbox.requests.length;
    const r = await w.dactl(['user', 'suspend', 'fred', '--yes'], { env: w.envFor('reseller1') });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /fred: suspended/);
    const [sent, ...more] = selects(before);
    assert.equal(more.length, 0);
    assert.equal(sent?.body, 'location=CMD_SELECT_USERS&suspend=Suspend&select0=fred');
    assert.equal((await w.dactl(['whoami'], { env: w.envFor('fred') })).code, 3);
    assert.equal(await suspended('fred'), true);

    const back = await w.dactl(['user', 'unsuspend', 'fred', '--yes', '-o', 'json'], {
      env: w.envFor('reseller1'),
    });
    assert.equal(back.code, 0, back.stderr);
    assert.deepEqual(json(back), [{ username: 'fred', done: true, outcome: 'unsuspended' }]);
    assert.equal(await suspended('fred'), false);
  });

  it('an admin suspends a reseller, which the panel’s all-users list leaves out', async () => {
    const r = await w.dactl(['user', 'suspend', 'reseller1', '--yes'], { env: w.envFor('admin') });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /reseller1: suspended/);
    assert.equal(await suspended('reseller1'), true);
    const back = await w.dactl(['user', 'unsuspend', 'reseller1', '--yes'], {
      env: w.envFor('admin'),
    });
    assert.equal(back.code, 0, back.stderr);
  });

  it('some names done and some not: each outcome printed, exit 7', async () => {
    const r = await w.dactl(['user', 'suspend', 'alice', 'nobody', '--yes', '-o', 'json'], {
      env: w.envFor('reseller1'),
    });
    assert.equal(r.code, 7, r.stderr);
    assert.deepEqual(json(r), [
      { username: 'alice', done: true, outcome: 'suspended' },
      { username: 'nobody', done: false, outcome: 'not found among the accounts you manage' },
    ]);
    // The panel itself refuses an admin suspending itself; the rest is still done.
    const own = await w.dactl(['user', 'unsuspend', 'alice', 'admin', '--yes'], {
      env: w.envFor('admin'),
    });
    assert.equal(own.code, 7, own.stderr);
    assert.match(own.stderr, /alice: unsuspended/);
    assert.match(own.stderr, /admin: refused .*yourself/);
    assert.equal(await suspended('alice'), false);
  });

  it('names nobody manages: exit 4 and nothing sent; a user-level account: exit 3', async () => {
    const before = w.sandbox.requests.length;
    const r = await w.dactl(['user', 'suspend', 'admin', '--yes'], { env: w.envFor('reseller1') });
    assert.equal(r.code, 4, r.stderr);
    assert.equal(selects(before).length, 0);
    const user = await w.dactl(['user', 'suspend', 'alice', '--yes'], { env: w.envFor('fred') });
    assert.equal(user.code, 3);
    assert.match(user.stderr, /needs an admin or reseller account/);
  });

  it('delete shows the domains and databases that go; --dry-run sends no change', async () => {
    const before = w.sandbox.requests.length;
    const dry = await w.dactl(['user', 'delete', 'fred', '--dry-run'], { env: w.envFor('admin') });
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /^POST .*\/CMD_API_SELECT_USERS\?json=yes\n/);
    assert.match(dry.stdout, /delete=yes&confirmed=Confirm&select0=fred/);
    assert.match(
      dry.stderr,
      /fred \(user\): domains fred\.example, fredshop\.example; databases fred_wp, fred_shop, fred_logs/,
    );
    assert.equal(selects(before).length, 0);

    const gone = await w.dactl(['user', 'delete', 'fred', '--yes'], { env: w.envFor('admin') });
    assert.equal(gone.code, 0, gone.stderr);
    assert.match(gone.stderr, /fred: deleted/);
    const list = json(await w.dactl(['users', 'list', '-o', 'json'], { env: w.envFor('admin') }));
    assert.deepEqual(
      (list as { username: string }[]).map((u) => u.username),
      ['admin', 'reseller1', 'alice'],
    );
  });
});
