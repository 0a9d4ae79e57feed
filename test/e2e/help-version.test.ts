// The built binary: --version answered without the bundle says what `dactl version` says; help
// fits the terminal it is shown on.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { run, tempHome } from '../helpers/dactl.js';
import { hasPty, runInPty } from '../helpers/pty.js';

describe('version and help width (built binary)', () => {
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
    assert.match(lines.at(-1) ?? '', /\(see "dactl help globals"\)\.$/);
  });
});
