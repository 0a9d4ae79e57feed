// The names completion offers after --as and --domain: `users list` keeps what the profile's
// listing returned in the user's cache directory (0600 in 0700, nothing in another user's tree),
// and `dactl __complete accounts|domains [profile]` reads it back, never failing loudly. In-process.
import assert from 'node:assert/strict';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { runInProcess } from '../helpers/in-process.js';

describe('the account and domain names kept for completion', () => {
  let sandbox: Sandbox;
  let dir: string;
  let n = 0;
  before(async () => {
    sandbox = await startSandbox({ port: 0 });
    dir = mkdtempSync(join(tmpdir(), 'dactl-names-'));
  });
  after(async () => {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const admin = () => sandbox.accounts.find((a) => a.username === 'admin')?.password ?? '';

  /** A fresh HOME with profile "prod" for the sandbox's admin. */
  async function home(): Promise<{ env: Record<string, string>; cache: string }> {
    const at = join(dir, `home${String(++n)}`);
    mkdirSync(at, { mode: 0o700 });
    const env = { HOME: at, DACTL_CONFIG_DIR: join(at, 'config'), CI: 'true' };
    const added = await runInProcess(
      ['profile', 'add', 'prod', '--url', sandbox.url, '--username', 'admin', '--password-stdin'],
      { env, input: admin() },
    );
    assert.equal(added.code, 0, added.stderr);
    return { env, cache: join(at, '.cache', 'dactl', 'completion') };
  }

  const complete = (env: Record<string, string>, ...args: string[]) =>
    runInProcess(['__complete', ...args], { env });

  it('users list keeps the accounts and domains, 0600 in 0700; __complete lists them', async () => {
    const { env, cache } = await home();
    const listed = await runInProcess(['users', 'list', '-o', 'json'], { env });
    assert.equal(listed.code, 0, listed.stderr);
    const file = join(cache, 'prod.json');
    assert.equal(statSync(cache).mode & 0o777, 0o700);
    assert.equal(statSync(file).mode & 0o777, 0o600);
    const accounts = await complete(env, 'accounts', 'prod');
    assert.deepEqual([accounts.code, accounts.stderr], [0, '']);
    const names = accounts.stdout.trim().split('\n');
    for (const name of ['admin', 'fred', 'alice']) assert.ok(names.includes(name), name);
    // No profile named: the current one.
    const domains = await complete(env, 'domains');
    assert.ok(domains.stdout.split('\n').includes('fred.example'), domains.stdout);
    // --names knows no domains: the accounts are replaced, the domains kept.
    writeFileSync(file, JSON.stringify({ accounts: ['gone'], domains: ['kept.example'] }), {
      mode: 0o600,
    });
    assert.equal((await runInProcess(['users', 'list', '--names'], { env })).code, 0);
    assert.ok(!(await complete(env, 'accounts')).stdout.includes('gone'));
    assert.equal((await complete(env, 'domains', 'prod')).stdout, 'kept.example\n');
  });

  it('writes again only when the names changed: a listing in a loop costs no write', async () => {
    const { env, cache } = await home();
    const file = join(cache, 'prod.json');
    assert.equal((await runInProcess(['users', 'list'], { env })).code, 0);
    const written = statSync(file).ino;
    assert.equal((await runInProcess(['users', 'list'], { env })).code, 0);
    // Written atomically (a new file renamed over the old), so a write is a new inode.
    assert.equal(statSync(file).ino, written);
    const removed = await runInProcess(['user', 'delete', 'alice', '--yes'], { env });
    assert.equal(removed.code, 0, removed.stderr);
    assert.equal((await runInProcess(['users', 'list'], { env })).code, 0);
    assert.notEqual(statSync(file).ino, written);
    assert.ok(!readFileSync(file, 'utf8').includes('alice'));
  });

  it('go with a renamed profile, and with a removed one', async () => {
    const { env, cache } = await home();
    assert.equal((await runInProcess(['users', 'list', '--names'], { env })).code, 0);
    const renamed = await runInProcess(['profile', 'rename', 'prod', 'live'], { env });
    assert.equal(renamed.code, 0, renamed.stderr);
    assert.equal(existsSync(join(cache, 'prod.json')), false);
    assert.ok((await complete(env, 'accounts', 'live')).stdout.split('\n').includes('fred'));
    const removed = await runInProcess(['profile', 'remove', 'live', '--yes'], { env });
    assert.equal(removed.code, 0, removed.stderr);
    assert.equal(existsSync(join(cache, 'live.json')), false);
    // A link planted in its place is removed as a link; what it points at stays.
    const target = join(dir, `target${String(n)}`);
    writeFileSync(target, 'kept');
    const again = await home();
    assert.equal((await runInProcess(['users', 'list', '--names'], { env: again.env })).code, 0);
    rmSync(join(again.cache, 'prod.json'));
    symlinkSync(target, join(again.cache, 'prod.json'));
    const gone = await runInProcess(['profile', 'remove', 'prod', '--yes'], { env: again.env });
    assert.equal(gone.code, 0, gone.stderr);
    assert.equal(existsSync(join(again.cache, 'prod.json')), false);
    assert.equal(readFileSync(target, 'utf8'), 'kept');
  });

  it('keeps nothing without a profile, or with DACTL_NO_CACHE', async () => {
    const { env, cache } = await home();
    const fromEnv = {
      ...env,
      DACTL_URL: sandbox.url,
      DACTL_USERNAME: 'admin',
      DACTL_PASSWORD: admin(),
    };
    assert.equal((await runInProcess(['users', 'list', '--names'], { env: fromEnv })).code, 0);
    const off = { ...env, DACTL_NO_CACHE: '1' };
    assert.equal((await runInProcess(['users', 'list', '--names'], { env: off })).code, 0);
    assert.equal(existsSync(cache), false);
  });

  it('writes nothing into a directory another user owns or can write; the listing still works', async () => {
    const { env, cache } = await home();
    mkdirSync(cache, { recursive: true, mode: 0o700 });
    if (process.getuid?.() === 0) chownSync(cache, 65534, 65534);
    else chmodSync(cache, 0o777);
    const listed = await runInProcess(['users', 'list', '--names'], { env });
    assert.deepEqual([listed.code, listed.stderr], [0, '']);
    assert.equal(existsSync(join(cache, 'prod.json')), false);
    chmodSync(cache, 0o700);
  });

  it(
    'as root with another user’s HOME, writes nothing there',
    { skip: process.getuid?.() !== 0 },
    async () => {
      const { env } = await home();
      // `sudo` keeps the user's HOME; the profiles are elsewhere (DACTL_CONFIG_DIR).
      const theirs = join(dir, `theirs${String(n)}`);
      mkdirSync(theirs, { mode: 0o755 });
      chownSync(theirs, 65534, 65534);
      const listed = await runInProcess(['users', 'list', '--names'], {
        env: { ...env, HOME: theirs },
      });
      assert.equal(listed.code, 0, listed.stderr);
      assert.equal(existsSync(join(theirs, '.cache')), false);
      // Nor renames or deletes what is there: their names file stays as it was.
      const cache = join(theirs, '.cache', 'dactl', 'completion');
      mkdirSync(cache, { recursive: true, mode: 0o700 });
      writeFileSync(join(cache, 'prod.json'), '{"accounts":["theirs"]}', { mode: 0o600 });
      for (const at of [theirs, join(theirs, '.cache'), join(theirs, '.cache', 'dactl'), cache]) {
        chownSync(at, 65534, 65534);
      }
      chownSync(join(cache, 'prod.json'), 65534, 65534);
      const as = { env: { ...env, HOME: theirs } };
      assert.equal((await runInProcess(['profile', 'rename', 'prod', 'live'], as)).code, 0);
      assert.equal((await runInProcess(['profile', 'remove', 'live', '--yes'], as)).code, 0);
      assert.deepEqual(readdirSync(cache), ['prod.json']);
    },
  );

  it('a corrupt, oversized, hostile or linked cache lists nothing, quietly', async () => {
    const { env, cache } = await home();
    mkdirSync(cache, { recursive: true, mode: 0o700 });
    const file = join(cache, 'prod.json');
    const cases: [string, () => void][] = [
      [
        'corrupt',
        () => {
          writeFileSync(file, '{"accounts": [', { mode: 0o600 });
        },
      ],
      [
        'not a list',
        () => {
          writeFileSync(file, '{"accounts": "fred"}', { mode: 0o600 });
        },
      ],
      [
        'oversized',
        () => {
          writeFileSync(file, ' '.repeat(3 * 1024 * 1024), { mode: 0o600 });
        },
      ],
      [
        'writable by others',
        () => {
          writeFileSync(file, '{"accounts":["x"]}', { mode: 0o666 });
        },
      ],
    ];
    for (const [name, make] of cases) {
      rmSync(file, { force: true });
      make();
      if (name === 'writable by others') chmodSync(file, 0o666);
      const listed = await complete(env, 'accounts', 'prod');
      assert.deepEqual([listed.code, listed.stdout, listed.stderr], [0, '', ''], name);
    }
    writeFileSync(file, JSON.stringify({ accounts: ['ok', '$(touch x)', '-rf'] }), { mode: 0o600 });
    chmodSync(file, 0o600);
    assert.equal((await complete(env, 'accounts', 'prod')).stdout, 'ok\n');
    // A profile name that is not one is no path.
    assert.equal((await complete(env, 'accounts', '../prod')).stdout, '');
    assert.equal(readFileSync(file, 'utf8').includes('ok'), true);
  });
});
