// The code cache's store (src/launch/code-cache.ts): where it lives, that only a private file of
// this user's is read, that a damaged file is ignored, and that a new build clears out old ones.
import assert from 'node:assert/strict';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { cacheFile, cacheRoot, readCache, writeCache } from '../../src/launch/code-cache.js';

const build = '0123456789abcdef';
const entries = new Map([
  ['main.cjs', Buffer.from('main code')],
  ['chunks/chunk-A.cjs', Buffer.from([0, 1, 2, 255])],
]);

describe('code cache location', () => {
  it('is the OS cache directory of the user', () => {
    assert.equal(cacheRoot({ HOME: '/home/fred' }, 'linux'), '/home/fred/.cache/dactl');
    assert.equal(
      cacheRoot({ HOME: '/home/fred', XDG_CACHE_HOME: '/var/cache/fred' }, 'linux'),
      '/var/cache/fred/dactl',
    );
    assert.equal(
      cacheRoot({ HOME: '/home/fred', XDG_CACHE_HOME: 'relative' }, 'linux'),
      '/home/fred/.cache/dactl',
    );
    assert.equal(cacheRoot({ HOME: '/Users/fred' }, 'darwin'), '/Users/fred/Library/Caches/dactl');
    assert.equal(
      cacheRoot({ LOCALAPPDATA: 'C:\\Users\\fred\\AppData\\Local' }, 'win32'),
      'C:\\Users\\fred\\AppData\\Local\\dactl\\Cache',
    );
  });

  it('is nowhere without an absolute home', () => {
    assert.equal(cacheRoot({}, 'linux'), undefined);
    assert.equal(cacheRoot({ HOME: 'fred' }, 'linux'), undefined);
    assert.equal(cacheRoot({ HOME: '/proc/self' }, 'linux'), undefined);
    assert.equal(cacheRoot({}, 'win32'), undefined);
  });

  it('keeps one file per command, in a directory per build and Node version', () => {
    const dir = `${build}-node${process.versions.node}-${process.arch}`;
    const name = (argv: string[]): string => cacheFile('/c', build, argv).slice(dir.length + 4);
    assert.equal(dirname(cacheFile('/c', build, [])), join('/c', dir));
    assert.equal(name(['users', 'list', '-o', 'json']), 'users-list.bin');
    assert.equal(name(['--json', 'users', 'list', 'extra']), 'users-list.bin');
    assert.equal(name(['-p', 'prod', 'users', 'list']), 'prod-users.bin');
    assert.equal(name(['--help']), 'dactl.bin');
    assert.equal(name(['api', 'GET', '/CMD_API_SHOW_ALL_USERS']), 'api.bin');
    assert.equal(name(['../../etc', 'x']), 'dactl.bin');
  });
});

describe('code cache files', () => {
  let root: string;
  let file: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'dactl-cache-test-'));
    file = cacheFile(join(root, 'dactl'), build, ['users', 'list']);
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('reads back what was written, from a private directory and file', () => {
    writeCache(file, entries);
    assert.deepEqual(readCache(file), entries);
    assert.equal(statSync(dirname(file)).mode & 0o777, 0o700);
    assert.equal(statSync(file).mode & 0o777, 0o600);
  });

  it('reads nothing where there is nothing', () => {
    assert.equal(readCache(file), undefined);
  });

  it('ignores a damaged file, and replaces it', () => {
    writeCache(file, entries);
    const whole = readFileSync(file);
    for (const damaged of [
      whole.subarray(0, whole.length - 1),
      whole.subarray(0, 25),
      Buffer.from('not a cache at all'),
      Buffer.concat([Buffer.from('dactl-code-cache 2\n'), whole.subarray(19)]),
    ]) {
      writeFileSync(file, damaged);
      assert.equal(readCache(file), undefined, damaged.toString('latin1'));
    }
    writeCache(file, entries);
    assert.deepEqual(readCache(file), entries);
  });

  it('trusts neither a directory nor a file that others may write', () => {
    writeCache(file, entries);
    chmodSync(dirname(file), 0o770);
    assert.equal(readCache(file), undefined, 'group-writable directory');
    const before = readFileSync(file);
    writeCache(file, new Map([['main.cjs', Buffer.from('other')]]));
    assert.deepEqual(readFileSync(file), before, 'nothing written there either');
    chmodSync(dirname(file), 0o700);
    chmodSync(file, 0o622);
    assert.equal(readCache(file), undefined, 'writable file');
  });

  it('does not follow a link to a directory', () => {
    writeCache(file, entries);
    const elsewhere = join(root, 'elsewhere');
    mkdirSync(elsewhere, { mode: 0o700 });
    const link = join(elsewhere, 'link');
    symlinkSync(dirname(file), link);
    assert.equal(readCache(join(link, 'users-list.bin')), undefined);
  });

  it("clears other builds' week-old directories when a new build first writes", () => {
    const top = join(root, 'dactl');
    const old = join(top, `fedcba9876543210-node${process.versions.node}-${process.arch}`);
    const recent = join(top, `0000000000000000-node${process.versions.node}-${process.arch}`);
    const sameBuild = join(top, `${build}-node0.0.0-${process.arch}`);
    for (const dir of [old, recent, sameBuild]) mkdirSync(dir, { recursive: true, mode: 0o700 });
    const weekAgo = new Date(Date.now() - 8 * 24 * 3600 * 1000);
    utimesSync(old, weekAgo, weekAgo);
    utimesSync(sameBuild, weekAgo, weekAgo);
    writeCache(file, entries);
    assert.ok(!existsSync(old), 'an old build is removed');
    assert.ok(existsSync(recent), 'a build in use beside this one stays');
    assert.ok(existsSync(sameBuild), 'this build on another Node stays');
  });
});
