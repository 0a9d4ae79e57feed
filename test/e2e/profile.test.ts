// Profiles end to end: saved with a verified login, listed without secrets, used, removed.
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { json, run, tempHome, world, type World } from '../helpers/dactl.js';

describe('profile', () => {
  let w: World;
  const file = (): string => join(w.home.configDir, 'config.json');
  const stored = (): { current?: string; profiles: Record<string, Record<string, unknown>> } =>
    JSON.parse(readFileSync(file(), 'utf8')) as {
      current?: string;
      profiles: Record<string, Record<string, unknown>>;
    };

  before(async () => {
    w = await world();
  });
  beforeEach(() => {
    w.home.cleanup();
    w.home = tempHome();
  });
  after(() => w.close());

  const add = (name: string, extra: string[] = [], input?: string) =>
    w.dactl(
      ['profile', 'add', name, '--url', w.sandbox.url, '--username', 'admin', ...extra],
      input === undefined ? {} : { input },
    );

  it('adds a profile after a login check, 0600 in a 0700 directory, and uses it', async () => {
    const result = await add('lab', ['--password-stdin'], w.password('admin') + '\n');
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /Saved profile "lab" \(current\)/);
    assert.ok(w.sandbox.requests.at(-1)?.path.includes('LOGIN_TEST'));
    assert.equal(statSync(file()).mode & 0o777, 0o600);
    assert.equal(statSync(w.home.configDir).mode & 0o777, 0o700);
    assert.equal(stored().profiles.lab?.password, w.password('admin'));

    const users = await w.dactl(['users', 'list', '-o', 'json']);
    assert.equal(users.code, 0, users.stderr);
    assert.equal((json(users) as unknown[]).length >= 4, true);
  });

  it('lists and shows profiles without ever printing a secret', async () => {
    await add('one', ['--password-stdin'], w.password('admin'));
    await add('two', ['--password-stdin', '--default', '--as', 'fred'], w.password('admin'));
    const list = await w.dactl(['profile', 'list']);
    assert.match(list.stdout, /^\s+NAME\s+URL\s+USERNAME\s+AS\s+SECRET\n/);
    assert.match(list.stdout, /\n\*\s+two\s+http\S+\s+admin\s+fred\s+stored\n/);
    const asJson = json(await w.dactl(['profile', 'list', '-o', 'json'])) as {
      name: string;
      current: boolean;
    }[];
    assert.deepEqual(
      asJson.map((p) => [p.name, p.current]),
      [
        ['one', false],
        ['two', true],
      ],
    );
    const show = await w.dactl(['profile', 'show', 'one', '-o', 'yaml']);
    assert.match(show.stdout, /name: one\n/);
    for (const out of [list.stdout, JSON.stringify(asJson), show.stdout]) {
      assert.ok(!out.includes(w.password('admin')));
    }
    const db = json(await w.dactl(['db', 'list', '-o', 'json'])) as { database: string }[];
    assert.ok(
      db.every((d) => d.database.startsWith('fred_')),
      'the saved --as applies',
    );
  });

  it('switches with use, and --profile / DACTL_PROFILE select one for a run', async () => {
    await add('one', ['--password-stdin'], w.password('admin'));
    await w.dactl(
      ['profile', 'add', 'fred', '--url', w.sandbox.url, '--username', 'fred', '--password-stdin'],
      {
        input: w.password('fred'),
      },
    );
    const byFlag = json(await w.dactl(['whoami', '--profile', 'fred', '-o', 'json'])) as {
      username: string;
    };
    assert.equal(byFlag.username, 'fred');
    const byEnv = json(
      await w.dactl(['whoami', '-o', 'json'], { env: { DACTL_PROFILE: 'fred' } }),
    ) as {
      username: string;
    };
    assert.equal(byEnv.username, 'fred');
    assert.equal((await w.dactl(['profile', 'use', 'fred'])).code, 0);
    assert.equal(stored().current, 'fred');
    const missing = await w.dactl(['profile', 'use', 'nope']);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /no profile named "nope"/);
  });

  it('removes only with confirmation: --yes without a terminal, exit 2 otherwise', async () => {
    await add('gone', ['--password-stdin'], w.password('admin'));
    const refused = await w.dactl(['profile', 'remove', 'gone']);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /--yes/);
    assert.ok(stored().profiles.gone);
    const removed = await w.dactl(['profile', 'remove', 'gone', '--yes']);
    assert.equal(removed.code, 0, removed.stderr);
    assert.equal(stored().profiles.gone, undefined);
    assert.equal(stored().current, undefined);
  });

  it('runs a --password-command at each use and stores only the command', async () => {
    const command = `printf '%s\\n' '${w.password('admin')}'`;
    const result = await add('cmd', ['--password-command', command]);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(stored().profiles.cmd?.password, undefined);
    assert.equal(stored().profiles.cmd?.passwordCommand, command);
    assert.equal((await w.dactl(['whoami'])).code, 0);
  });

  it('a failing --password-command is exit 2 and saves nothing', async () => {
    const result = await add('cmd', ['--password-command', 'echo oops >&2; exit 4']);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /password command failed \(exit 4\)/);
    assert.doesNotMatch(result.stderr, /oops/, 'its stderr may hold the secret');
    assert.equal(existsSync(file()) && Boolean(stored().profiles.cmd), false);
  });

  it('a wrong password is exit 3 and saves nothing; --no-verify saves without asking the panel', async () => {
    const bad = await add('bad', ['--password-stdin'], 'wrong');
    assert.equal(bad.code, 3);
    assert.equal(existsSync(file()) && Boolean(stored().profiles.bad), false);
    const requests = w.sandbox.requests.length;
    const unverified = await add('bad', ['--password-stdin', '--no-verify'], 'wrong');
    assert.equal(unverified.code, 0, unverified.stderr);
    assert.equal(w.sandbox.requests.length, requests);
  });

  it('refuses bad input with exit 2 before sending anything', async () => {
    const requests = w.sandbox.requests.length;
    const cases: [string[], RegExp][] = [
      [['profile', 'add', 'x', '--username', 'admin', '--password-stdin'], /--url/],
      [['profile', 'add', 'x', '--url', w.sandbox.url, '--password-stdin'], /--username/],
      [['profile', 'add', 'x', '--url', w.sandbox.url, '--username', 'admin'], /--password-stdin/],
      [
        [
          'profile',
          'add',
          'bad/name',
          '--url',
          w.sandbox.url,
          '--username',
          'admin',
          '--password-stdin',
        ],
        /profile name/,
      ],
      [
        ['profile', 'add', 'x', '--url', 'ftp://panel', '--username', 'admin', '--password-stdin'],
        /--url/,
      ],
      [
        ['profile', 'add', 'x', '--url', 'not a url', '--username', 'admin', '--password-stdin'],
        /--url/,
      ],
      [
        ['profile', 'add', 'x', '--url', w.sandbox.url, '--username', 'ad|min', '--password-stdin'],
        /--username/,
      ],
      [
        [
          'profile',
          'add',
          'x',
          '--url',
          w.sandbox.url,
          '--username',
          'admin',
          '--password-stdin',
          '--as',
          'a b',
        ],
        /--as/,
      ],
      [['users', 'list', '--profile', 'nope'], /no profile named "nope"/],
      [['users', 'list', '--profile', '../etc'], /--profile/],
    ];
    for (const [args, message] of cases) {
      const result = await w.dactl(args, { input: 'secret' });
      assert.equal(result.code, 2, `${args.join(' ')}: ${result.stderr}`);
      assert.match(result.stderr, message);
    }
    const empty = await add('x', ['--password-stdin'], '');
    assert.equal(empty.code, 2);
    assert.equal(w.sandbox.requests.length, requests);
    assert.equal(existsSync(file()) && Object.keys(stored().profiles).length > 0, false);
  });

  it('warns when the profile file is readable by others', async () => {
    await add('lab', ['--password-stdin'], w.password('admin'));
    chmodSync(file(), 0o644);
    const result = await w.dactl(['profile', 'list']);
    assert.equal(result.code, 0);
    assert.match(result.stderr, /can be read by other users; run: chmod 600/);
  });

  it('works from the environment alone, with no profile file', async () => {
    const result = await w.dactl(['users', 'list'], {
      env: {
        DACTL_URL: w.sandbox.url,
        DACTL_USERNAME: 'admin',
        DACTL_PASSWORD: w.password('admin'),
      },
    });
    assert.equal(result.code, 0, result.stderr);
    assert.equal(existsSync(w.home.configDir), false);
  });

  it('DACTL_URL and DACTL_USERNAME without a password and no terminal → exit 2 naming DACTL_PASSWORD', async () => {
    const result = await w.dactl(['users', 'list'], {
      env: { DACTL_URL: w.sandbox.url, DACTL_USERNAME: 'admin' },
    });
    assert.equal(result.code, 2);
    assert.match(result.stderr, /DACTL_PASSWORD/);
  });
});

describe('profile file problems', () => {
  it('a profile file that is not JSON is exit 2 naming the file, and is left as it was', async () => {
    const home = tempHome();
    mkdirSync(home.configDir, { recursive: true });
    writeFileSync(join(home.configDir, 'config.json'), '{"profiles": {');
    const result = await run(['profile', 'list'], { env: home.env });
    assert.equal(result.code, 2);
    assert.match(result.stderr, /config\.json cannot be read/);
    assert.equal(readFileSync(join(home.configDir, 'config.json'), 'utf8'), '{"profiles": {');
    home.cleanup();
  });
});
