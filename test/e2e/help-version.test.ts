// The built binary: --version answered without the bundle says what `dactl version` says; help
// fits the terminal it is shown on; under --debug a bug's stack names the src/ files and lines
// (the shipped source maps), which a run without --debug does not read.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { run, tempHome } from '../helpers/dactl.js';
import { hasPty, runInPty } from '../helpers/pty.js';

describe('version, help width and --debug stacks (built binary)', () => {
  const home = tempHome();
  after(home.cleanup);

  it('answers --version alone with the line `dactl version` prints', async () => {
    const fast = await run(['--version'], { env: home.env });
    const full = await run(['version'], { env: home.env });
    assert.equal(fast.code, 0, fast.stderr);
    assert.match(
      fast.stdout,
      /^dactl \d+\.\d+\.\d+\S* \(node v\d+\.\d+\.\d+, [a-z0-9]+-[a-z0-9]+\)\n$/,
    );
    assert.equal(fast.stdout, full.stdout);
  });

  it('wraps help to the width of the terminal', { skip: !hasPty }, async () => {
    const shown = await runInPty(['unit', 'route', 'delete', '--help'], home.env, [], 20_000, 60);
    assert.equal(shown.code, 0);
    const lines = shown.stdout.replaceAll('\r', '').trimEnd().split('\n');
    assert.deepEqual(
      lines.filter((l) => l.length > 60 && !/^\s+\$ /.test(l)),
      [],
    );
    assert.ok(
      lines.some((l) => l.length > 50),
      'the width is used',
    );
    assert.match(lines.at(-1) ?? '', /^See "dactl help globals"\.$/);
  });

  it('prints a stack naming src/ files under --debug, from maps read only then', async () => {
    // A bug stands in as a stdout that throws (dactl writes a pipe's descriptor itself, a
    // terminal's through process.stdout); the preload also tells whether maps were on.
    const preload = join(home.dir, 'broken-stdout.cjs');
    writeFileSync(
      preload,
      "const fs = require('node:fs'); const writeSync = fs.writeSync;\n" +
        "const gone = () => { throw new Error('stdout is gone'); };\n" +
        'fs.writeSync = (fd, ...rest) => (fd === 1 ? gone() : writeSync(fd, ...rest));\n' +
        'process.stdout.write = gone;\n' +
        "process.on('exit', () => process.stderr.write(`maps: ${process.sourceMapsEnabled}\\n`));\n",
    );
    const env = { ...home.env, NODE_OPTIONS: `--require ${preload}` };
    const debug = await run(['version', '--debug'], { env });
    assert.equal(debug.code, 1, debug.stderr);
    assert.match(debug.stderr, /^error: stdout is gone\n/);
    assert.match(debug.stderr, /\n {4}at .*[\\/]src[\\/]output[\\/]writer\.ts:\d+:\d+\)\n/);
    assert.match(debug.stderr, /\n {4}at .*[\\/]src[\\/]commands[\\/]version\.ts:\d+:\d+\)\n/);
    assert.match(debug.stderr, /\nmaps: true\n$/);
    const plain = await run(['version'], { env });
    assert.equal(plain.code, 1);
    assert.doesNotMatch(plain.stderr, / at /);
    assert.match(plain.stderr, /\nmaps: false\n$/);
  });
});
