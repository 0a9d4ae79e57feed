// The path rule (src/trusted-path.ts) on its own: what it trusts, what it refuses and how, with
// files and directories made here. Cases that need another owner run as root (CI does).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import {
  appendTrusted,
  checkRunnable,
  readTrusted,
  trustedDir,
  UntrustedPathError,
  writeTrusted,
} from '../src/trusted-path.js';

const nobody = 65534;
const asRoot = { skip: process.geteuid?.() === 0 ? false : 'needs root to give files away' };
const refused = (found: RegExp) => (error: unknown) =>
  error instanceof UntrustedPathError && error.exitCode === 3 && found.test(error.message);

describe('the path rule', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'dactl-rule-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  const file = (name: string, text = 'x'): string => {
    writeFileSync(join(dir, name), text, { mode: 0o600 });
    return join(dir, name);
  };

  it('reads a private file of this user’s, and nothing where there is nothing', () => {
    assert.equal(readTrusted(file('a', 'hello'), { maxBytes: 10 })?.toString(), 'hello');
    assert.equal(readTrusted(join(dir, 'none'), { maxBytes: 10 }), undefined);
    assert.equal(readTrusted(join(dir, 'no', 'such'), { maxBytes: 10 }), undefined);
  });

  it('refuses a link, a FIFO, a device and a file over the cap, at once', () => {
    symlinkSync(file('target'), join(dir, 'link'));
    assert.throws(() => readTrusted(join(dir, 'link'), { maxBytes: 10 }), refused(/symbolic link/));
    execFileSync('mkfifo', [join(dir, 'fifo')]);
    assert.throws(() => readTrusted(join(dir, 'fifo'), { maxBytes: 10 }), refused(/not a regular/));
    assert.throws(() => readTrusted('/dev/zero', { maxBytes: 10 }), refused(/not a regular/));
    assert.throws(
      () => readTrusted(file('big', 'x'.repeat(11)), { maxBytes: 10 }),
      refused(/more than 10 bytes/),
    );
  });

  it('refuses a file or a directory above it that others may write', () => {
    const a = file('a');
    chmodSync(a, 0o620);
    assert.throws(
      () => readTrusted(a, { maxBytes: 10 }),
      refused(/other users can write to it \(mode 0620\)/),
    );
    assert.ok(
      readTrusted(a, { maxBytes: 10, anyMode: true }),
      'data the caller need not trust as code',
    );
    chmodSync(a, 0o600);
    chmodSync(dir, 0o770);
    assert.throws(
      () => readTrusted(a, { maxBytes: 10 }),
      refused(new RegExp(`use ${dir}: other users`)),
    );
  });

  it('allows a sticky directory anyone may write (as /tmp) above an entry of this user’s', () => {
    const shared = join(dir, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    const mine = join(shared, 'mine');
    mkdirSync(mine, { mode: 0o700 });
    writeFileSync(join(mine, 'f'), 'ok', { mode: 0o600 });
    assert.equal(readTrusted(join(mine, 'f'), { maxBytes: 10 })?.toString(), 'ok');
    chmodSync(shared, 0o777);
    assert.throws(() => trustedDir(mine), refused(/other users can write to it \(mode 0777\)/));
  });

  it(
    'refuses another user’s entry below a sticky directory, and another owner unless named',
    asRoot,
    () => {
      const shared = join(dir, 'shared');
      mkdirSync(shared);
      chmodSync(shared, 0o1777);
      const theirs = join(shared, 'theirs');
      mkdirSync(theirs, { mode: 0o755 });
      chownSync(theirs, nobody, nobody);
      assert.throws(() => trustedDir(theirs), refused(/another user \(uid 65534\)/));
      assert.throws(() => trustedDir(theirs, { owners: [nobody] }), refused(/uid 65534/));
      const panel = file('panel');
      chownSync(panel, nobody, nobody);
      assert.throws(() => readTrusted(panel, { maxBytes: 10 }), refused(/uid 65534/));
      assert.ok(readTrusted(panel, { maxBytes: 10, owners: [nobody] }), 'the panel’s user, named');
    },
  );

  it('resolves a link to a directory and judges where it leads', asRoot, () => {
    const elsewhere = join(dir, 'elsewhere');
    mkdirSync(elsewhere, { mode: 0o700 });
    chownSync(elsewhere, nobody, nobody);
    symlinkSync(elsewhere, join(dir, 'via'));
    assert.throws(
      () => trustedDir(join(dir, 'via')),
      refused(/elsewhere: it belongs to another user/),
    );
  });

  it('appends through no link, and refuses a program others may change', () => {
    const target = file('target', 'keep\n');
    symlinkSync(target, join(dir, 'queue'));
    assert.throws(
      () => {
        appendTrusted(join(dir, 'queue'), 'line\n');
      },
      refused(/symbolic link/),
    );
    assert.equal(readFileSync(target, 'utf8'), 'keep\n');
    appendTrusted(join(dir, 'new-queue'), 'line\n');
    assert.equal(lstatSync(join(dir, 'new-queue')).mode & 0o777, 0o600);
    const program = file('program', '#!/bin/sh\n');
    chmodSync(program, 0o777);
    assert.throws(
      () => {
        checkRunnable(program);
      },
      refused(/mode 0777/),
    );
    chmodSync(program, 0o700);
    checkRunnable(program);
  });

  it('writes a new file over a link, never through it', () => {
    const target = file('target', 'keep');
    symlinkSync(target, join(dir, 'out'));
    writeTrusted(join(dir, 'out'), 'new');
    assert.equal(readFileSync(target, 'utf8'), 'keep');
    assert.ok(lstatSync(join(dir, 'out')).isFile());
    assert.equal(lstatSync(join(dir, 'out')).mode & 0o777, 0o600);
  });

  it('calls a file where a directory belongs a setup mistake (ENOTDIR naming it), not a trust one', () => {
    const a = file('a');
    assert.throws(
      () => trustedDir(join(a, 'sub')),
      (error: unknown) =>
        (error as { code?: string; path?: string }).code === 'ENOTDIR' &&
        (error as { path?: string }).path === a,
    );
  });
});
