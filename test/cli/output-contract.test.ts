// The output contract, in process against the sandbox: every list is an array of objects in JSON
// and YAML; an empty list prints nothing but [] (its sentence on stderr, at a terminal only);
// --json goes with no other -o; api refuses -o tsv; at a terminal tables fit its width (--wide
// shows everything), and stdout carries data only.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parse } from 'yaml';
import { world, type World } from '../helpers/dactl.js';
import { runInProcess } from '../helpers/in-process.js';

describe('output contract', () => {
  let w: World;
  let admin: Record<string, string>;
  const dactl = (args: string[], terminal?: number) =>
    runInProcess(args, {
      env: { ...admin, NO_COLOR: '1' },
      ...(terminal === undefined ? {} : { terminal }),
    });
  before(async () => {
    w = await world({}, { inProcess: true });
    admin = w.envFor('admin');
  });
  after(() => w.close());

  const lists = [
    ['db', 'list', '--as', 'fred'],
    ['users', 'list'],
    ['users', 'list', '--names'],
    ['unit', 'app', 'list', '--as', 'fred', '--domain', 'fred.example'],
    ['unit', 'templates', 'list'],
    ['api', '--list', '--offline', 'database'],
  ];

  it('every list is an array of objects in JSON and YAML', async () => {
    const isRecord = (v: unknown): boolean =>
      typeof v === 'object' && v !== null && !Array.isArray(v);
    for (const args of lists) {
      for (const format of ['json', 'yaml']) {
        const result = await dactl([...args, '-o', format]);
        assert.equal(result.code, 0, `${args.join(' ')}: ${result.stderr}`);
        const data = (
          format === 'json' ? JSON.parse(result.stdout) : parse(result.stdout)
        ) as unknown;
        assert.ok(Array.isArray(data), `${args.join(' ')} -o ${format}`);
        assert.ok(data.length > 0 && data.every(isRecord), `${args.join(' ')} -o ${format}`);
      }
    }
  });

  const empty = ['unit', 'app', 'list', '--as', 'fred', '--domain', 'fredshop.example'];

  it('an empty list prints nothing, [] in JSON and YAML, and no sentence when piped', async () => {
    for (const format of ['table', 'tsv', 'json', 'yaml']) {
      const result = await dactl([...empty, '-o', format]);
      assert.equal(result.code, 0, result.stderr);
      assert.equal(result.stdout, format === 'json' || format === 'yaml' ? '[]\n' : '', format);
      assert.equal(result.stderr, '', format);
    }
  });

  it('at a terminal, the sentence goes to stderr, and -q silences it', async () => {
    const shown = await dactl(empty, 100);
    assert.equal(shown.stdout, '');
    assert.equal(shown.stderr, 'fredshop.example has no Unit applications.\n');
    const quiet = await dactl([...empty, '-q'], 100);
    assert.deepEqual([quiet.stdout, quiet.stderr], ['', '']);
    const json = await dactl([...empty, '-o', 'json'], 100);
    assert.deepEqual([json.stdout, json.stderr], ['[]\n', '']);
  });

  it('at a terminal, a table is cut to its width with …; --wide and pipes show everything', async () => {
    const args = ['unit', 'app', 'list', '--as', 'fred', '--domain', 'fred.example'];
    const cut = await dactl(args, 60);
    assert.equal(cut.code, 0, cut.stderr);
    const lines = cut.stdout.trimEnd().split('\n');
    assert.deepEqual(lines, [
      'NAME  TYPE      ENTRY OR PATH        PROCESSES       TIMEOUT',
      'app   external  /home/fred/domains…  1-4 (idle 20s)      30s',
    ]);
    const wide = await dactl([...args, '--wide'], 60);
    assert.match(wide.stdout, /\/home\/fred\/domains\/fred\.example\/app\/app\.js +1-4/);
    const piped = await dactl(args);
    assert.equal(piped.stdout, wide.stdout);
  });

  it('--json goes with -o json only: with any other -o it is exit 2, and nothing is sent', async () => {
    const before = w.sandbox.requests.length;
    for (const other of ['tsv', 'yaml', 'table']) {
      const result = await dactl(['db', 'list', '--as', 'fred', '--json', '-o', other]);
      assert.equal(result.code, 2, other);
      assert.match(result.stderr, new RegExp(`--json is -o json: it cannot go with -o ${other}`));
      assert.equal(result.stdout, '');
    }
    assert.equal(w.sandbox.requests.length, before);
    const same = await dactl(['db', 'list', '--as', 'fred', '--json', '-o', 'json']);
    assert.equal(same.code, 0, same.stderr);
    assert.ok(Array.isArray(JSON.parse(same.stdout)));
  });

  it('api refuses -o tsv before sending, with a hint; --list takes it', async () => {
    const before = w.sandbox.requests.length;
    const refused = await dactl(['api', '/CMD_API_SHOW_DOMAINS', '--as', 'fred', '-o', 'tsv']);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /error: -o tsv: dactl api prints the panel's reply as it is/);
    assert.match(refused.stderr, /hint: Use -o json/);
    assert.equal(w.sandbox.requests.length, before);
    const listed = await dactl(['api', '--list', '--offline', 'create-db', '-o', 'tsv']);
    assert.equal(listed.code, 0, listed.stderr);
    assert.match(listed.stdout, /^POST\t\/api\/db-manage\/create-db\t/m);
  });

  it('user create: the record is the data on stdout, the sentences go to stderr', async () => {
    const args = ['user', 'create', '--username', 'inproc', '--email', 'i@inproc.example'];
    const more = ['--domain', 'inproc.example', '--package', 'bronze', '--ip', '127.0.0.1'];
    const result = await dactl([...args, ...more, '--generate-password']);
    assert.equal(result.code, 0, result.stderr);
    const password = w.password('inproc');
    assert.match(result.stdout, /^Username +inproc\n/);
    assert.ok(result.stdout.endsWith(`\nPassword  ${password}\n`), result.stdout);
    assert.equal(
      result.stderr,
      '✓ User inproc created\nThis password will not be shown again: save it now.\n',
    );
  });
});
