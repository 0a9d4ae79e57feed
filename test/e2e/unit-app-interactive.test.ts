// `unit app` at a real (pseudo-)terminal: picking a template, answering prompts, confirming.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { world, type World } from '../helpers/dactl.js';
import { runInPty, needsPty } from '../helpers/pty.js';

const down = '\u001b[B';

describe('unit app at a terminal', needsPty, () => {
  let w: World;
  let fred: Record<string, string>;
  before(async () => {
    w = await world();
    fred = w.envFor('fred');
  });
  after(() => w.close());

  it('create with nothing given: pick a template, then the directory and the entry script', async () => {
    const since = w.sandbox.requests.length;
    const result = await runInPty(['unit', 'app', 'create', 'api'], fred, [
      { expect: /Domain/, send: 'fred.example\r' },
      { expect: /Template[\s\S]*nodejs[\s\S]*python/, send: down },
      { expect: /Python WSGI/, send: '\r' },
      {
        expect: /Application directory \(below \/home\/fred\/domains\/fred\.example\/\)/,
        send: '\r',
      },
      { expect: /Entry script \(in \/home\/fred\/domains\/fred\.example\/api\)/, send: '\r' },
    ]);
    assert.equal(result.code, 0, result.stdout);
    assert.match(result.stdout, /Created fred\.example_api/);
    const [post] = w.postsSince(since);
    const app = JSON.parse(new URLSearchParams(post?.body).get('json') ?? '') as Record<
      string,
      unknown
    >;
    assert.equal(app.type, 'python');
    assert.equal(app.path, '/home/fred/domains/fred.example/api');
    assert.equal(app.module, 'wsgi');
  });

  it('modify shows a coloured diff and asks; "no" sends nothing and exits 130', async () => {
    const args = [
      'unit',
      'app',
      'modify',
      'app',
      '--domain',
      'fred.example',
      '--set',
      'processes=3',
    ];
    let since = w.sandbox.requests.length;
    const declined = await runInPty(args, fred, [
      { expect: /Apply these changes to fred\.example_app\?/, send: 'n\r' },
    ]);
    assert.equal(declined.code, 130, declined.stdout);
    // Red removals and green additions: the diff is coloured at a terminal.
    assert.ok(declined.stdout.includes('\u001b[31m-   "processes": {'), declined.stdout);
    assert.ok(declined.stdout.includes('\u001b[32m+   "processes": 3'), declined.stdout);
    assert.equal(w.postsSince(since).length, 0);

    since = w.sandbox.requests.length;
    const accepted = await runInPty(args, fred, [{ expect: /Apply these changes/, send: 'y\r' }]);
    assert.equal(accepted.code, 0, accepted.stdout);
    assert.equal(w.postsSince(since).length, 1);
    const skipped = await runInPty([...args.slice(0, -1), 'processes=4', '--yes'], fred, []);
    assert.equal(skipped.code, 0, skipped.stdout);
  });

  it('delete marks a name missing from the list when it asks', async () => {
    const since = w.sandbox.requests.length;
    const result = await runInPty(
      ['unit', 'app', 'delete', 'api', 'legacy', '--domain', 'fred.example'],
      fred,
      [
        {
          expect: /Delete fred\.example_api, fred\.example_legacy \(no local copy\)\?/,
          send: 'y\r',
        },
      ],
    );
    assert.equal(result.code, 0, result.stdout);
    assert.match(result.stdout, /fred\.example_legacy: purged if the live server had it/);
    assert.equal(w.postsSince(since).length, 1);
  });
});
