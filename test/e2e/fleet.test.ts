// A fleet run over three sandbox panels with the built binary: all up, one down, one refusing
// the login. Each profile's password goes to its own panel only.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { json, run, tempHome, type RunOptions } from '../helpers/dactl.js';

describe('fleet: one command over three panels', () => {
  const panels: Sandbox[] = [];
  const home = tempHome();
  const dactl = (args: string[], options: RunOptions = {}) =>
    run(args, { ...options, env: { ...home.env, ...options.env } });

  before(async () => {
    for (const name of ['eu1', 'eu2', 'us1']) {
      const sandbox = await startSandbox({ port: 0 });
      panels.push(sandbox);
      const admin = sandbox.accounts.find((a) => a.role === 'admin');
      assert.ok(admin);
      const added = await dactl(
        [
          'profile',
          'add',
          name,
          '--url',
          sandbox.url,
          '--username',
          admin.username,
          '--password-stdin',
        ],
        { input: admin.password },
      );
      assert.equal(added.code, 0, added.stderr);
    }
  });
  after(async () => {
    await Promise.all(panels.map((p) => p.close()));
    home.cleanup();
  });

  test("all up: every panel's rows, each with its profile, in profile order", async () => {
    const result = await dactl([
      'users',
      'list',
      '--all-profiles',
      '--sort',
      'profile',
      '-o',
      'json',
    ]);
    assert.equal(result.code, 0, result.stderr);
    const rows = json(result) as { profile: string }[];
    const profiles = [...new Set(rows.map((r) => r.profile))];
    assert.deepEqual(profiles, ['eu1', 'eu2', 'us1']);
    const table = await dactl(['users', 'list', '-p', 'eu*,us1']);
    assert.equal(table.code, 0, table.stderr);
    assert.match(table.stdout, /^PROFILE\s+USERNAME\s+TYPE\b/);
    assert.match(table.stdout, /^us1\s+admin\s+admin\b/m);
  });

  test("one panel refusing the login: exit 7, the others' rows, its reason as JSON", async () => {
    const first = panels[0];
    assert.ok(first);
    const added = await dactl(
      [
        'profile',
        'add',
        'zz-bad',
        '--url',
        first.url,
        '--username',
        'admin',
        '--password-stdin',
        '--no-verify',
      ],
      { input: 'not-the-password' },
    );
    assert.equal(added.code, 0, added.stderr);
    try {
      const result = await dactl(['users', 'list', '-p', 'eu1,us1,zz-*', '-o', 'json']);
      assert.equal(result.code, 7, result.stderr);
      const rows = json(result) as { profile: string }[];
      assert.deepEqual([...new Set(rows.map((r) => r.profile))].sort(), ['eu1', 'us1']);
      const failures = result.stderr
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { profile?: string; error: { exitCode: number } });
      const [failure, summary] = failures;
      assert.equal(failure?.profile, 'zz-bad');
      assert.equal(failure.error.exitCode, 3);
      assert.equal(summary?.error.exitCode, 7);
      // All of them refused the same way: that code, not 7.
      const alone = await dactl(['whoami', '-p', 'zz-*,zz-bad']);
      assert.equal(alone.code, 3, alone.stderr);
      assert.match(alone.stderr, /^error: zz-bad: /m);
    } finally {
      await dactl(['profile', 'remove', 'zz-bad', '--yes']);
    }
  });

  test('a panel that does not answer holds up only itself, for --timeout', async () => {
    const slow = panels[2];
    assert.ok(slow);
    slow.fault({ kind: 'hang' });
    try {
      const result = await dactl([
        'users',
        'list',
        '--all-profiles',
        '--timeout',
        '2',
        '-o',
        'tsv',
      ]);
      assert.equal(result.code, 7, result.stderr);
      const profiles = new Set(
        result.stdout
          .trim()
          .split('\n')
          .map((l) => l.split('\t')[0]),
      );
      assert.deepEqual([...profiles].sort(), ['eu1', 'eu2']);
      assert.match(result.stderr, /^error: us1: .*\b0*2 s\b/m);
    } finally {
      slow.clearFaults();
    }
  });

  test('a generated password sent to a failing panel is kept on its failure line', async () => {
    const second = panels[1];
    assert.ok(second);
    second.fault({ kind: 'status-502', path: '/CMD_ACCOUNT_USER' });
    try {
      const args = [
        'user',
        'create',
        '-p',
        'eu1,eu2',
        '--username',
        'keepme',
        '--email',
        'k@example.com',
        '--domain',
        'keepme.example.com',
        '--package',
        'default',
        '--ip',
        '127.0.0.1',
        '--generate-password',
        '--yes',
      ];
      const result = await dactl([...args, '-o', 'json']);
      assert.equal(result.code, 7, result.stderr);
      // The failure is a JSON line; the panel that succeeded said so in words, on its own line.
      const line = result.stderr.split('\n').find((l) => l.startsWith('{'));
      const failure = JSON.parse(line ?? '') as { profile: string; error: { password?: string } };
      assert.equal(failure.profile, 'eu2');
      assert.match(failure.error.password ?? '', /^\S{12,}$/);
      const text = await dactl(
        args.map((a) => (a === 'eu1,eu2' ? 'eu2,us1' : a.replace('keepme', 'keepme2'))),
      );
      assert.equal(text.code, 7, text.stderr);
      assert.match(text.stderr, /^error: eu2: .*\neu2: Generated password: \S{12,}$/m);
    } finally {
      second.clearFaults();
    }
  });

  test("one panel down: exit 7, the two others' rows, one failure line", async () => {
    const down = panels[1];
    assert.ok(down);
    await down.close();
    const result = await dactl(['users', 'list', '-p', 'eu1,eu2,us1', '-o', 'tsv']);
    assert.equal(result.code, 7, result.stderr);
    const profiles = new Set(
      result.stdout
        .trim()
        .split('\n')
        .map((l) => l.split('\t')[0]),
    );
    assert.deepEqual([...profiles].sort(), ['eu1', 'us1']);
    assert.match(result.stderr, /^error: eu2: /m);
    assert.match(result.stderr, /1 of 3 panels failed: eu2\./);
  });
});
