// A plain HTTP(S) server that only records what reaches it: the "other host" of the tests that
// prove a profile's secret never travels there.
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { selfSignedCertificate } from '../../src/sandbox/tls.js';

interface Seen {
  method: string;
  url: string;
  authorization?: string;
}

export interface Recorder {
  url: string;
  seen: Seen[];
  /** PEM of its certificate, when it speaks HTTPS. */
  caCert?: string;
  close: () => Promise<void>;
}

export interface RecorderOptions {
  host?: string;
  tls?: boolean;
  /** Answers each request; the default is a 404. */
  answer?: (req: IncomingMessage, res: ServerResponse) => void;
}

export async function recorder(options: RecorderOptions = {}): Promise<Recorder> {
  const seen: Seen[] = [];
  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    seen.push({
      method: req.method ?? '',
      url: req.url ?? '',
      authorization: req.headers.authorization,
    });
    if (options.answer) options.answer(req, res);
    else res.writeHead(404).end();
  };
  const certificate = options.tls ? await selfSignedCertificate() : undefined;
  const server = certificate ? createHttpsServer(certificate, handle) : createHttpServer(handle);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${certificate ? 'https' : 'http'}://${host}:${String(port)}`,
    seen,
    caCert: certificate?.cert,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

/** Decodes a Basic Authorization header to "user:password". */
export const basic = (header: string | undefined): string =>
  Buffer.from((header ?? '').replace(/^Basic /, ''), 'base64').toString('utf8');
