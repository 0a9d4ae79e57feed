// The sandbox's CMD_ACCOUNT_USER and WordPress install on the wire, as other clients meet them:
// form bodies, URL-encoded replies, the IP words of newer panels, and the 49x replies.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSandbox } from '../../src/sandbox/index.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import { call, decodeForm } from './http.js';
import { credentials } from './support.js';

let sb: Sandbox;
before(async () => {
  sb = await startSandbox({ port: 0, modes: { badCredentials: 'status', legacyErrors: 'status' } });
});
after(() => sb.close());

const form = (fields: Record<string, string>): string => new URLSearchParams(fields).toString();
const account = (username: string, extra: Record<string, string> = {}) =>
  form({
    action: 'create',
    add: 'Submit',
    username,
    email: `${username}@${username}.example`,
    passwd: 'Long-enough-1',
    passwd2: 'Long-enough-1',
    domain: `${username}.example`,
    package: 'default',
    ip: 'shared',
    notify: 'no',
    ...extra,
  });
const post = (
  path: string,
  body: string,
  as = 'admin',
  type = 'application/x-www-form-urlencoded',
) =>
  call(sb.url, path, {
    method: 'POST',
    auth: credentials(sb, as),
    body,
    headers: { 'Content-Type': type },
  });

describe('CMD_API_ACCOUNT_USER', () => {
  it('takes a form body and answers URL-encoded without json=yes', async () => {
    const r = await post('/CMD_API_ACCOUNT_USER', account('formuser'));
    assert.equal(r.status, 200);
    const [error, text, details] = decodeForm(r.body);
    assert.deepEqual(
      [error, text],
      [
        ['error', '0'],
        ['text', 'User formuser created'],
      ],
    );
    assert.match(details?.[1] ?? '', /\nformuser\.example is ready$/);
    const login = await call(sb.url, '/CMD_API_LOGIN_TEST?json=yes', {
      auth: ['formuser', 'Long-enough-1'],
    });
    assert.equal(login.status, 200);
  });

  it('gives "assign" the free address once, then refuses', async () => {
    const first = await post('/CMD_ACCOUNT_USER?json=yes', account('assigned', { ip: 'assign' }));
    assert.equal(first.status, 200, first.body);
    const second = await post('/CMD_ACCOUNT_USER?json=yes', account('noip', { ip: 'assign' }));
    assert.equal(second.status, 400);
    assert.deepEqual(JSON.parse(second.body), {
      error: 'Cannot Create Account',
      result: 'There is no free IP address to assign',
    });
  });

  it('checks the panel’s rules in order, with its own words', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ action: 'delete' }, 'Unknown action; use action=create'],
      [
        { username: 'Bad' },
        'A username is 3 to 16 lower-case letters or digits, starting with a letter',
      ],
      [{ username: 'mysql' }, 'That username is a reserved system name'],
      [{ email: 'x' }, 'Invalid email address'],
      [{ passwd2: 'Other-pass-1' }, 'Passwords do not match'],
      [{ domain: 'Caps.example' }, 'Do not use CAPS in the domain name.'],
      [{ domain: 'nodot' }, 'Invalid domain name'],
      [{ domain: 'alice.example' }, 'That domain already exists'],
    ];
    for (const [change, words] of cases) {
      const r = await post('/CMD_ACCOUNT_USER?json=yes', account('ruleuser', change));
      assert.equal(r.status, 400, words);
      assert.equal((JSON.parse(r.body) as { result: string }).result, words);
    }
  });

  it('is refused to a user-level account (403)', async () => {
    const r = await post('/CMD_ACCOUNT_USER?json=yes', account('byuser'), 'alice');
    assert.equal(r.status, 403);
  });
});

describe('POST /api/wordpress/install-quick', () => {
  const install = (body: unknown, as = 'alice') =>
    post('/api/wordpress/install-quick', JSON.stringify(body), as, 'application/json');

  it('needs filePath and title; makes up the admin it was not given', async () => {
    const missing = await install({ filePath: 'domains/alice.example/public_html' });
    assert.equal(missing.status, 400);
    assert.equal((JSON.parse(missing.body) as { type: string }).type, 'BAD_REQUEST');
    const r = await install({ filePath: 'domains/alice.example/public_html', title: 'Mine' });
    assert.equal(r.status, 200);
    const site = JSON.parse(r.body) as Record<string, string>;
    assert.equal(site.adminEmail, 'alice@alice.example');
    assert.match(site.adminPass ?? '', /^\S{16}$/);
    assert.match(site.dbName ?? '', /^alice_wp\d{3}$/);
  });

  it('answers 490 and 493 with only a type, as the swagger describes', async () => {
    const again = await install({ filePath: 'domains/alice.example/public_html', title: 'Mine' });
    assert.equal(again.status, 490);
    assert.deepEqual(JSON.parse(again.body), { type: 'WORDPRESS_ALREADY_INSTALLED' });
    // alice's package allows three databases; she had two and now has three.
    const full = await install({ filePath: 'domains/alice.example/public_html/b', title: 'B' });
    assert.equal(full.status, 493);
    assert.deepEqual(JSON.parse(full.body), { type: 'DATABASES_EXCEED_LIMIT' });
  });

  it('refuses paths outside public_html and domains of others', async () => {
    for (const filePath of [
      '/home/alice/domains/alice.example/public_html',
      'domains/alice.example/public_html/../../x',
      'domains/alice.example/private_html',
      'domains/fred.example/public_html',
    ]) {
      const r = await install({ filePath, title: 'x' });
      assert.equal(r.status, 400, filePath);
    }
  });
});
