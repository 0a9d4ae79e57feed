// The sandbox's account lists as real panels give them (facts page, "Users"): the name lists
// disjoint, as a client's suite run against real panels asserts; the skin's pages of rows
// (CMD_ALL_USER_SHOW, CMD_USER_SHOW) driven with the request shapes of the clients that use them,
// read as those clients read them, and through dactl's own decoder.
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { readRow } from '../../src/api/user-pages.js';
import { UsageError } from '../../src/errors.js';
import { decodeReply } from '../../src/http/decode.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { listingsFrom } from '../../src/sandbox/listings.js';
import { AUTHORITY_SENTENCE } from '../../src/sandbox/reply.js';
import { call, type Reply } from './http.js';
import { credentials } from './support.js';

let sb: Sandbox;
const creds = (name: string) => credentials(sb, name);
before(async () => {
  sb = await startSandbox({ port: 0, listings: { allUsers: 'users', maxIpp: 1000, pages: true } });
});
afterEach(() => {
  Object.assign(sb.listings, listingsFrom({}, {}));
});
after(() => sb.close());

const get = (path: string, who = 'admin') => call(sb.url, path, { auth: creds(who) });
const body = (r: Reply) => JSON.parse(r.body) as Record<string, Record<string, unknown>>;
/** The rows of a page as the PHP and Go clients take them: the numbered members only. */
const rows = (r: Reply) =>
  Object.entries(body(r))
    .filter(([key]) => /^\d+$/.test(key))
    .map(([, row]) => row);
const ctx = { tier: 'legacy', who: 'test', url: 'http://sandbox' } as const;

describe('the name lists', () => {
  it('users, resellers and admins are disjoint, and together every account (omines)', async () => {
    const lists = await Promise.all(
      ['ALL_USERS', 'RESELLERS', 'ADMINS'].map(
        async (what) => JSON.parse((await get(`/CMD_API_SHOW_${what}?json=yes`)).body) as string[],
      ),
    );
    assert.deepEqual(lists, [['fred', 'alice'], ['reseller1'], ['admin']]);
    sb.listings.allUsers = 'every';
    const every = await get('/CMD_API_SHOW_ALL_USERS?json=yes');
    assert.deepEqual(JSON.parse(every.body), ['admin', 'reseller1', 'fred', 'alice']);
  });
});

describe('the listings variants', () => {
  it('come from an option, else DACTL_SANDBOX_ALL_USERS and _MAX_IPP; a bad value is exit 2', () => {
    const env = { DACTL_SANDBOX_ALL_USERS: 'every', DACTL_SANDBOX_MAX_IPP: '7' };
    assert.deepEqual(listingsFrom({}, env), { allUsers: 'every', maxIpp: 7, pages: true });
    assert.deepEqual(listingsFrom({ maxIpp: 2, allUsers: 'users' }, env).maxIpp, 2);
    assert.deepEqual(listingsFrom({}, {}), { allUsers: 'users', maxIpp: 1000, pages: true });
    for (const bad of [{ DACTL_SANDBOX_MAX_IPP: '0' }, { DACTL_SANDBOX_ALL_USERS: 'all' }]) {
      assert.throws(
        () => listingsFrom({}, bad),
        (e: unknown) => e instanceof UsageError,
      );
    }
  });
});

describe('CMD_ALL_USER_SHOW (admin)', () => {
  it('as a Blesta plugin asks: numbered rows; username.value, creator, suspended.value, domain keys', async () => {
    const r = await get('/CMD_ALL_USER_SHOW?json=yes');
    assert.equal(r.status, 200, r.body);
    const seen = rows(r).map((row) => {
      const { username, suspended, creator, domains } = row as {
        username: { value: string };
        suspended: { value: string };
        creator: string;
        domains: Record<string, unknown>;
      };
      return [username.value, creator, suspended.value, Object.keys(domains)];
    });
    assert.deepEqual(seen, [
      ['admin', 'admin', 'no', ['admin.example']],
      ['reseller1', 'admin', 'no', ['reseller1.example']],
      ['fred', 'reseller1', 'no', ['fred.example', 'fredshop.example']],
      ['alice', 'reseller1', 'no', ['alice.example']],
    ]);
    assert.ok(body(r).info, 'a paging member beside the rows');
  });

  it('as WordPress Manager and a PyPI client ask: ipp=1000 with sort1 or bytes, one page', async () => {
    for (const query of ['json=yes&ipp=1000&sort1=9', 'page=1&ipp=1000&bytes=yes&json=yes']) {
      const r = await get(`/CMD_ALL_USER_SHOW?${query}`);
      assert.equal(rows(r).length, 4, query);
    }
  });

  it('through dactl’s decoder: an object of rows that dactl reads whole', async () => {
    const r = await get('/CMD_ALL_USER_SHOW?json=yes&ipp=1000&page=1');
    const decoded = decodeReply(toRaw(r), ctx) as Record<string, Record<string, unknown>>;
    assert.deepEqual(readRow(decoded['2'] ?? {}, 'fred'), {
      username: 'fred',
      creator: 'reseller1',
      suspended: false,
      package: 'standard',
      domains: ['fred.example', 'fredshop.example'],
    });
  });

  it('caps ipp; a page past the end is the last page again', async () => {
    sb.listings.maxIpp = 3;
    const names = async (page: number) =>
      rows(await get(`/CMD_ALL_USER_SHOW?json=yes&ipp=1000&page=${String(page)}`)).map(
        (row) => (row.username as { value: string }).value,
      );
    assert.deepEqual(await names(1), ['admin', 'reseller1', 'fred']);
    assert.deepEqual(await names(2), ['alice']);
    assert.deepEqual(await names(3), ['alice']);
    const info = body(await get('/CMD_ALL_USER_SHOW?json=yes&ipp=2')).info;
    assert.deepEqual(info, { current_page: 1, ipp: 2, total_pages: 2, rows: 4 });
  });

  it('answers the skin’s HTML page without json=yes, never data', async () => {
    const r = await get('/CMD_ALL_USER_SHOW');
    assert.equal(r.status, 200);
    assert.match(String(r.headers['content-type']), /^text\/html/);
  });

  it('is for admins: a reseller or a user gets the authority sentence', async () => {
    for (const who of ['reseller1', 'fred']) {
      const r = await get('/CMD_ALL_USER_SHOW?json=yes', who);
      assert.equal(r.status, 403, who);
      assert.equal(body(r).error, AUTHORITY_SENTENCE);
    }
  });

  it('a panel without it (listings pages=false) answers as for an unknown command', async () => {
    sb.listings.pages = false;
    for (const path of ['/CMD_ALL_USER_SHOW?json=yes', '/CMD_USER_SHOW?json=yes']) {
      const r = await get(path);
      assert.equal(r.status, 404, path);
      assert.equal(body(r).error, AUTHORITY_SENTENCE);
    }
  });
});

describe('CMD_USER_SHOW (reseller)', () => {
  it('as the Go SDK asks and reads it: each row decodes into its struct', async () => {
    const r = await get('/CMD_USER_SHOW?json=yes&ipp=50&page=1', 'reseller1');
    assert.equal(r.status, 200, r.body);
    const users = rows(r).map((row) => {
      // The SDK's rawShownUser: strings, {limit, usage} strings, a string list, a domain map.
      const u = row as {
        username: string;
        bandwidth: { limit: string; usage: string };
        quota: { limit: string; usage: string };
        vdomains: { limit: string; usage: string };
        package: string;
        suspended: { reason: string; value: string };
        ip: string[];
        domains: Record<string, unknown[]>;
        date_created: string;
      };
      for (const usage of [u.bandwidth, u.quota, u.vdomains]) {
        assert.equal(typeof usage.limit, 'string');
        assert.equal(typeof usage.usage, 'string');
      }
      assert.ok(Object.values(u.domains).every(Array.isArray));
      assert.ok(u.ip.every((ip) => typeof ip === 'string'));
      assert.match(u.date_created, /^\d+$/);
      return [u.username, u.package, u.suspended.value === 'yes', Object.keys(u.domains)];
    });
    assert.deepEqual(users, [
      ['fred', 'standard', false, ['fred.example', 'fredshop.example']],
      ['alice', 'starter', false, ['alice.example']],
    ]);
  });

  it('lists only the caller’s users: an admin its own (none here); a user is refused', async () => {
    assert.equal(rows(await get('/CMD_USER_SHOW?json=yes')).length, 0);
    assert.equal((await get('/CMD_USER_SHOW?json=yes', 'fred')).status, 403);
  });

  it('through dactl’s decoder: rows without a creator, the reseller’s own users', async () => {
    const r = await get('/CMD_USER_SHOW?json=yes&ipp=1000&page=1', 'reseller1');
    const decoded = decodeReply(toRaw(r), ctx) as Record<string, Record<string, unknown>>;
    assert.equal(decoded['0']?.creator, undefined);
    assert.equal(readRow(decoded['1'] ?? {}, 'alice', 'reseller1')?.creator, 'reseller1');
  });
});

const toRaw = (r: Reply) => ({
  status: r.status,
  headers: r.headers as Record<string, string | string[] | undefined>,
  body: r.body,
});
