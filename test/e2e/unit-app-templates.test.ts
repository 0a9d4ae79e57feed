// `dactl unit templates list`: the built-in sets, the user's own, --template-file, and a set that
// is not valid JSON.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { json, world, type World } from '../helpers/dactl.js';

describe('unit templates list', () => {
  let w: World;
  before(async () => {
    w = await world({}, { inProcess: true });
  });
  after(() => w.close());

  it('lists the built-in sets of applications and routes', async () => {
    const table = await w.dactl(['unit', 'templates', 'list']);
    assert.equal(table.code, 0, table.stderr);
    assert.match(
      table.stdout,
      /^KIND\s+NAME\s+SOURCE\s+DESCRIPTION\napps\s+nodejs\s+built-in\s+Node\.js/,
    );
    for (const name of ['python', 'ruby', 'java', 'php', 'perl'])
      assert.match(table.stdout, new RegExp(`apps\\s+${name}\\s+built-in`));
    for (const name of ['app', 'static-then-app', 'static', 'proxy', 'redirect'])
      assert.match(table.stdout, new RegExp(`routes\\s+${name}\\s+built-in`));
    assert.equal(table.stderr, '');
    const apps = json(await w.dactl(['unit', 'templates', 'list', 'apps', '-o', 'json'])) as {
      name: string;
      application: { type: string };
      entry: string;
    }[];
    assert.equal(apps.find((t) => t.name === 'java')?.application.type, 'java');
    assert.equal(apps.find((t) => t.name === 'python')?.entry, 'wsgi.py');
    assert.equal(w.sandbox.requests.length, 0, 'templates are local');
  });

  it('adds the user’s own sets, and uses them in create', async () => {
    const dir = join(w.home.configDir, 'templates');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'unit_apps.json'),
      JSON.stringify({
        php: {
          description: 'Our PHP',
          application: { type: 'php', root: '${home}/domains/${domain}/${dir}' },
        },
      }),
    );
    writeFileSync(
      join(dir, 'unit_routes.json'),
      JSON.stringify({
        static: { description: 'Static files', route: [{ action: { share: '${home}/www$uri' } }] },
      }),
    );
    const table = await w.dactl(['unit', 'templates', 'list']);
    assert.match(
      table.stdout,
      new RegExp(`apps\\s+php\\s+${join(dir, 'unit_apps.json').replace(/\./g, '\\.')}\\s+Our PHP`),
    );
    assert.match(table.stdout, /routes\s+static\s+\S+unit_routes\.json\s+Static files/);
    const routes = json(await w.dactl(['unit', 'templates', 'list', 'routes', '-o', 'json']));
    // The user's "static" replaces the built-in one, in its place.
    assert.deepEqual(
      (routes as { name: string }[]).map((r) => r.name),
      ['app', 'static-then-app', 'static', 'proxy', 'redirect'],
    );
    assert.deepEqual(
      (routes as { name: string }[]).filter((r) => r.name === 'static'),
      [
        {
          kind: 'routes',
          name: 'static',
          source: join(dir, 'unit_routes.json'),
          description: 'Static files',
          route: [{ action: { share: '${home}/www$uri' } }],
        },
      ],
    );

    const created = await w.dactl(
      [
        'unit',
        'app',
        'create',
        'blog2',
        '--domain',
        'alice.example',
        '--template',
        'php',
        '--dir',
        'blog',
        '-o',
        'json',
      ],
      { env: w.envFor('alice') },
    );
    assert.equal(created.code, 0, created.stderr);
    assert.deepEqual((json(created) as { application: unknown }).application, {
      type: 'php',
      root: '/home/alice/domains/alice.example/blog',
    });
  });

  it('refuses a malformed set with exit 2, naming the file and the position', async () => {
    const file = join(w.home.dir, 'broken.json');
    writeFileSync(file, '{\n  "x": {\n    "application": {}\n  },\n}\n');
    const result = await w.dactl(['unit', 'templates', 'list', 'apps', '--template-file', file]);
    assert.equal(result.code, 2);
    assert.match(
      result.stderr,
      /The template file .*broken\.json is not valid JSON \(line 5, column 1\)/,
    );
    const noKind = await w.dactl(['unit', 'templates', 'list', '--template-file', file]);
    assert.equal(noKind.code, 2);
    assert.match(noKind.stderr, /--template-file needs the kind of its templates/);
    const badKind = await w.dactl(['unit', 'templates', 'list', 'widgets']);
    assert.equal(badKind.code, 2);
    assert.match(badKind.stderr, /apps, routes/);
  });
});
