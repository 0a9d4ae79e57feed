// The rewrite request of spec 2.6: one task line appended to the panel's task queue, which the
// panel's processor (run by cron every minute) reads and deletes. dactl never writes Unit's
// configuration itself; the panel stays its one writer.
import { execFile } from 'node:child_process';
import { accessSync, appendFileSync, constants } from 'node:fs';
import { AuthError, PanelError, UsageError } from '../errors.js';
import { rewriteTask, taskQueue } from './layout.js';
import { rootHint } from './read.js';

export function queueRewrite(dataDir: string): string {
  const queue = taskQueue(dataDir);
  try {
    appendFileSync(queue, `${rewriteTask}\n`, { mode: 0o600 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
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

/** Whether the processor exists and may be run by this user. */
export function hasProcessor(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Runs the panel's queue processor once, as its cron would. */
export function runProcessor(path: string, timeoutMs = 120_000): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(path, [], { timeout: timeoutMs }, (error, _stdout, stderr) => {
      if (!error) {
        resolve();
        return;
      }
      const why = stderr.trim() || error.message;
      reject(
        new PanelError(
          `The panel's queue processor ${path} failed: ${why}`,
          'The task stays queued; the panel’s cron runs it within a minute.',
        ),
      );
    });
  });
}
