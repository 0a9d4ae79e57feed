// The rewrite request of spec 2.6: one task line appended to the panel's task queue, which the
// panel's processor (run by cron every minute) reads and deletes. dactl never writes Unit's
// configuration itself; the panel stays its one writer. Both follow the path rule
// (src/trusted-path.ts) with the panel's user trusted too (read.ts, panelUser): the queue is
// appended through a descriptor opened without following a link, and the processor, which runs
// as root, is run only when root, the effective user or the panel's user owns it and no one
// else may write it or a directory above it.
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { AuthError, NetworkError, PanelError, UsageError } from '../errors.js';
import { appendTrusted, checkRunnable, codeOf } from '../trusted-path.js';
import { rewriteTask, taskQueue } from './layout.js';
import type { PanelFiles } from './read.js';
import { rootHint } from './read.js';

export function queueRewrite(files: PanelFiles): string {
  const queue = taskQueue(files.dir);
  try {
    appendTrusted(queue, `${rewriteTask}\n`, { owners: files.owners });
  } catch (error) {
    const code = codeOf(error);
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
      throw new AuthError(
        `Cannot write ${queue}: permission denied.`,
        rootHint.replace('read', 'write to'),
      );
    }
    if (code === 'EISDIR' || code === 'ENOENT' || code === 'ENOTDIR') {
      throw new UsageError(`Cannot append to ${queue} (${code}).`);
    }
    throw error;
  }
  return queue;
}

/**
 * The processor's real path when it is there, may be run, and passes the rule; undefined when it
 * is missing or not executable. One that fails the rule is exit 3 (UntrustedPathError).
 */
export function trustedProcessor(path: string, files: PanelFiles): string | undefined {
  try {
    const real = checkRunnable(path, { owners: files.owners });
    accessSync(real, constants.X_OK);
    return real;
  } catch (error) {
    const code = codeOf(error);
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EACCES') return undefined;
    throw error;
  }
}

/** How much of the processor's stderr is kept for a message. */
const maxStderr = 4096;

/**
 * Runs the panel's queue processor once, as its cron would, for at most `timeoutMs`. It runs in
 * a process group of its own, killed whole at the deadline, and its end is its exit, not its
 * pipes closing (a child it leaves behind may hold them open). Ctrl-C ends dactl, not the
 * processor: a rewrite is left to finish, as when its cron runs it.
 */
export function runProcessor(path: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(path, [], { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr = (stderr + d).slice(-maxStderr);
    });
    let settled = false;
    const settle = (error?: Error): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.stderr.destroy();
      if (error === undefined) resolve();
      else reject(error);
    };
    const timer = setTimeout(() => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group is gone already.
      }
      settle(
        new NetworkError(
          `The panel's queue processor ${path} did not finish within ${String(timeoutMs / 1000)} s (--timeout); dactl stopped it.`,
          'The rewrite may still run: the processor may have started it, and a task it did not take stays queued for the panel’s cron (within a minute). Check with dactl unit doctor.',
        ),
      );
    }, timeoutMs);
    child.on('error', (error) => {
      settle(failed(path, error.message));
    });
    child.on('exit', (code, signal) => {
      // What it wrote just before exiting may still be in the pipe: read it to its end, but wait
      // no longer than a moment for a pipe a left-over child holds.
      const done = (): void => {
        if (code === 0) settle();
        else settle(failed(path, stderr.trim() || `exit ${String(code ?? signal)}`));
      };
      if (child.stderr.readableEnded) done();
      else {
        const grace = setTimeout(done, 250);
        child.stderr.once('end', () => {
          clearTimeout(grace);
          done();
        });
      }
    });
  });
}

const failed = (path: string, why: string): PanelError =>
  new PanelError(
    `The panel's queue processor ${path} failed: ${why}`,
    'The task stays queued; the panel’s cron runs it within a minute.',
  );
