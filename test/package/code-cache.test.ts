// The built binary's code cache (src/launch/): a run leaves the code it compiled in a private
// file, the next run of the command uses it as is, a damaged file is replaced, and another build
// of dactl keeps its code apart.
import assert from 'node:assert/strict';
import {
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { buildIdOf } from '../../src/launch/launch.js';
import { world, type World } from '../helpers/dactl.js';
import { exec, scratch } from './launch.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const buildId = (main: string): string => buildIdOf(readFileSync(main, 'utf8')) ?? '';
const cacheDir = (home: string, build: string): string =>
  join(home, '.cache', 'dactl', `${build}-node${process.versions.node}-${process.arch}`);

describe('code cache', () => {
  let w: World;
  let file: string;
  const list = ['users', 'list', '-o', 'json'];
  before(async () => {
    w = await world();
    file = join(cacheDir(w.home.dir, buildId(join(root, 'dist', 'main.cjs'))), 'users-list.bin');
  });
  after(async () => {
    await w.close();
  });

  const listUsers = async (): Promise<string[]> => {
    const result = await w.dactl(list, { env: w.envFor('admin') });
    assert.equal(result.code, 0, result.stderr);
    return (JSON.parse(result.stdout) as { username: string }[]).map((u) => u.username);
  };

  it('keeps the code a command compiled in a private file, and uses it next time', async () => {
    const first = await listUsers();
    const written = statSync(file);
    assert.equal(written.mode & 0o777, 0o600);
    assert.equal(statSync(join(file, '..')).mode & 0o777, 0o700);
    assert.deepEqual(await listUsers(), first);
    // Rewritten only when some code was missing from it or refused by V8.
    assert.equal(statSync(file).ino, written.ino, 'the file was rewritten');
  });

  it('ignores a damaged file and replaces it', async () => {
    const expected = await listUsers();
    const whole = readFileSync(file);
    for (const damaged of [Buffer.from('garbage'), whole.subarray(0, whole.length >> 1)]) {
      writeFileSync(file, damaged);
      assert.deepEqual(await listUsers(), expected);
      assert.deepEqual(readFileSync(file).subarray(0, 19), whole.subarray(0, 19));
      assert.ok(statSync(file).size > damaged.length, 'replaced with the whole cache');
    }
  });

  it('leaves the cache alone under --debug, whose stacks name src/ files', async () => {
    // Nothing listens on port 1: the request fails, and --debug prints the frames.
    const env = { ...w.envFor('admin'), DACTL_URL: 'http://127.0.0.1:1' };
    const result = await w.dactl(['whoami', '--debug'], { env });
    assert.equal(result.code, 6, result.stderr);
    assert.match(result.stderr, /\n {4}at .*[\\/]src[\\/]http[\\/]transport\.ts:\d+:\d+\)\n/);
    assert.ok(!existsSync(join(file, '..', 'whoami.bin')), 'a cache file was written');
  });

  it('names the file after the command, not the values of its options', async () => {
    const dir = join(file, '..');
    const result = await w.dactl(['-o', 'json', '--timeout', '30', 'users', 'list'], {
      env: w.envFor('admin'),
    });
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(
      readdirSync(dir).filter((n) => !n.startsWith('users-list.')),
      [],
      'only users-list.bin',
    );
  });

  it(
    'makes nothing in another user’s home when run as root with it (sudo -E)',
    {
      skip: process.geteuid?.() === 0 ? false : 'needs root',
    },
    async () => {
      const tmp = scratch('dactl-cache-home-');
      try {
        const fred = join(tmp.dir, 'fred');
        mkdirSync(fred, { mode: 0o755 });
        chownSync(fred, 65534, 65534);
        const env = { ...w.envFor('admin'), HOME: fred, XDG_CACHE_HOME: join(fred, '.cache') };
        const result = await w.dactl(list, { env });
        assert.equal(result.code, 0, result.stderr);
        assert.deepEqual(readdirSync(fred), [], 'root wrote into the other user’s home');
      } finally {
        tmp.cleanup();
      }
    },
  );

  it('is not used with DACTL_NO_CACHE=1', async () => {
    const tmp = scratch('dactl-cache-off-');
    try {
      const env = { ...w.envFor('admin'), HOME: join(tmp.dir, 'home'), DACTL_NO_CACHE: '1' };
      mkdirSync(env.HOME, { mode: 0o700 });
      const result = await w.dactl(list, { env });
      assert.equal(result.code, 0, result.stderr);
      assert.ok(!existsSync(join(env.HOME, '.cache')));
    } finally {
      tmp.cleanup();
    }
  });

  it('keeps the code of another build of dactl apart', async () => {
    const tmp = scratch('dactl-cache-build-');
    try {
      for (const part of ['bin', 'dist', 'package.json']) {
        cpSync(join(root, part), join(tmp.dir, part), { recursive: true });
      }
      const main = join(tmp.dir, 'dist', 'main.cjs');
      const ours = buildId(main);
      writeFileSync(main, readFileSync(main, 'utf8').replace(ours, 'ffffffffffffffff'));
      const result = await exec(
        process.execPath,
        [join(tmp.dir, 'bin', 'dactl.js'), ...list],
        w.envFor('admin'),
      );
      assert.equal(result.code, 0, result.stderr);
      const dirs = readdirSync(join(w.home.dir, '.cache', 'dactl'));
      assert.ok(dirs.includes(`ffffffffffffffff-node${process.versions.node}-${process.arch}`));
      assert.ok(
        dirs.some((d) => d.startsWith(`${ours}-`)),
        'the other build keeps its own',
      );
    } finally {
      tmp.cleanup();
    }
  });
});
