// stdin is one stream, a fleet has many panels: the first panel that reads it reads it whole
// (up to one byte past dactl's input limit, so the limit still applies), and every panel gets
// its own replay of the same bytes, e.g. `--password-stdin` or `api --input -` over a fleet.
import { Readable } from 'node:stream';
import { maxInputBytes } from '../input.js';

export function sharedStdin(stdin: NodeJS.ReadStream): () => NodeJS.ReadStream {
  let all: Promise<Buffer> | undefined;
  const readAll = async (): Promise<Buffer> => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stdin as AsyncIterable<Buffer | string>) {
      const bytes = Buffer.from(chunk);
      chunks.push(bytes);
      size += bytes.length;
      if (size > maxInputBytes) break;
    }
    return Buffer.concat(chunks);
  };
  return () => {
    let started = false;
    const replay = new Readable({
      read() {
        if (started) return;
        started = true;
        (all ??= readAll()).then(
          (bytes) => {
            this.push(bytes);
            this.push(null);
          },
          (error: unknown) => {
            this.destroy(error instanceof Error ? error : new Error(String(error)));
          },
        );
      },
    });
    return Object.assign(replay, { isTTY: stdin.isTTY }) as unknown as NodeJS.ReadStream;
  };
}
