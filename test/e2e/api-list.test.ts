// `dactl api --list` (online and offline) and `--dry-run` against the sandbox.
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { apiWorld, only, type ApiWorld } from '../helpers/api-world.js';
import { json, type World } from '../helpers/dactl.js';

describe('dactl api --list and --dry-run', () => {
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

  describe('--list', () => {
    it("lists the panel's own description (method, path, summary), filtered", async () => {
      const r = await api(['--list', 'database', '-o', 'json']);
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual(json(r), [
        { method: 'POST', path: '/api/db-manage/create-db', summary: 'Create empty database' },
        { method: 'GET', path: '/api/db-show/databases', summary: 'Get Databases list' },
        {
          method: 'GET',
          path: '/api/db-show/databases/{database}',
          summary: 'Get Database metadata',
        },
      ]);
      assert.equal(only(r.sent).path, '/static/swagger.json');

      const table = await api(['--list']);
      assert.match(table.stdout, /^METHOD\s+PATH\s+SUMMARY\n/);
      assert.match(table.stdout, /\nGET\s+\/api\/db-show\/databases\s+Get Databases list\n/);
      const none = await api(['--list', 'no-such-thing']);
      assert.equal(none.code, 0);
      // An empty list prints nothing; the sentence is for a terminal (on stderr).
      assert.equal(none.stdout, '');
    });

    it('--offline uses the shipped copy: no request, no credentials needed', async () => {
      const before = w.sandbox.requests.length;
      const r = await w.dactl(['api', '--list', '--offline', 'wordpress install', '-o', 'tsv'], {
        env: w.home.env,
      });
      assert.equal(r.code, 0, r.stderr);
      assert.equal(w.sandbox.requests.length, before);
      const lines = r.stdout.trim().split('\n');
      assert.ok(
        lines.includes(
          'POST\t/api/wordpress/install-quick\tPerforms quick new wordpress installation in a given location',
        ),
      );
      assert.ok(lines.length >= 2);
    });

    it('a failing description → exit 6; a missing one → exit 4 with a hint to use --offline', async () => {
      w.sandbox.fault({ kind: 'status-500', path: '/static/swagger.json' });
      const failed = await api(['--list']);
      assert.equal(failed.code, 6);
      w.sandbox.clearFaults();
      const badLogin = await w.dactl(['api', '--list'], {
        env: { ...w.envFor('admin'), DACTL_URL: `${w.sandbox.url}/nowhere` },
      });
      assert.equal(badLogin.code, 4);
      assert.match(badLogin.stderr, /does not publish its API description/);
      assert.match(badLogin.stderr, /--offline/);
    });
  });

  describe('--dry-run', () => {
    it('prints the request with secrets redacted and sends nothing, for a POST and a GET', async () => {
      const post = await api([
        '/api/db-manage/create-db',
        '-f',
        'database=fred_dry',
        '-f',
        'password=hunter2',
        '--as',
        'fred',
        '--dry-run',
      ]);
      assert.equal(post.code, 0, post.stderr);
      assert.equal(post.sent.length, 0);
      assert.match(post.stdout, /^POST http:\/\/127\.0\.0\.1:\d+\/api\/db-manage\/create-db\n/);
      assert.match(post.stdout, /Authorization: Basic admin\|fred:\*\*\*/);
      assert.match(post.stdout, /"password": "\*\*\*"/);
      assert.ok(!post.stdout.includes('hunter2'));
      assert.match(post.stderr, /Dry run: nothing was sent/);

      const get = await api(['/CMD_API_SHOW_ALL_USERS', '--dry-run', '-o', 'json']);
      assert.equal(get.code, 0, get.stderr);
      assert.equal(get.sent.length, 0);
      const request = (json(get) as { request: { method: string; url: string } }).request;
      assert.equal(request.method, 'GET');
      assert.match(request.url, /\/CMD_API_SHOW_ALL_USERS\?json=yes$/);
    });

    it('redacts secrets in an --input body', async () => {
      const r = await api(
        ['/CMD_ACCOUNT_USER', '--input', '-', '--dry-run'],
        'admin',
        'username=bob&passwd=hunter2&passwd2=hunter2',
      );
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.sent.length, 0);
      assert.match(r.stdout, /username=bob&passwd=\*\*\*&passwd2=\*\*\*/);
      assert.ok(!r.stdout.includes('hunter2'));
    });
  });
});
