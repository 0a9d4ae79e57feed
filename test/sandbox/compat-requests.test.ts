// The compatibility suite: the sandbox driven with the request shapes that third-party DirectAdmin
// clients send (facts page, "What third-party clients show about real panels"), each reply's shape
// checked, and dactl's own decoder run over the replies a real panel gives.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, afterEach, before, describe, it } from 'node:test';
import { decodeReply } from '../../src/http/decode.js';
import { startSandbox } from '../../src/sandbox/index.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import { AUTHORITY_SENTENCE } from '../../src/sandbox/reply.js';
import { call, decodeForm } from './http.js';
import { credentials } from './support.js';

let sb: Sandbox;
const creds = (name: string) => credentials(sb, name);
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

before(async () => {
  sb = await startSandbox({ port: 0, modes: { badCredentials: 'status', legacyErrors: 'status' } });
});
afterEach(() => {
  sb.modes.badCredentials = 'status';
  sb.modes.legacyErrors = 'status';
});
after(() => sb.close());

const newUser = (name: string) =>
  new URLSearchParams({
    action: 'create',
    add: 'Submit',
    username: name,
    email: `${name}@${name}.example`,
    passwd: 'Long-enough-1',
    passwd2: 'Long-enough-1',
    domain: `${name}.example`,
    package: 'default',
    ip: 'shared',
    notify: 'no',
  }).toString();

describe('a Go SDK: legacy writes as a form labelled application/json', () => {
  it('creates the user and answers "User X created", with extended and a long result', async () => {
    const r = await call(sb.url, '/CMD_API_ACCOUNT_USER?json=yes', {
      method: 'POST',
      auth: creds('admin'),
      body: newUser('gosdk'),
      headers: { 'Content-Type': 'application/json' },
    });
    assert.equal(r.status, 200, r.body);
    const reply = JSON.parse(r.body) as Record<string, string>;
    assert.equal(reply.success, 'User gosdk created');
    assert.equal(reply.extended, 'true');
    assert.ok((reply.result ?? '').split('\n').length > 3, reply.result);
  });

  it('still refuses a non-JSON body labelled JSON on the new API with 400 BAD_REQUEST', async () => {
    const r = await call(sb.url, '/api/db-manage/create-db', {
      method: 'POST',
      auth: creds('fred'),
      body: 'database=fred_x',
      headers: { 'Content-Type': 'application/json' },
    });
    assert.equal(r.status, 400);
    assert.equal((JSON.parse(r.body) as { type: string }).type, 'BAD_REQUEST');
  });
});

describe('PHP libraries: POST with the parameters in the query string, URL-encoded replies', () => {
  it('CMD_API_SHOW_USERS?reseller=<name> as admin lists that reseller’s users', async () => {
    const r = await call(sb.url, '/CMD_API_SHOW_USERS?reseller=reseller1', {
      method: 'POST',
      auth: creds('admin'),
    });
    assert.deepEqual(decodeReply(toRaw(r), ctx), ['fred', 'alice']);
    const other = await call(sb.url, '/CMD_API_SHOW_USERS?reseller=admin&json=yes', {
      auth: creds('reseller1'),
    });
    assert.equal(other.status, 403);
  });

  it('CMD_API_SHOW_RESELLERS and CMD_API_SHOW_ADMINS list names by type', async () => {
    const resellers = await call(sb.url, '/CMD_API_SHOW_RESELLERS', { auth: creds('admin') });
    assert.equal(resellers.body, 'list[]=reseller1');
    const admins = await call(sb.url, '/CMD_API_SHOW_ADMINS?json=yes', { auth: creds('admin') });
    assert.deepEqual(JSON.parse(admins.body), ['admin']);
  });

  it('CMD_API_SHOW_USER_CONFIG carries HTML entities that dactl’s decoder undoes', async () => {
    const r = await call(sb.url, '/CMD_API_SHOW_USER_CONFIG?user=fred', { auth: creds('admin') });
    assert.match(r.headers['content-type'] ?? '', /^text\/plain/);
    // "Fred O'Brien" and "fred@fred.example" travel as raw &#39; and &#64;, as DirectAdmin sends
    // them; a client following its recipe (entities first, then the query string) reads them.
    assert.match(r.body, /name=Fred%20O&#39;Brien/);
    assert.match(r.body, /email=fred&#64;fred\.example/);
    const recipe = Object.fromEntries(decodeForm(r.body));
    assert.equal(recipe.name, "Fred O'Brien");
    assert.equal(recipe.email, 'fred@fred.example');
    const config = decodeReply(toRaw(r), ctx) as Record<string, string>;
    assert.equal(config.name, "Fred O'Brien");
    assert.equal(config.email, 'fred@fred.example');
    assert.equal(config.usertype, 'user');
    assert.equal(config.creator, 'reseller1');
    assert.equal(config.suspended, 'no');
    const reseller = await call(sb.url, '/CMD_API_SHOW_USER_CONFIG?user=reseller1&json=yes', {
      auth: creds('admin'),
    });
    assert.equal(
      (JSON.parse(reseller.body) as Record<string, string>).name,
      'Hosting-R-Us @ Reseller One',
    );
  });

  it('CMD_API_SHOW_USER_CONFIG shows only accounts one manages, like an unknown one', async () => {
    const other = await call(sb.url, '/CMD_API_SHOW_USER_CONFIG?user=alice&json=yes', {
      auth: creds('fred'),
    });
    const unknown = await call(sb.url, '/CMD_API_SHOW_USER_CONFIG?user=nobody&json=yes', {
      auth: creds('fred'),
    });
    assert.equal(other.status, unknown.status);
    assert.equal((JSON.parse(other.body) as { error: string }).error, 'Unable to show user');
  });

  it('CMD_ACCOUNT_USER without json=yes answers an HTML page; CMD_API_ACCOUNT_USER error=0', async () => {
    const page = await call(sb.url, '/CMD_ACCOUNT_USER', {
      method: 'POST',
      auth: creds('admin'),
      body: newUser('webpage'),
      headers: FORM,
    });
    assert.match(page.headers['content-type'] ?? '', /^text\/html/);
    assert.match(page.body, /User webpage created/);
    const api = await call(sb.url, '/CMD_API_ACCOUNT_USER', {
      method: 'POST',
      auth: creds('admin'),
      body: newUser('apiform'),
      headers: FORM,
    });
    assert.match(api.body, /^error=0&text=User%20apiform%20created&details=/);
  });
});

describe('CMD_API_SELECT_USERS as clients send it', () => {
  const select = (as: string, body: string) =>
    call(sb.url, '/CMD_API_SELECT_USERS?json=yes', {
      method: 'POST',
      auth: creds(as),
      body,
      headers: FORM,
    });
  const config = async (name: string) =>
    JSON.parse(
      (await call(sb.url, `/api/users/${name}/config`, { auth: creds('admin') })).body,
    ) as { suspended: boolean };

  it('suspends with select0 and unsuspends with select<name>; the account cannot log in meanwhile', async () => {
    const r = await select('reseller1', 'location=CMD_SELECT_USERS&suspend=Suspend&select0=alice');
    assert.equal(r.status, 200, r.body);
    assert.equal((await config('alice')).suspended, true);
    const login = await call(sb.url, '/CMD_API_LOGIN_TEST', { auth: creds('alice') });
    assert.equal(login.status, 401);
    await select('reseller1', 'suspend=Unsuspend&selectalice=alice');
    assert.equal((await config('alice')).suspended, false);
  });

  it('refuses what the account does not manage, and delete without confirmed', async () => {
    const r = await select('reseller1', 'suspend=Suspend&select0=admin');
    assert.equal(r.status, 400);
    assert.match((JSON.parse(r.body) as { result: string }).result, /admin: not an account/);
    const unconfirmed = await select('admin', 'delete=yes&select0=alice');
    assert.equal(unconfirmed.status, 400);
    assert.equal((await config('alice')).suspended, false);
  });
});

describe('the authority sentence, the login page and no 405', () => {
  it('an unknown and a forbidden command answer the same sentence, 404 and 403', async () => {
    const unknown = await call(sb.url, '/CMD_NOPE?json=yes', { auth: creds('fred') });
    const forbidden = await call(sb.url, '/CMD_API_SHOW_ALL_USERS?json=yes', {
      auth: creds('fred'),
    });
    assert.deepEqual([unknown.status, forbidden.status], [404, 403]);
    assert.equal(unknown.body, forbidden.body);
    assert.deepEqual(JSON.parse(unknown.body), { error: AUTHORITY_SENTENCE, result: '' });
  });

  it('login-page mode: CMD_* answers the page as exactly text/html with X-DirectAdmin', async () => {
    sb.modes.badCredentials = 'login-page';
    const legacy = await call(sb.url, '/CMD_API_SHOW_ALL_USERS', { auth: ['admin', 'wrong'] });
    assert.equal(legacy.status, 200);
    assert.equal(legacy.headers['content-type'], 'text/html');
    assert.equal(legacy.headers['x-directadmin'], 'Unauthorized');
    assert.throws(() => decodeReply(toRaw(legacy), ctx), /login page/);
    const api = await call(sb.url, '/api/db-show/databases', { auth: ['admin', 'wrong'] });
    assert.equal(api.status, 401);
    assert.equal((JSON.parse(api.body) as { type: string }).type, 'UNAUTHORIZED');
  });

  it('a method a path does not list is 404 NOT_FOUND, not 405', async () => {
    for (const [method, path] of [
      ['DELETE', '/api/db-show/databases'],
      ['GET', '/api/wordpress/install-quick'],
      ['PUT', '/api/db-show/databases/fred_wp'],
    ] as const) {
      const r = await call(sb.url, path, { method, auth: creds('fred') });
      assert.equal(r.status, 404, `${method} ${path}`);
      assert.equal((JSON.parse(r.body) as { type: string }).type, 'NOT_FOUND');
    }
  });
});

describe('session login: a session cookie instead of Basic auth', () => {
  it('POST /api/login sets `session`; later calls use only the cookie', async () => {
    const [username, password] = creds('admin');
    const login = await call(sb.url, '/api/login', {
      method: 'POST',
      body: JSON.stringify({ username: `${username}|fred`, password }),
      headers: { 'Content-Type': 'application/json' },
    });
    assert.equal(login.status, 200, login.body);
    const { sessionID } = JSON.parse(login.body) as { sessionID: string; loginURL: string };
    const cookie = login.headers['set-cookie']?.[0] ?? '';
    assert.match(cookie, new RegExp(`^session=${sessionID};.*HttpOnly`));
    const me = await call(sb.url, '/api/session/user-config', {
      headers: { Cookie: `other=1; session=${sessionID}` },
    });
    assert.equal(me.status, 200);
    const config = JSON.parse(me.body) as Record<string, unknown>;
    assert.equal(config.username, 'fred');
    assert.deepEqual(config.domains, ['fred.example', 'fredshop.example']);
    const stale = await call(sb.url, '/api/session/user-config', {
      headers: { Cookie: 'session=NOPE' },
    });
    assert.equal(stale.status, 401);
    const wrong = await call(sb.url, '/api/login', {
      method: 'POST',
      body: JSON.stringify({ username, password: 'wrong' }),
    });
    assert.equal(wrong.status, 401);
  });

  it('CMD_LOGIN takes the form, redirects with the cookie, and the cookie works on CMD_*', async () => {
    const [username, password] = creds('reseller1');
    const r = await call(sb.url, '/CMD_LOGIN', {
      method: 'POST',
      body: new URLSearchParams({ username, password, referer: '/CMD_SHOW' }).toString(),
      headers: FORM,
    });
    assert.equal(r.status, 302);
    assert.equal(r.headers.location, '/CMD_SHOW');
    const session = /session=([^;]+)/.exec(String(r.headers['set-cookie']?.[0]))?.[1];
    const users = await call(sb.url, '/CMD_API_SHOW_USERS?json=yes', {
      headers: { Cookie: `session=${session ?? ''}` },
    });
    assert.deepEqual(JSON.parse(users.body), ['fred', 'alice']);
  });
});

describe('HTTP/1.0 and the new API endpoints clients read', () => {
  it('answers an HTTP/1.0 request with an exact Content-Length and closes', async () => {
    const [username, password] = creds('fred');
    const auth = Buffer.from(`${username}:${password}`).toString('base64');
    const raw = await rawRequest(
      `GET /CMD_API_LOGIN_TEST HTTP/1.0\r\nHost: x\r\nAuthorization: Basic ${auth}\r\n\r\n`,
    );
    const [head = '', body = ''] = raw.split('\r\n\r\n');
    assert.match(head, /^HTTP\/1\.[01] 200 /);
    assert.match(head, new RegExp(`Content-Length: ${String(Buffer.byteLength(body))}`, 'i'));
    assert.equal(body, 'error=0&text=Login%20OK&details=');
  });

  it('GET /api/db-show/databases/{name}: metadata of one’s own database, 404 otherwise', async () => {
    const own = await call(sb.url, '/api/db-show/databases/fred_wp', { auth: creds('fred') });
    assert.equal(own.status, 200);
    const meta = JSON.parse(own.body) as Record<string, unknown>;
    assert.equal(meta.database, 'fred_wp');
    for (const key of ['defaultCharset', 'defaultCollation', 'viewCount', 'triggerCount']) {
      assert.ok(key in meta, key);
    }
    const other = await call(sb.url, '/api/db-show/databases/fred_wp', { auth: creds('alice') });
    assert.equal(other.status, 404);
  });

  it('/static/swagger.json describes the new endpoints with their path parameters', async () => {
    const r = await call(sb.url, '/static/swagger.json');
    const paths = (JSON.parse(r.body) as { paths: Record<string, Record<string, unknown>> }).paths;
    for (const p of [
      '/api/login',
      '/api/session/user-config',
      '/api/users/{username}/config',
      '/api/db-show/databases/{database}',
    ]) {
      assert.ok(p in paths, p);
    }
    const op = paths['/api/db-show/databases/{database}']?.get as { parameters: unknown[] };
    assert.deepEqual(op.parameters, [
      { type: 'string', name: 'database', in: 'path', required: true },
    ]);
    assert.equal('security' in (paths['/api/login']?.post as object), false);
  });
});

const ctx = { tier: 'legacy', who: 'test', url: 'http://sandbox' } as const;
const toRaw = (r: { status: number; headers: Record<string, unknown>; body: string }) => ({
  status: r.status,
  headers: r.headers as Record<string, string | string[] | undefined>,
  body: r.body,
});

function rawRequest(text: string): Promise<string> {
  const { hostname, port } = new URL(sb.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(text));
    let out = '';
    socket.setEncoding('utf8').on('data', (d: string) => (out += d));
    socket.on('end', () => {
      resolve(out);
    });
    socket.on('error', reject);
  });
}
