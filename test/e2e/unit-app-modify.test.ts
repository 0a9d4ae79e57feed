// `dactl unit app modify` and `delete` against the sandbox: a diff, a no-op, --edit, --file; several
// applications in one request, one of them out of step.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { json, world, type World } from '../helpers/dactl.js';
import { form, recorder } from '../helpers/unit-app.js';

describe('unit app modify and delete', () => {
  let w: World;
  let fred: Record<string, string>;
  let dataDir = '';
  const { mark, sent, posts } = recorder(() => w);
  /** The panel's local copy of an application, where spec 2.6 puts it. */
  const copy = (user: string, domain: string, app: string): string =>
    join(dataDir, 'users', user, 'domains', `${domain}.unit`, `${app}.json`);

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'dactl-unit-'));
    w = await world({ dataDir });
    fred = w.envFor('fred');
  });
  after(async () => {
    await w.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const createApi = () =>
    w.dactl(
      ['unit', 'app', 'create', 'api', '--domain', 'fred.example', '--template', 'python'].concat([
        '--dir',
        'api',
      ]),
      { env: fred },
    );
  it('modifies with a diff on stderr, sending the whole definition; a no-op sends nothing', async () => {
    mark();
    const result = await w.dactl(
      [
        'unit',
        'app',
        'modify',
        'app',
        '--domain',
        'fred.example',
        '--set',
        'limits.timeout=60',
        '--set',
        'environment.NODE_ENV=staging',
      ],
      { env: fred },
    );
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /Changes to fred\.example_app:/);
    assert.match(result.stderr, /- {5}"timeout": 30,\n\+ {5}"timeout": 60,/);
    assert.match(result.stderr, /- {5}"NODE_ENV": "production",\n\+ {5}"NODE_ENV": "staging",/);
    assert.ok(!result.stderr.includes('\u001b['), 'no colour without a terminal');
    assert.equal(result.stdout, '');
    assert.deepEqual(
      sent().map((r) => r.method),
      ['GET', 'POST'],
    );
    const fields = form(posts()[0]) as {
      action: string;
      name: string;
      json: Record<string, unknown>;
    };
    assert.equal(fields.action, 'modify');
    assert.equal(fields.name, 'app');
    assert.deepEqual(fields.json.limits, { timeout: 60, requests: 10000 });
    assert.deepEqual(fields.json.processes, { max: 4, spare: 1, idle_timeout: 20 });

    mark();
    const same = await w.dactl(
      ['unit', 'app', 'modify', 'app', '--domain', 'fred.example', '--set', 'limits.timeout=60'],
      { env: fred },
    );
    assert.equal(same.code, 0, same.stderr);
    assert.match(same.stderr, /No changes; nothing sent\./);
    assert.deepEqual(
      sent().map((r) => r.method),
      ['GET'],
    );
  });

  it('modifies from --edit, and from a file that `show -o json` wrote', async () => {
    mark();
    const edited = await w.dactl(
      ['unit', 'app', 'modify', 'app', '--domain', 'fred.example', '--edit'],
      {
        env: { ...fred, EDITOR: 'sed -i s/staging/production/' },
      },
    );
    assert.equal(edited.code, 0, edited.stderr);
    assert.match(edited.stderr, /\+ {5}"NODE_ENV": "production",/);
    const shown = await w.dactl(
      ['unit', 'app', 'show', 'app', '--domain', 'fred.example', '-o', 'json'],
      { env: fred },
    );
    const file = join(w.home.dir, 'app.json');
    writeFileSync(file, shown.stdout.replace('"max":4', '"max":"6"'));
    const fromFile = await w.dactl(
      ['unit', 'app', 'modify', 'app', '--domain', 'fred.example', '--file', file, '--yes'],
      { env: fred },
    );
    assert.equal(fromFile.code, 0, fromFile.stderr);
    assert.deepEqual((form(posts().at(-1)).json as { processes: unknown }).processes, {
      max: 6,
      spare: 1,
      idle_timeout: 20,
    });
  });

  it('deletes several applications in one request, an out-of-step one with a warning', async () => {
    const api = await createApi();
    assert.equal(api.code, 0, api.stderr);
    assert.ok(existsSync(copy('fred', 'fred.example', 'api')));
    mark();
    const result = await w.dactl(
      [
        'unit',
        'app',
        'delete',
        'api',
        'legacy',
        'app',
        '--domain',
        'fred.example',
        '--yes',
        '-o',
        'json',
      ],
      { env: fred },
    );
    assert.equal(result.code, 0, result.stderr);
    assert.match(
      result.stderr,
      /warning: "legacy" is not among the stored applications of fred\.example; sending it anyway/,
    );
    assert.doesNotMatch(result.stderr, /"(api|app)" is not among/);
    assert.deepEqual(json(result), [
      { name: 'api', unitName: 'fred.example_api', outcome: 'deleted' },
      { name: 'legacy', unitName: 'fred.example_legacy', outcome: 'deleted' },
      { name: 'app', unitName: 'fred.example_app', outcome: 'deleted' },
    ]);
    assert.equal(posts().length, 1);
    assert.deepEqual(form(posts()[0]), {
      domain: 'fred.example',
      action: 'select',
      select0: 'api',
      select1: 'legacy',
      select2: 'app',
    });
    const left = json(
      await w.dactl(['unit', 'app', 'list', '--domain', 'fred.example', '-o', 'json'], {
        env: fred,
      }),
    );
    assert.deepEqual(left, []);
    assert.ok(!existsSync(copy('fred', 'fred.example', 'api')));
    assert.ok(!existsSync(copy('fred', 'fred.example', 'app')));
    assert.ok(existsSync(copy('alice', 'alice.example', 'blog')));
    // Gone from Unit too: a second purge of the leftover finds nothing, and sends nothing.
    mark();
    const again = await w.dactl(
      ['unit', 'app', 'delete', 'legacy', 'api', '--domain', 'fred.example', '--yes'],
      { env: fred },
    );
    assert.equal(again.code, 4);
    assert.match(again.stderr, /error: fred\.example has no application "legacy", "api"\./);
    assert.match(again.stderr, /hint: See its applications with: dactl unit app list/);
    assert.equal(posts().length, 0);
  });

  it('deletes the applications that exist and reports the others: exit 7', async () => {
    const created = await createApi();
    assert.equal(created.code, 0, created.stderr);
    mark();
    const result = await w.dactl(
      ['unit', 'app', 'delete', 'nope', 'api', '--domain', 'fred.example', '--yes', '-o', 'json'],
      { env: fred },
    );
    assert.equal(result.code, 7, result.stderr);
    assert.deepEqual(json(result), [
      { name: 'nope', unitName: 'fred.example_nope', outcome: 'not-found' },
      { name: 'api', unitName: 'fred.example_api', outcome: 'deleted' },
    ]);
    assert.match(result.stderr, /Not deleted "nope": fred\.example has no such application\./);
    const error = JSON.parse(result.stderr.trim().split('\n').at(-1) ?? '') as {
      error: { code: string; exitCode: number; message: string };
    };
    assert.deepEqual(error.error, {
      code: 'PARTIAL',
      exitCode: 7,
      message: 'Deleted 1 of 2 applications; fred.example has no application "nope".',
      hint: 'See its applications with: dactl unit app list --domain fred.example',
    });
    assert.deepEqual(form(posts()[0]), {
      domain: 'fred.example',
      action: 'select',
      select0: 'api',
    });
    assert.equal(posts().length, 1);
    assert.ok(!existsSync(copy('fred', 'fred.example', 'api')));
  });
});
