// Runs dactl under a pseudo-terminal (util-linux `script`), with CI removed from its
// environment, to drive interactive prompts the way a person at a terminal would.
import { spawn, spawnSync } from 'node:child_process';
import { bin, type Result } from './dactl.js';

export const hasPty = spawnSync('script', ['--version']).status === 0;
/** For a describe() of pty tests: skipped, saying why, where `script` is missing. */
export const needsPty = { skip: hasPty ? false : 'no `script` command for a pseudo-terminal' };

export interface Step {
  /** Wait until the screen so far matches... */
  expect: RegExp;
  /** ...then type this (use \r for Enter). */
  send: string;
}

export function runInPty(
  args: string[],
  env: Record<string, string>,
  steps: Step[],
  timeoutMs = 20_000,
  /** The terminal's width. */
  cols = 200,
): Promise<Result> {
  const childEnv: Record<string, string> = { ...env, TERM: 'xterm' };
  delete childEnv.CI;
  const quoted = [process.execPath, bin, ...args]
    .map((a) => `'${a.replace(/'/g, `'\\''`)}'`)
    .join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qfec', `stty cols ${String(cols)}; ${quoted}`, '/dev/null'], {
      env: childEnv,
      stdio: 'pipe',
    });
    let screen = '';
    let consumed = 0;
    const pending = [...steps];
    const advance = (): void => {
      const step = pending[0];
      if (!step) return;
      const rest = screen.slice(consumed);
      const match = step.expect.exec(rest);
      if (!match) return;
      consumed += match.index + match[0].length;
      pending.shift();
      // A short pause lets the prompt finish drawing before the keys arrive.
      setTimeout(() => {
        child.stdin.write(step.send);
        advance();
      }, 100);
    };
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      screen += d;
      advance();
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: screen, stderr: '' });
    });
  });
}
