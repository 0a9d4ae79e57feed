// The compatibility suite, issue 23: the listings third-party DirectAdmin clients read (facts page,
// "Users" and "What third-party clients show"), each replayed as a client sends it, and the reply's
// shape checked: CMD_API_DATABASES, CMD_API_PACKAGES_USER?package=, the legacy user config and
// /api/users/{name}/config, /api/wordpress/locations. compat-session.test.ts has the sessions,
// compat-decoder.test.ts the same endpoints through dactl.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSandbox } from '../../src/sandbox/index.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import { call, decodeForm } from './http.js';
import { credentials } from './support.js';
import { membersOf, shapeProblems } from './swagger-shape.js';

let sb: Sandbox;
const creds = (chain: string) => credentials(sb, chain);
// The Go SDK's legacy request: POST, json=yes in the query, a form labelled application/json.
const goLegacy = (path: string, chain: string, body = '') =>
  call(sb.url, `${path}${path.includes('?') ? '&' : '?'}json=yes`, {
    method: 'POST',
    auth: creds(chain),
    body,
    headers: { 'Content-Type': 'application/json' },
  });
// The Go SDK's new-API request.
const goNew = (path: string, chain: string, method = 'GET', body?: unknown) =>
  call(sb.url, path, {
    method,
    auth: creds(chain),
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

before(async () => {
  sb = await startSandbox({ port: 0, modes: { badCredentials: 'status', legacyErrors: 'status' } });
});
after(() => sb.close());

describe('CMD_API_DATABASES, as the PHP, Node and Go clients list databases', () => {
  it('a PHP client acting as the user (GET, Basic admin|fred): list[]= by the recipe', async () => {
    const r = await call(sb.url, '/CMD_API_DATABASES', { auth: creds('admin|fred') });
    assert.equal(r.status, 200, r.body);
    assert.match(r.headers['content-type'] ?? '', /^text\/plain/);
    assert.equal(r.body, 'list[]=fred_wp&list[]=fred_shop&list[]=fred_logs');
    // Every name is <user>_<suffix>, which that client checks.
    for (const [key, name] of decodeForm(r.body)) {
      assert.equal(key, 'list[]');
      assert.match(name, /^fred_/);
    }
  });

  it('the Go SDK shape (json=yes): a bare JSON array; a reseller acts as its own user', async () => {
    const r = await goLegacy('/CMD_API_DATABASES', 'reseller1|alice');
    assert.equal(r.status, 200, r.body);
    assert.deepEqual(JSON.parse(r.body), ['alice_blog', 'alice_test']);
    const own = await goLegacy('/CMD_API_DATABASES', 'fred');
    assert.deepEqual(JSON.parse(own.body), ['fred_wp', 'fred_shop', 'fred_logs']);
  });

  it('impersonation by the one rule: a user acts as nobody, a reseller not as the admin', async () => {
    for (const chain of ['fred|alice', 'reseller1|admin', 'admin|nobody']) {
      const r = await call(sb.url, '/CMD_API_DATABASES?json=yes', { auth: creds(chain) });
      assert.equal(r.status, 401, chain);
    }
  });

  it('refuses an action it does not do instead of answering the list as if it were done', async () => {
    const r = await goLegacy('/CMD_API_DATABASES', 'fred', 'action=create&name=x&user=x');
    assert.equal(r.status, 400);
    assert.equal((JSON.parse(r.body) as { error: string }).error, 'Unknown action');
  });
});

describe('CMD_API_PACKAGES_USER with and without package=', () => {
  it('a PHP client POSTing the name in the query gets that package’s key=value settings', async () => {
    const r = await call(sb.url, '/CMD_API_PACKAGES_USER?package=bronze', {
      method: 'POST',
      auth: creds('reseller1'),
    });
    assert.equal(r.status, 200, r.body);
    const pkg = Object.fromEntries(decodeForm(r.body));
    assert.equal(pkg.mysql, '1');
    // The keys a Node client types for a package's information.
    for (const key of packageKeys) assert.ok(key in pkg, key);
    for (const key of ['php', 'ssl', 'cgi']) assert.equal(pkg[key], 'ON', key);
  });

  it('without package= the list; an unknown package is an error, not an empty success', async () => {
    const all = await goLegacy('/CMD_API_PACKAGES_USER', 'reseller1');
    assert.ok((JSON.parse(all.body) as string[]).includes('bronze'));
    const unknown = await goLegacy('/CMD_API_PACKAGES_USER?package=gold', 'reseller1');
    assert.equal(unknown.status, 404);
    assert.match((JSON.parse(unknown.body) as { result: string }).result, /Package not found/);
  });
});

describe('the user config, legacy and new, with every field clients and the swagger name', () => {
  it('CMD_API_SHOW_USER_CONFIG carries php, ssl, cgi, quota, bandwidth, date_created, ...', async () => {
    const r = await call(sb.url, '/CMD_API_SHOW_USER_CONFIG?user=fred', {
      method: 'POST',
      auth: creds('reseller1'),
    });
    const config = Object.fromEntries(decodeForm(r.body));
    const missing = userConfKeys.filter((k) => !(k in config));
    assert.deepEqual(missing, []);
    // Read as clients read them: a missing or odd value would be PHP and SSL off, silently.
    assert.deepEqual([config.php, config.ssl, config.cgi], ['ON', 'ON', 'ON']);
    assert.equal(config.quota, 'unlimited');
    assert.match(config.date_created ?? '', /^\w{3} \w{3} [ \d]\d \d\d:\d\d:\d\d \d{4}$/);
    assert.equal(config.mysql, 'unlimited');
    const alice = await goLegacy('/CMD_API_SHOW_USER_CONFIG?user=alice', 'admin');
    assert.equal((JSON.parse(alice.body) as Record<string, string>).mysql, '3');
  });

  it('/api/users/{name}/config has every member of web.userConfig, of its type', async () => {
    const r = await goNew('/api/users/fred/config', 'admin');
    const config = JSON.parse(r.body) as Record<string, unknown>;
    assert.deepEqual(shapeProblems(config, 'web.userConfig'), []);
    assert.deepEqual(
      membersOf('web.userConfig').filter((k) => !(k in config)),
      [],
    );
    assert.deepEqual([config.php, config.ssl, config.cgi], [true, true, true]);
    assert.equal(config.quotaLim, -1);
    const alice = JSON.parse((await goNew('/api/session/user-config', 'alice')).body) as {
      mySqlDatabasesLim: number;
    };
    assert.equal(alice.mySqlDatabasesLim, 3);
  });
});

describe('GET /api/wordpress/locations, as the Go SDK lists installs', () => {
  it('each domain’s public_html, and an install with its wordpress member and title', async () => {
    const install = await goNew('/api/wordpress/install-quick', 'alice', 'POST', {
      adminEmail: 'alice@alice.example',
      filePath: 'domains/alice.example/public_html/blog',
      title: "Alice's <Blog>",
    });
    assert.equal(install.status, 200, install.body);
    const r = await goNew('/api/wordpress/locations', 'alice');
    assert.equal(r.status, 200, r.body);
    const locations = JSON.parse(r.body) as {
      filePath: string;
      webPath: string;
      host: string;
      wordpress?: { title: string; siteURL: string };
    }[];
    for (const [i, l] of locations.entries()) {
      assert.deepEqual(shapeProblems(l, 'web.wordpressInstallation'), [], String(i));
    }
    assert.deepEqual(
      locations.map((l) => [l.filePath, l.webPath, l.host, l.wordpress?.title]),
      [
        ['domains/alice.example/public_html', '', 'alice.example', undefined],
        ['domains/alice.example/public_html/blog', '/blog', 'alice.example', "Alice's <Blog>"],
      ],
    );
    assert.equal(locations[1]?.wordpress?.siteURL, 'http://alice.example/blog');
  });

  it('domain= keeps one domain; another account’s domain is refused like an unknown one', async () => {
    const one = await goNew('/api/wordpress/locations?domain=fredshop.example', 'admin|fred');
    assert.deepEqual(
      (JSON.parse(one.body) as { filePath: string }[]).map((l) => l.filePath),
      ['domains/fredshop.example/public_html'],
    );
    const other = await goNew('/api/wordpress/locations?domain=alice.example', 'fred');
    const unknown = await goNew('/api/wordpress/locations?domain=nope.example', 'fred');
    assert.deepEqual([other.status, unknown.status], [400, 400]);
    assert.equal((JSON.parse(other.body) as { type: string }).type, 'BAD_REQUEST');
  });
});

// A Node client's types for CMD_API_PACKAGES_USER?package= and CMD_API_SHOW_USER_CONFIG.
const packageKeys = [
  'aftp',
  'bandwidth',
  'catchall',
  'cgi',
  'cron',
  'dnscontrol',
  'domainptr',
  'ftp',
  'inode',
  'language',
  'login_keys',
  'mysql',
  'nemailf',
  'nemailml',
  'nemailr',
  'nemails',
  'nsubdomains',
  'php',
  'quota',
  'skin',
  'spam',
  'ssh',
  'ssl',
  'suspend_at_limit',
  'sysinfo',
  'vdomains',
];
const userConfKeys = [
  ...packageKeys.filter((k) => k !== 'login_keys'),
  'account',
  'additional_bandwidth',
  'api_with_password',
  'clamav',
  'creator',
  'date_created',
  'demo',
  'docsroot',
  'domain',
  'email',
  'email_limit',
  'git',
  'ip',
  'ips',
  'login_keys',
  'name',
  'notify_on_all_question_failures',
  'notify_on_all_twostep_auth_failures',
  'ns1',
  'ns2',
  'original_package',
  'package',
  'security_questions',
  'suspended',
  'twostep_auth',
  'user_widgets',
  'username',
  'usertype',
  'wordpress',
  'zoom',
];
