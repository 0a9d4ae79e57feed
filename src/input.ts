// Text a flag names: a file, or stdin for "-" (--file -, --input -, -F key=@-).
import { readFile } from 'node:fs/promises';
import { UsageError } from './errors.js';

/** All of a stream, as text. */
export async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A file's text, or stdin's for "-"; an unreadable file is exit 2, before anything is sent. */
export async function readInput(
  stdin: NodeJS.ReadableStream,
  file: string,
  flag: string,
): Promise<string> {
  if (file === '-') return readAll(stdin);
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new UsageError(`${flag} "${file}": cannot read the file (${code}).`);
  }
}
