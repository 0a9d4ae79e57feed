// Reads a reply through got's stream with a ceiling on its size, counted after decompression:
// neither an endless reply nor a small gzip body that inflates a thousandfold can exhaust memory.
import type { IncomingHttpHeaders } from 'node:http';
import type { Request, Response } from 'got';
import { PanelError } from '../errors.js';

/** The largest reply dactl reads, after decompression (README, "Limits"). */
const maxReplyBytes = 64 * 1024 * 1024;

/** The limit; DACTL_MAX_REPLY_BYTES may only lower it, so tests need not send 64 MiB. */
export function replyLimit(env: NodeJS.ProcessEnv = process.env): number {
  const lowered = Number(env.DACTL_MAX_REPLY_BYTES);
  return Number.isInteger(lowered) && lowered > 0 && lowered < maxReplyBytes
    ? lowered
    : maxReplyBytes;
}

export interface Received {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export async function receive(stream: Request, limit: number): Promise<Received> {
  const response = await new Promise<Response>((resolve, reject) => {
    stream.once('response', resolve);
    stream.once('error', reject);
  });
  const announced = Number(response.headers['content-length']);
  if (announced > limit) {
    stream.destroy();
    throw tooLarge(limit, response.statusCode, announced);
  }
  // Plain listeners, not an async iterator over the stream: a reply is a chunk or two, and the
  // iterator's machinery (a promise per chunk, end-of-stream tracking) costs more than reading.
  const chunks: Buffer[] = [];
  let size = 0;
  await new Promise<void>((resolve, reject) => {
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      // Destroying the stream closes the connection; nothing more is read.
      stream.destroy();
      reject(tooLarge(limit, response.statusCode));
    });
    stream.once('end', resolve);
    stream.once('error', reject);
  });
  const body = Buffer.concat(chunks).toString('utf8');
  return { statusCode: response.statusCode, headers: response.headers, body };
}

function tooLarge(limit: number, status: number, announced?: number): PanelError {
  const size = (bytes: number): string =>
    bytes >= 1024 * 1024
      ? `${String(Math.round((bytes / 1024 / 1024) * 10) / 10)} MiB`
      : `${String(bytes)} bytes`;
  return new PanelError(
    announced === undefined
      ? `The panel's reply grew past ${size(limit)} (the most dactl reads); it stopped reading.`
      : `The panel's reply is ${size(announced)}, over ${size(limit)} (the most dactl reads); nothing was read.`,
    'Check that the URL points at the panel itself, not at a download or a proxy.',
    status,
  );
}
