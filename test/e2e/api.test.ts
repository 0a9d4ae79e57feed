// `dactl api` against the sandbox: the three tiers (spec 1), fields and bodies, impersonation
// and output. api-list.test.ts covers --list and --dry-run, api-errors.test.ts the exit codes.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import { apiWorld, only, type ApiWorld } from '../helpers/api-world.js';
import { json, type World } from '../helpers/dactl.js';
import { runInPty, needsPty } from '../helpers/pty.js';

describe('dactl api', () => {
  let w: World;
  let api: ApiWorld['api'];
  let reset: ApiWorld['reset'];
  before(async () => {
    ({ w, api, reset } = await apiWorld());
  });
  afterEach(() => {
    reset();
  });
  after(() => w.close());

  describe('the legacy tier (/CMD_*)', () => {
    it('GETs with json=yes and prints the JSON reply', async () => {
      const r = await api(['/CMD_API_SHOW_ALL_USERS']);
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual(json(r), ['fred', 'alice']);
      const sent = only(r.sent);
      assert.equal(sent.method, 'GET');
      assert.deepEqual(sent.query, { json: 'yes' });
      assert.equal(r.stderr, '');
    });

    it('--no-json: the URL-encoded reply is still decoded (list[] → array, pairs → object)', async () => {
      const list = await api(['CMD_API_SHOW_DOMAINS', '--no-json', '--as', 'fred']);
      assert.equal(list.code, 0, list.stderr);
      assert.deepEqual(only(list.sent).query, {});
      assert.deepEqual(json(list), ['fred.example', 'fredshop.example']);
      const pairs = await api(['/CMD_API_LOGIN_TEST', '--no-json']);
      assert.deepEqual(json(pairs), { error: '0', text: 'Login OK', details: '' });
    });

    it('POSTs -f/-F fields form-encoded, json=yes in the query', async () => {
      const r = await api(['/CMD_API_LOGIN_TEST', '-f', 'note=a b&c', '-F', 'n=3']);
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual(json(r), { success: 'Login OK', result: '' });
      const sent = only(r.sent);
      assert.equal(sent.method, 'POST');
      assert.deepEqual(sent.query, { json: 'yes' });
      assert.match(String(sent.headers['content-type']), /x-www-form-urlencoded/);
      assert.deepEqual(Object.fromEntries(new URLSearchParams(sent.body)), {
        note: 'a b&c',
        n: '3',
      });
    });

    it('keeps a query string written in the path', async () => {
      const r = await api(['/CMD_API_SHOW_DOMAINS?x=1', '--as', 'alice']);
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual(only(r.sent).query, { x: '1', json: 'yes' });
      assert.deepEqual(json(r), ['alice.example']);
    });
  });

  describe('the new API (/api/*)', () => {
    it('GETs JSON, as the --as user, with query parameters from the path or from -X GET -f', async () => {
      const r = await api(['/api/db-show/databases?no-size=true', '--as', 'alice']);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(only(r.sent).username, 'admin|alice');
      assert.deepEqual(
        (json(r) as { database: string; sizeBytes: number }[]).map((d) => [
          d.database,
          d.sizeBytes,
        ]),
        [
          ['alice_blog', 0],
          ['alice_test', 0],
        ],
      );
      const viaField = await api(['/api/db-show/databases', '-X', 'get', '-f', 'no-size=true']);
      assert.deepEqual(only(viaField.sent).query, { 'no-size': 'true' });
      assert.equal(only(viaField.sent).method, 'GET');
    });

    it('POSTs typed fields as a JSON object; a 204 prints nothing', async () => {
      const r = await api(
        ['/api/db-manage/create-db', '-f', 'database=fred_api', '-F', 'size=12', '-F', 'ok=true'],
        'fred',
      );
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout, '');
      const sent = only(r.sent);
      assert.equal(sent.method, 'POST');
      assert.match(String(sent.headers['content-type']), /application\/json/);
      assert.deepEqual(JSON.parse(sent.body), { database: 'fred_api', size: 12, ok: true });
      const list = await w.dactl(['db', 'list', '-o', 'json'], { env: w.envFor('fred') });
      assert.ok((json(list) as { database: string }[]).some((d) => d.database === 'fred_api'));
    });

    it('nests a[b] keys and appends tags[] in the JSON body; -F reads @file', async () => {
      const file = join(w.home.dir, 'title.txt');
      writeFileSync(file, 'My blog');
      const r = await api([
        '/api/db-manage/create-db',
        '-f',
        'database=fred_nested',
        '-F',
        `site[title]=@${file}`,
        '-F',
        'tags[]=1',
        '-f',
        'tags[]=x',
        '--as',
        'fred',
      ]);
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual(JSON.parse(only(r.sent).body), {
        database: 'fred_nested',
        tags: ['x', 1],
        site: { title: 'My blog' },
      });
    });

    it('--input - sends stdin as the body, as is', async () => {
      const body = '{"database": "fred_stdin"}';
      const r = await api(
        ['/api/db-manage/create-db', '--input', '-', '--as', 'fred'],
        'admin',
        body,
      );
      assert.equal(r.code, 0, r.stderr);
      const sent = only(r.sent);
      assert.equal(sent.method, 'POST');
      assert.equal(sent.body, body);
      assert.match(String(sent.headers['content-type']), /application\/json/);
    });

    it('-F key=@- reads the value from stdin', async () => {
      const r = await api(['/api/db-manage/create-db', '-F', 'database=@-'], 'fred', 'fred_piped');
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual(JSON.parse(only(r.sent).body), { database: 'fred_piped' });
    });

    it('a panel refusal with its type → exit 5 with the panel’s words, and JSON on stderr with -o json', async () => {
      const r = await api(
        ['/api/db-manage/create-db', '-f', 'database=fred_wp', '-o', 'json'],
        'fred',
      );
      assert.equal(r.code, 5);
      assert.equal(r.stdout, '');
      const error = (JSON.parse(r.stderr) as { error: { code: string; message: string } }).error;
      assert.equal(error.code, 'REJECTED');
      assert.match(error.message, /fred_wp already exists/);
    });
  });

  describe('a discovered action (web interface)', () => {
    it('works, with a one-line warning that it may change at any time', async () => {
      const r = await api(['/evo/ajax/domains', '--as', 'fred']);
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual(json(r), {
        user: 'fred',
        domains: [{ domain: 'fred.example' }, { domain: 'fredshop.example' }],
      });
      assert.match(
        r.stderr,
        /^warning: \/evo\/ajax\/domains is a web-interface action.*may change at any time\.\n$/,
      );
      assert.equal(only(r.sent).username, 'admin|fred');
    });

    it('an unknown one → exit 4', async () => {
      const r = await api(['/evo/ajax/nothing']);
      assert.equal(r.code, 4);
      assert.match(r.stderr, /warning: .*may change/);
      assert.match(r.stderr, /HTTP 404/);
    });
  });

  describe('output', () => {
    it('-o yaml prints YAML; --silent prints nothing; --include adds the status line and headers', async () => {
      const yaml = await api(['/CMD_API_SHOW_DOMAINS', '--as', 'fred', '-o', 'yaml']);
      assert.equal(yaml.stdout, '- fred.example\n- fredshop.example\n');

      const silent = await api(['/CMD_API_SHOW_DOMAINS', '--as', 'fred', '--silent']);
      assert.equal(silent.code, 0);
      assert.equal(silent.stdout, '');

      const include = await api(['/CMD_API_SHOW_DOMAINS', '--as', 'fred', '-i']);
      assert.equal(include.code, 0, include.stderr);
      const [head = '', body] = include.stdout.split('\n\n');
      assert.match(head, /^HTTP\/1\.1 200 OK\n/);
      assert.match(head, /\ncontent-type: application\/json/);
      assert.equal(body, '["fred.example","fredshop.example"]\n');
    });

    it('--debug traces the request as the --as login, without the password', async () => {
      const r = await api(['/evo/ajax/domains', '--as', 'fred', '--debug']);
      assert.equal(r.code, 0, r.stderr);
      assert.match(
        r.stderr,
        /debug: GET http:\/\/127\.0\.0\.1:\d+\/evo\/ajax\/domains as admin\|fred/,
      );
      assert.match(r.stderr, /debug: 200 application\/json/);
      assert.ok(!r.stderr.includes(w.password('admin')), 'password in the trace');
    });

    it('--include shows the head of a failing reply too, then fails with its exit code', async () => {
      const r = await api(['/api/nothing', '--include']);
      assert.equal(r.code, 4);
      assert.match(r.stdout, /^HTTP\/1\.1 404 Not Found\n/);
      assert.match(r.stderr, /No API endpoint at \/api\/nothing/);
    });

    it('pretty JSON at a terminal', needsPty, async () => {
      const r = await runInPty(
        ['api', '/CMD_API_SHOW_DOMAINS', '--as', 'fred'],
        w.envFor('admin'),
        [],
      );
      assert.equal(r.code, 0, r.stdout);
      assert.match(r.stdout, /\[\r?\n {2}"fred\.example",\r?\n {2}"fredshop\.example"\r?\n\]/);
    });
  });

  it('--help shows the tiers and examples', async () => {
    const r = await w.dactl(['api', '--help']);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /Tiers, by path:/);
    assert.match(r.stdout, /Examples:\n\s+\$ dactl api /);
  });
});
