// users list against the sandbox playing each way a panel lists accounts (sandbox listings): an
// all-users list of plain users (real panels) or of every account, a capped ipp, no skin listing
// at all, and a Login Key allowed the names only. In-process, with the requests each run sent.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { listingsFrom } from '../../src/sandbox/listings.js';
import { call } from '../sandbox/http.js';
import { runInProcess } from '../helpers/in-process.js';

const everyone = [
  ['admin', 'admin'],
  ['reseller1', 'reseller'],
  ['fred', 'user'],
  ['alice', 'user'],
];

describe('users list, however the panel lists accounts', () => {
  let sandbox: Sandbox;
  let dir: string;
  before(async () => {
    sandbox = await startSandbox({ port: 0 });
    dir = mkdtempSync(join(tmpdir(), 'dactl-users-list-'));
  });
  afterEach(() => {
    Object.assign(sandbox.listings, listingsFrom({}, {}));
  });
  after(async () => {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const passwordOf = (account: string) =>
    sandbox.accounts.find((a) => a.username === account)?.password ?? '';
  const usersList = async (args: string[] = [], password = passwordOf('admin')) => {
    const before = sandbox.requests.length;
    const result = await runInProcess(['users', 'list', ...args], {
      env: {
        HOME: dir,
        DACTL_CONFIG_DIR: join(dir, 'config'),
        CI: 'true',
        DACTL_URL: sandbox.url,
        DACTL_USERNAME: 'admin',
        DACTL_PASSWORD: password,
      },
    });
    const sent = sandbox.requests.slice(before);
    return { ...result, sent, paths: sent.map((r) => r.path) };
  };
  type Row = { username: string; type: string; domains: string[] | null; creator: string | null };
  const rowsOf = (stdout: string) => JSON.parse(stdout) as Row[];

  it('a panel whose all-users list has plain users only: every account, with its type', async () => {
    const r = await usersList(['-o', 'json']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, '');
    assert.deepEqual(
      rowsOf(r.stdout).map((a) => [a.username, a.type]),
      everyone,
    );
    assert.deepEqual(rowsOf(r.stdout).find((a) => a.username === 'fred')?.domains, [
      'fred.example',
      'fredshop.example',
    ]);
    assert.deepEqual(
      [r.paths[0], [r.paths[1], r.paths[2]].sort(), r.paths[3]],
      [
        '/CMD_API_SHOW_ALL_USERS',
        ['/CMD_API_SHOW_ADMINS', '/CMD_API_SHOW_RESELLERS'],
        '/CMD_ALL_USER_SHOW',
      ],
    );
    assert.equal(r.sent.length, 4);
    assert.deepEqual(r.sent[3]?.query, { json: 'yes', ipp: '1000', page: '1' });
  });

  it('a panel whose all-users list has every account: each once, the same types', async () => {
    sandbox.listings.allUsers = 'every';
    const r = await usersList(['-o', 'json']);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(
      rowsOf(r.stdout).map((a) => [a.username, a.type]),
      everyone,
    );
    const names = await usersList(['--names', '-o', 'tsv']);
    assert.equal(names.stdout, 'admin\nreseller1\nfred\nalice\n');
  });

  it('a panel capping ipp at 1: a page per account, none after the last', async () => {
    sandbox.listings.maxIpp = 1;
    const r = await usersList(['-o', 'json']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(rowsOf(r.stdout)[3]?.creator, 'reseller1');
    assert.deepEqual(
      r.sent.filter((q) => q.path === '/CMD_ALL_USER_SHOW').map((q) => q.query.page),
      ['1', '2', '3', '4'],
    );
    assert.ok(!r.paths.some((p) => p.startsWith('/api/')), 'no config request');
  });

  it('a panel without the skin listing (404): details from each account’s config', async () => {
    sandbox.listings.pages = false;
    const r = await usersList(['-o', 'json']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, '');
    assert.deepEqual(
      rowsOf(r.stdout).map((a) => a.creator),
      ['admin', 'admin', 'reseller1', 'reseller1'],
    );
    assert.deepEqual(
      r.paths.slice(4).sort(),
      ['admin', 'alice', 'fred', 'reseller1'].map((n) => `/api/users/${n}/config`),
    );
  });

  it('a Login Key allowed the names only: names and types, one warning, exit 0', async () => {
    const key = 'names-only-key-0123456789';
    const made = await call(sandbox.url, '/api/login-keys/keys', {
      method: 'POST',
      auth: ['admin', passwordOf('admin')],
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        id: 'names-only',
        password: key,
        currentPassword: passwordOf('admin'),
        allowCommands: ['CMD_API_SHOW_ALL_USERS', 'CMD_API_SHOW_RESELLERS', 'CMD_API_SHOW_ADMINS'],
      }),
    });
    assert.equal(made.status, 200, made.body);
    const r = await usersList(['-o', 'json'], key);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(
      rowsOf(r.stdout).map((a) => [a.username, a.type, a.creator, a.domains]),
      everyone.map(([name, type]) => [name, type, null, null]),
    );
    assert.equal(r.stderr.match(/warning:/g)?.length, 1, r.stderr);
    assert.match(
      r.stderr,
      /4 of 4 accounts are listed without their creator, suspension, package and domains: the panel refused CMD_ALL_USER_SHOW \(.*may not use CMD_ALL_USER_SHOW.*\) and \/api\/users\/\{name\}\/config/,
    );
    const table = await usersList([], key);
    assert.equal(table.code, 0, table.stderr);
    assert.match(table.stdout, /^reseller1 +reseller *$/m);
  });
});
