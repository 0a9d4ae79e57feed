// The one transport: every request to the panel goes through Client.send. It adds Basic auth
// (with impersonation), TLS settings, the time budget, GET-only retries and the --debug trace,
// hands the reply to decode.ts, and tells the audit trail of each change (options.record). got
// is imported here only, so commands that never reach the panel never load it.
import { setTimeout as sleep } from 'node:timers/promises';
import got from 'got';
import { CancelledError } from '../errors.js';
import { hasCode, isTimeout, networkError, networkErrorCodes, timedOut } from './network-errors.js';
import type { DebugLog as Log } from './trace.js';
import { explainActing } from './acting.js';
import { decodeReply, type RawReply, type Tier } from './decode.js';
import { pinMismatch, type PinnedCert } from './pin.js';
import { gotOptions, type PanelRequest } from './request.js';
import { receive, replyLimit, type Received } from './receive.js';
import {
  cleanPanelText,
  maskData,
  mayEcho,
  redactBody,
  redactParams,
  redactUrl,
  redactValue,
  secretSet,
  type Seen,
} from '../redact/redact.js';
import { traceReceived, traceSent } from './trace.js';

export type { PanelRequest };

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
  /** A certificate pinned in the profile: trusted alone, whatever its name (pin.ts). */
  pin?: PinnedCert;
  /** How long the whole run may wait for the panel, retries and their pauses included. */
  timeoutMs: number;
  /** The largest reply read, after decompression; default 64 MiB. */
  maxReplyBytes?: number;
  /** Names the login in errors, e.g. 'profile "prod" (admin)'. */
  who: string;
  debug?: Log;
  /** Hears each change before it is sent (the audit trail, src/audit/): see ChangeRecorder. */
  record?: ChangeRecorder;
}

/**
 * Called before a request that may change something (any method but GET, HEAD and OPTIONS) is
 * sent; what it returns is called once with the outcome: no error when it was done. It never
 * throws: a failure to record is the recorder's to report.
 */
type ChangeRecorder = (client: Client, request: PanelRequest) => Promise<ChangeOutcome | undefined>;
export type ChangeOutcome = (error?: unknown) => void;

const reads = new Set(['GET', 'HEAD', 'OPTIONS']);

const retryStatuses = [502, 503, 504];

export const tierOf = (path: string): Tier =>
  path.startsWith('/api/') ? 'new' : /^\/CMD_/.test(path) ? 'legacy' : 'discovered';

export class Client {
  /** Time spent waiting for the panel so far; every request draws on one budget. */
  private spentMs = 0;
  /** The changes sent and not answered yet, each to be told its outcome. */
  private readonly unanswered = new Set<ChangeOutcome>();

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

  /** The same login acting as itself: what the account signed in may see, not its --as user. */
  signedIn(): Client {
    return this.options.as ? new Client({ ...this.options, as: undefined }) : this;
  }

  url(request: PanelRequest): URL {
    const url = new URL(this.options.url.replace(/\/+$/, '') + request.path);
    for (const [k, v] of Object.entries(request.query ?? {})) url.searchParams.set(k, v);
    return url;
  }

  /** The request with secrets hidden, as data: what --dry-run prints with -o json. */
  preview(request: PanelRequest, seen?: Seen): RequestPreview {
    const preview: RequestPreview = {
      method: request.method,
      url: redactUrl(this.url(request), seen),
      login: this.login,
    };
    if (request.form) preview.form = redactParams(new URLSearchParams(request.form), seen);
    if (request.json !== undefined) preview.json = redactValue(request.json, seen);
    if (request.body) preview.body = redactBody(request.body.text, request.body.type, seen);
    return preview;
  }

  /** The password and what the request sends under secret names: hidden wherever echoed. */
  secrets(request: PanelRequest): Set<string> {
    // The credentials as sent too: a panel may echo the Authorization header itself.
    const values = [this.options.password, this.credentials()];
    this.preview(request, (value) => values.push(value));
    return secretSet(values);
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

  /**
   * Sends the request and returns the decoded reply, or throws the mapped DactlError. `head`
   * sees the reply before it is decoded (dactl api --include). A change is recorded with its
   * outcome (options.record).
   */
  async send(request: PanelRequest, head?: (raw: RawReply) => void): Promise<unknown> {
    const change = reads.has(request.method.toUpperCase())
      ? undefined
      : await this.options.record?.(this, request);
    if (change) this.unanswered.add(change);
    let failure: { error: unknown } | undefined;
    try {
      const raw = await this.exchange(request);
      head?.(raw);
      return this.decode(request, raw);
    } catch (error) {
      failure = { error: await explainActing(this, error) };
      throw failure.error;
    } finally {
      if (change && this.unanswered.delete(change)) change(failure?.error);
    }
  }

  /** Ctrl-C ends dactl while changes wait for their answer: each is recorded as unanswered. */
  interrupted(): void {
    for (const change of this.unanswered) {
      change(new CancelledError('Interrupted before the panel answered.'));
    }
    this.unanswered.clear();
  }

  /**
   * Decodes a reply of exchange(). What the request sent under a secret name, or its password,
   * does not come back out: where the panel echoes one, the data carries *** instead.
   */
  private decode(request: PanelRequest, raw: RawReply): unknown {
    const secrets = this.secrets(request);
    try {
      const data = decodeReply(raw, {
        tier: tierOf(request.path),
        who: this.who(),
        url: this.options.url,
      });
      return mayEcho(raw.body, secrets) ? maskData(data, secrets) : data;
    } catch (error) {
      throw this.clean(error, request);
    }
  }

  /** Sends the request and returns the reply undecoded (status, headers, body). */
  private async exchange(request: PanelRequest): Promise<RawReply> {
    const url = this.url(request);
    const started = Date.now();
    const { debug } = this.options;
    debug?.debug(`${request.method} ${redactUrl(url)} as ${this.login}`);
    if (debug) traceSent(debug, this.preview(request));
    try {
      const response = await this.fetch(url, request);
      debug?.debug(
        `${String(response.statusCode)} ${response.headers['content-type'] ?? ''} ` +
          `${String(Math.round(Date.now() - started))} ms, ${String(response.body.length)} bytes`,
      );
      if (debug) traceReceived(debug, response, this.secrets(request));
      return { status: response.statusCode, headers: response.headers, body: response.body };
    } catch (error) {
      debug?.debug(`failed after ${String(Math.round(Date.now() - started))} ms`);
      const { pin, insecure, timeoutMs } = this.options;
      if (
        pin &&
        !insecure &&
        hasCode(error) &&
        /CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(error.code)
      ) {
        throw await pinMismatch(this.options.url, pin, Math.min(timeoutMs, 10_000));
      }
      throw this.clean(
        networkError(error, url, request.timeoutMs ?? this.options.timeoutMs),
        request,
      );
    }
  }

  /** An error on its way out: panel text and echoed secrets in its message made safe to show. */
  private clean(error: unknown, request: PanelRequest): unknown {
    if (error instanceof Error)
      error.message = cleanPanelText(error.message, this.secrets(request));
    return error;
  }

  private credentials(): string {
    return Buffer.from(`${this.login}:${this.options.password}`).toString('base64');
  }

  private who(): string {
    return `${this.options.who} (${this.login})`;
  }

  /**
   * One request within the run's time budget: time waiting counts, time between requests (a
   * prompt) does not. A GET is retried twice on a network error or 502/503/504, only while the
   * budget lasts; a POST that failed may still have changed the server.
   */
  private async fetch(url: URL, request: PanelRequest): Promise<Received> {
    const budget = request.timeoutMs ?? this.options.timeoutMs;
    const retries = request.method === 'GET' ? 2 : 0;
    const limit = this.options.maxReplyBytes ?? replyLimit();
    for (let attempt = 0; ; attempt++) {
      const left = budget - this.spentMs;
      if (left <= 0) throw timedOut(url, budget);
      const started = Date.now();
      const options = gotOptions(request, this.options, this.credentials(), left);
      const stream = got.stream(url, options);
      // got's stream waits for a body to be written unless the method has none (GET): end it.
      if (options.body === undefined && !['GET', 'HEAD'].includes(request.method)) stream.end();
      const outcome = await receive(stream, limit).then(
        (reply) => ({ reply }),
        (error: unknown) => ({ error }),
      );
      this.spentMs += Date.now() - started;
      // got's timer may fire a hair early by the wall clock; a timeout spends the budget.
      if ('error' in outcome && isTimeout(outcome.error)) this.spentMs = budget;
      const why =
        'reply' in outcome
          ? retryStatuses.includes(outcome.reply.statusCode) && `HTTP ${outcome.reply.statusCode}`
          : hasCode(outcome.error) &&
            networkErrorCodes.includes(outcome.error.code) &&
            outcome.error.code;
      const pause = 250 * 2 ** attempt;
      if (!why || attempt >= retries || pause >= budget - this.spentMs) {
        if ('reply' in outcome) return outcome.reply;
        throw outcome.error;
      }
      this.options.debug?.debug(`retry ${String(attempt + 1)} after ${why}`);
      await sleep(pause);
      this.spentMs += pause;
    }
  }
}
