// Mistyped command lines: the error says what was wrong and the hint the command meant, found
// across groups (singular and plural mixed up, typos); with -o json every usage error commander
// finds prints the same JSON error object as any other error, with exit 2.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nearest } from '../../src/suggest.js';
import { runInProcess } from '../helpers/in-process.js';

describe('usage errors', () => {
  it('suggests the command a mistyped one meant', async () => {
    const cases: [string[], string][] = [
      [['user', 'list'], 'dactl users list'],
      [['users', 'create', '--username', 'fred'], 'dactl user create'],
      [['whoamii'], 'dactl whoami'],
      [['user', 'lis', 'fred'], 'dactl users list'],
      [['unit', 'apps', 'ls', '--domain', 'fred.example'], 'dactl unit app ls'],
      [['unit', 'route', 'shwo'], 'dactl unit route show'],
      [['db', 'lst'], 'dactl db list'],
      [['profiles', 'use', 'prod'], 'dactl profile use'],
      [['unit', 'template', 'list'], 'dactl unit templates list'],
    ];
    for (const [argv, meant] of cases) {
      const r = await runInProcess(argv);
      assert.equal(r.code, 2, argv.join(' '));
      assert.equal(r.stdout, '');
      assert.match(r.stderr, /^error: Unknown command "[a-z]+" for "dactl( [a-z]+)*"\.\n/);
      assert.ok(
        r.stderr.endsWith(`hint: Did you mean "${meant}"?\n`),
        `${argv.join(' ')}: ${r.stderr}`,
      );
    }
  });

  it('points at --help when nothing is close', async () => {
    const r = await runInProcess(['unit', 'frobnicate']);
    assert.equal(r.code, 2);
    assert.equal(
      r.stderr,
      'error: Unknown command "frobnicate" for "dactl unit".\nhint: See "dactl unit --help".\n',
    );
  });

  it("keeps commander's suggestion for a mistyped option as the hint", async () => {
    const r = await runInProcess(['users', 'list', '--jsn']);
    assert.equal(r.code, 2);
    assert.equal(r.stderr, "error: Unknown option '--jsn'.\nhint: Did you mean --json?\n");
  });

  it('prints the JSON error object for every usage error under -o json or --json', async () => {
    const cases: [string[], RegExp][] = [
      [['users', 'list', '--bogus', '-o', 'json'], /^Unknown option '--bogus'\.$/],
      [['user', 'list', '--json'], /^Unknown command "list" for "dactl user"\.$/],
      [['profile', 'use', '--json'], /^Missing required argument 'name'\.$/],
      [['unit', 'templates', 'list', 'bogus', '--json'], /'bogus' is invalid for argument 'kind'/],
      [['db', 'list', '-o', 'json', 'extra'], /^Too many arguments for 'list'/],
    ];
    for (const [argv, message] of cases) {
      const r = await runInProcess(argv);
      assert.equal(r.code, 2, argv.join(' '));
      assert.equal(r.stdout, '');
      const lines = r.stderr.trimEnd().split('\n');
      assert.equal(lines.length, 1, r.stderr);
      const { error } = JSON.parse(lines[0] ?? '') as {
        error: { code: string; message: string; exitCode: number; hint: string };
      };
      assert.equal(error.code, 'USAGE');
      assert.equal(error.exitCode, 2);
      assert.match(error.message, message);
      assert.ok(error.hint.length > 0);
    }
  });

  it('finds the nearest path, preferring the one that reads more of the words', () => {
    const paths = [
      ['unit'],
      ['unit', 'app'],
      ['unit', 'app', 'list'],
      ['users'],
      ['users', 'list'],
    ];
    assert.deepEqual(nearest(['unit', 'ap', 'list'], 1, paths), ['unit', 'app', 'list']);
    assert.deepEqual(nearest(['unit', 'ap', 'fred'], 1, paths), ['unit', 'app']);
    assert.deepEqual(nearest(['user', 'list'], 1, paths), ['users', 'list']);
    // A path must reach past the words that were right, and no word may be far off.
    assert.equal(nearest(['users', 'lsit'], 2, paths), undefined);
    assert.equal(nearest(['unix', 'zzz'], 1, paths), undefined);
  });
});
