// The one way a flag's file or stdin is read: sizes are bounded, and a file that cannot be read
// is exit 2 naming the flag and the path.
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { after, describe, it } from 'node:test';
import { UsageError } from '../../src/errors.js';
import { maxInputBytes, readAll, readInput } from '../../src/input.js';

const dir = mkdtempSync(join(tmpdir(), 'dactl-input-'));
after(() => {
  rmSync(dir, { recursive: true, force: true });
});
const noStdin = Readable.from([]);
const usage = (words: RegExp) => (error: unknown) =>
  error instanceof UsageError && error.exitCode === 2 && words.test(error.message);

describe('readInput', () => {
  it('reads a file, and stdin for -', async () => {
    const file = join(dir, 'app.json');
    writeFileSync(file, '{"type":"python"}\n');
    assert.equal(await readInput(noStdin, file, '--file'), '{"type":"python"}\n');
    const stdin = Readable.from([Buffer.from('{"a":'), Buffer.from('1}')]);
    assert.equal(await readInput(stdin, '-', '--file'), '{"a":1}');
  });

  it('a missing file, a directory or an unreadable file is exit 2 naming flag and path', async () => {
    const missing = join(dir, 'none.json');
    await assert.rejects(
      readInput(noStdin, missing, '--input'),
      usage(/^--input ".*none\.json": cannot read the file \(ENOENT\)/),
    );
    await assert.rejects(
      readInput(noStdin, dir, '--file'),
      usage(/^--file ".*dactl-input-\w+" is a directory, not a file/),
    );
    const secret = join(dir, 'secret.json');
    writeFileSync(secret, '{}');
    chmodSync(secret, 0o000);
    // root reads any file; the check only means something for other users.
    if (process.getuid?.() !== 0) {
      await assert.rejects(
        readInput(noStdin, secret, '-F'),
        (e: unknown) => usage(/EACCES/)(e) && /permissions/.test((e as UsageError).hint ?? ''),
      );
    }
  });

  it('a file or stdin over 16 MiB is exit 2 naming it, read no further', async () => {
    assert.equal(maxInputBytes, 16 * 1024 * 1024);
    const big = join(dir, 'big.json');
    writeFileSync(big, Buffer.alloc(maxInputBytes + 1, ' '));
    await assert.rejects(
      readInput(noStdin, big, '--file'),
      usage(/^--file ".*big\.json": more than 16 MiB/),
    );
    let pulled = 0;
    const endless = Readable.from(
      (function* () {
        for (;;) {
          pulled++;
          yield Buffer.alloc(1024 * 1024, ' ');
        }
      })(),
    );
    await assert.rejects(readInput(endless, '-', '--input'), usage(/^--input - \(stdin\): more/));
    assert.ok(pulled < 64, String(pulled));
    await assert.rejects(
      readAll(Readable.from([Buffer.alloc(10)]), 'stdin', 4),
      usage(/^stdin: more than 4 bytes/),
    );
  });
});
