// A sandbox data directory that cannot hold the state ends with exit 2 naming the path and the
// fix, before the server listens; it is never a crash.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { UsageError } from '../../src/errors.js';
import { openStore } from '../../src/sandbox/state.js';

const root = mkdtempSync(join(tmpdir(), 'dactl-state-'));
after(() => {
  rmSync(root, { recursive: true, force: true });
});
let n = 0;
const freshDir = (): string => join(root, String(++n));

const refused = (words: RegExp, hint: RegExp) => (error: unknown) =>
  error instanceof UsageError &&
  error.exitCode === 2 &&
  words.test(error.message) &&
  hint.test(error.hint ?? '');

describe('openStore set-up errors', () => {
  it('a state file that is not JSON, or JSON of another shape, names the file', () => {
    const shapes = [
      'not json {',
      '[]',
      '{"version":2,"accounts":[]}',
      '{"version":1,"accounts":[{}]}',
    ];
    for (const text of shapes) {
      const dir = freshDir();
      mkdirSync(dir);
      writeFileSync(join(dir, 'state.json'), text);
      assert.throws(
        () => openStore(dir),
        refused(/"?.*state\.json"? is not (valid JSON|a dactl sandbox state file)/, /Move it away/),
        text,
      );
    }
  });

  it('a directory where the state file belongs', () => {
    const dir = freshDir();
    mkdirSync(join(dir, 'state.json'), { recursive: true });
    assert.throws(() => openStore(dir), refused(/state\.json" is a directory/, /--data-dir/));
  });

  it('a file where the data directory belongs, or below a file', () => {
    const file = join(root, 'plain-file');
    writeFileSync(file, 'x');
    for (const dir of [file, join(file, 'below')]) {
      assert.throws(() => openStore(dir), refused(/is not a directory/, /--data-dir/), dir);
    }
  });

  it(
    'a data directory this user may not write (unless root, who may)',
    { skip: process.getuid?.() === 0 },
    () => {
      const dir = freshDir();
      mkdirSync(dir, { mode: 0o500 });
      assert.throws(() => openStore(dir), refused(/cannot use ".*" \(EACCES\)/, /permissions/));
    },
  );

  it('a good state still opens', () => {
    const dir = freshDir();
    const first = openStore(dir);
    assert.deepEqual(openStore(dir).state, first.state);
  });
});
