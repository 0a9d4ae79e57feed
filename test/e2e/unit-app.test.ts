// `dactl unit app` reading against the sandbox: list and show, other users' domains, and admins
// or resellers acting for a user with --as.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { json, world, type World } from '../helpers/dactl.js';
import { form, recorder } from '../helpers/unit-app.js';

const D = '/home/fred/domains/fred.example';

describe('unit app list, show and access', () => {
  let w: World;
  let fred: Record<string, string>;
  const { mark, sent, posts } = recorder(() => w);

  before(async () => {
    w = await world();
    fred = w.envFor('fred');
  });
  after(() => w.close());

  it('lists the stored applications: a table, numbers in JSON, the panel’s strings with --raw', async () => {
    mark();
    const table = await w.dactl(['unit', 'app', 'list', '--domain', 'fred.example'], { env: fred });
    assert.equal(table.code, 0, table.stderr);
    assert.match(table.stdout, /^NAME\s+TYPE\s+ENTRY OR PATH\s+PROCESSES\s+TIMEOUT\n/);
    assert.match(
      table.stdout,
      new RegExp(`app\\s+external\\s+${D}/app/app\\.js\\s+1-4 \\(idle 20s\\)\\s+30s`),
    );
    assert.doesNotMatch(table.stdout, /legacy/, 'the out-of-step application has no stored copy');
    const list = sent()[0];
    assert.ok(list);
    assert.equal(list.method, 'GET');
    assert.equal(list.path, '/CMD_UNIT');
    assert.deepEqual(list.query, { domain: 'fred.example', json: 'yes' });

    // A list of records, the name a member of each.
    type Listed = { name: string; application: Record<string, unknown> }[];
    const apps = json(
      await w.dactl(['unit', 'app', 'list', '--domain', 'fred.example', '-o', 'json'], {
        env: fred,
      }),
    ) as Listed;
    assert.deepEqual(
      apps.map((a) => a.name),
      ['app'],
    );
    const app = apps[0]?.application;
    assert.deepEqual(app, {
      ...app,
      processes: { max: 4, spare: 1, idle_timeout: 20 },
      environment: { NODE_ENV: 'production', PORT: '3000' },
    });
    const raw = json(
      await w.dactl(['unit', 'app', 'list', '--domain', 'fred.example', '-o', 'json', '--raw'], {
        env: fred,
      }),
    ) as Listed;
    assert.deepEqual(raw[0]?.application.limits, { timeout: '30', requests: '10000' });

    // TSV: the raw values, one field each (name, type, entry, directory, max, spare, idle, timeout).
    const tsv = await w.dactl(['unit', 'app', 'list', '--domain', 'fred.example', '-o', 'tsv'], {
      env: fred,
    });
    assert.equal(tsv.stdout, `app\texternal\t${D}/app/app.js\t\t4\t1\t20\t30\n`);
    // An empty list prints nothing (the sentence is for a terminal); JSON prints [].
    const empty = await w.dactl(['unit', 'app', 'list', '--domain', 'fredshop.example'], {
      env: fred,
    });
    assert.equal(empty.code, 0, empty.stderr);
    assert.equal(empty.stdout, '');
    assert.equal(empty.stderr, '');
    const none = await w.dactl(
      ['unit', 'app', 'list', '--domain', 'fredshop.example', '-o', 'json'],
      { env: fred },
    );
    assert.deepEqual(json(none), []);
  });

  it('shows one application, and its definition alone with -o json; exit 4 when absent', async () => {
    const table = await w.dactl(['unit', 'app', 'show', 'app', '--domain', 'fred.example'], {
      env: fred,
    });
    assert.equal(table.code, 0, table.stderr);
    assert.match(table.stdout, /^Name\s+app\nUnit name\s+fred\.example_app\nType\s+external\n/);
    assert.match(table.stdout, /\n\{\n {2}"type": "external",/);
    const definition = json(
      await w.dactl(['unit', 'app', 'show', 'app', '--domain', 'fred.example', '-o', 'json'], {
        env: fred,
      }),
    );
    assert.deepEqual((definition as { limits: unknown }).limits, { timeout: 30, requests: 10000 });
    const missing = await w.dactl(['unit', 'app', 'show', 'nope', '--domain', 'fred.example'], {
      env: fred,
    });
    assert.equal(missing.code, 4);
    assert.match(missing.stderr, /fred\.example has no application "nope"/);
  });

  it('never shows or changes another user’s applications', async () => {
    for (const args of [
      ['list'],
      ['show', 'blog'],
      ['create', 'x', '--template', 'php', '--dir', 'blog'],
      ['modify', 'blog', '--set', 'processes=1'],
      ['delete', 'blog', '--yes'],
    ]) {
      mark();
      const [verb = '', ...rest] = args;
      const result = await w.dactl(['unit', 'app', verb, ...rest, '--domain', 'alice.example'], {
        env: fred,
      });
      assert.equal(result.code, 3, `${verb}: ${result.stderr}`);
      assert.match(result.stderr, /error: alice\.example is not one of fred's domains\./);
      assert.match(result.stderr, /hint: List them with: dactl api CMD_API_SHOW_DOMAINS\n/);
      // modify and delete stop at the refused listing; create's POST is refused by the panel.
      assert.equal(posts().length, verb === 'create' ? 1 : 0, verb);
    }
    const alice = json(
      await w.dactl(['unit', 'app', 'list', '--domain', 'alice.example', '-o', 'json'], {
        env: w.envFor('alice'),
      }),
    );
    assert.deepEqual(
      (alice as { name: string }[]).map((a) => a.name),
      ['blog'],
    );
  });

  it('lets an admin or a reseller act for the user with --as', async () => {
    mark();
    const asAdmin = await w.dactl(
      ['unit', 'app', 'list', '--as', 'alice', '--domain', 'alice.example', '-o', 'json'],
      { env: w.envFor('admin') },
    );
    assert.equal(asAdmin.code, 0, asAdmin.stderr);
    assert.deepEqual(
      (json(asAdmin) as { name: string }[]).map((a) => a.name),
      ['blog'],
    );
    assert.equal(sent()[0]?.username, 'admin|alice');
    const create = await w.dactl(
      [
        'unit',
        'app',
        'create',
        'wiki',
        '--as',
        'alice',
        '--domain',
        'alice.example',
        '--template',
        'php',
        '--dir',
        'blog',
      ],
      { env: w.envFor('reseller1') },
    );
    assert.equal(create.code, 0, create.stderr);
    const { json: app } = form(posts()[0]) as { json: Record<string, unknown> };
    assert.equal(app.root, '/home/alice/domains/alice.example/blog');
    assert.equal(app.user, 'alice');
    const own = await w.dactl(['unit', 'app', 'list', '--domain', 'alice.example'], {
      env: w.envFor('admin'),
    });
    assert.equal(own.code, 3, 'without --as, the admin acts as itself');
  });
});
