// `unit route` at a real (pseudo-)terminal: choosing a template and its variables, confirming a
// change, declining a deletion.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { world, type World } from '../helpers/dactl.js';
import { runInPty, needsPty } from '../helpers/pty.js';

const down = '\u001b[B';

describe('unit route at a terminal', needsPty, () => {
  let w: World;
  let fred: Record<string, string>;
  before(async () => {
    w = await world();
    fred = w.envFor('fred');
  });
  after(() => w.close());

  const routeOf = (since: number): unknown =>
    JSON.parse(new URLSearchParams(w.postsSince(since)[0]?.body).get('routes') ?? 'null');

  it('set with nothing given: pick a template, then an application, then confirm', async () => {
    const since = w.sandbox.requests.length;
    const result = await runInPty(['unit', 'route', 'set'], fred, [
      { expect: /Domain/, send: 'fred.example\r' },
      { expect: /The new route[\s\S]*Template app[\s\S]*Edit in \$VISUAL/, send: '\r' },
      { expect: /Application \(as "unit app list" names it\)[\s\S]*legacy/, send: '\r' },
      { expect: /Set this route for fred\.example\?/, send: 'y\r' },
    ]);
    assert.equal(result.code, 0, result.stdout);
    assert.match(
      result.stdout,
      /Reminder: this route sends every request to the application server/,
    );
    assert.match(result.stdout, /Set the route of fred\.example/);
    assert.deepEqual(routeOf(since), [{ action: { pass: 'applications/fred.example_app' } }]);
  });

  it('a template’s directory is asked with the document root as default', async () => {
    const since = w.sandbox.requests.length;
    const result = await runInPty(
      ['unit', 'route', 'set', '--domain', 'fred.example', '--subdomain', 'blog'],
      fred,
      [
        { expect: /The new route/, send: `${down}${down}\r` },
        {
          expect:
            /Directory to serve files from.*\/home\/fred\/domains\/fred\.example\/public_html\/blog/,
          send: '\r',
        },
        { expect: /Set this route for blog\.fred\.example\?/, send: 'y\r' },
      ],
    );
    assert.equal(result.code, 0, result.stdout);
    assert.deepEqual(routeOf(since), [
      { action: { share: '/home/fred/domains/fred.example/public_html/blog$uri' } },
    ]);
  });

  it('declining the change exits 130 and sends nothing; --yes does not ask', async () => {
    const args = ['unit', 'route', 'set', '--domain', 'fred.example', '--template', 'redirect'];
    let since = w.sandbox.requests.length;
    const declined = await runInPty(args, fred, [
      { expect: /Redirect to \(a URL\)/, send: 'https://fred.example/new\r' },
      { expect: /Set this route for fred\.example\?/, send: 'n\r' },
    ]);
    assert.equal(declined.code, 130, declined.stdout);
    // Red removals and green additions at a terminal.
    assert.ok(declined.stdout.includes('\u001b[32m+'), declined.stdout);
    assert.equal(w.postsSince(since).length, 0);
    since = w.sandbox.requests.length;
    const yes = await runInPty(
      [...args, '--var', 'location=https://fred.example/', '--yes'],
      fred,
      [],
    );
    assert.equal(yes.code, 0, yes.stdout);
    assert.equal(w.postsSince(since).length, 1);
  });

  it('delete asks first; "no" sends nothing', async () => {
    const args = ['unit', 'route', 'delete', 'blog', '--domain', 'fred.example'];
    let since = w.sandbox.requests.length;
    const no = await runInPty(args, fred, [
      { expect: /Delete the route set blog\.fred\.example\?/, send: 'n\r' },
    ]);
    assert.equal(no.code, 130, no.stdout);
    assert.equal(w.postsSince(since).length, 0);
    since = w.sandbox.requests.length;
    const yes = await runInPty(args, fred, [{ expect: /Delete the route set/, send: 'y\r' }]);
    assert.equal(yes.code, 0, yes.stdout);
    assert.match(yes.stdout, /Removed the route set blog\.fred\.example/);
    assert.equal(w.postsSince(since).length, 1);
  });
});
