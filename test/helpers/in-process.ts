// Runs dactl in this process with run(argv, io): no terminal, stdin given or empty, output kept.
import { PassThrough } from 'node:stream';
import type { Io } from '../../src/io.js';
import { run } from '../../src/main.js';

export interface InProcessResult {
  code: number;
  stdout: string;
  stderr: string;
}

const collector = (): { stream: NodeJS.WriteStream; text: () => string } => {
  let text = '';
  const stream = new PassThrough();
  stream.setEncoding('utf8').on('data', (d: string) => (text += d));
  return { stream: stream as unknown as NodeJS.WriteStream, text: () => text };
};

export async function runInProcess(
  argv: string[],
  env: NodeJS.ProcessEnv,
  input = '',
): Promise<InProcessResult> {
  const stdin = new PassThrough();
  stdin.end(input);
  const stdout = collector();
  const stderr = collector();
  const io = {
    stdin: stdin as unknown as NodeJS.ReadStream,
    stdout: stdout.stream,
    stderr: stderr.stream,
    env,
  } satisfies Io;
  const code = await run(argv, io);
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}
