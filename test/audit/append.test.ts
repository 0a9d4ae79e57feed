// How the trail is written: whole lines from twenty processes at once, rotation at a size by one
// process only, and a rotation lock left behind by a crash taken back.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, afterEach, beforeEach, describe, it } from 'node:test';
import { build } from 'esbuild';
import { appendLine, rotate } from '../../src/audit/append.js';

const lineOf = (n: number): string => `${JSON.stringify({ n, pad: 'x'.repeat(80) })}\n`;
const numbers = (file: string): number[] =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => (JSON.parse(l) as { n: number }).n)
    : [];

describe('writing the trail', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'dactl-trail-'));
    file = join(dir, 'audit.jsonl');
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  const place = () => ({ file, own: false });

  it('rotates at the size: the full file becomes .1, the next line starts a new one', () => {
    const size = Buffer.byteLength(lineOf(0));
    for (let n = 0; n < 10; n++) appendLine(place(), lineOf(n), size * 4);
    // Lines 0-3 filled the first file, 4-7 the second (which replaced it as .1), 8-9 the third.
    assert.deepEqual(numbers(`${file}.1`), [4, 5, 6, 7]);
    assert.deepEqual(numbers(file), [8, 9]);
    assert.equal(lstatSync(`${file}.1`).mode & 0o777, 0o600);
    assert.ok(!existsSync(`${file}.rotate-${String(lstatSync(`${file}.1`).ino)}`), 'no lock left');
  });

  it('rotates a file once however many processes saw it full', () => {
    for (let n = 0; n < 3; n++) appendLine(place(), lineOf(n));
    const full = lstatSync(file);
    rotate(file, full);
    appendLine(place(), lineOf(3));
    // A second process that judged the same file full comes late: the new file stays.
    rotate(file, full);
    assert.deepEqual(numbers(`${file}.1`), [0, 1, 2]);
    assert.deepEqual(numbers(file), [3]);
  });

  it('leaves the rotation to the holder of its lock; a lock a crash left is taken back', () => {
    appendLine(place(), lineOf(0));
    const full = lstatSync(file);
    const lock = `${file}.rotate-${String(full.ino)}`;
    writeFileSync(lock, '', { mode: 0o600 });
    rotate(file, full);
    assert.deepEqual(numbers(file), [0], 'another process is rotating it');
    const old = new Date(Date.now() - 3600_000);
    utimesSync(lock, old, old);
    rotate(file, full);
    assert.equal(existsSync(lock), false, 'the stale lock is removed');
    rotate(file, full);
    assert.deepEqual(numbers(`${file}.1`), [0]);
    assert.equal(existsSync(file), false);
  });
});

describe('twenty processes appending at once', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dactl-many-'));
  after(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('leave twenty whole lines, each longer than an atomic pipe write', async () => {
    // A small script per process: the trail's own appendLine, bundled as dactl's build does.
    const script = join(dir, 'append.cjs');
    await build({
      stdin: {
        contents:
          "import { appendLine } from './src/audit/append.ts';\n" +
          'const [file, n] = process.argv.slice(2);\n' +
          "appendLine({ file, own: false }, JSON.stringify({ n: Number(n), pad: String.fromCharCode(97 + Number(n)).repeat(6000) }) + '\\n');\n",
        resolveDir: fileURLToPath(new URL('../..', import.meta.url)),
        loader: 'ts',
      },
      bundle: true,
      platform: 'node',
      format: 'cjs',
      outfile: script,
      logLevel: 'silent',
    });
    const trail = join(dir, 'trail', 'audit.jsonl');
    const codes = await Promise.all(
      Array.from(
        { length: 20 },
        (_, n) =>
          new Promise<number | null>((resolve, reject) => {
            const child = spawn(process.execPath, [script, trail, String(n)], { stdio: 'inherit' });
            child.on('error', reject);
            child.on('close', resolve);
          }),
      ),
    );
    assert.deepEqual(
      codes,
      Array.from({ length: 20 }, () => 0),
    );
    const lines = readFileSync(trail, 'utf8').split('\n');
    assert.equal(lines.pop(), '');
    assert.equal(lines.length, 20);
    const seen = lines.map((l) => {
      assert.ok(Buffer.byteLength(l) > 4096);
      const { n, pad } = JSON.parse(l) as { n: number; pad: string };
      assert.equal(pad, String.fromCharCode(97 + n).repeat(6000), 'a whole line');
      return n;
    });
    assert.deepEqual(
      seen.sort((a, b) => a - b),
      Array.from({ length: 20 }, (_, n) => n),
    );
  });
});
