// The code cache's store (src/launch/code-cache.ts): where it lives, that only a private file of
// this user's is read, that a damaged file is ignored, and that a new build clears out old ones.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  lstatSync,
  lutimesSync,
  readdirSync,
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
import {
  buildDir,
  cacheRoot,
  fileName,
  guessFile,
  readCache,
  writeCache,
} from '../../src/launch/code-cache.js';

const build = '0123456789abcdef';
const nobody = 65534;
const notRoot = process.geteuid?.() === 0 ? false : 'needs root to give files to another user';
const dir = `${build}-node${process.versions.node}-${process.arch}`;
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

  it('is off with DACTL_NO_CACHE', () => {
    assert.equal(cacheRoot({ HOME: '/home/fred', DACTL_NO_CACHE: '1' }, 'linux'), undefined);
    assert.equal(
      cacheRoot({ HOME: '/home/fred', DACTL_NO_CACHE: '0' }, 'linux'),
      '/home/fred/.cache/dactl',
    );
  });

  it('names a file after the command that ran, never after option values', () => {
    assert.equal(dirname(join(buildDir('/c', build), 'x')), join('/c', dir));
    assert.equal(fileName('users list'), 'users-list.bin');
    assert.equal(fileName('unit app list'), 'unit-app-list.bin');
    assert.equal(fileName(undefined), 'dactl.bin');
    assert.equal(fileName('../../etc x'), undefined);
  });

  it('finds the file of a command line among the names present', () => {
    const names = ['users-list.bin', 'unit-app-list.bin', 'db-list.bin', 'dactl.bin'];
    assert.equal(guessFile(names, ['--as', 'user17', 'users', 'list']), 'users-list.bin');
    assert.equal(
      guessFile(names, ['-p', 'prod', 'unit', 'app', 'list', '-o', 'json']),
      'unit-app-list.bin',
    );
    assert.equal(guessFile(names, ['db', 'create', 'x']), undefined);
    assert.equal(guessFile(names, ['--help']), 'dactl.bin');
    assert.equal(guessFile([], ['users', 'list']), undefined);
  });
});

describe('code cache files', () => {
  let root: string;
  let file: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'dactl-cache-test-'));
    file = join(buildDir(join(root, 'dactl'), build), 'users-list.bin');
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

  it('uses no directory in another user’s tree, and no link into one', { skip: notRoot }, () => {
    // sudo -E, su without -, a cron line keeping a user's HOME: root's cache must not go there.
    const fredHome = join(root, 'fred');
    mkdirSync(fredHome, { mode: 0o755 });
    chownSync(fredHome, nobody, nobody);
    const inFred = join(buildDir(join(fredHome, '.cache', 'dactl'), build), 'users-list.bin');
    writeCache(inFred, entries);
    assert.ok(!existsSync(join(fredHome, '.cache')), 'nothing made under another user’s home');
    // A link planted where the cache root should be, to a directory another user owns.
    const planted = join(root, 'planted');
    mkdirSync(planted, { mode: 0o700 });
    chownSync(planted, nobody, nobody);
    symlinkSync(planted, join(root, 'dactl'));
    writeCache(file, entries);
    assert.deepEqual(readdirSync(planted), [], 'nothing written through the link');
    assert.equal(readCache(file), undefined);
  });

  it('reads neither a link nor a FIFO in place of a cache file, and replaces them', () => {
    writeCache(file, entries);
    const elsewhere = join(root, 'elsewhere.bin');
    writeFileSync(elsewhere, readFileSync(file), { mode: 0o600 });
    rmSync(file);
    symlinkSync(elsewhere, file);
    assert.equal(readCache(file), undefined, 'a link is not read');
    writeCache(file, entries);
    assert.ok(lstatSync(file).isFile(), 'the link is replaced, not written through');
    assert.deepEqual(readFileSync(elsewhere).length > 0, true);
    rmSync(file);
    execFileSync('mkfifo', [file]);
    assert.equal(readCache(file), undefined, 'a FIFO is not waited on');
    writeCache(file, entries);
    assert.deepEqual(readCache(file), entries);
  });

  it('keeps a bounded number of files', () => {
    writeCache(file, entries);
    for (let i = 0; i < 100; i++) writeCache(join(dirname(file), `c${String(i)}.bin`), entries);
    assert.equal(readdirSync(dirname(file)).length, 96);
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

  it('removes only cache files, never through a link', () => {
    const top = join(root, 'dactl');
    const node = `node${process.versions.node}-${process.arch}`;
    // A directory only root may touch, full of files, linked in as an old build's directory.
    const victim = join(root, 'victim');
    mkdirSync(victim, { mode: 0o700 });
    for (let i = 0; i < 50; i++) writeFileSync(join(victim, `f${String(i)}.bin`), 'x');
    mkdirSync(top, { mode: 0o700 });
    symlinkSync(victim, join(top, `fedcba9876543210-${node}`));
    const old = join(top, `1111111111111111-${node}`);
    mkdirSync(old, { mode: 0o700 });
    writeFileSync(join(old, 'users-list.bin'), 'x');
    writeFileSync(join(old, 'notes.txt'), 'mine');
    const weekAgo = new Date(Date.now() - 8 * 24 * 3600 * 1000);
    utimesSync(old, weekAgo, weekAgo);
    lutimesSync(join(top, `fedcba9876543210-${node}`), weekAgo, weekAgo);
    writeCache(file, entries);
    assert.equal(readdirSync(victim).length, 50, 'nothing removed through the link');
    assert.deepEqual(readdirSync(old), ['notes.txt'], 'only cache files are removed');
  });
});
