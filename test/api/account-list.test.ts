// users list's reading of a panel, against made-up panels that answer the [open] points of the
// facts page ("Users") each way: paging members, a capped ipp, a page past the end that repeats
// the last one, rows missing a field, listings and configs refused.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { listAccountDetails } from '../../src/api/account-list.js';
import { readRow, readUserPages } from '../../src/api/user-pages.js';
import { AuthError, NetworkError, NotFoundError } from '../../src/errors.js';
import type { Client, PanelRequest } from '../../src/http/transport.js';

type Answer = (request: PanelRequest) => unknown;

/** A client whose panel is `answer`; every request is kept in `sent`. */
function panel(answer: Answer, username = 'admin') {
  const sent: PanelRequest[] = [];
  const client = {
    options: { username },
    login: username,
    send: (request: PanelRequest) => {
      sent.push(request);
      return Promise.resolve().then(() => answer(request));
    },
  } as unknown as Client;
  return { client, sent };
}

const refused = () => {
  throw new AuthError('The panel refused: This login key may not use it');
};
const names = (n: number, prefix = 'user') =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(i + 1)}`);

/** An admin-list row, as the facts page shows it. */
const row = (name: string, extra: Record<string, unknown> = {}) => ({
  username: { value: name, is_user: 'yes' },
  creator: 'admin',
  package: 'default',
  suspended: { value: 'no', reason: '' },
  domains: { [`${name}.example`]: [] },
  bandwidth: { usage: '0', limit: 'unlimited' },
  ...extra,
});

/** A skin listing of `all` rows, `cap` a page, a page past the end repeating the last page. */
const pages =
  (all: string[], cap: number) =>
  (query: Record<string, string> = {}): Record<string, unknown> => {
    const last = Math.max(1, Math.ceil(all.length / cap));
    const page = Math.min(Number(query.page ?? 1), last);
    const body: Record<string, unknown> = { info: { curent_page: page, total_pages: last } };
    all.slice((page - 1) * cap, page * cap).forEach((n, i) => (body[String(i)] = row(n)));
    return body;
  };

describe('users list against made-up panels', () => {
  it('takes the union of the three name lists, whatever the all-users list holds', async () => {
    for (const all of [
      ['fred', 'alice'],
      ['admin', 'reseller1', 'fred', 'alice'],
    ]) {
      const { client } = panel((r) => {
        if (r.path === '/CMD_API_SHOW_ALL_USERS') return all;
        if (r.path === '/CMD_API_SHOW_RESELLERS') return ['reseller1'];
        if (r.path === '/CMD_API_SHOW_ADMINS') return ['admin'];
        return pages(['admin', 'reseller1', 'fred', 'alice'], 1000)(r.query);
      });
      const { accounts, missing } = await listAccountDetails(client);
      assert.equal(missing, undefined);
      assert.deepEqual(
        accounts.map((a) => [a.username, a.type]),
        [
          ['admin', 'admin'],
          ['reseller1', 'reseller'],
          ['fred', 'user'],
          ['alice', 'user'],
        ],
      );
    }
  });

  it('a capped ipp: pages until every name is seen, and no page more', async () => {
    const all = names(25);
    const { client, sent } = panel((r) =>
      r.path === '/CMD_API_SHOW_ALL_USERS'
        ? all
        : r.path.startsWith('/CMD_API_SHOW_')
          ? []
          : pages(all, 10)(r.query),
    );
    const { accounts, missing } = await listAccountDetails(client);
    assert.equal(missing, undefined);
    assert.deepEqual(accounts[24]?.domains, ['user25.example']);
    assert.deepEqual(
      sent.filter((r) => r.path === '/CMD_ALL_USER_SHOW').map((r) => r.query),
      [1, 2, 3].map((p) => ({ json: 'yes', ipp: '1000', page: String(p) })),
    );
  });

  it('stops when a page brings no new name (a page past the end repeats the last)', async () => {
    // The pages never show user9, so only the "no new name" rule can end the paging.
    const listed = names(8);
    const all = [...listed, 'user9'];
    const { client, sent } = panel((r) =>
      r.path === '/CMD_API_SHOW_ALL_USERS'
        ? all
        : r.path.startsWith('/CMD_API_SHOW_')
          ? []
          : r.path === '/CMD_ALL_USER_SHOW'
            ? pages(listed, 3)(r.query)
            : { ...row('user9'), userType: 'user', domains: ['user9.example'], suspended: true },
    );
    const paged = await readUserPages(client, 'admin', new Set(all), 'admin');
    assert.equal(paged.found.size, 8);
    assert.equal(sent.length, 4, 'pages 1-3, and page 4 repeating page 3');
    const { accounts } = await listAccountDetails(client);
    assert.deepEqual(accounts.at(-1)?.domains, ['user9.example'], 'user9 from its config');
    assert.deepEqual(
      sent.slice(4).map((r) => r.path),
      [
        '/CMD_API_SHOW_ALL_USERS',
        '/CMD_API_SHOW_RESELLERS',
        '/CMD_API_SHOW_ADMINS',
        ...['1', '2', '3', '4'].map(() => '/CMD_ALL_USER_SHOW'),
        '/api/users/user9/config',
      ],
    );
  });

  it('reads rows tolerantly, and leaves out a row that lacks a field', () => {
    assert.deepEqual(readRow(row('fred'), 'fred'), {
      username: 'fred',
      creator: 'admin',
      suspended: false,
      package: 'default',
      domains: ['fred.example'],
    });
    // The reseller list's shape: the name itself, no creator (the reseller's own users).
    const plain = { ...row('fred'), username: 'fred', creator: undefined, domains: [] };
    assert.equal(readRow(plain, 'fred', 'reseller1')?.creator, 'reseller1');
    assert.deepEqual(readRow(plain, 'fred', 'reseller1')?.domains, []);
    assert.equal(readRow({ ...row('fred'), suspended: 'maybe' }, 'fred'), undefined);
    assert.equal(readRow({ ...row('fred'), package: undefined }, 'fred'), undefined);
    assert.equal(readRow({ ...row('fred'), creator: undefined }, 'fred'), undefined);
    assert.equal(readRow({ ...row('fred'), domains: 'fred.example' }, 'fred'), undefined);
  });

  it('neither pages nor configs: names and types, one reason, and few config requests', async () => {
    const all = names(40);
    const { client, sent } = panel((r) => {
      if (r.path === '/CMD_API_SHOW_ALL_USERS') return all;
      if (r.path === '/CMD_API_SHOW_RESELLERS' || r.path === '/CMD_API_SHOW_ADMINS') return [];
      if (r.path === '/CMD_ALL_USER_SHOW') throw new NotFoundError('The panel does not know it');
      return refused();
    });
    const { accounts, missing } = await listAccountDetails(client);
    assert.equal(accounts.length, 40);
    assert.deepEqual(accounts[0], {
      username: 'user1',
      type: 'user',
      creator: null,
      suspended: null,
      package: null,
      domains: null,
    });
    assert.match(missing ?? '', /^40 of 40 accounts are listed without their creator, suspension/);
    assert.match(missing ?? '', /CMD_ALL_USER_SHOW \(The panel does not know it\)/);
    assert.match(missing ?? '', /\/api\/users\/\{name\}\/config \(The panel refused: /);
    const configs = sent.filter((r) => r.path.startsWith('/api/users/')).length;
    assert.ok(configs <= 8, `${String(configs)} config requests after the first refusal`);
  });

  it('resellers and admins refused: the users listed, and why the others may be missing', async () => {
    const { client } = panel((r) => {
      if (r.path === '/CMD_API_SHOW_ALL_USERS') return ['fred'];
      if (r.path.startsWith('/CMD_API_SHOW_')) return refused();
      return pages(['fred'], 10)(r.query);
    });
    const { accounts, missing } = await listAccountDetails(client);
    assert.deepEqual(
      accounts.map((a) => a.username),
      ['fred'],
    );
    assert.match(
      missing ?? '',
      /^resellers and admins may be missing or shown as users: the panel refused CMD_API_SHOW_RESELLERS \(.*\) and CMD_API_SHOW_ADMINS/,
    );
  });

  it('a panel failing (not refusing) a page is an error, not a quiet gap', async () => {
    const { client } = panel((r) => {
      if (r.path === '/CMD_API_SHOW_ALL_USERS') return ['fred'];
      if (r.path.startsWith('/CMD_API_SHOW_')) return [];
      throw new NetworkError('The panel failed (HTTP 503).');
    });
    await assert.rejects(listAccountDetails(client), NetworkError);
  });

  it('a reseller: its own users from CMD_USER_SHOW, rows without a creator', async () => {
    const { client, sent } = panel((r) => {
      if (r.path === '/CMD_API_SHOW_ALL_USERS') return refused();
      if (r.path === '/CMD_API_SHOW_USERS') return ['fred'];
      return { 0: { ...row('fred'), username: 'fred', creator: undefined }, info: {} };
    }, 'reseller1');
    const { accounts } = await listAccountDetails(client);
    assert.deepEqual(
      accounts.map((a) => [a.username, a.type, a.creator]),
      [['fred', 'user', 'reseller1']],
    );
    assert.deepEqual(
      sent.map((r) => r.path),
      ['/CMD_API_SHOW_ALL_USERS', '/CMD_API_SHOW_USERS', '/CMD_USER_SHOW'],
    );
  });
});
