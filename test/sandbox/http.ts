// A tiny HTTP client for the sandbox tests, on node:http/node:https (not fetch: the tests must see
// the wire as the CLI's transport does, including resets and truncated bodies).

import { request as httpRequest } from 'node:http';
import type { Agent, IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface CallOptions {
  method?: string;
  /** `[username, password]` sent as HTTP Basic. */
  auth?: readonly [string, string];
  body?: string;
  headers?: Record<string, string>;
  /** Trusted CA (PEM) for https URLs. */
  ca?: string;
  /** Default: a fresh connection per request. */
  agent?: Agent;
}

/** One request; rejects on any socket or stream error. */
export function call(base: string, path: string, options: CallOptions = {}): Promise<Reply> {
  const url = new URL(path, base);
  const headers: Record<string, string> = { ...options.headers };
  if (options.auth) {
    headers.Authorization = `Basic ${Buffer.from(options.auth.join(':')).toString('base64')}`;
  }
  if (options.body !== undefined)
    headers['Content-Length'] = String(Buffer.byteLength(options.body));
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      { method: options.method ?? 'GET', headers, agent: options.agent ?? false, ca: options.ca },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          });
        });
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/**
 * Parses a legacy URL-encoded reply by DirectAdmin's documented recipe, which third-party clients
 * follow (facts page): decode the HTML entities over the whole body, then parse the query string.
 */
export function decodeForm(body: string): [string, string][] {
  const unescaped = body.replace(/&#(\d+);/g, (_, code: string) =>
    String.fromCharCode(Number(code)),
  );
  return [...new URLSearchParams(unescaped)];
}
