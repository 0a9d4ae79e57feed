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
    w = await world({ dataDir }, { inProcess: true });
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

  it('deletes several applications in one request, an out-of-step one purged anyway', async () => {
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
      /fred\.example_legacy: purged if the live server had it; no local copy\./,
    );
    assert.doesNotMatch(result.stderr, /fred\.example_(api|app): purged/);
    assert.deepEqual(json(result), [
      { name: 'api', unitName: 'fred.example_api', outcome: 'deleted' },
      { name: 'legacy', unitName: 'fred.example_legacy', outcome: 'purged-if-live' },
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
    // Gone from Unit too; a second purge is still sent (spec 4.3 rule 1), and is no failure.
    mark();
    const again = await w.dactl(
      ['unit', 'app', 'delete', 'legacy', 'api', '--domain', 'fred.example', '--yes'],
      { env: fred },
    );
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stderr, /fred\.example_legacy: purged if the live server had it/);
    assert.match(again.stderr, /fred\.example_api: purged if the live server had it/);
    assert.equal(posts().length, 1);
  });

  it('sends a name with no local copy too, and counts it as done: exit 0', async () => {
    const created = await createApi();
    assert.equal(created.code, 0, created.stderr);
    mark();
    const result = await w.dactl(
      ['unit', 'app', 'delete', 'api', 'ghost', '--domain', 'fred.example', '--yes', '-o', 'json'],
      { env: fred },
    );
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(json(result), [
      { name: 'api', unitName: 'fred.example_api', outcome: 'deleted' },
      { name: 'ghost', unitName: 'fred.example_ghost', outcome: 'purged-if-live' },
    ]);
    assert.match(result.stderr, /Deleted fred\.example_api \(the panel said: /);
    assert.match(
      result.stderr,
      /fred\.example_ghost: purged if the live server had it; no local copy\./,
    );
    assert.doesNotMatch(result.stderr, /Not deleted|no such application/);
    assert.deepEqual(form(posts()[0]), {
      domain: 'fred.example',
      action: 'select',
      select0: 'api',
      select1: 'ghost',
    });
    assert.equal(posts().length, 1);
    assert.ok(!existsSync(copy('fred', 'fred.example', 'api')));
  });

  it('only a refusal by the panel is not done: exit 5, nothing reported as deleted', async () => {
    // Any 4xx will do: the sandbox itself refuses no name that is well formed.
    w.sandbox.fault({ kind: 'reseller-limit', path: '/CMD_UNIT', method: 'POST', times: 1 });
    const result = await w.dactl(
      ['unit', 'app', 'delete', 'ghost', '--domain', 'fred.example', '--yes'],
      { env: fred },
    );
    w.sandbox.clearFaults();
    assert.equal(result.code, 5, result.stderr);
    assert.doesNotMatch(result.stderr, /purged if|Deleted/);
  });
});
