// `dactl unit app create` against the sandbox: from a template with overrides, from --file -, with
// --edit, and refused for an application not uploaded yet.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { json, world, type World } from '../helpers/dactl.js';
import { form, recorder } from '../helpers/unit-app.js';

const D = '/home/fred/domains/fred.example';

describe('unit app create', () => {
  let w: World;
  let fred: Record<string, string>;
  let dataDir = '';
  const { mark, sent, posts } = recorder(() => w);
  /** The panel's local copy of an application, where spec 2.6 puts it. */
  const copy = (user: string, domain: string, app: string): string =>
    join(dataDir, 'users', user, 'domains', `${domain}.unit`, `${app}.json`);

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'dactl-unit-'));
    w = await world({ dataDir }, { inProcess: true });
    fred = w.envFor('fred');
  });
  after(async () => {
    await w.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates from a template with --dir, --set overrides and the template’s entry', async () => {
    mark();
    const result = await w.dactl(
      [
        'unit',
        'app',
        'create',
        'api',
        '--domain',
        'fred.example',
        '--template',
        'python',
        '--dir',
        'api',
        '--set',
        'processes=2',
        '--set',
        'environment.MODE=test',
        '--set',
        'limits=null',
        '-o',
        'json',
      ],
      { env: fred },
    );
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /Created fred\.example_api/);
    const expected = {
      type: 'python',
      path: `${D}/api`,
      module: 'wsgi',
      callable: 'application',
      user: 'fred',
      processes: 2,
      environment: { MODE: 'test' },
    };
    assert.deepEqual(json(result), {
      name: 'api',
      domain: 'fred.example',
      unitName: 'fred.example_api',
      application: expected,
    });
    const post = posts()[0];
    assert.ok(post);
    assert.equal(sent().length, 1);
    assert.deepEqual(post.query, { json: 'yes' });
    assert.match(String(post.headers['content-type']), /application\/x-www-form-urlencoded/);
    assert.deepEqual(form(post), {
      domain: 'fred.example',
      action: 'create',
      name: 'api',
      json: expected,
    });
    // The panel's local copy, where spec 2.6 puts it.
    assert.deepEqual(
      JSON.parse(readFileSync(copy('fred', 'fred.example', 'api'), 'utf8')),
      expected,
    );
    const listed = json(
      await w.dactl(['unit', 'app', 'list', '--domain', 'fred.example', '-o', 'json'], {
        env: fred,
      }),
    ) as { name: string; application: unknown }[];
    assert.deepEqual(listed.find((a) => a.name === 'api')?.application, expected);
  });

  it('creates from a whole definition on stdin (--file -)', async () => {
    const app = {
      type: 'ruby',
      working_directory: '/home/fred/domains/fredshop.example/store',
      script: 'config.ru',
      processes: 1,
    };
    mark();
    const result = await w.dactl(
      ['unit', 'app', 'create', 'store', '--domain', 'fredshop.example', '--file', '-'],
      {
        env: fred,
        input: JSON.stringify(app),
      },
    );
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, '');
    assert.deepEqual(form(posts()[0]).json, app);
  });

  it('creates with --edit through a scripted $EDITOR, pre-filled from the template', async () => {
    const dir = mkdtempSync(join(w.home.dir, 'editor-'));
    const script = join(dir, 'edit.mjs');
    writeFileSync(
      script,
      `import { readFileSync, writeFileSync } from 'node:fs';
const file = process.argv[2];
const app = JSON.parse(readFileSync(file, 'utf8'));
writeFileSync('${dir}/seen.json', JSON.stringify(app));
app.processes = 3;
writeFileSync(file, JSON.stringify(app, null, 2));
`,
    );
    mark();
    const result = await w.dactl(
      [
        'unit',
        'app',
        'create',
        'app2',
        '--domain',
        'fred.example',
        '--template',
        'nodejs',
        '--dir',
        'app',
        '--edit',
      ],
      { env: { ...fred, EDITOR: `${process.execPath} ${script}` } },
    );
    assert.equal(result.code, 0, result.stderr);
    const seen = JSON.parse(readFileSync(join(dir, 'seen.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    assert.equal(seen.executable, `${D}/app/app.js`);
    assert.equal(seen.type, 'external');
    const { json: sentApp } = form(posts()[0]) as { json: Record<string, unknown> };
    assert.equal(sentApp.processes, 3);
    assert.equal(sentApp.executable, `${D}/app/app.js`);
  });

  it('refuses a missing entry script with exit 5, the panel’s words and a hint to upload first', async () => {
    mark();
    const result = await w.dactl(
      [
        'unit',
        'app',
        'create',
        'shop',
        '--domain',
        'fred.example',
        '--template',
        'nodejs',
        '--dir',
        'shop',
      ],
      { env: fred },
    );
    assert.equal(result.code, 5);
    assert.match(
      result.stderr,
      new RegExp(
        `error: Cannot create the application: The file app\\.js does not exist in ${D}/shop`,
      ),
    );
    assert.match(result.stderr, /hint: Upload the application first/);
    const noDir = await w.dactl(
      [
        'unit',
        'app',
        'create',
        'x',
        '--domain',
        'fred.example',
        '--template',
        'php',
        '--dir',
        'nothing',
      ],
      { env: fred },
    );
    assert.equal(noDir.code, 5);
    assert.match(noDir.stderr, new RegExp(`The path ${D}/nothing is non-existent`));
    const listed = json(
      await w.dactl(['unit', 'app', 'list', '--domain', 'fred.example', '-o', 'json'], {
        env: fred,
      }),
    );
    assert.deepEqual((listed as { name: string }[]).map((a) => a.name).sort(), [
      'api',
      'app',
      'app2',
    ]);
    assert.ok(!existsSync(copy('fred', 'fred.example', 'shop')));
  });

  it('a name already taken is exit 5 with a hint to pick another or modify, not to upload', async () => {
    const result = await w.dactl(
      [
        'unit',
        'app',
        'create',
        'app',
        '--domain',
        'fred.example',
        '--template',
        'nodejs',
        '--dir',
        'app',
      ],
      { env: fred },
    );
    assert.equal(result.code, 5);
    assert.match(result.stderr, /already exists/);
    assert.match(result.stderr, /dactl unit app modify/);
    assert.doesNotMatch(result.stderr, /Upload the application first/);
  });
});
