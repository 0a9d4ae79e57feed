// `dactl api` failures: bad input stops before sending (exit 2), and every class of panel or
// network failure ends with its documented exit code (design.md) and the panel's words.
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { apiWorld, type ApiWorld } from '../helpers/api-world.js';
import type { World } from '../helpers/dactl.js';

describe('dactl api failures', () => {
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

  describe('failures and their exit codes', () => {
    it('bad input → exit 2 naming the flag, nothing sent', async () => {
      const cases: [string[], RegExp][] = [
        [['/api/x', '-f', 'novalue'], /-f "novalue": expected key=value/],
        [
          ['/api/x', '-F', 'a=@/nonexistent/file'],
          /-F "\/nonexistent\/file": cannot read the file \(ENOENT\)/,
        ],
        [['/api/x', '--input', '/nonexistent'], /--input "\/nonexistent": cannot read/],
        [['/api/x', '-X', 'FETCH'], /-X\/--method "FETCH": choose one of/],
        [['/api/x', '-X', 'GET', '--input', '-'], /a GET cannot carry/],
        [['/api/x', '-f', 'a=1', '-f', 'a=2'], /"a": the key is given twice/],
        [['/api/x', '-F', 'a=@-', '--input', '-'], /Only one of --input - and -F key=@-/],
        [['https://panel.example.com:2222/CMD_X'], /give a path on the panel, not a URL/],
        [['/a b'], /without spaces/],
        [[], /Give the path to call/],
        [['/api/x', '--offline'], /--offline goes with --list/],
        [['--list', '-f', 'a=1'], /--list takes only a filter/],
        [['/api/x', '--as', 'a|b'], /--as "a\|b"/],
      ];
      for (const [args, message] of cases) {
        const r = await api(args);
        assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
        assert.match(r.stderr, message);
        assert.equal(r.sent.length, 0, args.join(' '));
        assert.equal(r.stdout, '');
      }
    });

    it('refused credentials (401, or the login page) and a refused impersonation → exit 3', async () => {
      const bad = await w.dactl(['api', '/api/db-show/databases'], {
        env: { ...w.envFor('admin'), DACTL_PASSWORD: 'wrong' },
      });
      assert.equal(bad.code, 3);
      assert.match(bad.stderr, /refused the login/);

      w.sandbox.modes.badCredentials = 'login-page';
      const page = await w.dactl(['api', '/CMD_API_SHOW_ALL_USERS'], {
        env: { ...w.envFor('admin'), DACTL_PASSWORD: 'wrong' },
      });
      assert.equal(page.code, 3);
      assert.match(page.stderr, /login page/);
      assert.equal(page.stdout, '');

      const impersonation = await api(['/api/db-show/databases', '--as', 'alice'], 'fred');
      assert.equal(impersonation.code, 3);
    });

    it('a permission missing (403) → exit 3', async () => {
      const r = await api(['/CMD_API_SHOW_ALL_USERS'], 'fred');
      assert.equal(r.code, 3);
      assert.match(r.stderr, /does not exist in your authority level/);
    });

    it('unknown /api and CMD_ paths → exit 4 with the panel’s words and a hint', async () => {
      const newApi = await api(['/api/nothing']);
      assert.equal(newApi.code, 4);
      assert.match(newApi.stderr, /No API endpoint at \/api\/nothing/);
      const legacy = await api(['/CMD_NOTHING']);
      assert.equal(legacy.code, 4);
      assert.match(legacy.stderr, /does not exist in your authority level/);
      assert.match(legacy.stderr, /hint: The command is unknown to this panel version/);
    });

    it('the authority sentence in a 200 reply → exit 3; a wrong method → exit 4; garbage → exit 5', async () => {
      w.sandbox.modes.legacyErrors = 'ok';
      const legacy = await api(['/CMD_API_SHOW_ALL_USERS'], 'fred');
      assert.equal(legacy.code, 3);
      assert.match(legacy.stderr, /authority level/);

      const method = await api(['/api/db-show/databases', '-X', 'DELETE']);
      assert.equal(method.code, 4);
      assert.match(method.stderr, /No API endpoint at DELETE/);

      w.sandbox.fault({ kind: 'garbage', path: '/api/db-show' });
      const garbage = await api(['/api/db-show/databases']);
      assert.equal(garbage.code, 5);
      assert.match(garbage.stderr, /not JSON/);
    });

    it('5xx → exit 6: a GET is retried, a POST never', async () => {
      w.sandbox.fault({ kind: 'status-503', path: '/api/db-' });
      const get = await api(['/api/db-show/databases']);
      assert.equal(get.code, 6);
      assert.equal(get.sent.length, 3);
      const post = await api(['/api/db-manage/create-db', '-f', 'database=fred_x'], 'fred');
      assert.equal(post.code, 6);
      assert.equal(post.sent.length, 1);
    });

    it('a timeout and a reset → exit 6', async () => {
      w.sandbox.fault({ kind: 'hang', path: '/CMD_API_LOGIN_TEST' });
      const hang = await api(['/CMD_API_LOGIN_TEST', '--timeout', '0.3']);
      assert.equal(hang.code, 6);
      assert.match(hang.stderr, /did not answer within 0\.3 s/);
      w.sandbox.clearFaults();

      w.sandbox.fault({ kind: 'reset', path: '/evo/' });
      const reset = await api(['/evo/ajax/domains']);
      assert.equal(reset.code, 6);
      assert.match(reset.stderr, /reset/);
      assert.doesNotMatch(reset.stderr, /\n\s+at /);
    });
  });
});
