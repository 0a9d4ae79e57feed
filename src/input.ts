// Text a flag names: a file, or stdin for "-" (--file -, --input -, -F key=@-).
import { closeSync, createReadStream, openSync, readSync } from 'node:fs';
import { DactlError, UsageError } from './errors.js';

/** The most a flag's file or stdin may hold (README, "Limits"): far above any definition. */
export const maxInputBytes = 16 * 1024 * 1024;
const MiB = 1024 * 1024;

/** All of a stream, as text; more than `limit` bytes is exit 2 naming `what`. */
export async function readAll(
  stream: NodeJS.ReadableStream,
  what = 'stdin',
  limit = maxInputBytes,
): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    size += buffer.length;
    if (size > limit) throw tooLarge(what, limit);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** How messages name a flag's file: `--input "body.json"`, or `--input - (stdin)`. */
export const inputName = (flag: string, file: string): string =>
  file === '-' ? `${flag} - (stdin)` : `${flag} "${file}"`;

/** A file's text, or stdin's for "-"; an unreadable file is exit 2, before anything is sent. */
export async function readInput(
  stdin: NodeJS.ReadableStream,
  file: string,
  flag: string,
): Promise<string> {
  if (file === '-') return readAll(stdin, inputName(flag, file));
  try {
    return await readAll(createReadStream(file), inputName(flag, file));
  } catch (error) {
    if (error instanceof DactlError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    if (code === 'EISDIR') {
      throw new UsageError(`${flag} "${file}" is a directory, not a file.`);
    }
    throw new UsageError(
      `${flag} "${file}": cannot read the file (${code}).`,
      code === 'EACCES' || code === 'EPERM'
        ? 'Check the file’s permissions, or pipe it in with - (stdin).'
        : undefined,
    );
  }
}

/**
 * A file's text, read in one go up to `limit` bytes (a device such as /dev/zero never ends):
 * more is exit 2 naming `what`; a file that cannot be read is the error as thrown.
 */
export function readFileBounded(file: string, what: string, limit = maxInputBytes): string {
  const fd = openSync(file, 'r');
  try {
    const chunks: Buffer[] = [];
    let size = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(64 * 1024, limit + 1 - size));
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      size += n;
      if (size > limit) throw tooLarge(what, limit);
      chunks.push(chunk.subarray(0, n));
    }
    return Buffer.concat(chunks, size).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

const tooLarge = (what: string, limit: number): UsageError =>
  new UsageError(
    `${what}: more than ${limit % MiB ? `${String(limit)} bytes` : `${String(limit / MiB)} MiB`}, the most dactl reads.`,
  );
