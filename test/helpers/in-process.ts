// Runs dactl in this process, through src/main.ts's run(argv, io), with captured streams: the
// same code path as the binary without a process per run, for tests that run dactl many times.
// What a process would isolate is given fresh to each run (stdin, stdout, stderr, a copy of the
// environment) or checked after it (below): a run that leaks into the next fails its test.
import { PassThrough, Readable } from 'node:stream';
// Loaded here, before any run: loading them installs signal handlers once per process
// (signal-exit, when-exit), which is not a run leaking handlers into the next.
import 'conf';
import 'proper-lockfile';
import { run } from '../../src/main.js';
import type { Result, RunOptions } from './dactl.js';

/** In-process runs always end with an exit code. */
export type InProcessResult = Result & { code: number };

/** The options an in-process run can honour; `uid` and `cwd` need a real process (dactl.ts `run`). */
export type InProcessOptions = Pick<RunOptions, 'env' | 'input' | 'timeoutMs'> & {
  /** stdout and stderr are a terminal this many columns wide (stdin stays a pipe). */
  terminal?: number;
};

// The process-wide state a run could change and a process per run would have thrown away.
const signals = ['SIGINT', 'SIGTERM', 'exit'] as const;
const processState = (): Record<string, string> => ({
  cwd: process.cwd(),
  exitCode: String(process.exitCode),
  ...Object.fromEntries(Object.entries(process.env).map(([k, v]) => [`env.${k}`, String(v)])),
  ...Object.fromEntries(signals.map((s) => [`${s} handlers`, String(process.listenerCount(s))])),
});
/** What differs between two states, named: '' when nothing does. */
const changes = (before: Record<string, string>, after: Record<string, string>): string =>
  [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((k) => before[k] !== after[k])
    .map((k) => `${k}: ${before[k] ?? '(none)'} -> ${after[k] ?? '(none)'}`)
    .join('; ');
/** Runs under way: the check is only exact when a run is alone (tests may run several at once). */
let running = 0;

export async function runInProcess(
  args: string[],
  options: InProcessOptions = {},
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
  const before = running === 0 ? processState() : undefined;
  running += 1;
  let code: number;
  try {
    code = await run(args, {
      stdin: stdin as unknown as NodeJS.ReadStream,
      stdout: stdout.stream as unknown as NodeJS.WriteStream,
      stderr: stderr.stream as unknown as NodeJS.WriteStream,
      env,
    });
  } finally {
    running -= 1;
  }
  // The 'data' handlers run on the next turn; let them catch up before reading.
  await new Promise((resolve) => setImmediate(resolve));
  if (before !== undefined && running === 0) {
    const changed = changes(before, processState());
    if (changed) throw new Error(`dactl ${args.join(' ')} changed this process: ${changed}`);
  }
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}
