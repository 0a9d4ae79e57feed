// A domain of another account is the same case in every command that takes one: exit 3 naming
// its owner and the --as to add (or, when the account cannot see the owner, saying it is not one
// of the account's domains and how to list them), exit 4 when no account has it. Domains typed in
// capitals are taken in lower case. In-process, against the sandbox.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { runInProcess } from '../helpers/in-process.js';

describe('a domain that is not the acting account’s', () => {
  let sandbox: Sandbox;
  let dir: string;
  before(async () => {
    sandbox = await startSandbox({ port: 0 });
    dir = mkdtempSync(join(tmpdir(), 'dactl-own-domain-'));
  });
  afterEach(() => {
    sandbox.clearFaults();
  });
  after(async () => {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const envFor = (account: string): Record<string, string> => ({
    HOME: dir,
    DACTL_CONFIG_DIR: join(dir, 'config'),
    CI: 'true',
    DACTL_URL: sandbox.url,
    DACTL_USERNAME: account,
    DACTL_PASSWORD: sandbox.accounts.find((a) => a.username === account)?.password ?? '',
  });
  const dactl = (account: string, args: string[]) => runInProcess(args, { env: envFor(account) });

  /** Every command that takes a domain, with what else it needs to get as far as the panel. */
  const commands = (domain: string): string[][] => [
    [
      'wp',
      'install',
      '--domain',
      domain,
      '--title',
      'T',
      '--admin-name',
      'a',
      '--admin-email',
      'a@a.example',
      '--generate-password',
    ],
    ['unit', 'app', 'list', '--domain', domain],
    ['unit', 'app', 'show', 'app', '--domain', domain],
    ['unit', 'app', 'create', 'x', '--domain', domain, '--template', 'php', '--dir', 'x'],
    ['unit', 'app', 'modify', 'app', '--domain', domain, '--set', 'processes=1', '--yes'],
    ['unit', 'app', 'delete', 'app', '--domain', domain, '--yes'],
    ['unit', 'route', 'list', '--domain', domain],
    ['unit', 'route', 'show', '--domain', domain],
    ['unit', 'route', 'set', '--domain', domain, '--template', 'static', '--yes'],
    ['unit', 'route', 'edit', '--domain', domain, '--yes'],
    ['unit', 'route', 'validate', '--domain', domain],
    ['unit', 'route', 'delete', domain, '--domain', domain, '--yes'],
    ['unit', 'doctor', '--remote', '--domain', domain],
  ];

  it('an admin is told whose it is and what to add: exit 3 in every command, nothing changed', async () => {
    const fredsNow = async () =>
      [
        await dactl('fred', ['unit', 'app', 'list', '--domain', 'fred.example', '-o', 'tsv']),
        await dactl('fred', ['unit', 'route', 'list', '--domain', 'fred.example', '-o', 'tsv']),
        await dactl('fred', ['db', 'list', '-o', 'tsv']),
      ].map((r) => r.stdout);
    const before = await fredsNow();
    for (const args of commands('fred.example')) {
      const result = await dactl('admin', args);
      assert.equal(result.code, 3, `${args.join(' ')}: ${result.stderr}`);
      assert.match(result.stderr, /^error: fred\.example belongs to fred: add --as fred\.\n/);
    }
    assert.deepEqual(await fredsNow(), before);
  });

  it('a user who cannot see the owner is told it is not one of its domains, and how to list them', async () => {
    for (const args of commands('alice.example')) {
      const result = await dactl('fred', args);
      assert.equal(result.code, 3, `${args.join(' ')}: ${result.stderr}`);
      assert.match(
        result.stderr,
        /^error: alice\.example is not one of fred's domains\.\nhint: List them with: dactl api CMD_API_SHOW_DOMAINS\n/,
      );
    }
  });

  it('a reseller sees its users’ domains, and itself; another reseller’s stay unseen', async () => {
    const cases: [string[], RegExp][] = [
      [
        ['--as', 'fred', '--domain', 'alice.example'],
        /alice\.example belongs to alice: add --as alice\./,
      ],
      [
        ['--as', 'fred', '--domain', 'reseller1.example'],
        /reseller1\.example belongs to reseller1, the account signed in: leave out --as\./,
      ],
      [
        ['--domain', 'admin.example'],
        /admin\.example is not one of reseller1's domains\.\nhint: List them with: dactl api CMD_API_SHOW_DOMAINS\n/,
      ],
      [
        ['--as', 'alice', '--domain', 'admin.example'],
        /hint: List them with: dactl api CMD_API_SHOW_DOMAINS --as alice\n/,
      ],
    ];
    for (const [args, said] of cases) {
      const result = await dactl('reseller1', ['unit', 'app', 'list', ...args]);
      assert.equal(result.code, 3, `${args.join(' ')}: ${result.stderr}`);
      assert.match(result.stderr, said);
    }
  });

  it('a domain no account has is exit 4 when the account sees every domain', async () => {
    for (const args of [
      commands('nope.example')[0] ?? [],
      ['unit', 'app', 'list', '--domain', 'nope.example'],
    ]) {
      const result = await dactl('admin', args);
      assert.equal(result.code, 4, `${args.join(' ')}: ${result.stderr}`);
      assert.match(result.stderr, /No account on this panel has the domain nope\.example\./);
    }
  });

  it('costs nothing when the domain is the account’s: one request for a listing, as before', async () => {
    const since = sandbox.requests.length;
    const result = await dactl('fred', ['unit', 'app', 'list', '--domain', 'fred.example']);
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(
      sandbox.requests.slice(since).map((r) => r.path),
      ['/CMD_UNIT'],
    );
  });

  it('when the check cannot be made, the panel’s own refusal is said', async () => {
    sandbox.fault({ kind: 'garbage', path: '/CMD_API_SHOW_DOMAINS' });
    const result = await dactl('fred', ['unit', 'app', 'list', '--domain', 'alice.example']);
    assert.equal(result.code, 3, result.stderr);
    assert.match(result.stderr, /does not let fred manage the Unit applications of alice\.example/);
  });

  it('takes a domain typed in capitals in lower case, with a note on stderr', async () => {
    const result = await dactl('fred', ['unit', 'app', 'list', '--domain', 'Fred.Example']);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stderr, 'Domains are lower case: using fred.example.\n');
    assert.match(result.stdout, /\/home\/fred\/domains\/fred\.example\/app\/app\.js/);
    const quiet = await dactl('fred', ['unit', 'app', 'list', '--domain', 'FRED.example', '-q']);
    assert.equal(quiet.code, 0, quiet.stderr);
    assert.equal(quiet.stderr, '');
  });

  it('without a terminal nothing is asked: a missing name is exit 2 naming it, nothing sent', async () => {
    const since = sandbox.requests.length;
    const profile = await dactl('fred', ['profile', 'add', '--url', sandbox.url]);
    assert.equal(profile.code, 2);
    assert.match(
      profile.stderr,
      /Profile name is required: pass <name> \(dactl profile add <name>\)/,
    );
    const app = await dactl('fred', ['unit', 'app', 'create', '--domain', 'fred.example']);
    assert.equal(app.code, 2);
    assert.match(
      app.stderr,
      /Application name is required: pass <name> \(dactl unit app create <name>\)/,
    );
    assert.equal(sandbox.requests.length, since);
  });
});
