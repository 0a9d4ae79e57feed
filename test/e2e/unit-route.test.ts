// `dactl unit route list | show | set | validate` against the sandbox: templates and variables,
// a route from stdin or a file, a no-op, subdomain sets, the ACME reminder, and cron-style runs.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { json, world, type World } from '../helpers/dactl.js';
import { recorder } from '../helpers/unit-app.js';

const fredApp = [{ action: { pass: 'applications/fred.example_app' } }];

describe('unit route list, show, set and validate', () => {
  let w: World;
  let fred: Record<string, string>;
  let dataDir = '';
  const { mark, sent, posts } = recorder(() => w);
  const copy = (set: string): string =>
    join(dataDir, 'users/fred/domains/fred.example.routes', set);
  const route = (args: string[], input?: string, env = fred) =>
    w.dactl(['unit', 'route', ...args], { env, input });
  const fields = (i = -1): Record<string, string> =>
    Object.fromEntries(new URLSearchParams(posts().at(i)?.body ?? ''));

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'dactl-route-'));
    w = await world({ dataDir }, { inProcess: true });
    fred = w.envFor('fred');
  });
  after(async () => {
    await w.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts with no route sets and an empty route', async () => {
    const list = await route(['list', '--domain', 'fred.example']);
    assert.equal(list.code, 0, list.stderr);
    // An empty list prints nothing; the sentence would go to stderr at a terminal only.
    assert.equal(list.stdout, '');
    assert.equal(list.stderr, '');
    assert.deepEqual(json(await route(['list', '--domain', 'fred.example', '-o', 'json'])), []);
    const show = await route(['show', '--domain', 'fred.example']);
    assert.equal(show.stdout, '');
    assert.deepEqual(json(await route(['show', '--domain', 'fred.example', '-o', 'json'])), []);
  });

  it('sets a route from a template and --var, with a diff and the ACME reminder', async () => {
    mark();
    const result = await route([
      'set',
      '--domain',
      'fred.example',
      '--template',
      'app',
      '--var',
      'app=app',
    ]);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /Changes to the route of fred\.example:\n- \[\]\n\+ \[/);
    assert.match(result.stderr, /\+ {7}"pass": "applications\/fred\.example_app"/);
    assert.match(
      result.stderr,
      /Reminder: .*\/\.well-known\/acme-challenge.*custom configuration, above other redirects/,
    );
    assert.match(
      result.stderr,
      /✓ Set the route of fred\.example \(the panel said: Route saved: fred\.example\)/,
    );
    assert.equal(result.stdout, '');
    assert.deepEqual(
      sent().map((r) => [r.method, r.query.action ?? '']),
      [
        ['GET', 'route_create'],
        ['POST', ''],
      ],
    );
    assert.deepEqual(sent()[0]?.query, {
      domain: 'fred.example',
      action: 'route_create',
      json: 'yes',
    });
    assert.deepEqual(posts()[0]?.query, { json: 'yes' });
    assert.deepEqual(fields(), {
      action: 'set_route',
      domain: 'fred.example',
      routes: JSON.stringify(fredApp),
    });
    assert.deepEqual(JSON.parse(readFileSync(copy('fred.example'), 'utf8')), fredApp);
  });

  it('sends nothing when the route does not change', async () => {
    mark();
    const same = await route([
      'set',
      '--domain',
      'fred.example',
      '--template',
      'app',
      '--var',
      'app=fred.example_app',
    ]);
    assert.equal(same.code, 0, same.stderr);
    assert.match(same.stderr, /No changes to the route of fred\.example; nothing sent\./);
    assert.equal(posts().length, 0);
  });

  it('sets a subdomain’s own set from stdin, leaving the domain’s alone', async () => {
    const shop = [
      {
        match: { uri: '/static/*' },
        action: { share: '/home/fred/domains/fred.example/public_html/shop$uri' },
      },
      { action: { return: 301, location: 'https://fred.example$request_uri' } },
    ];
    mark();
    const result = await route(
      ['set', '--domain', 'fred.example', '--subdomain', 'shop', '--file', '-', '-o', 'json'],
      JSON.stringify(shop),
    );
    assert.equal(result.code, 0, result.stderr);
    assert.doesNotMatch(result.stderr, /Reminder/);
    assert.deepEqual(json(result), {
      set: 'shop.fred.example',
      domain: 'fred.example',
      subdomain: 'shop',
      route: shop,
    });
    assert.deepEqual(sent()[0]?.query, {
      domain: 'fred.example',
      subdomain: 'shop',
      action: 'route_create',
      json: 'yes',
    });
    assert.deepEqual(fields(), {
      action: 'set_route',
      domain: 'fred.example',
      subdomain: 'shop',
      routes: JSON.stringify(shop),
    });
    assert.deepEqual(JSON.parse(readFileSync(copy('shop.fred.example'), 'utf8')), shop);
    assert.deepEqual(
      json(await route(['show', '--domain', 'fred.example', '-o', 'json'])),
      fredApp,
    );
    assert.deepEqual(json(await route(['list', '--domain', 'fred.example', '-o', 'json'])), [
      { set: 'fred.example', subdomain: null },
      { set: 'shop.fred.example', subdomain: 'shop' },
    ]);
    const shown = await route([
      'show',
      '--domain',
      'fred.example',
      '--subdomain',
      'shop.fred.example',
    ]);
    assert.match(
      shown.stdout,
      /^STEP {2}MATCH {10}ACTION\n {3}0 {2}uri=\/static\/\* {2}share \/home\/fred\//,
    );
    assert.match(
      shown.stdout,
      /\n {3}1 {2}\(any request\) {2}return 301 → https:\/\/fred\.example\$request_uri\n/,
    );
    assert.match(shown.stdout, /\n\[\n {2}\{\n {4}"match": \{/);
  });

  it('warns that an empty route answers 404, and sends it all the same', async () => {
    mark();
    const result = await route(
      ['set', '--domain', 'fred.example', '--subdomain', 'gone', '--file', '-'],
      '[]',
    );
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /No changes to the route of gone\.fred\.example; nothing sent\./);
    await route(['set', '--domain', 'fred.example', '--subdomain', 'gone', '--template', 'static']);
    const empty = await route(
      ['set', '--domain', 'fred.example', '--subdomain', 'gone', '--file', '-'],
      '[]',
    );
    assert.equal(empty.code, 0, empty.stderr);
    assert.match(
      empty.stderr,
      /warning: An empty route answers every request for gone\.fred\.example with 404; "dactl unit route delete" removes the set instead\./,
    );
    assert.equal(fields().routes, '[]');
  });

  it('shows the settings: applications a route may pass to, and the actions', async () => {
    const table = await route(['show', '--domain', 'fred.example', '--settings']);
    assert.match(
      table.stdout,
      /\nApplications: fred\.example_app, fred\.example_legacy\nActions:\n {2}pass {4}Pass the request/,
    );
    const data = json(
      await route(['show', '--domain', 'fred.example', '--settings', '-o', 'json']),
    ) as Record<string, unknown>;
    assert.deepEqual(Object.keys(data), ['set', 'route', 'applications', 'actions']);
    assert.deepEqual(data.route, fredApp);
    // TSV: the raw match (none here) and action, as JSON.
    const tsv = await route(['show', '--domain', 'fred.example', '-o', 'tsv']);
    assert.equal(tsv.stdout, '0\t\t{"pass":"applications/fred.example_app"}\n');
  });

  it('fills templates: defaults outside a terminal, every variable from --var', async () => {
    mark();
    const stat = await route([
      'set',
      '--domain',
      'fredshop.example',
      '--template',
      'static',
      '--yes',
    ]);
    assert.equal(stat.code, 0, stat.stderr);
    assert.deepEqual(JSON.parse(fields().routes ?? ''), [
      { action: { share: '/home/fred/domains/fredshop.example/public_html$uri' } },
    ]);
    const proxy = await route([
      'set',
      '--domain',
      'fredshop.example',
      '--subdomain',
      'api',
      '--template',
      'proxy',
      '--var',
      'url=http://127.0.0.1:9000',
    ]);
    assert.equal(proxy.code, 0, proxy.stderr);
    assert.match(proxy.stderr, /Reminder/);
    assert.deepEqual(JSON.parse(fields().routes ?? ''), [
      { action: { proxy: 'http://127.0.0.1:9000' } },
    ]);
    const sta = await route([
      'set',
      '--domain',
      'fred.example',
      '--subdomain',
      'www',
      '--template',
      'static-then-app',
      '--var',
      'app=app',
      '--var',
      'root=/home/fred/www',
    ]);
    assert.equal(sta.code, 0, sta.stderr);
    assert.deepEqual(JSON.parse(fields().routes ?? ''), [
      {
        action: {
          share: '/home/fred/www$uri',
          fallback: { pass: 'applications/fred.example_app' },
        },
      },
    ]);
  });

  it('uses the user’s own route templates, Unit variables passed through', async () => {
    const file = join(w.home.dir, 'team.json');
    writeFileSync(
      file,
      JSON.stringify({
        maintenance: {
          description: 'Down for maintenance',
          route: [
            {
              match: { uri: '!${path}' },
              action: { return: 503, location: 'https://${domain}${uri}' },
            },
          ],
        },
      }),
    );
    const result = await route([
      'set',
      '--domain',
      'fred.example',
      '--subdomain',
      'down',
      '--template',
      'maintenance',
      '--template-file',
      file,
      '--var',
      'path=/status',
    ]);
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(JSON.parse(fields().routes ?? ''), [
      {
        match: { uri: '!/status' },
        action: { return: 503, location: 'https://fred.example${uri}' },
      },
    ]);
  });

  it('refuses another user’s application before sending anything', async () => {
    mark();
    const result = await route(
      ['set', '--domain', 'fred.example', '--file', '-'],
      JSON.stringify([{ action: { pass: 'applications/alice.example_blog' } }]),
    );
    assert.equal(result.code, 2);
    assert.match(
      result.stderr,
      /The route is not valid:\n {2}\[0\]\.action\.pass: application "alice\.example_blog" belongs to another domain/,
    );
    assert.equal(sent().length, 0, 'refused before asking the panel');
    mark();
    const missing = await route([
      'set',
      '--domain',
      'fred.example',
      '--template',
      'app',
      '--var',
      'app=shop',
    ]);
    assert.equal(missing.code, 2);
    assert.match(
      missing.stderr,
      /\[0\]\.action\.pass: application "fred\.example_shop" does not exist on fred\.example \(it has: fred\.example_app, fred\.example_legacy\)/,
    );
    assert.match(
      missing.stderr,
      /hint: See the applications a route may pass to with: dactl unit route show --domain fred\.example --settings/,
    );
    assert.equal(posts().length, 0);
  });

  it('validates a file, stdin, or the route set now; offline without the panel', async () => {
    const file = join(w.home.dir, 'route.json');
    writeFileSync(file, JSON.stringify(fredApp));
    const ok = await route(['validate', file, '--domain', 'fred.example']);
    assert.equal(ok.code, 0, ok.stderr);
    assert.match(ok.stderr, /✓ The route for fred\.example is valid \(1 step\)\./);
    const now = await route([
      'validate',
      '--domain',
      'fred.example',
      '--subdomain',
      'shop',
      '-o',
      'json',
    ]);
    assert.deepEqual(json(now), {
      set: 'shop.fred.example',
      valid: true,
      offline: false,
      problems: [],
    });

    mark();
    const noPanel = { ...w.home.env, DACTL_USERNAME: 'fred' };
    const offline = await route(
      ['validate', '-', '--domain', 'fred.example', '--offline', '-o', 'json'],
      JSON.stringify([{ action: { pass: 'applications/fred.example_later' } }]),
      noPanel,
    );
    assert.equal(offline.code, 0, offline.stderr);
    assert.deepEqual(json(offline), {
      set: 'fred.example',
      valid: true,
      offline: true,
      problems: [],
    });
    assert.match(offline.stderr, /checked offline: applications by name shape only/);
    const home = await route(
      ['validate', '-', '--domain', 'alice.example', '--offline', '--as', 'alice'],
      JSON.stringify([{ action: { share: '/home/fred/www$uri' } }]),
      noPanel,
    );
    assert.equal(home.code, 2);
    assert.match(home.stderr, /"\/home\/fred\/www\$uri" is outside \/home\/alice\//);
    const nobody = await route(
      ['validate', '-', '--domain', 'fred.example', '--offline'],
      '[]',
      w.home.env,
    );
    assert.equal(nobody.code, 2);
    assert.match(nobody.stderr, /needs the acting user/);
    assert.equal(sent().length, 0, '--offline never asks the panel');

    const bad = await route(
      ['validate', '-', '--domain', 'fred.example', '-o', 'json'],
      JSON.stringify([{ action: { pass: 'applications/fred.example_later' } }]),
    );
    assert.equal(bad.code, 2);
    assert.deepEqual(json(bad), {
      set: 'fred.example',
      valid: false,
      offline: false,
      problems: [
        {
          path: '[0].action.pass',
          message:
            'application "fred.example_later" does not exist on fred.example (it has: fred.example_app, fred.example_legacy)',
        },
      ],
    });
    assert.equal((JSON.parse(bad.stderr) as { error: { exitCode: number } }).error.exitCode, 2);
  });

  it('reports malformed JSON with its line and column, and sends nothing', async () => {
    mark();
    const text = '[\n  {"action": {"return": 404},}\n]\n';
    const validate = await route(['validate', '-', '--domain', 'fred.example', '--offline'], text);
    assert.equal(validate.code, 2);
    assert.match(
      validate.stderr,
      /The route on stdin is not valid JSON \(line 2, column 30\): Expected double-quoted property name/,
    );
    const file = join(w.home.dir, 'broken.json');
    writeFileSync(file, text);
    const set = await route(['set', '--domain', 'fred.example', '--file', file]);
    assert.equal(set.code, 2);
    assert.match(set.stderr, /--file .*broken\.json is not valid JSON \(line 2, column 30\)/);
    assert.equal(sent().length, 0);
  });

  it('refuses bad input with exit 2, naming the flag, before any request', async () => {
    const cases: [string[], RegExp, string?][] = [
      [
        ['set', '--domain', 'Fred..example', '--template', 'app', '--var', 'app=app'],
        /--domain "fred\.\.example": each part between dots/,
      ],
      [
        ['set', '--domain', 'fred.example', '--subdomain', 'a_b', '--template', 'static'],
        /--subdomain "a_b": /,
      ],
      [
        ['set', '--domain', 'fred.example', '--subdomain', 'fred.example', '--template', 'static'],
        /is the domain itself/,
      ],
      [
        ['set', '--domain', 'fred.example', '--file', 'x.json', '--template', 'app'],
        /--file gives the whole route; --template builds one/,
      ],
      [
        ['set', '--domain', 'fred.example', '--template', 'nope'],
        /--template "nope": no such route template; choose one of app, static-then-app, static, proxy, redirect/,
      ],
      [
        ['set', '--domain', 'fred.example', '--template', 'app', '--var', 'app'],
        /--var "app": use name=value/,
      ],
      [
        ['set', '--domain', 'fred.example', '--template', 'app', '--var', 'app=a/b'],
        /--var app "a\/b": must not contain "\/"/,
      ],
      [
        ['set', '--domain', 'fred.example', '--template', 'app', '--var', 'url=x'],
        /--var url: template "app" has no \$\{url\}; it uses \$\{domain\}, \$\{app\}/,
      ],
      [
        ['set', '--domain', 'fred.example', '--template', 'app'],
        /Application \(as "unit app list" names it\) is required: pass --var app=<value>/,
      ],
      [['set', '--domain', 'fred.example', '--var', 'app=x'], /--var fills a template/],
      [
        ['set', '--domain', 'fred.example'],
        /The route is required: pass --file <f>, --template <name> or --edit/,
      ],
      [
        ['set', '--domain', 'fred.example', '--file', join(w.home.dir, 'none.json')],
        /--file ".*none\.json": cannot read the file \(ENOENT\)/,
      ],
      [
        ['set', '--domain', 'fred.example', '--file', '-'],
        /The route on stdin \(--file -\) is empty/,
        '',
      ],
      [
        ['set', '--domain', 'fred.example', '--file', '-'],
        /must be a JSON array of steps, not an object/,
        '{}',
      ],
      [['validate', '--domain', 'fred.example', '--offline'], /--offline checks a route you give/],
      [['show'], /Domain is required: pass --domain/],
      [['list', '--domain', 'fred'], /must contain a dot/],
    ];
    mark();
    for (const [args, why, input] of cases) {
      const result = await route(args, input);
      assert.equal(result.code, 2, `${args.join(' ')}: ${result.stderr}`);
      assert.match(result.stderr, why, args.join(' '));
    }
    assert.equal(sent().length, 0);
  });

  it('runs from cron: environment only, no terminal, no prompts; an admin acts for fred', async () => {
    const admin = { ...w.envFor('admin'), DACTL_AS: 'fred' };
    mark();
    const result = await route(
      [
        'set',
        '--domain',
        'fred.example',
        '--subdomain',
        'cron',
        '--template',
        'redirect',
        '--var',
        'location=https://fred.example/',
        '-q',
      ],
      undefined,
      admin,
    );
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stderr.includes('Changes'), false, '-q keeps the diff quiet');
    assert.equal(result.stdout, '');
    assert.ok(sent().every((r) => r.username === 'admin|fred'));
    assert.ok(existsSync(copy('cron.fred.example')));
    const dry = await route(
      [
        'set',
        '--domain',
        'fred.example',
        '--subdomain',
        'cron',
        '--template',
        'app',
        '--var',
        'app=app',
        '--dry-run',
      ],
      undefined,
      admin,
    );
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /POST .*\/CMD_UNIT\?json=yes/);
    assert.match(dry.stderr, /Dry run: nothing was sent/);
    assert.deepEqual(JSON.parse(readFileSync(copy('cron.fred.example'), 'utf8')), [
      { action: { return: 301, location: 'https://fred.example/' } },
    ]);
  });
});
