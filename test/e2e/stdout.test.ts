// Output written straight to a pipe's or a file's descriptor (src/output/fd.ts): all of it
// arrives, in order, and a reader that has gone ends dactl quietly, as before.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { bin, world, type World } from '../helpers/dactl.js';

/** Runs dactl with its stdout closed by the reader before anything is written. */
function withReaderGone(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      resolve({ code, stderr });
    });
  });
}

describe('stdout to a pipe or a file', () => {
  let w: World;
  before(async () => {
    w = await world();
  });
  after(async () => {
    await w.close();
  });

  it('writes everything to a file, stdout and stderr apart', async () => {
    const out = join(w.home.dir, 'out.json');
    const err = join(w.home.dir, 'err.txt');
    const [outFd, errFd] = [openSync(out, 'w'), openSync(err, 'w')];
    const code = await new Promise<number | null>((resolve, reject) => {
      const args = ['users', 'list', '-o', 'json', '--as', 'nosuchuser'];
      const child = spawn(process.execPath, [bin, ...args], {
        env: w.envFor('admin'),
        stdio: ['ignore', outFd, errFd],
      });
      child.on('error', reject);
      child.on('close', resolve);
    });
    closeSync(outFd);
    closeSync(errFd);
    assert.notEqual(code, 0, 'acting as an unknown user is refused');
    assert.equal(readFileSync(out, 'utf8'), '');
    assert.match(readFileSync(err, 'utf8'), /"error":\{"code"/);

    const listed = openSync(out, 'w');
    const ok = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(process.execPath, [bin, 'users', 'list', '-o', 'json'], {
        env: w.envFor('admin'),
        stdio: ['ignore', listed, 'ignore'],
      });
      child.on('error', reject);
      child.on('close', resolve);
    });
    closeSync(listed);
    assert.equal(ok, 0);
    const users = JSON.parse(readFileSync(out, 'utf8')) as { username: string }[];
    assert.deepEqual(
      users.map((u) => u.username),
      w.sandbox.accounts.map((a) => a.username),
    );
  });

  it('ends quietly, exit 0, when the reader has gone', async () => {
    for (const args of [['--help'], ['--version'], ['users', 'list']]) {
      const result = await withReaderGone(args, w.envFor('admin'));
      assert.equal(result.stderr, '', args.join(' '));
      assert.equal(result.code, 0, args.join(' '));
    }
  });
});
