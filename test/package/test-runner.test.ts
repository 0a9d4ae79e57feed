// scripts/test.mjs, the runner `npm test` uses: a test that hangs is told by its shard's silence,
// not by a bound on the shard's whole time, which a busy machine would reach with nothing hung;
// and Ctrl-C at the terminal stops the shards too, though each is a process group of its own.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('the test runner', () => {
  // The inner runs' temporary files (their shards' and tsx's cache), removed whatever they leave.
  const tmp = mkdtempSync(join(tmpdir(), 'dactl-runner-'));
  after(() => {
    rmSync(tmp, { recursive: true, force: true });
  });

  /** The runner on the fixture whose second test never ends. */
  function runner(env: Record<string, string>): {
    child: ChildProcess;
    ended: Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }>;
  } {
    const child = spawn(process.execPath, ['scripts/test.mjs', 'fixtures/runner/hangs.ts'], {
      cwd: root,
      // Without this run's NODE_TEST_CONTEXT, which would make the inner runner report to this one.
      env: { ...process.env, NODE_TEST_CONTEXT: undefined, TMPDIR: tmp, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const ended = new Promise<{
      code: number | null;
      signal: string | null;
      stdout: string;
      stderr: string;
    }>((resolve) =>
      child.on('close', (code, signal) => {
        resolve({ code, signal, stdout, stderr });
      }),
    );
    return { child, ended };
  }

  /** Polls for what another process does (its clock, not this test's): false after `ms`. */
  async function until(done: () => boolean, ms: number): Promise<boolean> {
    const end = Date.now() + ms;
    while (!done()) {
      if (Date.now() >= end) return false;
      await sleep(50);
    }
    return true;
  }

  const alive = (pid: number): boolean => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  it('stops a shard that reports nothing for a while, naming the test after its last report', async () => {
    const { ended } = runner({ DACTL_TEST_QUIET_MS: '6000' });
    const { code, stdout, stderr } = await ended;
    assert.notEqual(code, 0);
    assert.match(stderr, /shard 0 reported no test for 6 s and was stopped/);
    assert.match(stderr, /the test after "✔ passes first \([\d.]+ms\)" hangs/);
    assert.match(stderr, /its files: test\/fixtures\/runner\/hangs\.ts/);
    // What it had reported is still printed.
    assert.match(stdout, /✔ passes first/);
  });

  it('passes Ctrl-C on to its shards, and ends with 130', async () => {
    const mark = join(tmp, 'started');
    const { child, ended } = runner({ DACTL_RUNNER_MARK: mark });
    assert.ok(await until(() => existsSync(mark), 60_000), 'the hanging test never started');
    const shard = Number(readFileSync(mark, 'utf8'));
    assert.ok(alive(shard));
    child.kill('SIGINT');
    assert.equal((await ended).code, 130);
    assert.ok(await until(() => !alive(shard), 10_000), 'the shard outlived the runner');
  });
});
