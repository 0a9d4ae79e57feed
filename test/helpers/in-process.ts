// Runs dactl in this process, through src/main.ts's run(argv, io), with captured streams: the
// same code path as the binary without a process per run, for tests that run dactl many times.
import { PassThrough, Readable } from 'node:stream';
import { run } from '../../src/main.js';
import type { Result, RunOptions } from './dactl.js';

/** In-process runs always end with an exit code. */
export type InProcessResult = Result & { code: number };

export async function runInProcess(
  args: string[],
  options: RunOptions & {
    /** stdout and stderr are a terminal this many columns wide (stdin stays a pipe). */
    terminal?: number;
  } = {},
): Promise<InProcessResult> {
  // An environment passed where the options belong would run with no environment at all.
  const known = ['env', 'input', 'timeoutMs', 'terminal'];
  const unknown = Object.keys(options).filter((k) => !known.includes(k));
  if (unknown.length) throw new Error(`runInProcess: unknown options ${unknown.join(', ')}`);
  const stdin = Readable.from(options.input === undefined ? [] : [options.input]);
  const capture = (): { stream: PassThrough; text: () => string } => {
    const stream = new PassThrough();
    let text = '';
    stream.setEncoding('utf8').on('data', (d: string) => (text += d));
    return { stream, text: () => text };
  };
  const stdout = capture();
  const stderr = capture();
  if (options.terminal !== undefined) {
    Object.assign(stdout.stream, { isTTY: true, columns: options.terminal });
    Object.assign(stderr.stream, { isTTY: true, columns: options.terminal });
  }
  const env = Object.fromEntries(
    Object.entries(options.env ?? {}).filter((e): e is [string, string] => e[1] !== undefined),
  );
  const code = await run(args, {
    stdin: stdin as unknown as NodeJS.ReadStream,
    stdout: stdout.stream as unknown as NodeJS.WriteStream,
    stderr: stderr.stream as unknown as NodeJS.WriteStream,
    env,
  });
  // The 'data' handlers run on the next turn; let them catch up before reading.
  await new Promise((resolve) => setImmediate(resolve));
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}
