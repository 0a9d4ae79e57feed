// --query through the whole program, in process, against the sandbox: a list, a record, `api`,
// a fleet, and a bad expression or -o table refused with exit 2 before anything is sent.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { runInProcess } from '../helpers/in-process.js';

describe('--query', () => {
  const panels: Sandbox[] = [];
  let dir: string;
  let home: Record<string, string>;
  let env: Record<string, string>;
  const dactl = (args: string[], extra: Record<string, string> = env) =>
    runInProcess(args, { env: extra });

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dactl-query-'));
    home = { HOME: dir, DACTL_CONFIG_DIR: join(dir, 'config'), CI: 'true' };
    for (const name of ['q-1', 'q-2']) {
      const panel = await startSandbox({ port: 0 });
      panels.push(panel);
      const admin = panel.accounts.find((a) => a.role === 'admin');
      assert.ok(admin);
      const args = ['profile', 'add', name, '--url', panel.url, '--username', 'admin'];
      const added = await runInProcess([...args, '--password-stdin'], {
        env: home,
        input: admin.password,
      });
      assert.equal(added.code, 0, added.stderr);
    }
    // Single-panel runs reach the first panel without a profile.
    const first = panels[0];
    const password = first?.accounts.find((a) => a.role === 'admin')?.password;
    assert.ok(first && password);
    env = { ...home, DACTL_URL: first.url, DACTL_USERNAME: 'admin', DACTL_PASSWORD: password };
  });
  after(async () => {
    await Promise.all(panels.map((p) => p.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('filters a list: JSON by default, one line per item with -o tsv, YAML with -o yaml', async () => {
    const query = "[?creator=='reseller1'].username";
    const bare = await dactl(['users', 'list', '--query', query]);
    assert.equal(bare.code, 0, bare.stderr);
    assert.deepEqual(JSON.parse(bare.stdout), ['fred', 'alice']);
    const tsv = await dactl([
      'users',
      'list',
      '--query',
      '[].[username, length(domains)]',
      '-o',
      'tsv',
    ]);
    assert.equal(tsv.code, 0, tsv.stderr);
    assert.match(tsv.stdout, /^fred\t2$/m);
    assert.equal(tsv.stdout.split('\n').length, 5, tsv.stdout);
    const yaml = await dactl(['users', 'list', '--query', query, '-o', 'yaml']);
    assert.equal(yaml.stdout, '- fred\n- alice\n');
  });

  it('filters a record: a string prints raw, or quoted with -o json', async () => {
    const bare = await dactl(['whoami', '--query', 'username']);
    assert.equal(bare.code, 0, bare.stderr);
    assert.equal(bare.stdout, 'admin\n');
    const json = await dactl(['whoami', '--query', 'username', '--json']);
    assert.equal(json.stdout, '"admin"\n');
    const shaped = await dactl(['whoami', '--query', '{who: username, as: as}']);
    assert.deepEqual(JSON.parse(shaped.stdout), { who: 'admin', as: 'admin' });
  });

  it("filters api's reply", async () => {
    const args = ['api', '/CMD_API_SHOW_DOMAINS', '--as', 'fred'];
    const count = await dactl([...args, '--query', 'length(@)']);
    assert.equal(count.code, 0, count.stderr);
    assert.equal(count.stdout, '2\n');
    const lines = await dactl([...args, '--query', '@', '-o', 'tsv']);
    assert.equal(lines.stdout, 'fred.example\nfredshop.example\n');
  });

  it('filters the dry run of a change as it filters data', async () => {
    const result = await dactl(['user', 'suspend', 'fred', '--dry-run', '--query', 'dryRun']);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, 'true\n');
  });

  for (const [why, args, message] of [
    ['a syntax error', ['--query', '[?'], /--query: Syntax error/],
    ['an unknown function', ['--query', 'lenght(@)'], /unknown function lenght\(\)/],
    ['a wrong argument count', ['--query', 'sort_by(@)'], /sort_by\(\) takes 2 arguments/],
    ['-o table', ['--query', '@', '-o', 'table'], /-o table has no columns/],
  ] as const) {
    it(`refuses ${why} with exit 2 before anything is sent`, async () => {
      const sent = () => panels.map((p) => p.requests.length);
      const marks = sent();
      const result = await dactl(['users', 'list', ...args]);
      assert.equal(result.code, 2, result.stderr);
      assert.match(result.stderr, message);
      assert.match(result.stderr, /^hint: /m);
      assert.equal(result.stdout, '');
      // A fleet run stops as early: no panel is asked.
      const fleet = await dactl(['users', 'list', '--all-profiles', ...args], home);
      assert.equal(fleet.code, 2, fleet.stderr);
      assert.deepEqual(sent(), marks, 'a request was sent');
    });
  }

  it('with -o json, a bad expression is also the JSON error object', async () => {
    const result = await dactl(['users', 'list', '--query', '[?', '-o', 'json']);
    assert.equal(result.code, 2);
    const { error } = JSON.parse(result.stderr) as { error: { code: string; exitCode: number } };
    assert.equal(error.code, 'USAGE');
  });

  it('a fleet: the whole document is filtered, profile members and all', async () => {
    const query = "[?username=='fred'].[profile, length(domains)]";
    const args = ['users', 'list', '--all-profiles', '--sort', 'profile', '--query', query];
    const result = await dactl([...args, '-o', 'tsv'], home);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, 'q-1\t2\nq-2\t2\n');
    const whoami = await dactl(['whoami', '-p', 'q-*', '--query', 'length(@)'], home);
    assert.equal(whoami.stdout, '2\n');
  });

  it('a fleet with a failing panel: the others are filtered, failures stay plain lines', async () => {
    const added = await runInProcess(
      [
        'profile',
        'add',
        'q-3',
        '--url',
        'http://127.0.0.1:1',
        '--username',
        'admin',
        '--password-stdin',
        '--no-verify',
      ],
      { env: home, input: 'x' },
    );
    assert.equal(added.code, 0, added.stderr);
    try {
      const args = ['whoami', '--all-profiles', '--sort', 'profile', '--query', '[].profile'];
      // --query alone prints JSON data, but errors as plain lines (JSON ones only with -o json).
      const result = await dactl(args, home);
      assert.equal(result.code, 7, result.stderr);
      assert.deepEqual(JSON.parse(result.stdout), ['q-1', 'q-2']);
      assert.match(result.stderr, /^error: q-3: /m);
    } finally {
      await runInProcess(['profile', 'remove', 'q-3', '--yes'], { env: home });
    }
  });
});
