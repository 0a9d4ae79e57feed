// scripts/test.mjs, the runner `npm test` uses: a test that hangs is told by its shard's silence,
// not by a bound on the shard's whole time, which a busy machine would reach with nothing hung.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('the test runner', () => {
  // The inner run's temporary files (its shards' and tsx's cache), removed whatever it leaves.
  const tmp = mkdtempSync(join(tmpdir(), 'dactl-runner-'));
  after(() => {
    rmSync(tmp, { recursive: true, force: true });
  });

  it('stops a shard that reports nothing for a while, naming the test after its last report', async () => {
    const child = spawn(process.execPath, ['scripts/test.mjs', 'fixtures/runner/hangs.ts'], {
      cwd: root,
      // Without this run's NODE_TEST_CONTEXT, which would make the inner runner report to this one.
      env: {
        ...process.env,
        NODE_TEST_CONTEXT: undefined,
        TMPDIR: tmp,
        DACTL_TEST_QUIET_MS: '6000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const code = await new Promise((resolve) => child.on('close', resolve));
    assert.notEqual(code, 0);
    assert.match(stderr, /shard 0 reported no test for 6 s and was stopped/);
    assert.match(stderr, /the test after "✔ passes first \([\d.]+ms\)" hangs/);
    assert.match(stderr, /its files: test\/fixtures\/runner\/hangs\.ts/);
    // What it had reported is still printed.
    assert.match(stdout, /✔ passes first/);
  });
});
