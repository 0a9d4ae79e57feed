// The one transport: every request to the panel goes through Client.send. It adds Basic auth
// (with impersonation), TLS settings, the timeout, GET-only retries and the --debug trace, and
// hands the reply to decode.ts. got is imported here only, so commands that never reach the
// panel never load it.
import got, { RequestError, type Method, type OptionsOfTextResponseBody } from 'got';
import { NetworkError } from '../errors.js';
import type { Log } from '../output/log.js';
import { decodeReply, type RawReply, type Tier } from './decode.js';
import { redactBody, redactParams, redactUrl, redactValue } from './redact.js';

export interface PanelRequest {
  method: Method;
  /** `/CMD_API_SHOW_ALL_USERS`, `/api/db-show/databases`; may carry a query string. */
  path: string;
  query?: Record<string, string>;
  /** Form-encoded body (legacy commands). */
  form?: Record<string, string>;
  /** JSON body (new API, and the legacy commands the spec shows with JSON). */
  json?: unknown;
  /** A raw body with its content type (dactl api --input). */
  body?: { text: string; type: string };
  /** Overrides the run's timeout, e.g. for a WordPress install. */
  timeoutMs?: number;
}

export interface RequestPreview {
  method: string;
  url: string;
  login: string;
  form?: string;
  json?: unknown;
  body?: string;
}

export interface ClientOptions {
  url: string;
  username: string;
  password: string;
  as?: string;
  /** PEM text of extra trusted certificates (--ca-cert). */
  ca?: string;
  insecure: boolean;
  timeoutMs: number;
  /** Names the login in errors, e.g. 'profile "prod" (admin)'. */
  who: string;
  debug?: Log;
}

// got's own list, plus what Node 24.20+ says for a refused connection.
const networkErrorCodes = [
  'ETIMEDOUT',
  'ECONNRESET',
  'EADDRINUSE',
  'ECONNREFUSED',
  'EPIPE',
  'ENOTFOUND',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ERR_SOCKET_CLOSED_BEFORE_CONNECTION',
];

export const tierOf = (path: string): Tier =>
  path.startsWith('/api/') ? 'new' : /^\/CMD_/.test(path) ? 'legacy' : 'discovered';

export class Client {
  constructor(readonly options: ClientOptions) {}

  /** The Basic username: `me`, or `me|target` when acting as another account. */
  get login(): string {
    const { username, as } = this.options;
    return as ? `${username}|${as}` : username;
  }

  /** The same login acting as `name` too (`me|name`, or `me|them|name`). */
  actingAs(name: string): Client {
    const { as } = this.options;
    return new Client({ ...this.options, as: as ? `${as}|${name}` : name });
  }

  url(request: PanelRequest): URL {
    const url = new URL(this.options.url.replace(/\/+$/, '') + request.path);
    for (const [k, v] of Object.entries(request.query ?? {})) url.searchParams.set(k, v);
    return url;
  }

  /** The request with secrets hidden, as data: what --dry-run prints with -o json. */
  preview(request: PanelRequest): RequestPreview {
    const preview: RequestPreview = {
      method: request.method,
      url: redactUrl(this.url(request)),
      login: this.login,
    };
    if (request.form) preview.form = redactParams(new URLSearchParams(request.form));
    if (request.json !== undefined) preview.json = redactValue(request.json);
    if (request.body) preview.body = redactBody(request.body.text, request.body.type);
    return preview;
  }

  /** The request as text with secrets hidden, for --dry-run. */
  describe(request: PanelRequest): string {
    const p = this.preview(request);
    const lines = [`${p.method} ${p.url}`, `Authorization: Basic ${p.login}:***`];
    if (p.form !== undefined) lines.push('', p.form);
    if (p.json !== undefined) lines.push('', JSON.stringify(p.json, null, 2));
    if (request.body) lines.push(`Content-Type: ${request.body.type}`, '', p.body ?? '');
    return lines.join('\n');
  }

  /** Sends the request and returns the decoded reply, or throws the mapped DactlError. */
  async send(request: PanelRequest): Promise<unknown> {
    return this.decode(request, await this.exchange(request));
  }

  /** Decodes a reply of exchange() as send() does (dactl api --include needs both). */
  decode(request: PanelRequest, raw: RawReply): unknown {
    return decodeReply(raw, { tier: tierOf(request.path), who: this.who(), url: this.options.url });
  }

  /** Sends the request and returns the reply undecoded (status, headers, body). */
  async exchange(request: PanelRequest): Promise<RawReply> {
    const url = this.url(request);
    const started = Date.now();
    const { debug } = this.options;
    debug?.debug(`${request.method} ${redactUrl(url)} as ${this.login}`);
    try {
      const response = await got(url, this.gotOptions(request));
      debug?.debug(
        `${String(response.statusCode)} ${response.headers['content-type'] ?? ''} ` +
          `${String(Math.round(Date.now() - started))} ms, ${String(response.body.length)} bytes`,
      );
      return { status: response.statusCode, headers: response.headers, body: response.body };
    } catch (error) {
      debug?.debug(`failed after ${String(Math.round(Date.now() - started))} ms`);
      throw this.networkError(error, url, request);
    }
  }

  private who(): string {
    return `${this.options.who} (${this.login})`;
  }

  private gotOptions(request: PanelRequest): OptionsOfTextResponseBody {
    const { password, ca, insecure, timeoutMs } = this.options;
    const form = request.form ? new URLSearchParams(request.form).toString() : undefined;
    const json = request.json !== undefined ? JSON.stringify(request.json) : undefined;
    const headers: Record<string, string> = {
      authorization: `Basic ${Buffer.from(`${this.login}:${password}`).toString('base64')}`,
      'user-agent': 'dactl',
      accept: 'application/json, text/plain;q=0.9, */*;q=0.1',
    };
    if (form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    if (json !== undefined) headers['content-type'] = 'application/json';
    if (request.body) headers['content-type'] = request.body.type;
    return {
      method: request.method,
      headers,
      body: form ?? json ?? request.body?.text,
      responseType: 'text',
      throwHttpErrors: false,
      followRedirect: false,
      decompress: true,
      timeout: { request: request.timeoutMs ?? timeoutMs },
      https: { certificateAuthority: ca, rejectUnauthorized: !insecure },
      // Only reads are retried: a POST that timed out may still have changed the server.
      retry: {
        limit: request.method === 'GET' ? 2 : 0,
        methods: ['GET'],
        statusCodes: [502, 503, 504],
        errorCodes: [...networkErrorCodes],
        calculateDelay: ({ attemptCount, computedValue }) =>
          computedValue === 0 ? 0 : 250 * 2 ** (attemptCount - 1),
      },
      hooks: {
        beforeRetry: [
          (error, count) => {
            this.options.debug?.debug(`retry ${String(count)} after ${error.code}`);
          },
        ],
      },
    };
  }

  private networkError(error: unknown, url: URL, request: PanelRequest): Error {
    if (!(error instanceof RequestError) && !hasCode(error)) {
      return error instanceof Error ? error : new Error(String(error));
    }
    const where = url.origin;
    const seconds = (request.timeoutMs ?? this.options.timeoutMs) / 1000;
    const code = error.code;
    if (error.name === 'TimeoutError' || code === 'ETIMEDOUT') {
      return new NetworkError(
        `The panel at ${where} did not answer within ${String(seconds)} s.`,
        'Raise the limit with --timeout <seconds>, or check the panel is up.',
      );
    }
    // Node 24.20+ reports a refused connection through got as a socket closed before connecting.
    if (code === 'ECONNREFUSED' || code === 'ERR_SOCKET_CLOSED_BEFORE_CONNECTION') {
      return new NetworkError(
        `Cannot connect to ${where}: connection refused.`,
        'Check the URL and port (DirectAdmin listens on 2222), and that the panel is running.',
      );
    }
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
      return new NetworkError(
        `Cannot resolve the host of ${where}.`,
        'Check the URL in the profile.',
      );
    }
    if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/.test(code)) {
      return new NetworkError(
        `The TLS certificate of ${where} is not trusted (${code}).`,
        'Pass the panel certificate with --ca-cert <file> (or save it in the profile); --insecure turns the check off.',
      );
    }
    if (code === 'EPROTO' || code === 'ERR_SSL_WRONG_VERSION_NUMBER') {
      return new NetworkError(
        `TLS failed with ${where} (${code}).`,
        url.protocol === 'https:'
          ? `The port may speak plain HTTP: try http://${url.host}.`
          : undefined,
      );
    }
    if (code === 'ECONNRESET' || code === 'EPIPE') {
      return new NetworkError(
        `The connection to ${where} was reset before the reply was complete.`,
      );
    }
    if (error.name === 'ReadError' || code === 'ERR_STREAM_PREMATURE_CLOSE') {
      return new NetworkError(`The reply from ${where} was cut off.`);
    }
    return new NetworkError(`The request to ${where} failed: ${error.message} (${code}).`);
  }
}

const hasCode = (error: unknown): error is Error & { code: string } =>
  error instanceof Error && typeof (error as { code?: unknown }).code === 'string';
