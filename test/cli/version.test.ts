// `dactl version` and `--version`: dactl's version, Node's and the platform, as a line or, with
// -o json (--json), as an object.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { runInProcess } from '../helpers/in-process.js';

const { version } = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
) as { version: string };
const line = `dactl ${version} (node ${process.version}, ${process.platform}-${process.arch})\n`;
const object = {
  version,
  node: process.versions.node,
  platform: process.platform,
  arch: process.arch,
};

describe('version', () => {
  it('prints one line, for the command and for --version or -V anywhere', async () => {
    for (const argv of [['version'], ['--version'], ['-V'], ['users', 'list', '--version']]) {
      const r = await runInProcess(argv);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout, line, argv.join(' '));
      assert.equal(r.stderr, '');
    }
  });

  it('prints an object with -o json or --json', async () => {
    for (const argv of [
      ['version', '-o', 'json'],
      ['version', '--json'],
      ['--version', '--json'],
      ['-o', 'json', '-V'],
    ]) {
      const r = await runInProcess(argv);
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual(JSON.parse(r.stdout), object, argv.join(' '));
    }
  });
});
